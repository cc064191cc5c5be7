"""A Boston player by rules of thumb, reading only its seat's view.

Bidding.  The bot values its hand as Solo's bot does (:func:`~hoyle.bots.solo_rules.playing_tricks`, alone against
three; :func:`~hoyle.bots.solo_rules.misere_danger`) and makes the highest bid the hand is worth and the auction
allows:

- a trick bid of ``n`` in a denomination (first or second preference, the better plain suit; at Fontainebleau each
  suit and grand) when the hand is worth ``n`` tricks and a margin there (half a trick, a whole one from eight up,
  for a failure costs more than a success pays: rules §4's tables);
- little misère when, its most dangerous card discarded, no card is unsafe; grand misère when none is unsafe as
  dealt; the spreads when the hand is safe even with the adversaries seeing it (less room);
- a player who has passed may only bid a misère (rules §4), and the bot does so on the same valuation.

At law (``irregularities=True``) the bot claims a revoke when its memory of the hand shows an accused player
renouncing a suit and later playing a card of it, claims the stakes of a misère, calls a suit or demands the hand
played out where it may, and otherwise exacts the penalty that hurts the other side most (the bidder of a trick
bid has the adversaries play low and not win; a misère bidder has them play high and win).

A plain-suit bidder names the plain suit it is stronger in.  Before a little misère every player discards: the
bidder its most dangerous card, an adversary the highest card of its longest suit.

Playing: the bidder alone against three, or an adversary with two friends, as Solo's bot plays a solo (lead the
longest suit, draw trumps as declarer, second hand low, third hand high, the cheapest winning card last); a misère
bidder plays the highest card that still loses, its adversaries lead under it; at a misère partout each plays to
take as few tricks as he can.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from ..cards import Card
from ..engine.actions import PLAY, Action
from .solo_rules import misere_danger, playing_tricks
from .trick_play import Knowledge, against_misere, duck, follow, lead

__all__ = ["BostonRulesBot"]

_SUITS = "CDHS"
_ORDER = (
    "5",
    "6",
    "7",
    "little misere",
    "8",
    "9",
    "grand misere",
    "10",
    "11",
    "little spread",
    "12",
    "grand spread",
    "13",
)


def _rank(name: str) -> tuple[int, str]:
    """A bid's place in the ladder, for choosing the highest (rules §4)."""
    head = name.split(" ")[0]
    level = _ORDER.index(name) if name in _ORDER else _ORDER.index(head)
    return level, name


class BostonRulesBot:
    """Bids by valuing its hand and plays every contract of Boston by the rules of thumb above (deterministic)."""

    MARGINS = (0.5, 1.0, 1.5)
    """The tricks a hand must be worth beyond a bid of five, of six or seven, of eight and more."""

    def __init__(self, seed: int | None = None) -> None:
        self._rng = random.Random(seed)

    def choose(self, view: dict[str, Any], legal: Sequence[Action]) -> Action:
        if not legal:
            raise ValueError("no lawful action to choose from")
        if len(legal) == 1:
            return legal[0]
        if view.get("decision"):  # law mode: a penalty phase or a claim (docs/boston.md, "The laws")
            return self._at_law(view, legal)
        k = Knowledge(view, None)
        phase = view["phase"]
        if phase == "auction":
            return self._bid(k, view, legal)
        if phase == "trumps":
            return max(legal, key=lambda a: playing_tricks(k.hand, _SUITS.index(a.arg.upper()), k.others))
        if phase == "discard":
            return self._discard(k, view, legal)
        cards = [a.card for a in legal if a.card is not None]
        if len(cards) != len(legal):
            return legal[0]
        return PLAY[self._card(k, view, cards)]

    # ---------------------------------------------------------------- bidding

    @staticmethod
    def _denominations(view: dict[str, Any]) -> dict[str, list[int | None]]:
        """Each word a trick bid may carry, with the trump suits it may give (``None``: no trumps)."""
        prefs = view.get("preferences")
        if prefs is None:  # Boston de Fontainebleau: each suit, and grand (FCH p.170)
            return {"spades": [3], "clubs": [0], "hearts": [2], "diamonds": [1], "grand": [None]}
        return {
            "first": [_SUITS.index(prefs["first"])],
            "second": [_SUITS.index(prefs["second"])],
            "": [_SUITS.index(s) for s in prefs["plain"]],
        }

    def _bid(self, k: Knowledge, view: dict[str, Any], legal: Sequence[Action]) -> Action:
        by_text = {a.arg: a for a in legal if a.verb == "bid"}
        denominations = self._denominations(view)
        worth = {
            word: max(playing_tricks(k.hand, suit, k.others) for suit in suits) for word, suits in denominations.items()
        }
        sure = {
            word: max(playing_tricks(k.hand, suit, k.others, sure=True) for suit in suits)
            for word, suits in denominations.items()
        }
        wanted: list[str] = []
        for word, tricks in worth.items():
            for n in range(5, 14):
                margin = self.MARGINS[0] if n < 6 else self.MARGINS[1] if n < 8 else self.MARGINS[2]
                # The valuation is capped at the tricks there are less the losers (issue 16), so a margin
                # above it can never be met near the top: there the winners from the top must make the bid.
                if tricks >= n + margin or sure[word] >= n:
                    wanted.append(f"{n} {word}".strip())
        danger = misere_danger(k.hand, k.others)
        little = min((misere_danger([c for c in k.hand if c != x], k.others) for x in k.hand), default=danger)
        if little == 0:
            wanted.append("little misere")
        if danger == 0:
            wanted.append("grand misere")
        if (
            little == 0
            and min((misere_danger([c for c in k.hand if c != x], k.others, slack=1) for x in k.hand), default=1) == 0
        ):
            wanted.append("little spread")
        if misere_danger(k.hand, k.others, slack=1) == 0:
            wanted.append("grand spread")
        lawful = [w for w in wanted if w in by_text]
        if lawful:
            return by_text[max(lawful, key=_rank)]
        return next(a for a in legal if a.verb == "pass")

    def _discard(self, k: Knowledge, view: dict[str, Any], legal: Sequence[Action]) -> Action:
        contract = view.get("contract") or {}
        cards = [Card.from_text(a.arg) for a in legal]
        if k.seat in contract.get("declarers", []):
            best = min(cards, key=lambda x: (misere_danger([c for c in k.hand if c != x], k.others), -x.rank))
        else:
            longest = max(range(4), key=lambda s: (sum(1 for c in cards if c.suit == s), s))
            best = max((c for c in cards if c.suit == longest), key=lambda c: c.rank)
        return next(a for a in legal if Card.from_text(a.arg) == best)

    # ---------------------------------------------------------------- the play

    def _card(self, k: Knowledge, view: dict[str, Any], legal: list[Card]) -> Card:
        contract = view.get("contract") or {}
        if contract.get("call") == "misere partout":
            return duck(k, legal, everyone=True)
        declarers = contract.get("declarers", [])
        if contract.get("misere"):
            if k.seat in declarers:
                return duck(k, legal, everyone=False)
            return against_misere(k, legal, declarers[0])
        friends = [] if k.seat in declarers else [s for s in k.active if s not in declarers and s != k.seat]
        if not k.trick:
            return lead(k, legal, declarers, friends, False)
        return follow(k, legal, friends)

    # ---------------------------------------------------------------- law mode

    def _at_law(self, view: dict[str, Any], legal: Sequence[Action]) -> Action:
        """The remedy to choose in a penalty phase, or whether to claim a revoke (002 §24-33 Boston)."""
        texts = [str(a) for a in legal]
        by_text = dict(zip(texts, legal, strict=True))
        decision = view["decision"]
        if "claim revoke" in by_text:
            accused = decision["text"].split(" renounced", 1)[0].split(" and ")
            return by_text["claim revoke" if _revoke_shown(view.get("played") or [], accused) else "waive"]
        for sure in ("claim the stakes", "call suit", "demand play out", "take back"):
            if sure in by_text:
                return by_text[sure]
        calls = [t for t in texts if t.startswith("call suit ")]
        if calls:
            hand = [Card.from_text(c) for c in view.get("hand") or []]
            best = max(
                _SUITS,
                key=lambda s: (
                    sum(1 for c in hand if c.suit == _SUITS.index(s)),
                    max((c.rank for c in hand if c.suit == _SUITS.index(s)), default=0),
                ),
            )
            return by_text.get(f"call suit {best}", by_text[calls[0]])
        contract = view.get("contract") or {}
        bidder = view["seat"] in (contract.get("declarers") or [])
        misere = bool(contract.get("misere"))
        if bidder and misere:
            order = ("require win", "require highest", "call card", "require not win", "forbid card")
        elif bidder:
            order = ("require not win", "require lowest", "forbid card", "call card", "require highest")
        else:
            order = ("call card", "require highest", "require win", "forbid card", "require lowest")
        for want in order:
            found = [t for t in texts if t.startswith(want)]
            if found:
                if want in ("forbid card", "call card") and len(found) > 1:
                    rank = max if (want == "forbid card") == (not misere) else min
                    return by_text[rank(found, key=lambda t: Card.from_text(t.split()[-1]).rank)]
                return by_text[found[0]]
        return by_text.get("waive", legal[0])


def _revoke_shown(played: Sequence[dict[str, str]], accused: Sequence[str]) -> bool:
    """Whether the hand's play, in fours from each lead, shows one of ``accused`` renouncing a suit and later
    playing a card of it (the memory a player has of the hand: 002 §32)."""
    out: dict[str, set[int]] = {}
    for k in range(0, len(played), 4):
        trick = [(p["seat"], Card.from_text(p["card"])) for p in played[k : k + 4]]
        led = trick[0][1].suit
        for seat, card in trick:
            if seat in accused and card.suit in out.get(seat, set()):
                return True
        for seat, card in trick[1:]:
            if card.suit != led:
                out.setdefault(seat, set()).add(led)
    return False
