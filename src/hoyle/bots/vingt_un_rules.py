"""A Vingt-Un player by 003's advice, reading only its seat's view.

As a punter (003 "VINGT-UN"):

- stake the maximum on a first card of eight, nine, ten (or a tenth card) or ace, the minimum on any other
  ("a prudent player will make a practice of always staking ... either the maximum or the minimum");
  the minimum where the stake is made before the card is seen (French rounds);
- go on both with two aces, two nines or two eights; stand on a pair of tenth cards;
- draw below sixteen, "which is generally accepted as the average limit", and stand on sixteen or more
  (an ace counted eleven where that does not take the hand over);
- at Blind Vingt-Un stand on the two cards; at Sympathy and Antipathy take Antipathy (of two cards from
  a full pack, 26 in 51 differ in colour); at Rouge et Noir take red.

As the dealer:

- double with an ace, a tenth card, a nine or an eight ("With an ace, tenth card, nine, or eight, he should
  always double"); at Blind Vingt-Un, with eighteen or more or an ace;
- stand at seventeen or more ("At seventeen, he should usually stand"), draw below.

The pone cuts in the middle of the pack.  The bot is deterministic; the seed is kept for the interface.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from ..cards import Card
from ..engine.actions import Action
from ..rulebook.vingt_un import best_total, pip

__all__ = ["VingtUnRulesBot"]

_GOOD_FIRST = (8, 9, 10, 11)  # counts of a good first card: eight, nine, a tenth card, an ace
_PUNTER_LIMIT = 16  # 003: "sixteen ... generally accepted as the average limit"
_DEALER_STANDS = 17  # 003: "At seventeen, he should usually stand"


def _cards(texts: Sequence[str]) -> list[Card]:
    return [Card.from_text(t) for t in texts]


def _good(card: Card) -> bool:
    return pip(card, ace=11) in _GOOD_FIRST


class VingtUnRulesBot:
    """Plays the punter's limit of sixteen and the dealer's seventeen; stakes and doubles on a good first card."""

    def __init__(self, seed: int | None = None) -> None:
        self._rng = random.Random(seed)

    def choose(self, view: dict[str, Any], legal: Sequence[Action]) -> Action:
        if not legal:
            raise ValueError("no lawful action to choose from")
        by_text = {str(a): a for a in legal}
        verb = legal[0].verb
        kind = view.get("kind", "ordinary")
        hole = _cards(view.get("hand", []))
        if verb == "cut":
            return legal[len(legal) // 2]
        if verb == "stake":
            stakes = sorted(legal, key=lambda a: int(a.arg))
            if kind == "ordinary" and hole and _good(hole[0]):
                return stakes[-1]
            return stakes[0]
        if verb == "declare":
            for choice in ("declare antipathy", "declare red"):
                if choice in by_text:
                    return by_text[choice]
            return legal[0]
        if "double" in by_text:
            if kind == "blind":
                good = bool(hole) and (best_total(hole) >= 18 or any(c % 13 == 12 for c in hole))
            else:
                good = bool(hole) and _good(hole[0])
            return by_text["double" if good else "pass"]
        seat = view.get("seat")
        if seat == view.get("dealer"):
            box = view.get("dealer_box") or {}
            total = box.get("total", 0)
            return by_text["card" if total < _DEALER_STANDS and "card" in by_text else "stand"]
        current = view.get("current") or {}
        boxes = (view.get("boxes") or {}).get(seat, [])
        i = current.get("box", 0)
        box = boxes[i] if i < len(boxes) else {}
        if "cards" not in box:  # blind: the cards are unseen
            return by_text.get("stand", legal[0])
        cards = _cards(box["cards"])
        if "split" in by_text and pip(cards[0], ace=11) in (11, 9, 8):
            return by_text["split"]
        total = box.get("total", best_total(cards))
        if total < _PUNTER_LIMIT and "card" in by_text:
            return by_text["card"]
        return by_text.get("stand", legal[0])
