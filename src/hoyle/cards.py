"""Cards, suits, ranks, packs, notation, shuffling and dealing.

A card is an ``int`` underneath (0..51, and 52 for the blank card of
Mistigris), so research code can use it as an index and the engine can keep
hands as bit sets.  ``card = suit * 13 + (rank - 2)`` with suits in the order
clubs, diamonds, hearts, spades and ranks 2..14 (the ace is 14, high in play;
at cutting for partners and deal the ace is low: 000 §13, see
:attr:`Card.cut_rank`).

Notation is the usual one: ``AS`` (ace of spades), ``TH`` (ten), ``JD``
(knave), ``2C``.  :func:`parse` also reads ``10H``, ``♥10``, ``h10`` and lower
case; anything else is a :class:`ValueError` quoting the bad text.

>>> parse("AS 10H kd")
(AS, TH, KD)
>>> str(Card.from_text("♠q")), int(Card.from_text("2C"))
('QS', 0)
"""

from __future__ import annotations

import random
import re
import threading
from collections.abc import Iterable, Iterator, Sequence
from operator import itemgetter
from typing import Any, Protocol

__all__ = [
    "BLANK",
    "CARDS",
    "CARD_TEXT",
    "PACK_40",
    "PACK_51",
    "PACK_52",
    "PACK_53",
    "RANKS",
    "SUITS",
    "Card",
    "Pack",
    "SeededShuffler",
    "Shuffler",
    "SystemShuffler",
    "cut",
    "deal",
    "deal_masks",
    "format_cards",
    "mask",
    "mask_cards",
    "mask_indices",
    "parse",
    "shuffler",
]

SUITS = "CDHS"
"""Suit letters in index order: clubs, diamonds, hearts, spades."""
SUIT_NAMES = {"C": "clubs", "D": "diamonds", "H": "hearts", "S": "spades"}
SUIT_SYMBOLS = {"C": "♣", "D": "♦", "H": "♥", "S": "♠"}
RANKS = "23456789TJQKA"
"""Rank letters, lowest first (in play the ace is high)."""
RANK_NAMES = {
    "2": "two",
    "3": "three",
    "4": "four",
    "5": "five",
    "6": "six",
    "7": "seven",
    "8": "eight",
    "9": "nine",
    "T": "ten",
    "J": "knave",
    "Q": "queen",
    "K": "king",
    "A": "ace",
}

_SYMBOL_TO_SUIT = {v: k for k, v in SUIT_SYMBOLS.items()}
_SYMBOL_TO_SUIT.update({"♤": "S", "♡": "H", "♢": "D", "♧": "C"})


class Card(int):
    """One card, an ``int`` 0..52 that prints in standard notation.

    Never construct more than the 53 instances in :data:`CARDS`; use
    ``CARDS[i]`` or :meth:`Card.from_text`.
    """

    __slots__ = ()

    def __copy__(self) -> Card:
        return self

    def __deepcopy__(self, memo: dict[int, object]) -> Card:
        return self  # one of the 53 instances: a cloned table shares them

    @property
    def suit(self) -> int:
        """Suit index 0..3 (clubs, diamonds, hearts, spades); 4 for the blank card."""
        return int(self) // 13

    @property
    def rank(self) -> int:
        """Rank 2..14 with the ace 14 (its value in play); 0 for the blank card."""
        return int(self) % 13 + 2 if self < 52 else 0

    @property
    def cut_rank(self) -> int:
        """Rank for cutting: the ace is the lowest card (000 §13, 002 §7, 004 rule 3)."""
        r = self.rank
        return 1 if r == 14 else r

    @property
    def suit_letter(self) -> str:
        return SUITS[self // 13] if self < 52 else ""

    @property
    def is_blank(self) -> bool:
        """True for the blank card, Mistigris (003)."""
        return self == 52

    @property
    def name(self) -> str:
        """The card in words, as the books write it: 'knave of diamonds'."""
        if self == 52:
            return "Mistigris"
        return f"{RANK_NAMES[RANKS[self % 13]]} of {SUIT_NAMES[SUITS[self // 13]]}"

    def __bool__(self) -> bool:
        # Every card is a card: the two of clubs is the int 0 underneath, but ``if card`` must not
        # take it for "no card" (issue 13: 'help' crashed whenever the 2C was playable).
        return True

    def __str__(self) -> str:
        return CARD_TEXT[self]

    def __repr__(self) -> str:
        return CARD_TEXT[self]

    @staticmethod
    def from_text(text: str) -> Card:
        """Parse one card; raises ValueError quoting ``text`` when it is not a card."""
        card = _PARSE_CACHE.get(text)
        if card is not None:
            return card
        t = text.strip().upper()
        card = _PARSE_CACHE.get(t)
        if card is not None:
            return card
        m = _CARD_RE.fullmatch(t)
        if m is None:
            raise ValueError(f"not a card: {text!r} (write rank then suit, e.g. 'AS', 'TH' or '10H', 'JD', '2C')")
        rank, suit = (m.group(1), m.group(2)) if m.group(1) else (m.group(4), m.group(3))
        suit = _SYMBOL_TO_SUIT.get(suit, suit)
        if rank == "10":
            rank = "T"
        return CARDS[SUITS.index(suit) * 13 + RANKS.index(rank)]

    @staticmethod
    def of(rank: int, suit: int) -> Card:
        """The card of ``rank`` (2..14, ace 14) and suit index ``suit``."""
        return CARDS[suit * 13 + rank - 2]


CARD_TEXT: tuple[str, ...] = (*(RANKS[i % 13] + SUITS[i // 13] for i in range(52)), "MI")
"""Each card's notation, indexed by its number: ``CARD_TEXT[51] == "AS"``, ``CARD_TEXT[52] == "MI"``."""
CARDS: tuple[Card, ...] = tuple(Card(i) for i in range(53))
"""Every card, indexed by its number; ``CARDS[52]`` is the blank card."""
BLANK = CARDS[52]
"""The blank card, Mistigris (003), printed ``MI``."""

_SUIT_CHARS = "CDHS♣♦♥♠♧♢♡♤"
_CARD_RE = re.compile(rf"(10|[2-9TJQKA])([{_SUIT_CHARS}])|([{_SUIT_CHARS}])(10|[2-9TJQKA])")
_PARSE_CACHE: dict[str, Card] = {t: CARDS[i] for i, t in enumerate(CARD_TEXT)}
for _alias in ("MISTIGRIS", "BLANK", "JOKER", "JK"):
    _PARSE_CACHE[_alias] = BLANK


def parse(text: str | Iterable[str]) -> tuple[Card, ...]:
    """Cards from text separated by spaces or commas, or from an iterable of card texts.

    >>> parse("AS, 10h ♦K")
    (AS, TH, KD)
    """
    if isinstance(text, str):
        items: Iterable[str] = [t for t in re.split(r"[\s,]+", text.strip()) if t]
    else:
        items = text
    return tuple(Card.from_text(t) for t in items)


def format_cards(cards: Iterable[int]) -> str:
    """Cards in notation, separated by spaces."""
    t = CARD_TEXT
    return " ".join([t[c] for c in cards])  # faster than map(t.__getitem__, ...) over Card objects


def mask(cards: Iterable[int]) -> int:
    """The bit set of ``cards`` (bit ``i`` for card ``i``)."""
    m = 0
    for c in cards:
        m |= 1 << c
    return m


def mask_indices(m: int) -> list[int]:
    """The numbers of the cards of bit set ``m``, lowest first (plain ints, for tables indexed by card)."""
    out = []
    while m:
        low = m & -m
        out.append(low.bit_length() - 1)
        m ^= low
    return out


def mask_cards(m: int) -> list[Card]:
    """The cards of bit set ``m``, lowest index first."""
    out = []
    while m:
        low = m & -m
        out.append(CARDS[low.bit_length() - 1])
        m ^= low
    return out


SUIT_MASKS: tuple[int, ...] = tuple(((1 << 13) - 1) << (13 * s) for s in range(4))
"""Bit set of each suit's thirteen cards."""


class Pack(tuple[Card, ...]):
    """An immutable, named pack: the cards a game uses, in a fixed order."""

    name: str

    def __new__(cls, name: str, cards: Iterable[Card]) -> Pack:
        self = super().__new__(cls, tuple(cards))
        self.name = name
        return self

    def __repr__(self) -> str:
        return f"Pack({self.name!r}, {len(self)} cards)"

    def __reduce__(self) -> tuple[object, tuple[str, tuple[Card, ...]]]:
        return (Pack, (self.name, tuple(self)))

    def __deepcopy__(self, memo: dict[int, object]) -> Pack:
        return self  # immutable

    @property
    def mask(self) -> int:
        return mask(self)


PACK_52 = Pack("52", CARDS[:52])
"""The full pack (every game not named below)."""
PACK_51 = Pack("51 without the eight of diamonds", (c for c in CARDS[:52] if str(c) != "8D"))
"""Pope Joan's pack: the eight of diamonds is taken out (003)."""
PACK_40 = Pack("40 without twos, threes and fours", (c for c in CARDS[:52] if c.rank > 4))
"""Three-hand Solo Whist's pack: no twos, threes or fours (003)."""
PACK_53 = Pack("53 with the blank card", CARDS)
"""The full pack and the blank card, Mistigris (003)."""


class Shuffler(Protocol):
    """What a table is given to shuffle and cut with; rules code never imports ``random``."""

    def shuffle(self, cards: list[Card]) -> None:
        """Shuffle ``cards`` in place (Fisher–Yates, no modulo bias)."""

    def randbelow(self, n: int) -> int:
        """A uniform integer in ``range(n)``."""


class _RandomShuffler:
    __slots__ = ("_rng",)
    _rng: random.Random

    def shuffle(self, cards: list[Card]) -> None:
        # random.Random.shuffle is Fisher–Yates drawing each index by rejection
        # sampling (_randbelow), so it has no modulo bias.
        self._rng.shuffle(cards)

    def randbelow(self, n: int) -> int:
        return self._rng.randrange(n)


class SystemShuffler(_RandomShuffler):
    """Live play: the operating system's CSPRNG (``random.SystemRandom``)."""

    __slots__ = ()

    def __init__(self) -> None:
        self._rng = random.SystemRandom()

    def __deepcopy__(self, memo: dict[int, object]) -> SystemShuffler:
        return SystemShuffler()

    def __repr__(self) -> str:
        return "SystemShuffler()"


def _steps(size: int) -> tuple[tuple[int, int, int], ...]:
    """The steps of random.Random.shuffle on ``size`` items: the index swapped, the bound drawn below, its bits."""
    return tuple((i, i + 1, (i + 1).bit_length()) for i in reversed(range(1, size)))


_FISHER_YATES = tuple(_steps(size) for size in range(66))


class _Drawing(threading.local):
    """The generator a thread last drew from for a seeded shuffler, and where it stands: its seed and the 32-bit words
    drawn from it since seeding (see :class:`SeededShuffler`).  One a thread, so that threads never share one."""

    def __init__(self) -> None:
        self.rng = random.Random(0)
        self.seed: int | None = None  # None: the generator stands for no shuffler's draws
        self.words = 0


_DRAWING = _Drawing()

_OWN_AFTER = 4096
"""The words a seeded shuffler draws from the thread's generator before it keeps one of its own (moving a generator
on past them takes about 40 µs)."""


class SeededShuffler:
    """Tests, replays and simulations: the same seed gives the same deals, bit for bit.

    It keeps the list of draws made (``calls``: ``n`` for a shuffle of ``n``
    cards, ``-n`` for a number below ``n``), so that :meth:`state` and
    :meth:`resume` can carry it through a record: a sitting replayed from
    its record in the middle goes on with the very deals the original would
    have had.

    Its draws are those of ``random.Random(seed)``, as :meth:`random.Random.shuffle` and
    :meth:`random.Random.randrange` make them; but it does not hold a generator of its own (2.5 KB of Mersenne
    Twister state a table, for a few draws a deal).  It keeps the count of 32-bit words it has drawn, and each draw
    uses the thread's generator (``_DRAWING``): as it is if that stands where this shuffler's draws stand (the same
    seed, the same words drawn: always so when one table plays at a time), else seeded again and moved on past the
    words drawn in one call, about 5 µs and 10 ns a word.  Past ``_OWN_AFTER`` words (some fifty Whist deals) it
    keeps that generator for its own, so that moving one on never costs more than that.
    """

    __slots__ = ("_own", "_words", "calls", "seed")

    def __init__(self, seed: int) -> None:
        if not isinstance(seed, int) or isinstance(seed, bool):
            raise TypeError(f"seed must be an int, not {seed!r}")
        self.seed = seed
        self._words = 0  # 32-bit words drawn (each getrandbits(k) of k <= 32 bits takes one)
        self._own: random.Random | None = None  # a generator of its own, past _OWN_AFTER words
        self.calls: list[int] = []

    def _generator(self) -> random.Random:
        """The generator to draw from, standing where this shuffler's draws stand: its own, or the thread's (moved
        there if it is not, and marked as standing nowhere till the draw is counted by :meth:`_drawn`)."""
        if self._own is not None:
            return self._own
        d = _DRAWING
        rng = d.rng
        if d.seed != self.seed or d.words != self._words:
            rng.seed(self.seed)
            if self._words:
                rng.getrandbits(32 * self._words)  # the words drawn before, skipped in one call
        d.seed = None
        return rng

    def _drawn(self, words: int) -> None:
        """Count ``words`` more drawn: the thread's generator now stands where this shuffler's draws stand (past
        _OWN_AFTER words the shuffler keeps it, and the thread makes another)."""
        self._words += words
        if self._own is not None:
            return
        d = _DRAWING
        if self._words > _OWN_AFTER:
            self._own = d.rng
            d.rng = random.Random(0)
        else:
            d.seed = self.seed
            d.words = self._words

    def shuffle(self, cards: list[Card]) -> None:
        if not isinstance(cards, list):
            raise TypeError(f"shuffle takes a list of cards, not {type(cards).__name__}")
        self.calls.append(len(cards))
        getrandbits = self._generator().getrandbits
        # random.Random.shuffle, step for step (the same draws, so a seed deals what it always dealt), without
        # its call of _randbelow for each card.
        steps = _FISHER_YATES[len(cards)] if len(cards) < len(_FISHER_YATES) else _steps(len(cards))
        again = 0  # draws refused (at or above the bound), each a word more
        for i, n, k in steps:
            j = getrandbits(k)
            while j >= n:
                j = getrandbits(k)
                again += 1
            cards[i], cards[j] = cards[j], cards[i]
        self._drawn(len(steps) + again)

    def randbelow(self, n: int) -> int:
        if not isinstance(n, int) or n <= 0:
            raise ValueError(f"randbelow takes a whole number above 0, not {n!r}")
        self.calls.append(-n)
        getrandbits = self._generator().getrandbits
        # random.Random.randrange(n) for n > 0, step for step (its _randbelow_with_getrandbits), the words counted
        k = n.bit_length()
        per = (k + 31) >> 5  # getrandbits(k) takes a word for each 32 bits
        r = getrandbits(k)
        words = per
        while r >= n:
            r = getrandbits(k)
            words += per
        self._drawn(words)
        return r

    def __deepcopy__(self, memo: dict[int, object]) -> SeededShuffler:
        copy = SeededShuffler.__new__(SeededShuffler)
        copy.seed = self.seed
        copy._words = self._words  # the same draws to come: from the same seed, past the same words
        copy._own = None
        if self._own is not None:
            copy._own = random.Random()
            copy._own.setstate(self._own.getstate())  # the generator's state as a whole, not int by int
        copy.calls = list(self.calls)
        return copy

    def state(self) -> dict[str, object]:
        """The seed and the draws made: plain data for a record."""
        return {"seed": self.seed, "calls": list(self.calls)}

    @classmethod
    def resume(cls, state: dict[str, object]) -> SeededShuffler:
        """A shuffler in the state :meth:`state` describes (the seed, the same draws made again)."""
        seed, calls = state.get("seed"), state.get("calls")
        if (
            not isinstance(seed, int)
            or not isinstance(calls, list)
            or not all(isinstance(c, int) and c != 0 for c in calls)
        ):
            raise ValueError(f"not a shuffler state: {state!r}")
        out = cls(seed)
        scratch: list[Card] = []
        for c in calls:
            if c > 0:
                if len(scratch) != c:
                    scratch = list(CARDS[:c]) if c <= len(CARDS) else [CARDS[0]] * c
                out.shuffle(scratch)
            else:
                out.randbelow(-c)
        return out

    def __repr__(self) -> str:
        return f"SeededShuffler({self.seed})"


def shuffler(seed: int | None) -> Shuffler:
    """A seeded shuffler for ``seed``, or the CSPRNG one for ``None``."""
    return SystemShuffler() if seed is None else SeededShuffler(seed)


def cut(cards: Sequence[Card], at: int, minimum: int = 4) -> list[Card]:
    """The pack cut after its ``at``-th card: the lower packet is put on top.

    Neither packet may hold fewer than ``minimum`` cards (000 §34, 002 §10).
    Index 0 is the top of the pack, the first card dealt.
    """
    n = len(cards)
    if not minimum <= at <= n - minimum:
        raise ValueError(f"a cut must leave at least {minimum} cards in each packet: cut at {at} of {n} (000 §34)")
    return list(cards[at:]) + list(cards[:at])


def deal(cards: Sequence[Card], seats: int, pattern: Sequence[int], first: int = 0) -> list[list[Card]]:
    """Deal ``cards`` from the top into ``seats`` hands by ``pattern``.

    ``pattern`` is the size of each round's packet: ``(1,) * 13`` for whist
    (one at a time: 000 §44 I), ``(3, 3, 3, 3, 1)`` for Solo, ``(4, 4, 5)`` for
    Boston and Cayenne.  ``first`` is the seat dealt to first (the dealer's
    left).  Returns the hands indexed by seat; the cards left over (a still
    pack, a widow) are not dealt.
    """
    if max(pattern, default=0) == 1:  # one card at a time (whist): each hand is every seats-th card
        pos = len(pattern) * seats
        if pos > len(cards):
            raise ValueError(f"the pattern needs {pos} cards but the pack has {len(cards)}")
        single: list[list[Card]] = [[] for _ in range(seats)]
        for k in range(seats):
            single[(first + k) % seats] = list(cards[k:pos:seats])
        return single
    hands: list[list[Card]] = [[] for _ in range(seats)]
    pos = 0
    for size in pattern:
        for k in range(seats):
            seat = (first + k) % seats
            hands[seat].extend(cards[pos : pos + size])
            pos += size
    if pos > len(cards):
        raise ValueError(f"the pattern needs {pos} cards but the pack has {len(cards)}")
    return hands


_BITS = (*(1 << i for i in range(len(CARDS))), 0)
"""Each card's bit, by its index; then a 0 (index ``len(CARDS)``), which :func:`deal_masks` picks to pad."""
_DEAL_PICKS: dict[tuple[int, tuple[int, ...], int], tuple[int, tuple[itemgetter[Any], ...]]] = {}
"""For each way of dealing (seats, pattern, first): the cards it deals, and for each seat the getter of its cards'
bits by their places in the order (see :func:`deal_masks`)."""


def deal_masks(cards: Sequence[Card], seats: int, pattern: Sequence[int], first: int = 0) -> list[int]:
    """The hands :func:`deal` deals, as bit sets: each seat's cards picked out of the order by their places, worked out
    once for each way of dealing, instead of dealt packet by packet and then made into bit sets."""
    key = (seats, tuple(pattern), first)
    picks = _DEAL_PICKS.get(key)
    if picks is None:
        places: list[list[int]] = [[] for _ in range(seats)]
        pos = 0
        for size in pattern:
            for k in range(seats):
                places[(first + k) % seats].extend(range(pos, pos + size))
                pos += size
        # Each getter picks its seat's places and then the last place twice: the bits are given two padding 0s at
        # their end, so that a getter gives a tuple even for a seat of one card (or none), and the 0s add nothing.
        picks = _DEAL_PICKS[key] = (pos, tuple(itemgetter(*p, -1, -1) for p in places))
    need, getters = picks
    if need > len(cards):
        raise ValueError(f"the pattern needs {need} cards but the pack has {len(cards)}")
    pad = len(CARDS)
    bits = itemgetter(*cards, pad, pad)(_BITS)
    return [sum(g(bits)) for g in getters]


def iter_bits(m: int) -> Iterator[int]:
    """Indices of the set bits of ``m``, lowest first."""
    while m:
        low = m & -m
        yield low.bit_length() - 1
        m ^= low
