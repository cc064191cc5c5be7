"""A Pope Joan player by 003's advice, reading only its seat's view.

What it knows is what a player at the table may: its own hand, the turn-up, the cards played this deal
(the view's ``played`` and ``runs``), and so which cards are stops.  A run stops only where nobody holds
the next card; when that card has not been played and is not the turn-up, it must lie in the extra hand,
and the bot remembers it there.

A card is a *known stop* when its successor (ace low) is missing: after a king, the eight of diamonds
(out of the pack), the turn-up, a card played, a card known to be in the extra hand.  The lead, in order
(003: "The skill of the player..."; "Sequences are valuable..."; "Pope ... usually well to play it at the
first opportunity, first, however, playing out any known stops"):

1. a sequence of its own ending in a known stop (the longest first, led from its lowest card): it keeps
   the lead;
2. Pope;
3. a sequence (two or more cards in order), from its lowest card;
4. the lowest of an alternate sequence (seven, nine, knave);
5. a card that cannot be led to (an ace, a card after a known stop or after the turn-up), which can only
   go by being led;
6. the lower of two close cards of a suit (three and six, four and eight), especially if the higher is a
   known stop;
7. the lowest card of the longest suit.

The pone cuts in the middle of the pack.  Ties never arise (every rule names one card, the lowest first);
the seed is kept for the interface.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from ..cards import Card
from ..engine.actions import Action
from ..rulebook.pope_joan import EIGHT_OF_DIAMONDS, POPE, predecessor, successor

__all__ = ["PopeJoanRulesBot", "known_stops"]


def _pos(card: int) -> int:
    """Place in the suit's sequence, ace low: ace 0, two 1, ..., king 12."""
    return (card % 13 + 1) % 13


def known_stops(view: dict[str, Any]) -> tuple[set[int], set[int]]:
    """The cards gone (played or turned up) and those known to lie in the extra hand, from a view."""
    gone = {int(Card.from_text(p["card"])) for p in view.get("played", [])}
    if view.get("turned"):
        gone.add(int(Card.from_text(view["turned"])))
    mine = {int(Card.from_text(c)) for c in view.get("hand", [])}
    widow: set[int] = set()
    for run in view.get("runs", []):
        if not run.get("cards") or " is out" in str(run.get("end", "")):
            continue
        last = int(Card.from_text(run["cards"][-1]["card"]))
        nxt = successor(last)
        if nxt is not None and nxt != EIGHT_OF_DIAMONDS and nxt not in gone and nxt not in mine:
            widow.add(nxt)
    return gone, widow


class PopeJoanRulesBot:
    """Leads by 003's precepts; deterministic."""

    def __init__(self, seed: int | None = None) -> None:
        self._rng = random.Random(seed)

    def choose(self, view: dict[str, Any], legal: Sequence[Action]) -> Action:
        if not legal:
            raise ValueError("no lawful action to choose from")
        if legal[0].verb == "cut":
            return legal[len(legal) // 2]
        gone, widow = known_stops(view)
        missing = gone | widow | {EIGHT_OF_DIAMONDS}
        hand = {int(Card.from_text(c)) for c in view.get("hand", [])}

        def stop(card: int) -> bool:
            nxt = successor(card)
            return nxt is None or nxt in missing

        def chain(card: int) -> list[int]:
            out = [card]
            nxt = successor(card)
            while nxt is not None and nxt in hand:
                out.append(nxt)
                nxt = successor(nxt)
            return out

        def score(a: Action) -> tuple[int, int, int]:
            c = int(a.card) if a.card is not None else -1
            run = chain(c)
            low = -_pos(c)
            if stop(run[-1]):
                return (7, len(run), low)
            if c == POPE:
                return (6, 0, 0)
            if len(run) >= 2:
                return (5, len(run), low)
            nxt = successor(c)
            after = successor(nxt) if nxt is not None else None
            if nxt is not None and after is not None and after in hand:
                return (4, len(chain(after)), low)
            before = predecessor(c)
            if before is None or before in missing:
                return (3, 0, low)
            close = [d for d in hand if d // 13 == c // 13 and 0 < _pos(d) - _pos(c) <= 4]
            if close:
                higher = min(close, key=_pos)
                return (2, int(stop(higher)), -(_pos(higher) - _pos(c)))
            suit_len = sum(1 for d in hand if d // 13 == c // 13)
            return (1, suit_len, low)

        plays = [a for a in legal if a.card is not None]
        if not plays:
            return legal[0]
        return max(plays, key=lambda a: (score(a), -int(a.card or 0)))
