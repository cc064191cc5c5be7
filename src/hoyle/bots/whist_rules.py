"""A whist player by the classic precepts, reading only its seat's view.

- Lead from your strong suit: the longest, trumps only with five or more;
  the top of a head sequence (ace from ace-king), else the fourth best.
- Return your partner's lead.
- Second hand low; but cover an honour with an honour.
- Third hand high, but no higher than needed, and not over a partner already winning.
- Fourth hand wins as cheaply as it can, unless the partner has the trick.
- With none of the suit: trump low when an adversary is winning, else throw the lowest of the weakest suit.
- Attend to the score: when the trick would win the game for the side, take it with a sure winner.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from ..cards import Card
from ..engine.actions import PLAY, Action

__all__ = ["WhistRulesBot"]

_SEATS = "NESW"


def _partner(seat: str) -> str:
    return _SEATS[(_SEATS.index(seat) + 2) % 4]


class WhistRulesBot:
    """Plays whist by the precepts above; ties broken by its own seeded generator."""

    def __init__(self, seed: int | None = None) -> None:
        self._rng = random.Random(seed)

    def choose(self, view: dict[str, Any], legal: Sequence[Action]) -> Action:
        cards = [a.card for a in legal if a.card is not None]
        if len(legal) == 1 or len(cards) != len(legal):
            return legal[0]
        card = self._card(view, cards)
        return PLAY[card]

    # ---------------------------------------------------------------- helpers

    def _card(self, view: dict[str, Any], legal: list[Card]) -> Card:
        seat = view["seat"]
        trumps = "CDHS".index(view["trumps"])
        hand = [Card.from_text(c) for c in view["hand"]]
        gone = {Card.from_text(p["card"]) for p in view["played"]}
        trick = [(p["seat"], Card.from_text(p["card"])) for p in view["trick"]]
        if not trick:
            return self._lead(view, hand, gone, trumps)
        led = trick[0][1].suit
        win_seat, win_card = _winning(trick, trumps)
        partner_winning = win_seat == _partner(seat)
        following = [c for c in legal if c.suit == led]
        position = len(trick) + 1  # 2nd, 3rd or 4th hand
        if following:
            low = min(following)
            beating = [c for c in following if _beats(c, win_card, trumps)]
            if self._game_in_reach(view, seat) and beating and not partner_winning:
                return max(beating)
            if position == 2:
                lead_card = trick[0][1]
                if lead_card.rank >= 11 and lead_card.suit == led:
                    covers = [c for c in beating if c.rank >= 11]
                    if covers:  # cover an honour with an honour
                        return min(covers)
                return low
            if partner_winning and (position == 4 or _is_master(win_card, gone, hand)):
                return low
            if beating:
                if position == 3:
                    top = max(following)
                    # third hand high, but only as high as needed: the lowest of a sequence with the top
                    return _lowest_equal(top, following, gone)
                return min(beating)
            return low
        # cannot follow suit
        trump_cards = [c for c in legal if c.suit == trumps]
        if not partner_winning and trump_cards and led != trumps:
            winners = [c for c in trump_cards if _beats(c, win_card, trumps)]
            if winners and not (position == 2 and self._rng.random() < 0.3):
                return min(winners)
        return _discard(legal, trumps)

    def _lead(self, view: dict[str, Any], hand: list[Card], gone: set[Card], trumps: int) -> Card:
        seat = view["seat"]
        partner = _partner(seat)
        played = view["played"]
        # Return your partner's lead: the first suit he led this hand, if we still hold it.
        for i in range(0, len(played), 4):
            if played[i]["seat"] == partner:
                suit = Card.from_text(played[i]["card"]).suit
                mine = sorted((c for c in hand if c.suit == suit), reverse=True)
                if mine and suit != trumps:
                    return mine[0] if len(mine) <= 2 else mine[-1]
                break
        by_suit: dict[int, list[Card]] = {}
        for c in hand:
            by_suit.setdefault(c.suit, []).append(c)
        for cs in by_suit.values():
            cs.sort(reverse=True)
        # Lead a master card when we hold one (attending to the score and the tricks).
        masters = [c for c in hand if _is_master(c, gone, hand) and c.suit != trumps]
        if masters and len(played) >= 16:
            return max(masters, key=lambda c: len(by_suit[c.suit]))

        def strength(suit: int) -> tuple[int, int]:
            cs = by_suit[suit]
            return (len(cs), sum(c.rank for c in cs[:3]))

        plain = [s for s in by_suit if s != trumps]
        long_trumps = trumps in by_suit and (len(by_suit[trumps]) >= 5 or not plain)
        suit = trumps if long_trumps else max(plain, key=strength)
        cs = by_suit[suit]
        if len(cs) >= 2 and cs[0].rank == 14 and cs[1].rank == 13:
            return cs[0]  # ace from ace-king
        if len(cs) >= 2 and cs[0].rank >= 12 and cs[0].rank - cs[1].rank == 1:
            return cs[0]  # top of a head sequence
        if _is_master(cs[0], gone, hand):
            return cs[0]
        return cs[3] if len(cs) >= 4 else cs[-1]  # fourth best, else the lowest

    @staticmethod
    def _game_in_reach(view: dict[str, Any], seat: str) -> bool:
        side = "NS" if seat in "NS" else "EW"
        target = view.get("target", 5)
        have = view["tricks"][side]
        return view["score"][side] + (have + 1 - 6) >= target and have + 1 > 6


def _winning(trick: list[tuple[str, Card]], trumps: int) -> tuple[str, Card]:
    seat, best = trick[0]
    for s, c in trick[1:]:
        if _beats(c, best, trumps):
            seat, best = s, c
    return seat, best


def _beats(c: Card, best: Card, trumps: int) -> bool:
    if c.suit == best.suit:
        return c.rank > best.rank
    return c.suit == trumps


def _is_master(card: Card, gone: set[Card], hand: Sequence[Card]) -> bool:
    """No higher card of its suit is still out against us."""
    for r in range(card.rank + 1, 15):
        higher = Card.of(r, card.suit)
        if higher not in gone and higher not in hand:
            return False
    return True


def _lowest_equal(top: Card, following: list[Card], gone: set[Card]) -> Card:
    """The lowest card that is as good as ``top`` (cards between them all played or ours)."""
    best = top
    for c in sorted(following, reverse=True)[1:]:
        if all(Card.of(r, c.suit) in gone or Card.of(r, c.suit) in following for r in range(c.rank + 1, best.rank)):
            best = c
        else:
            break
    return best


def _discard(legal: list[Card], trumps: int) -> Card:
    """The lowest card of the weakest plain suit; trumps last."""
    plain = [c for c in legal if c.suit != trumps] or legal
    counts: dict[int, int] = {}
    for c in plain:
        counts[c.suit] = counts.get(c.suit, 0) + 1
    return min(plain, key=lambda c: (counts[c.suit], c.rank))
