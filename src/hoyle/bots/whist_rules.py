"""A whist player by the classic precepts, reading only its seat's view.

What it remembers is what a player at the table may: the cards played this
hand, in order (the view's ``played``), and so which seats have shown out of
a suit.

Leading:

- Lead trumps from strength (five or more) while the adversaries may still hold any.
- Make your winners: once the first round is past, lead a card that is master (no higher card out against
  you) in a suit no adversary will trump, from the longest such suit; the best trump once theirs are out.
- Return your partner's lead (his first plain suit), unless an adversary will trump it: a master or the
  higher of two cards left, else the lowest.
- Lead from your strong suit: the longest plain suit that no adversary is known to trump; the top of a head
  sequence (ace from ace-king, king from king-queen), a master card, else the fourth best.

Following:

- Second hand low; but cover an honour with an honour, and with a sequence of honours headed by the ace or
  king, win with the lowest of it (the king from ace-king, the queen from king-queen) when a low card is led.
- Third hand high, but no higher than needed (the lowest of equal cards), and not over a partner whose card
  is already master.
- Fourth hand wins as cheaply as it can, unless the partner has the trick.
- With none of the suit: trump (as low as wins) when an adversary has the trick, or the partner's card may
  still be beaten by the fourth hand; otherwise discard the lowest card of the weakest suit, keeping
  winners and guarded honours.
- Attend to the score: when the trick would win the game for the side, take it with the best card.

Ties never arise (every rule names one card), so the bot is deterministic; the seed is kept for the
interface and any future rule that must choose at random.
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


def _adversaries(seat: str) -> tuple[str, str]:
    i = _SEATS.index(seat)
    return _SEATS[(i + 1) % 4], _SEATS[(i + 3) % 4]


class _Memory:
    """What a player at the table knows in this hand: the cards gone and who has shown out of which suit."""

    __slots__ = ("gone", "hand", "trumps", "void")

    def __init__(self, view: dict[str, Any], hand: list[Card], trumps: int) -> None:
        self.hand = hand
        self.trumps = trumps
        played = [(p["seat"], Card.from_text(p["card"])) for p in view["played"]]
        self.gone = {c for _, c in played}
        self.void: dict[str, set[int]] = {s: set() for s in _SEATS}
        for i in range(0, len(played), 4):
            led = played[i][1].suit
            for s, c in played[i + 1 : i + 4]:
                if c.suit != led:
                    self.void[s].add(led)

    def out(self, suit: int) -> int:
        """How many cards of ``suit`` are still in the other three hands."""
        return 13 - sum(1 for c in self.gone if c.suit == suit) - sum(1 for c in self.hand if c.suit == suit)

    def may_hold(self, seat: str, suit: int) -> bool:
        return suit not in self.void[seat] and self.out(suit) > 0

    def master(self, card: Card) -> bool:
        return _is_master(card, self.gone, self.hand)


class WhistRulesBot:
    """Plays whist by the precepts above, from its seat's view and the lawful actions only."""

    def __init__(self, seed: int | None = None) -> None:
        self._rng = random.Random(seed)

    def choose(self, view: dict[str, Any], legal: Sequence[Action]) -> Action:
        cards = [a.card for a in legal if a.card is not None]
        if len(legal) == 1 or len(cards) != len(legal):
            return legal[0]
        card = self._card(view, cards)
        return PLAY[card]

    # ---------------------------------------------------------------- following

    def _card(self, view: dict[str, Any], legal: list[Card]) -> Card:
        seat = view["seat"]
        trumps = "CDHS".index(view["trumps"])
        hand = [Card.from_text(c) for c in view["hand"]]
        mem = _Memory(view, hand, trumps)
        trick = [(p["seat"], Card.from_text(p["card"])) for p in view["trick"]]
        if not trick:
            return self._lead(view, mem)
        led = trick[0][1].suit
        win_seat, win_card = _winning(trick, trumps)
        partner = _partner(seat)
        partner_winning = win_seat == partner
        following = [c for c in legal if c.suit == led]
        position = len(trick) + 1  # 2nd, 3rd or 4th hand
        fourth = _adversaries(seat)[0]
        # The partner has the trick with a card that none left to play in the suit can beat.
        partner_high = partner_winning and (position == 4 or mem.master(win_card))
        # ... and that the fourth hand cannot trump either.
        partner_safe = partner_winning and (position == 4 or _safe_from(fourth, win_card, led, mem))
        if following:
            low = min(following)
            beating = [c for c in following if _beats(c, win_card, trumps)]
            if self._game_in_reach(view, seat) and beating and not partner_high:
                return max(beating)
            if position == 2:
                lead_card = trick[0][1]
                if lead_card.rank >= 11:
                    covers = [c for c in beating if c.rank >= 11]
                    if covers:  # cover an honour with an honour
                        return min(covers)
                    return low
                top = max(following)
                # With a sequence of honours at the head (king-queen, ace-king), win with the lowest of them.
                seq = _lowest_equal(top, following, mem.gone)
                if top.rank >= 13 and seq != top and seq.rank >= 12 and _beats(seq, win_card, trumps):
                    return seq
                return low
            if partner_high:
                return low
            if beating:
                if position == 3:
                    # third hand high, but only as high as needed: the lowest of a sequence with the top
                    return _lowest_equal(max(following), following, mem.gone)
                return min(beating)
            return low
        # cannot follow suit
        trump_cards = [c for c in legal if c.suit == trumps]
        if not partner_safe and trump_cards and led != trumps:
            winners = [c for c in trump_cards if _beats(c, win_card, trumps)]
            if winners:
                return min(winners)
        return _discard(legal, mem)

    # ---------------------------------------------------------------- leading

    def _lead(self, view: dict[str, Any], mem: _Memory) -> Card:
        seat = view["seat"]
        partner = _partner(seat)
        advs = _adversaries(seat)
        trumps = mem.trumps
        hand = mem.hand
        played = view["played"]
        by_suit: dict[int, list[Card]] = {}
        for c in hand:
            by_suit.setdefault(c.suit, []).append(c)
        for cs in by_suit.values():
            cs.sort(reverse=True)
        my_trumps = by_suit.get(trumps, [])
        adv_trumps = any(mem.may_hold(a, trumps) for a in advs)
        partner_leads = [
            Card.from_text(played[i]["card"]).suit for i in range(0, len(played), 4) if played[i]["seat"] == partner
        ]

        def ruffed(suit: int) -> bool:
            """An adversary is out of ``suit`` and may still trump it."""
            return suit != trumps and any(suit in mem.void[a] and mem.may_hold(a, trumps) for a in advs)

        # Lead trumps from strength, while the adversaries may hold any.
        if adv_trumps and len(my_trumps) >= 5:
            return _lead_card(my_trumps, mem)
        # Make your winners, once the first round is past.
        if len(played) >= 4:
            masters = [c for c in hand if c.suit != trumps and mem.master(c) and not ruffed(c.suit)]
            if my_trumps and not adv_trumps and mem.master(my_trumps[0]):
                masters.append(my_trumps[0])
            if masters:
                return max(masters, key=lambda c: (len(by_suit[c.suit]), c.rank))
        # Return your partner's lead: his first plain suit, if we hold it and no adversary will trump it.
        for suit in partner_leads:
            if suit != trumps:
                if suit in by_suit and not ruffed(suit):
                    return _return_card(by_suit[suit], mem)
                break

        def strength(suit: int) -> tuple[int, int, int]:
            cs = by_suit[suit]
            return (not ruffed(suit), len(cs), sum(c.rank for c in cs[:3]))

        plain = [s for s in by_suit if s != trumps]
        if not plain:
            return _lead_card(my_trumps, mem)
        return _lead_card(by_suit[max(plain, key=strength)], mem)

    @staticmethod
    def _game_in_reach(view: dict[str, Any], seat: str) -> bool:
        side = "NS" if seat in "NS" else "EW"
        target = view.get("target", 5)
        have = view["tricks"][side]
        return view["score"][side] + (have + 1 - 6) >= target and have + 1 > 6


def _safe_from(fourth: str, card: Card, led: int, mem: _Memory) -> bool:
    """Whether the fourth hand cannot beat ``card``, the partner's, the third hand to play."""
    if card.suit != led:  # he has trumped: never trump over the partner
        return True
    if led == mem.trumps:
        return mem.master(card) or not mem.may_hold(fourth, led)
    if mem.may_hold(fourth, led):
        return mem.master(card)  # he must follow, and only a higher card of the suit beats it
    return not mem.may_hold(fourth, mem.trumps)


def _lead_card(cs: list[Card], mem: _Memory) -> Card:
    """The card to lead from a suit (``cs`` high first): top of a head sequence or a master, else fourth best."""
    if len(cs) >= 2 and cs[0].rank == 14 and cs[1].rank == 13:
        return cs[0]  # ace from ace-king
    if len(cs) >= 2 and cs[0].rank >= 12 and cs[0].rank - cs[1].rank == 1:
        return cs[0]  # top of a head sequence
    if mem.master(cs[0]):
        return cs[0]
    return cs[3] if len(cs) >= 4 else cs[-1]  # fourth best, else the lowest


def _return_card(cs: list[Card], mem: _Memory) -> Card:
    """Returning a suit (``cs`` high first): a master, else the higher of two, else the lowest."""
    if mem.master(cs[0]) or len(cs) <= 2:
        return cs[0]
    return cs[-1]


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


def _discard(legal: list[Card], mem: _Memory) -> Card:
    """The lowest card of the weakest plain suit, keeping winners and guarded honours; trumps last."""
    trumps = mem.trumps
    plain = [c for c in legal if c.suit != trumps] or legal
    by_suit: dict[int, list[Card]] = {}
    for c in plain:
        by_suit.setdefault(c.suit, []).append(c)

    def value(c: Card) -> tuple[int, int, int]:
        cs = by_suit[c.suit]
        keep = any(mem.master(x) or (x.rank >= 12 and len(cs) >= 2) for x in cs)
        return (keep, len(cs), c.rank)

    return min(plain, key=value)
