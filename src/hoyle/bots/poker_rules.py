"""A poker bot that draws as 003 advises and bets by the strength of its hand, bluffing now and then.

It sees only its seat's view and the lawful actions.  The maxims it follows (003 Draw Poker):

- "a player, having received a scoring combination, however small, will certainly hold it":
  with a pair he keeps the pair and exchanges the rest; "in drawing to a pair, if one of the
  indifferent cards should be an ace or court card, this card should be retained, and only the other
  two exchanged"; with threes he draws one ("preferable, as giving less information to the enemy");
  with two pairs he exchanges the odd card; "with fours, the odd card should always be exchanged";
- "holding four of the needful cards to make a flush or straight, the player should go in, and
  exchange one card"; with less, "the attempt has but little chance";
- a straight, a flush, a full or a straight flush is a pat hand;
- "a pair, and particularly a low pair, is but a poor hand"; "a player who invariably held
  triplets would, in the long run, be a heavy winner. A fortiori, any hand above this limit stands to
  win, and should be backed accordingly"; "the smaller the number of players, the more freely may a
  fair hand be backed";
- bluffing "is an essential part of the game": now and then it goes better on nothing, and then draws
  one card only, "leaving it to be inferred that he has either two pairs, threes, fours, or a flush or
  sequence lacking one card" (E in 003's narrative).

>>> import hoyle
>>> t = hoyle.game("poker").table(seed=4)
>>> bot = PokerRulesBot(seed=1)
>>> str(bot.choose(t.view(t.to_act), t.legal_actions()))
'ante'
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Sequence
from typing import Any

from .. import poker
from ..cards import Card, parse
from ..engine.actions import Action

__all__ = ["PokerRulesBot", "draw_advice"]

_THREES = poker.THREES
_TWO_PAIRS = poker.TWO_PAIRS
_PAIR = poker.PAIR


def _cls(value: int) -> int:
    return value >> 22


def draw_advice(hand: Sequence[Card], *, bluff: bool = False, **options: bool) -> list[Card]:
    """The cards 003 would have a player discard from ``hand`` before the draw, in the hand's order (empty: stand pat).

    >>> from hoyle.cards import parse
    >>> draw_advice(parse("AH QD 3D QC 5S"))      # a pair and an ace: keep them, draw two (B in 003)
    [3D, 5S]
    >>> draw_advice(parse("TH 8H TS JC 8D"))      # two pairs: exchange the odd card (D in 003)
    [JC]
    >>> draw_advice(parse("AC 3S 4S 9H 2D"))      # four to a straight: draw one (C in 003)
    [9H]
    """
    out = set(_advice(list(hand), bluff, options))
    return [c for c in hand if c in out]


def _advice(hand: Sequence[Card], bluff: bool, options: dict[str, bool]) -> list[Card]:
    """Advice before the draw (see :func:`draw_advice`)."""
    cards = list(hand)
    value = poker.strength(cards, **options)
    cls = _cls(value)
    if cls in (poker.STRAIGHT, poker.FLUSH, poker.FULL, poker.STRAIGHT_FLUSH, poker.FIVE):
        return []  # a pat hand
    ranks = [c.rank for c in cards if c != 52]
    counts = {r: ranks.count(r) for r in ranks}
    joker = [c for c in cards if c == 52]
    if cls == poker.FOURS:
        quad = max((r for r, n in counts.items() if n >= 4 - len(joker)), default=0)
        return [c for c in cards if c != 52 and c.rank != quad][:1]
    if cls == _THREES:
        trip = max(r for r, n in counts.items() if n + len(joker) >= 3)
        odd = sorted((c for c in cards if c != 52 and c.rank != trip), key=lambda c: c.rank)
        return odd[:1]  # draw one only (003)
    if cls == _TWO_PAIRS:
        return [c for c in cards if c != 52 and counts[c.rank] == 1][:1]
    four = _four_to_flush_or_straight(cards)
    if four is not None:
        return [c for c in cards if c not in four]
    if cls == _PAIR:
        pair = max((r for r, n in counts.items() if n >= 2), default=None)
        if pair is None:  # Mistigris makes the pair: keep it with the highest card
            keep = {*joker, max((c for c in cards if c != 52), key=lambda c: c.rank)}
            return [c for c in cards if c not in keep]
        others = sorted((c for c in cards if c.rank != pair), key=lambda c: -c.rank)
        kicker = [c for c in others if c.rank >= 11][:1]  # an ace or court card is retained (003)
        return [c for c in others if c not in kicker]
    if bluff:
        return [min(cards, key=lambda c: c.rank if c != 52 else 99)]  # draw one, to feign strength
    held = sorted((c for c in cards if c != 52), key=lambda c: -c.rank)[:1] + joker
    return [c for c in cards if c not in held]


def _four_to_flush_or_straight(cards: Sequence[Card]) -> tuple[Card, ...] | None:
    """Four cards of five that want one card to make a flush or a straight (Mistigris helps)."""
    for four in itertools.combinations(cards, 4):
        real = [c for c in four if c != 52]
        if len({c.suit for c in real}) <= 1:
            return four
        ranks = {c.rank for c in real}
        if len(ranks) != len(real):
            continue
        for low in range(1, 11):  # a window of five ranks (ace low at 1) holding all four
            window = {low + i for i in range(5)}
            r = {1 if x == 14 and low == 1 else x for x in ranks}
            if r <= window:
                return four
    return None


class PokerRulesBot:
    """003's maxims for the draw and a sense of the hand's strength for the betting (see the module)."""

    def __init__(self, seed: int | None = None, *, bluff: float = 0.06) -> None:
        self._rng = random.Random(seed) if seed is not None else random.SystemRandom()
        self.bluff = bluff
        self._bluffing: tuple[int, bool] = (-1, False)

    # ------------------------------------------------------------------ choosing

    def choose(self, view: dict[str, Any], legal: Sequence[Action]) -> Action:
        if not legal:
            raise ValueError("no lawful action to choose from")
        texts = {str(a): a for a in legal}
        if len(legal) == 1:
            return legal[0]
        if view.get("phase") == "draw":
            return self._draw(view, texts)
        if view.get("variant") == "whiskey":
            return self._whiskey(view, legal, texts)
        return self._bet(view, texts)

    def _is_bluffing(self, view: dict[str, Any]) -> bool:
        deal = int(view.get("deal", 0))
        if self._bluffing[0] != deal:
            self._bluffing = (deal, self._rng.random() < self.bluff)
        return self._bluffing[1]

    def _draw(self, view: dict[str, Any], texts: dict[str, Action]) -> Action:
        hand = list(parse(view.get("hand", [])))
        discard = draw_advice(hand, bluff=self._is_bluffing(view))
        if not discard:
            return texts["stand pat"]
        want = set(discard)
        for t, a in texts.items():
            if t.startswith("draw ") and set(parse(t[5:])) == want:
                return a
        return texts["stand pat"]

    def _strength(self, view: dict[str, Any]) -> tuple[int, int]:
        """(class, a 0..100 score) of what the seat holds, with the up cards at Stud."""
        seat = view.get("seat")
        hand = list(parse(view.get("hand", [])))
        up = list(parse(view.get("up", {}).get(seat, []))) if seat else []
        cards = hand + up
        if len(cards) >= 5:
            v = poker.strength(cards)
            cls = _cls(v)
            top = (v >> 18) & 0xF
            return cls, min(100, cls * 11 + top)
        # Fewer than five cards (Stud before the last card): pairs and high cards.
        ranks = [c.rank if c != 52 else 14 for c in cards]
        best = max(ranks.count(r) for r in ranks) if ranks else 0
        cls = {1: 0, 2: 1, 3: 3, 4: 7}.get(best, 0)
        if sum(1 for r in set(ranks) if ranks.count(r) >= 2) >= 2:
            cls = 2
        return cls, min(100, cls * 11 + max(ranks, default=0))

    def _bet(self, view: dict[str, Any], texts: dict[str, Action]) -> Action:
        rng = self._rng
        cls, score = self._strength(view)
        betting = view.get("betting") or {}
        seat = view.get("seat")
        owes = (betting.get("owes") or {}).get(seat, 0)
        level = betting.get("level", 0)
        players = len(view.get("in") or []) or 2
        raises = sorted(int(t.split()[1]) for t in texts if t.startswith("raise "))
        opens = sorted(int(t.split()[1]) for t in texts if t.startswith("open "))
        make_good = texts.get("go in") or texts.get("see")
        bluffing = self._is_bluffing(view)
        fewer = 5 - min(players, 5)  # the fewer the players, the more freely a fair hand is backed (003)
        if opens:
            n = opens[min(len(opens) - 1, max(0, cls - 1) * 2 + rng.randrange(2))]
            return texts[f"open {n}"]
        if "hold age" in texts and rng.random() < 0.7:
            return texts["hold age"]
        if "straddle" in texts and (cls >= _PAIR and rng.random() < 0.5):
            return texts["straddle"]
        pre_draw = view.get("variant") == "draw" and betting.get("interval") == 1
        if pre_draw:
            hand = list(parse(view.get("hand", [])))
            drawing = len(hand) == 5 and _four_to_flush_or_straight(hand) is not None
            worth = cls >= _PAIR or drawing or bluffing or (cls == 0 and score >= 14 and fewer >= 2)
            if not worth:
                return texts["pass"] if "pass" in texts else make_good or next(iter(texts.values()))
            if (
                raises
                and (cls >= _TWO_PAIRS or bluffing)
                and level < 4 * (view.get("ante") or 1) * 3
                and rng.random() < 0.5 + 0.1 * cls
            ):
                return texts[f"raise {raises[min(len(raises) - 1, 1 + cls + rng.randrange(2))]}"]
            return make_good or texts.get("pass") or next(iter(texts.values()))
        # After the draw, and Straight and Stud: by strength, the number against him, and what is owed.
        strong = cls >= _THREES or (cls == _TWO_PAIRS and fewer >= 2)
        fair = cls == _TWO_PAIRS or (cls == _PAIR and (score >= 11 + 11 or fewer >= 3))
        limit = view.get("limit") or 10
        # How far he will drive the betting before he only sees: the better the hand, the further.
        cap = limit * {_TWO_PAIRS: 1, _THREES: 2, poker.STRAIGHT: 3, poker.FLUSH: 4}.get(cls, 10 if cls > 5 else 2)
        pot = int(view.get("pot") or 0)
        # Pot odds: see only when the chance of winning is worth the price, owed against the pot it buys.  A
        # bluff that is raised back has been called: it gives up unless the pot pays for its small chance
        # (issue 16: at seed 12 a bluff saw seven raises with ace high).
        price = owes / (pot + owes) if owes else 0.0
        chance = _chance(cls, score, players - 1, raised=owes > limit)
        if bluffing and not strong and owes and chance < price:
            return texts["pass"] if "pass" in texts else make_good or next(iter(texts.values()))
        if strong or bluffing:
            if raises and rng.random() < (0.75 if strong else 0.6) and level < cap and not (bluffing and owes):
                pick = raises[min(len(raises) - 1, len(raises) // 2 + rng.randrange(len(raises) // 2 + 1))]
                return texts[f"raise {pick}"]
            if make_good:
                return make_good
            if raises:
                return texts[f"raise {raises[len(raises) // 2]}"]
            return texts["pass"]
        if fair:
            if owes == 0:
                if raises and rng.random() < 0.4:
                    return texts[f"raise {raises[min(len(raises) - 1, 1)]}"]
                return (
                    texts["pass"]
                    if view.get("variant") != "draw"
                    else (texts[f"raise {raises[0]}"] if raises else texts["pass"])
                )
            if make_good and owes <= limit * (1 + fewer) and chance >= price:
                return make_good
            return texts["pass"]
        if owes == 0 and view.get("variant") != "draw":
            return texts["pass"]  # at Straight and Stud a pass keeps him in unless someone raises
        if make_good and (owes <= 1 or chance >= price):
            return make_good
        return texts["pass"]

    def _whiskey(self, view: dict[str, Any], legal: Sequence[Action], texts: dict[str, Action]) -> Action:
        hand = list(parse(view.get("hand", [])))
        widow = view.get("widow")
        value = poker.strength(hand) if len(hand) == 5 else 0
        cls = _cls(value)
        if view.get("phase") == "widow":
            if cls >= _TWO_PAIRS and "knock" in texts:
                return texts["knock"]
            if cls == 0 and "take widow" in texts and self._rng.random() < 0.6:
                return texts["take widow"]
            return texts["pass"]
        # Exchanges: take the card that improves the hand most; knock when content.
        best = value
        choice: Action | None = None
        for a in legal:
            if a.verb != "exchange":
                continue
            mine, theirs = parse(a.arg)
            trial = [theirs if c == mine else c for c in hand]
            v = poker.strength(trial)
            if v > best:
                best, choice = v, a
        if "knock" in texts and (cls >= _THREES or (choice is None and cls >= _PAIR)):
            return texts["knock"]
        if choice is not None:
            return choice
        if "pass" in texts:
            return texts["pass"]
        if "knock" in texts and (cls >= _PAIR or self._rng.random() < 0.3 or not widow):
            return texts["knock"]
        swaps = [a for a in legal if a.verb == "exchange"]
        return self._rng.choice(swaps) if swaps else legal[0]


def _chance(cls: int, score: int, against: int, *, raised: bool) -> float:
    """A rough chance that a hand of class ``cls`` (and score, :meth:`PokerRulesBot._strength`) wins the pool at the
    show against ``against`` players still in; lower when they have raised more than a limit's worth."""
    one = {
        0: 0.04 + max(0, score - 10) * 0.03,
        _PAIR: 0.3 + max(0, score - 13) * 0.02,
        _TWO_PAIRS: 0.6,
        _THREES: 0.72,
        poker.STRAIGHT: 0.8,
        poker.FLUSH: 0.85,
        poker.FULL: 0.92,
    }.get(cls, 0.98)
    if raised:
        one *= 0.7
    return float(min(1.0, one) ** max(1, against))
