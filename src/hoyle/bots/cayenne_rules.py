"""A Cayenne player by rules of thumb, reading only its seat's view.

Declaring (002 §18 Cayenne).  The dealer (or his partner, when the dealer leaves it to him) values each
declaration as points his side may expect: its tricks over the book times the declaration's unit (rules §3's
table of values), the side's tricks reckoned as his own playing tricks (:func:`~hoyle.bots.solo_rules.playing_tricks`)
and a third of the rest for his partner, and at a suit the honours he holds; at nullo, the tricks his high cards
would force on the side.  He declares the best, unless it is worth little and he may leave the choice to his partner,
who must decide.

Playing: at a suit or grand the partners play as Solo's bot plays a proposal and acceptance (lead the longest suit,
the declaring side draws trumps, return the partner's suit, second hand low, third hand high, trump an adversary's
winner, discard from the weakest suit); at nullo both sides try to lose tricks: each plays the highest card that
still loses, and throws its dangerous high cards when void.

At law (``irregularities=True``, docs/cayenne.md "The laws"): in the claims step it claims a revoke only when its
memory of the play shows an adversary renouncing a suit and later playing a card of it; for a revoke proved it
chooses, of the three penalties of 002 §30 Cayenne, the one worth most to its side at the declaration's unit (a
game reached, the adversaries' points, the tricks moved; at nullo taking tricks is a burden); the other penalty
phases it decides as the whist rules bot does.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from ..engine.actions import PLAY, Action
from .solo_rules import playing_tricks
from .trick_play import Knowledge, duck, follow, lead
from .whist_rules import WhistRulesBot, revoke_shown

__all__ = ["CayenneRulesBot"]

_SUITS = "CDHS"
_SEATS = "NESW"
_PARTNER = {"N": "S", "S": "N", "E": "W", "W": "E"}
_GAME = 10  # a game of ten (002 §1 Cayenne)


def _penalty_worth(view: dict[str, Any], text: str, ours: str) -> float:
    """What a revoke penalty (002 §30 Cayenne) is worth to ``ours`` against the revokers: points gained plus
    points the others lose, a game reached counting ten more; the value of three tricks is three times the unit."""
    theirs = "EW" if ours == "NS" else "NS"
    declaration = view.get("declaration") or {}
    unit = int(declaration.get("unit") or 1)
    nullo = declaration.get("what") == "nullo"
    score_ours, score_theirs = view["score"][ours], view["score"][theirs]
    t_ours, t_theirs = view["tricks"][ours], view["tricks"][theirs]

    def by_cards(mine: int, other: int) -> int:  # what the side holding ``mine`` tricks scores by cards
        return max(0, (other if nullo else mine) - 6) * unit

    if text.endswith("add three"):
        return 3 * unit + (_GAME if score_ours + 3 * unit >= _GAME else 0)
    if text.endswith("deduct three"):
        return min(3 * unit, score_theirs)
    moved = min(3, t_theirs)
    before = by_cards(t_ours, t_theirs) - by_cards(t_theirs, t_ours)
    after = by_cards(t_ours + moved, t_theirs - moved) - by_cards(t_theirs - moved, t_ours + moved)
    return after - before


def _side_tricks(own: float) -> float:
    """The tricks a side may expect when one hand is worth ``own`` alone: its own and a third of the rest."""
    return own + (13 - own) / 3


class CayenneRulesBot:
    """Declares by expected points and plays by the rules of thumb above (deterministic)."""

    def __init__(self, seed: int | None = None) -> None:
        self._rng = random.Random(seed)

    def choose(self, view: dict[str, Any], legal: Sequence[Action]) -> Action:
        if not legal:
            raise ValueError("no lawful action to choose from")
        if len(legal) == 1:
            return legal[0]
        if any(a.card is None for a in legal) and view["phase"] in ("penalty", "claims", "play"):
            return self._at_law(view, legal)
        k = Knowledge(view, None)
        if view["phase"] == "declare":
            return self._declare(k, view, legal)
        cards = [a.card for a in legal if a.card is not None]
        if len(cards) != len(legal):
            return legal[0]
        declaration = view.get("declaration") or {}
        if declaration.get("what") == "nullo":
            return PLAY[duck(k, cards, everyone=True)]
        seat = view["seat"]
        declarers = [declaration["by"], _PARTNER[declaration["by"]]] if declaration else []
        friends = [_PARTNER[seat]]
        if not k.trick:
            return PLAY[lead(k, cards, declarers, friends, True)]
        return PLAY[follow(k, cards, friends)]

    def _at_law(self, view: dict[str, Any], legal: Sequence[Action]) -> Action:
        """A penalty phase or a claim (law mode): claim a revoke the memory proves, exact the penalty worth most."""
        by_text = {str(a): a for a in legal}
        seat = view["seat"]
        ours = "NS" if seat in "NS" else "EW"
        if "claim revoke" in by_text:
            accused = [s for s in _SEATS if (s in "NS") != (ours == "NS")]
            return by_text["claim revoke" if revoke_shown(view, accused) else "waive"]
        penalties = [t for t in by_text if t.startswith("penalty")]
        if penalties:
            return by_text[max(penalties, key=lambda t: _penalty_worth(view, t, ours))]
        cards = [a.card for a in legal if a.card is not None]
        return WhistRulesBot()._at_law(view, legal, cards)

    def values(self, k: Knowledge, view: dict[str, Any]) -> dict[str, float]:
        """The points each declaration may be worth to the declaring side."""
        units = view["values"]
        out: dict[str, float] = {}
        for s in _SUITS:
            own = playing_tricks(k.hand, _SUITS.index(s), k.others)
            honours = sum(1 for c in k.hand if c.suit == _SUITS.index(s) and c.rank >= 10)
            expect_honours = 2 if honours >= 3 else 1 if honours == 2 else 0
            out[s] = (_side_tricks(own) - 6.5) * units[s] + expect_honours * units[s]
        grand = playing_tricks(k.hand, None, k.others)
        out["grand"] = (_side_tricks(grand) - 7) * units["grand"]
        forced = _side_tricks(grand)
        out["nullo"] = (6 - forced) * units["nullo"] * 0.6
        return out

    def _declare(self, k: Knowledge, view: dict[str, Any], legal: Sequence[Action]) -> Action:
        worth = self.values(k, view)
        by_text = {a.arg.lower(): a for a in legal if a.verb == "declare"}
        best = max(by_text, key=lambda w: worth[w.upper() if len(w) == 1 else w])
        value = worth[best.upper() if len(best) == 1 else best]
        if value < 3 and any(a.verb == "pass" for a in legal):
            return next(a for a in legal if a.verb == "pass")  # leave it to the partner (002 §18 Cayenne)
        return by_text[best]
