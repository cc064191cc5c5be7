"""Poker hands: their classes, their strength, the best five of more, and the odds of the deal.

The nine classes are 003's table, highest first: a straight flush, fours, a
full, a flush, a straight, threes, two pairs, a pair, highest card.  The ace
is high or low in a sequence (A-K-Q-J-10 the highest, 5-4-3-2-A the lowest),
high everywhere else; within a class the higher fours, the threes of a full,
the higher pair then the lower then the odd card, and the kickers decide; and
"in the event of absolute equality between the two best hands, the pool is
divided" (003 Draw Poker).  :func:`strength` is an integer, higher for the
better hand and equal exactly when two hands divide the pool.

>>> from hoyle.cards import parse
>>> hand_class(parse("QD QC QH AH 9D")), hand_class(parse("TH TS 8H 8D 5D"))
('threes', 'two pairs')
>>> strength(parse("QD QC QH AH 9D")) > strength(parse("TH TS 8H 8D 5D"))   # B beats D (003)
True
>>> strength(parse("AS 2D 3C 4H 5S")) < strength(parse("2C 3D 4H 5S 6C"))   # 5-4-3-2-A is the lowest straight
True

Options (an :class:`Evaluator` holds one set; the module functions take them as keywords):

- ``tiger``: the lowest straight ranks one degree above every other straight (003 The Tiger; rules §6.9).
- ``english``: the English laws of rules §6.1.7 (PEEL): the ace begins a sequence only
  (A-2-3-4-5 is the lowest; 10-J-Q-K-A is no sequence), and of two flushes (or straight
  flushes) otherwise equal, one of hearts wins.
- Mistigris, the blank card (card 52, :data:`hoyle.cards.BLANK`), stands for any card its holder
  pleases (003 Mistigris; rules §6.8): ``five_of_a_kind`` (default True) lets it name a card the
  hand already holds, making five of a kind, ranked above a straight flush; ``joker_wins_ties``
  (default True, PEEL) makes a hand with Mistigris beat the same hand held naturally.

The evaluator is tables and bit sums, built on first use (not at import): a card's key adds its rank's weight
(weights chosen so that the sum of any five ranks, with repeats, is unique) and one to its suit's
three-bit counter; one table look-up on the sum gives the strength.  Seven cards use a second set
of weights.  :func:`strength_batch` evaluates a NumPy array of hands at once, and :func:`odds`
counts every deal of the pack by enumeration.
"""

from __future__ import annotations

import itertools
import operator
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import TYPE_CHECKING, Any

from .cards import CARDS, RANK_NAMES, RANKS, Card, parse

if TYPE_CHECKING:
    import numpy as np

__all__ = [
    "CLASSES",
    "FIVE_OF_A_KIND",
    "Evaluator",
    "best_hand",
    "class_name",
    "describe",
    "evaluator",
    "hand_class",
    "odds",
    "openers",
    "strength",
    "strength_batch",
]

# --------------------------------------------------------------------------------------------- classes

CLASSES: tuple[str, ...] = (
    "highest card",
    "pair",
    "two pairs",
    "threes",
    "straight",
    "flush",
    "full",
    "fours",
    "straight flush",
    "five of a kind",
)
"""Class names as 003 writes them, lowest first; the index is the class's number in :func:`strength`.

"five of a kind" exists only with Mistigris (rules §6.8)."""
HIGH, PAIR, TWO_PAIRS, THREES, STRAIGHT, FLUSH, FULL, FOURS, STRAIGHT_FLUSH, FIVE = range(10)
FIVE_OF_A_KIND = FIVE

_CLASS_SHIFT = 22  # strength = (class << 20 | five rank nibbles) << 2 | hearts << 1 | mistigris
_TIGER_TOP = 15  # the Tiger's top "rank": one degree above an ace-high straight (003 The Tiger)

_PLURAL = {
    "2": "twos",
    "3": "threes",
    "4": "fours",
    "5": "fives",
    "6": "sixes",
    "7": "sevens",
    "8": "eights",
    "9": "nines",
    "T": "tens",
    "J": "knaves",
    "Q": "queens",
    "K": "kings",
    "A": "aces",
}


def _rank_word(rank: int) -> str:
    return RANK_NAMES[RANKS[(rank - 2) % 13]] if rank <= 14 else "five"


def _rank_plural(rank: int) -> str:
    return _PLURAL[RANKS[rank - 2]]


@dataclass(frozen=True, slots=True)
class _Rules:
    tiger: bool = False
    english: bool = False
    five_of_a_kind: bool = True
    joker_wins_ties: bool = True


# --------------------------------------------------------------------------------------------- the core rules
# Pure Python, clear rather than fast: these build the tables and serve the rare slow paths.


def _pack(cls: int, ranks: Sequence[int]) -> int:
    v = cls
    for i in range(5):
        v = v << 4 | (ranks[i] if i < len(ranks) else 0)
    return v << 2


def _top_straight(mask: int, rules: _Rules) -> int:
    """The top card of the highest sequence of five ranks in ``mask`` (bit r for rank r, 2..14), else 0.

    003: the ace is high or low (A-K-Q-J-10 highest, 5-4-3-2-A lowest).  English laws (rules §6.1.7):
    the ace begins a sequence only.  The Tiger (rules §6.9): 5-4-3-2-A counts as top 15.
    """
    high_ace = not rules.english
    for top in range(14, 5, -1):
        if top == 14 and not high_ace:
            continue
        want = 0b11111 << (top - 4)
        if mask & want == want:
            return top
    wheel = (1 << 14) | 0b111100
    if mask & wheel == wheel:
        return _TIGER_TOP if rules.tiger else 5
    return 0


def _best_plain(counts: Sequence[int], rules: _Rules) -> int:
    """Best non-flush hand from rank counts (``counts[r]`` for r in 2..14; five or more cards)."""
    present = [r for r in range(14, 1, -1) if counts[r]]
    by_count: dict[int, list[int]] = {1: [], 2: [], 3: [], 4: [], 5: []}
    for r in present:
        by_count[min(counts[r], 5)].append(r)
    if by_count[5]:  # only with Mistigris naming a card held (rules §6.8)
        return _pack(FIVE, [by_count[5][0]])
    if by_count[4]:
        q = by_count[4][0]
        return _pack(FOURS, [q, next(r for r in present if r != q)])
    threes = by_count[3]
    if threes:
        t = threes[0]
        pairs = [r for r in present if r != t and counts[r] >= 2]
        if pairs:
            return _pack(FULL, [t, pairs[0]])
    mask = 0
    for r in present:
        mask |= 1 << r
    top = _top_straight(mask, rules)
    if top:
        return _pack(STRAIGHT, [top])
    if threes:
        t = threes[0]
        return _pack(THREES, [t, *[r for r in present if r != t][:2]])
    pairs = by_count[2]
    if len(pairs) >= 2:
        hi, lo = pairs[0], pairs[1]
        return _pack(TWO_PAIRS, [hi, lo, next(r for r in present if r not in (hi, lo))])
    if pairs:
        p = pairs[0]
        return _pack(PAIR, [p, *[r for r in present if r != p][:3]])
    return _pack(HIGH, present[:5])


def _best_flush(mask: int, rules: _Rules) -> int:
    """Best hand from the ranks of one suit (bit r for rank r; five or more ranks)."""
    top = _top_straight(mask, rules)
    if top:
        return _pack(STRAIGHT_FLUSH, [5 if top == _TIGER_TOP else top])
    ranks = [r for r in range(14, 1, -1) if mask >> r & 1]
    return _pack(FLUSH, ranks[:5])


def _best_of(cards: Sequence[int], rules: _Rules) -> int:
    """The full strength of five or more distinct cards, Mistigris included: the reference evaluator."""
    joker = 52 in cards
    others = [c for c in cards if c != 52]
    counts = [0] * 15
    masks = [0, 0, 0, 0]
    for c in others:
        r = c % 13 + 2
        counts[r] += 1
        masks[c // 13] |= 1 << r
    if not joker:
        best = _best_plain(counts, rules)
        for s in range(4):
            if masks[s].bit_count() >= 5:
                f = _best_flush(masks[s], rules) | (2 if rules.english and s == 2 else 0)
                best = max(best, f)
        return best
    best = 0
    for r in range(2, 15):
        # Mistigris names rank r of some suit; the plain hand needs no suit but one the hand lacks
        # unless five of a kind is allowed (rules §6.8).
        if counts[r] >= 4 and not rules.five_of_a_kind:
            continue
        counts[r] += 1
        best = max(best, _best_plain(counts, rules))
        counts[r] -= 1
        for s in range(4):
            if masks[s] >> r & 1:
                continue  # naming a card held adds nothing to a flush
            m = masks[s] | 1 << r
            if m.bit_count() >= 5:
                best = max(best, _best_flush(m, rules) | (2 if rules.english and s == 2 else 0))
    return best | (1 if rules.joker_wins_ties else 0)


# --------------------------------------------------------------------------------------------- tables

_W5 = (0, 1, 5, 22, 94, 312, 992, 2422, 5624, 12522, 19998, 43258, 79415)
"""Rank weights: the sums of any five ranks (a rank at most four times) are all different, and so
are the sums of any four (greedy search; checked by the tests).  Largest five-card sum 360,918."""
_W7 = (0, 1, 5, 22, 98, 453, 2031, 8698, 22854, 83661, 262349, 636345, 1479181)
"""Rank weights for seven (and six, and five) cards: sums unique per number of cards; largest 7,825,759."""
_S5 = 19  # 2**19 > 360,918: the rank sum of five cards; suit counters and Mistigris above it
_S7 = 23  # 2**23 > 7,825,759
_M5 = (1 << _S5) - 1
_M7 = (1 << _S7) - 1
_JOKER_BIT = 12  # above four three-bit suit counters

# Region tags that the suit part of a key selects in the five-card table.
_R_PLAIN, _R_FLUSH, _R_FLUSH_H, _R_JOKER, _R_JOKER_S0 = 0, 1, 2, 3, 4  # _R_JOKER_S0 + suit: four suited + Mistigris


def _make_keys(weights: Sequence[int], shift: int) -> list[int]:
    keys = [weights[c % 13] | 1 << (shift + 3 * (c // 13)) for c in range(52)]
    keys.append(1 << (shift + _JOKER_BIT))
    return keys


def _multisets(n: int, most: int = 4) -> Iterable[tuple[int, ...]]:
    """Every multiset of ``n`` ranks (as 13 counts, a rank at most ``most`` times)."""

    def rec(i: int, left: int, cur: list[int]) -> Iterable[tuple[int, ...]]:
        if i == 12:
            if left <= most:
                yield (*cur, left)
            return
        for c in range(min(most, left) + 1):
            cur.append(c)
            yield from rec(i + 1, left - c, cur)
            cur.pop()

    return rec(0, n, [])


class Evaluator:
    """Hand evaluation under one set of rules (see the module's options), with its tables.

    >>> ev = Evaluator(tiger=True)
    >>> from hoyle.cards import parse
    >>> tiger, broadway = parse("AS 2D 3C 4H 5S"), parse("TS JD QC KH AS")
    >>> ev.hand_class(tiger), ev.strength(tiger) > ev.strength(broadway)
    ('tiger', True)
    """

    def __deepcopy__(self, memo: dict[int, object]) -> Evaluator:
        return self  # its tables never change once built: a cloned table shares them

    def __init__(
        self,
        *,
        tiger: bool = False,
        english: bool = False,
        five_of_a_kind: bool = True,
        joker_wins_ties: bool = True,
    ) -> None:
        self.rules = _Rules(tiger, english, five_of_a_kind, joker_wins_ties)
        self._key5 = _make_keys(_W5, _S5)
        self._key7 = _make_keys(_W7, _S7)
        # Built on first use (a miss in the empty table sends the first hand down the slow path).
        self._region5: list[int] = [0] * (1 << 13)
        self._table5: dict[int, int] = {}
        self._joker5 = False
        self._region7: list[int] = [0] * (1 << 13)
        self._table7: dict[int, int] = {}
        self._flush7: list[list[int]] = [[], [], [], []]  # by suit: the best flush of a 13-bit rank mask
        self._built7 = False
        self._np: dict[str, Any] = {}

    def __repr__(self) -> str:
        r = self.rules
        return (
            f"Evaluator(tiger={r.tiger}, english={r.english}, five_of_a_kind={r.five_of_a_kind},"
            f" joker_wins_ties={r.joker_wins_ties})"
        )

    # ------------------------------------------------------------------ building

    def _build5(self) -> None:
        """The five-card tables without Mistigris: 6,175 rank multisets and 1,287 flushes."""
        rules = self.rules
        # What the suit part of a five-card key says: counters of three bits a suit, and Mistigris.
        region = [0] * (1 << 13)
        for idx in range(1 << 13):
            n = [idx >> (3 * s) & 7 for s in range(4)]
            joker = idx >> _JOKER_BIT & 1
            if sum(n) + joker != 5:
                continue
            if not joker:
                region[idx] = (
                    next(
                        ((_R_FLUSH_H if s == 2 and rules.english else _R_FLUSH) for s in range(4) if n[s] == 5),
                        _R_PLAIN,
                    )
                    << _S5
                )
            else:
                region[idx] = next((_R_JOKER_S0 + s for s in range(4) if n[s] == 4), _R_JOKER) << _S5
        table: dict[int, int] = {}
        for m in _multisets(5):
            counts = [0, 0, *m]
            h = sum(c * w for c, w in zip(m, _W5, strict=True))
            table[h] = _best_plain(counts, rules)
            if max(m) == 1:
                mask = sum(1 << (r + 2) for r in range(13) if m[r])
                f = _best_flush(mask, rules)
                table[_R_FLUSH << _S5 | h] = f
                table[_R_FLUSH_H << _S5 | h] = f | (2 if rules.english else 0)
        self._region5[:] = region
        self._table5.update(table)

    def _build5_joker(self) -> None:
        """The five-card tables of Mistigris and four cards (1,820 multisets, and four of one suit)."""
        if not self._table5:
            self._build5()
        rules = self.rules
        table: dict[int, int] = {}
        for m in _multisets(4):
            h = sum(c * w for c, w in zip(m, _W5, strict=True))
            # Four cards not all of one suit (the copies of a rank in different suits): Mistigris makes no flush.
            cards = [r + 13 * (j % 4) for j, r in enumerate(r for r in range(13) for _ in range(m[r]))]
            table[_R_JOKER << _S5 | h] = _best_of([*cards, 52], rules)
            if max(m) == 1:
                for s in range(4):
                    suited = [s * 13 + r for r in range(13) if m[r]]
                    table[(_R_JOKER_S0 + s) << _S5 | h] = _best_of([*suited, 52], rules)
        self._table5.update(table)
        self._joker5 = True

    def _build7(self) -> None:
        """The seven-card table: the best hand of each of the 49,205 multisets of seven ranks (no flush)."""
        rules = self.rules
        region = [0] * (1 << 13)
        for idx in range(1 << 13):
            n = [idx >> (3 * s) & 7 for s in range(4)]
            if idx >> _JOKER_BIT & 1:
                region[idx] = 5  # Mistigris: the slow path
            elif max(n) >= 5:
                region[idx] = 1 + n.index(max(n))  # a flush in that suit: with seven cards, nothing beats it
        table: dict[int, int] = {}
        for m in _multisets(7):
            h = sum(c * w for c, w in zip(m, _W7, strict=True))
            table[h] = _best_plain([0, 0, *m], rules)
        flush = [_best_flush(m << 2, rules) if m.bit_count() >= 5 else 0 for m in range(1 << 13)]
        hearts = [v | 2 if v and rules.english else v for v in flush]
        self._flush7[:] = [flush, flush, hearts, flush]
        self._region7[:] = region
        self._table7.update(table)
        self._built7 = True

    # ------------------------------------------------------------------ evaluating

    def strength(self, cards: Sequence[int] | str) -> int:
        """The hand's strength: higher is better, equal exactly when the hands divide the pool.

        Five or more distinct cards (the best five count); a string is parsed.
        """
        n = len(cards)
        h: Any = cards  # cards (ints) on the fast paths; anything else falls to the checked path
        try:
            if n == 5:
                a, b, c, d, e = h
                k5 = self._key5
                k = k5[a] + k5[b] + k5[c] + k5[d] + k5[e]
                return self._table5[k & _M5 | self._region5[k >> _S5]]
            if n == 7:
                a, b, c, d, e, f, g = h
                k7 = self._key7
                k = k7[a] + k7[b] + k7[c] + k7[d] + k7[e] + k7[f] + k7[g]
                r = self._region7[k >> _S7]
                if not r:
                    return self._table7[k & _M7]
                if r < 5:
                    return self._flush7[r - 1][_suit_mask(h, r - 1)]
        except (KeyError, IndexError, TypeError):
            pass
        return self._slow(cards)

    def strength5(self, a: int, b: int, c: int, d: int, e: int) -> int:
        """Five distinct cards (not checked): the fastest path."""
        k5 = self._key5
        k = k5[a] + k5[b] + k5[c] + k5[d] + k5[e]
        try:
            return self._table5[k & _M5 | self._region5[k >> _S5]]
        except KeyError:
            return self._slow((a, b, c, d, e))

    def strength7(self, a: int, b: int, c: int, d: int, e: int, f: int, g: int) -> int:
        """The best five of seven distinct cards (not checked)."""
        k7 = self._key7
        k = k7[a] + k7[b] + k7[c] + k7[d] + k7[e] + k7[f] + k7[g]
        r = self._region7[k >> _S7]
        try:
            if not r:
                return self._table7[k & _M7]
            if r < 5:
                return self._flush7[r - 1][_suit_mask((a, b, c, d, e, f, g), r - 1)]
        except (KeyError, IndexError):
            pass
        return self._slow((a, b, c, d, e, f, g))

    def _slow(self, cards: Sequence[int] | str) -> int:
        """Checked input, tables built on first use, Mistigris and flushes among seven, any number of cards."""
        hand = _checked(cards)
        if len(hand) == 5:
            if not self._table5:
                self._build5()
            k5 = self._key5
            k = sum(k5[c] for c in hand)
            key = k & _M5 | self._region5[k >> _S5]
            value = self._table5.get(key)
            if value is None:  # Mistigris: computed once and kept
                value = self._table5[key] = _best_of(hand, self.rules)
            return value
        if len(hand) == 7 and 52 not in hand:
            if not self._built7:
                self._build7()
            k7 = self._key7
            k = sum(k7[c] for c in hand)
            r = self._region7[k >> _S7]
            if not r:
                return self._table7[k & _M7]
            if r < 5:
                return self._flush7[r - 1][_suit_mask(hand, r - 1)]
        return _best_of(hand, self.rules)

    def hand_class(self, cards: Sequence[int] | str) -> str:
        """The class of the hand as 003 names it ("tiger" for the Tiger when that option is on)."""
        return class_name(self.strength(cards))

    def best_hand(self, cards: Sequence[int] | str) -> tuple[Card, ...]:
        """The five cards of ``cards`` that make its strength (the first such five, highest first)."""
        hand = _checked(cards)
        if len(hand) == 5:
            return _in_order(hand)
        want = self.strength(hand)
        five = [f for f in itertools.combinations(hand, 5) if self.strength(f) == want]
        if not five:  # Mistigris among more than five cards: the blank with the best four of the rest
            five = [max(itertools.combinations(hand, 5), key=self.strength)]
        return _in_order(five[0])

    # ------------------------------------------------------------------ NumPy

    def strength_batch(self, hands: Any) -> np.ndarray:
        """Strengths of an ``(N, 5)`` or ``(N, 7)`` integer array of hands (cards 0..52), as int32.

        Five cards: a key summed column by column and one table look-up per hand, no Python loop.
        Seven cards: the same for the hands without a flush or Mistigris, the rest one by one.
        """
        import numpy as np

        arr = np.asarray(hands)
        if arr.ndim != 2 or arr.shape[1] not in (5, 7):
            raise ValueError(f"strength_batch takes an (N, 5) or (N, 7) array of cards, not shape {arr.shape}")
        top = int(arr.max()) if arr.size else 0
        if arr.size and (arr.min() < 0 or top > 52):
            raise ValueError("cards are 0..51, and 52 for Mistigris")
        if arr.shape[1] == 5:
            keys, region, flat = self._np_tables5(mistigris=top == 52)
            k = keys[arr[:, 0]]
            for i in range(1, 5):
                k += keys[arr[:, i]]
            out: np.ndarray = flat[region[k >> _S5] | (k & _M5)]
            return out
        return self._batch7(arr)

    def _np_tables5(self, *, mistigris: bool) -> tuple[Any, Any, Any]:
        """The five-card tables as arrays; Mistigris's regions only when a hand holds the blank (issue 17:
        a count of the 52-card pack never builds them)."""
        import numpy as np

        name = "5+mistigris" if mistigris or "5+mistigris" in self._np else "5"
        if name not in self._np:
            if mistigris and not self._joker5:
                self._build5_joker()
            elif not self._table5:
                self._build5()
            keys = np.array(self._key5, dtype=np.uint32)
            n_regions = _R_JOKER_S0 + 4 if mistigris else _R_FLUSH_H + 1
            flat = np.zeros(n_regions << _S5, dtype=np.int32)
            for key, value in self._table5.items():
                if key >> _S5 < n_regions:  # without Mistigris, only the plain and flush regions are read
                    flat[key] = value
            region = np.array(self._region5, dtype=np.uint32)
            self._np[name] = (keys, region, flat)
        tables: tuple[Any, Any, Any] = self._np[name]
        return tables

    def _batch7(self, arr: Any) -> np.ndarray:
        import numpy as np

        if not self._built7:
            self._build7()
        if "7" not in self._np:
            keys = np.array(self._key7, dtype=np.uint64)
            dense = np.zeros(_M7 + 1, dtype=np.int32)
            dense[np.fromiter(self._table7.keys(), dtype=np.int64)] = np.fromiter(self._table7.values(), dtype=np.int64)
            self._np["7"] = (keys, np.array(self._region7, dtype=np.int8), dense)
        keys, region, dense = self._np["7"]
        k = keys[arr[:, 0]]
        for i in range(1, 7):
            k += keys[arr[:, i]]
        out: np.ndarray = dense[(k & _M7).astype(np.int64)]
        r = region[(k >> _S7).astype(np.int64)]
        flushes = np.nonzero((r > 0) & (r < 5))[0]
        if len(flushes):
            bits = np.left_shift(np.uint64(1), arr[flushes].astype(np.uint64))
            allbits = np.bitwise_or.reduce(bits, axis=1)
            suit = (r[flushes] - 1).astype(np.uint64)
            masks = ((allbits >> (np.uint64(13) * suit)) & np.uint64(0x1FFF)).astype(np.int64)
            flush_table = np.array(self._flush7, dtype=np.int32)
            out[flushes] = flush_table[suit.astype(np.int64), masks]
        rules = self.rules
        for row in np.nonzero(r == 5)[0]:
            out[row] = _best_of([int(c) for c in arr[row]], rules)
        return out


_BIT = [1 << c for c in range(53)]


def _suit_mask(cards: Sequence[int], suit: int) -> int:
    """The 13-bit rank mask of the cards of one suit."""
    m = 0
    for c in cards:
        m |= _BIT[c]
    return m >> (13 * suit) & 0x1FFF


def _checked(cards: Sequence[int] | str | Iterable[Any]) -> list[Card]:
    if isinstance(cards, str):
        hand = list(parse(cards))
    else:
        try:
            hand = [
                c if isinstance(c, Card) else Card.from_text(c) if isinstance(c, str) else CARDS[operator.index(c)]
                for c in cards
            ]
        except (TypeError, IndexError):
            raise ValueError(f"a poker hand is five or more cards, not {cards!r}") from None
    if len(hand) < 5:
        raise ValueError(f"a poker hand is five or more cards; {len(hand)} given")
    if len(set(hand)) != len(hand):
        raise ValueError(f"a card is given twice in {' '.join(str(c) for c in hand)}")
    return hand


def _in_order(cards: Sequence[Card]) -> tuple[Card, ...]:
    """Cards as a hand is read: the larger sets first (fours, threes, pairs), higher ranks first; Mistigris last."""
    counts: dict[int, int] = {}
    for c in cards:
        if c != 52:
            counts[c % 13] = counts.get(c % 13, 0) + 1
    return tuple(sorted(cards, key=lambda c: (1, 0, 0, 0) if c == 52 else (0, -counts[c % 13], -(c % 13), -(c // 13))))


# --------------------------------------------------------------------------------------------- module API


@lru_cache(maxsize=32)
def evaluator(
    *, tiger: bool = False, english: bool = False, five_of_a_kind: bool = True, joker_wins_ties: bool = True
) -> Evaluator:
    """The (shared) evaluator for a set of rules."""
    return Evaluator(tiger=tiger, english=english, five_of_a_kind=five_of_a_kind, joker_wins_ties=joker_wins_ties)


_DEFAULT = evaluator()
_K5 = _DEFAULT._key5
_T5 = _DEFAULT._table5  # the same objects, filled in place on first use
_G5 = _DEFAULT._region5
_K7 = _DEFAULT._key7
_T7 = _DEFAULT._table7
_G7 = _DEFAULT._region7
_F7 = _DEFAULT._flush7


def strength(cards: Sequence[int] | str, **options: bool) -> int:
    """The hand's strength: an int, higher for the better hand, equal exactly when two hands divide the pool.

    Five cards, or the best five of more.  ``options``: ``tiger``, ``english``, ``five_of_a_kind``,
    ``joker_wins_ties`` (see the module).

    >>> from hoyle.cards import parse
    >>> strength(parse("AC KH JS 8C 4H")) < strength(parse("2C 2D 3H 4S 5C"))   # any pair beats no pair
    True
    >>> strength(parse("TS 9S 8S 7S 6S")) == strength(parse("TH 9H 8H 7H 6H"))   # equal: the pool is divided
    True
    """
    if options:
        return evaluator(**options).strength(cards)
    n = len(cards)
    h: Any = cards  # cards (ints) on the fast paths; anything else falls to the checked path
    try:
        if n == 5:
            a, b, c, d, e = h
            k = _K5[a] + _K5[b] + _K5[c] + _K5[d] + _K5[e]
            return _T5[k & _M5 | _G5[k >> _S5]]
        if n == 7:
            a, b, c, d, e, f, g = h
            k = _K7[a] + _K7[b] + _K7[c] + _K7[d] + _K7[e] + _K7[f] + _K7[g]
            r = _G7[k >> _S7]
            if not r:
                return _T7[k & _M7]
            if r < 5:
                return _F7[r - 1][_suit_mask(h, r - 1)]
    except (KeyError, IndexError, TypeError):
        pass
    return _DEFAULT._slow(cards)


def hand_class(cards: Sequence[int] | str, **options: bool) -> str:
    """The class of the hand as 003 writes it: "straight flush", "fours", "full", "flush", "straight",
    "threes", "two pairs", "pair" or "highest card" (and "five of a kind" with Mistigris, "tiger" with the Tiger).

    >>> from hoyle.cards import parse
    >>> hand_class(parse("TH 8H TS JC 8D")), hand_class(parse("8C 3C KH 4H JS"))
    ('two pairs', 'highest card')
    """
    return class_name(strength(cards, **options))


def class_name(value: int) -> str:
    """The class name of a strength."""
    cls = value >> _CLASS_SHIFT
    if cls == STRAIGHT and (value >> 18) & 0xF == _TIGER_TOP:
        return "tiger"
    return CLASSES[cls]


def best_hand(cards: Sequence[int] | str, **options: bool) -> tuple[Card, ...]:
    """The best five of ``cards`` (five or more), highest first.

    >>> from hoyle.cards import parse
    >>> best_hand(parse("2C 3C KH KD 4H KS 9S"))
    (KS, KH, KD, 9S, 4H)
    """
    return evaluator(**options).best_hand(cards)


def strength_batch(hands: Any, **options: bool) -> np.ndarray:
    """Strengths of a NumPy ``(N, 5)`` or ``(N, 7)`` array of hands: see :meth:`Evaluator.strength_batch`."""
    return evaluator(**options).strength_batch(hands)


def describe(value: int | Sequence[int] | str, **options: bool) -> str:
    """A strength (or a hand) in words, as 003 speaks of hands: "threes of queens", "two pairs, tens and eights".

    >>> from hoyle.cards import parse
    >>> describe(parse("QD QC QH AH 9D")), describe(parse("TH 8H TS JC 8D")), describe(parse("AC 9H 4S 3S 2D"))
    ('threes of queens', 'two pairs, tens and eights', 'highest card the ace')
    """
    v = value if isinstance(value, int) else strength(value, **options)
    cls = v >> _CLASS_SHIFT
    r = [(v >> (18 - 4 * i)) & 0xF for i in range(5)]
    name = class_name(v)
    if name == "tiger":
        return "the Tiger (five high)"
    if cls == FIVE:
        return f"five {_rank_plural(r[0])}"
    if cls == STRAIGHT_FLUSH:
        return f"a straight flush, {_rank_word(r[0])} high"
    if cls == FOURS:
        return f"fours of {_rank_plural(r[0])}"
    if cls == FULL:
        return f"a full, {_rank_plural(r[0])} and {_rank_plural(r[1])}"
    if cls == FLUSH:
        return f"a flush, {_rank_word(r[0])} high"
    if cls == STRAIGHT:
        return f"a straight, {_rank_word(r[0])} high"
    if cls == THREES:
        return f"threes of {_rank_plural(r[0])}"
    if cls == TWO_PAIRS:
        return f"two pairs, {_rank_plural(r[0])} and {_rank_plural(r[1])}"
    if cls == PAIR:
        return f"a pair of {_rank_plural(r[0])}"
    return f"highest card the {_rank_word(r[0])}"


_JACKS = _pack(PAIR, [11, 0, 0, 0, 0])


def openers(cards: Sequence[int], **options: bool) -> tuple[Card, ...] | None:
    """The cards that prove a jack-pot may be opened (a pair of jacks or better: 003 Jack-pots), or None.

    Only as many cards as prove it are named (rules §6.3.4): the pair, both pairs, the threes, the
    fours, or all five for a straight, a flush, a full or better.

    >>> from hoyle.cards import parse
    >>> openers(parse("JS JH 4C 8D 2S")), openers(parse("TS TH AC KD QS"))
    ((JS, JH), None)
    """
    hand = [CARDS[c] for c in cards]
    v = strength(hand, **options)
    if v < _JACKS:
        return None
    cls = v >> _CLASS_SHIFT
    if cls in (PAIR, TWO_PAIRS, THREES, FOURS):
        want = {PAIR: 2, TWO_PAIRS: 4, THREES: 3, FOURS: 4}[cls]
        ranks = [(v >> (18 - 4 * i)) & 0xF for i in range(2 if cls == TWO_PAIRS else 1)]
        shown = [c for c in hand if c != 52 and c % 13 + 2 in ranks]
        if len(shown) < want and 52 in hand:
            shown.append(CARDS[52])
        return tuple(shown)
    return tuple(hand)


# --------------------------------------------------------------------------------------------- odds


def all_hands(pack: int = 52, size: int = 5) -> np.ndarray:
    """Every ``size``-card hand of the pack (52, or 53 with Mistigris) as an ``(N, size)`` uint8 array.

    In lexicographic order, stored column by column (Fortran order), as :meth:`Evaluator.strength_batch` reads it.
    """
    import numpy as np

    combos = np.arange(pack, dtype=np.uint8)[:, None]
    for _ in range(size - 1):  # extend each combination by every larger card, without a Python loop over hands
        last = combos[:, -1].astype(np.int64)
        more = pack - 1 - last
        total = int(more.sum())
        starts = np.repeat(np.cumsum(more) - more, more)
        new = (np.repeat(last + 1, more) + (np.arange(total) - starts)).astype(np.uint8)
        grown = np.empty((total, combos.shape[1] + 1), dtype=np.uint8, order="F")
        grown[:, :-1] = np.repeat(combos, more, axis=0)
        grown[:, -1] = new
        combos = grown
    return combos


def odds(*, mistigris: bool = False, **options: bool) -> list[tuple[str, int]]:
    """How many deals of five cards fall in each class, highest class first, counted by enumeration.

    The 52-card pack has 2,598,960 deals; with Mistigris the 53-card pack has 2,869,685 (003; rules §6.2, §6.8).

    >>> dict(odds())["straight flush"], dict(odds())["fours"]
    (40, 624)
    """
    return _odds(mistigris, tuple(sorted(options.items())))


@lru_cache(maxsize=8)
def _odds(mistigris: bool, options: tuple[tuple[str, bool], ...]) -> list[tuple[str, int]]:
    import numpy as np

    ev = evaluator(**dict(options))
    values = ev.strength_batch(_all_hands_cached(53 if mistigris else 52))
    classes = values >> _CLASS_SHIFT
    counts = np.bincount(classes, minlength=len(CLASSES))
    names = list(CLASSES)
    out: list[tuple[str, int]] = []
    tiger = 0
    if ev.rules.tiger:
        tops = (values >> 18) & 0xF
        tiger = int(np.count_nonzero((classes == STRAIGHT) & (tops == _TIGER_TOP)))
    for cls in range(len(CLASSES) - 1, -1, -1):
        n = int(counts[cls])
        if cls == FIVE and not mistigris:
            continue
        if cls == STRAIGHT and ev.rules.tiger:
            out.append(("tiger", tiger))
            n -= tiger
        out.append((names[cls], n))
    return out


@lru_cache(maxsize=2)
def _all_hands_cached(pack: int) -> np.ndarray:
    return all_hands(pack)
