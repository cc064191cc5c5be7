"""A private fast path for Short Whist (000): random playouts for search and simulation.

Private: every name here starts with an underscore and nothing is promised
about it; the public way to play is :class:`hoyle.rulebook.whist.WhistTable`
through ``hoyle.game("whist").table(...)``.  This module trades the public
table's validation, events, views and records for speed, and keeps its rules:

* the deal (000 §44 I, III, §52): card ``i`` of the pack order goes to the
  seat ``eldest + i`` (one at a time from the dealer's left), the last card is
  the dealer's and is turned for trumps;
* the play: the eldest hand leads the first trick, the winner of a trick
  leads the next, a player must follow suit if he can (000 §71), the highest
  trump wins a trick, else the highest card of the suit led (000 §2);
* the score: tricks, honours, games and rubbers by whist.py's own
  :func:`~hoyle.rulebook.whist.score_hand`, :func:`~hoyle.rulebook.whist.game_value`
  and :func:`~hoyle.rulebook.whist.rubber_value` (the hand's score is looked up
  in a table built from ``score_hand`` at import, so the two cannot disagree).

Hands are sorted lists of card numbers (``suit * 13 + rank - 2``), so that the
cards of one suit are a slice found by bisection; a card played is popped.
No per-card objects, no events, no strings in the loop.

A choice is an index into the lawful cards listed lowest card first, the order
of ``WhistTable.legal_actions()``; random play draws one ``rng.random()`` a
card and takes ``int(u * n)`` of the ``n`` lawful cards (a bias of at most
``n / 2**53``, nothing to a simulation).  Randomness is a ``random.Random``
given or made from a seed, never the module's global functions.  Only Short
Whist under the English code of 1864 (the default options) is covered.

>>> s = _playouts(100, seed=1)
>>> s.deals, s.tricks[0] + s.tricks[1]
(100, 1300)
"""

from __future__ import annotations

import random
from bisect import bisect_left
from collections.abc import Callable, Sequence
from typing import NamedTuple

from .whist import game_value, rubber_value, score_hand

__all__: list[str] = []

# Short Whist only: a side stands at 0..4 when a deal begins (five is game: 000 §2).
_TARGET = 5


def _score_table() -> tuple[tuple[int, int], ...]:
    """Every hand's score, from ``score_hand`` itself: index ``((b0 * 5 + b1) * 14 + t0) * 5 + h0``.

    ``b0, b1`` are the sides' scores before the deal, ``t0`` the tricks of
    N-S (E-W take the rest of the thirteen) and ``h0`` the honours N-S hold
    (E-W hold the rest of the four: every card is dealt).
    """
    out = []
    for b0 in range(_TARGET):
        for b1 in range(_TARGET):
            for t0 in range(14):
                for h0 in range(5):
                    out.append(score_hand((b0, b1), (t0, 13 - t0), (h0, 4 - h0)).score)
    return tuple(out)


_SCORE = _score_table()


def _score_index(before: Sequence[int], ns_tricks: int, ns_honours: int) -> int:
    return ((before[0] * _TARGET + before[1]) * 14 + ns_tricks) * 5 + ns_honours


def _deal(order: Sequence[int], dealer: int) -> tuple[list[list[int]], int, int]:
    """The hands (sorted lists, by seat N E S W = 0..3), the trump suit and the eldest hand.

    Card ``i`` of ``order`` goes to seat ``eldest + i``; the last card is the
    dealer's, turned for trumps (000 §44 I, III, §52).
    """
    eldest = (dealer + 1) & 3
    hands: list[list[int]] = [[], [], [], []]
    for k in range(4):
        hands[(eldest + k) & 3] = sorted(order[k::4])
    return hands, order[51] // 13, eldest


def _ns_honours(hands: Sequence[Sequence[int]], trumps: int) -> int:
    """How many of the ace, king, queen, knave of trumps N-S hold (000 §3); E-W hold the rest."""
    top = trumps * 13 + 13
    n, s = hands[0], hands[2]
    return bisect_left(n, top) - bisect_left(n, top - 4) + bisect_left(s, top) - bisect_left(s, top - 4)


def _play_random(hands: list[list[int]], trumps: int, leader: int, rnd: Callable[[], float]) -> int:
    """Play the thirteen tricks at random (lawfully); the tricks N-S win.  The hands are emptied.

    One ``rnd()`` a card; the card played is ``int(rnd() * n)`` of the ``n``
    lawful cards, lowest first.  :func:`_play_chosen` is the same play with a
    chooser, kept identical to this loop by the tests.
    """
    ns = 0
    for _ in range(13):
        h = hands[leader]
        best = h.pop(int(rnd() * len(h)))
        lo_key = best // 13 * 13
        hi_key = lo_key + 13
        win = seat = leader
        trumped = False
        for _k in range(3):
            seat = (seat + 1) & 3
            h = hands[seat]
            lo = bisect_left(h, lo_key)
            hi = bisect_left(h, hi_key, lo)
            if hi > lo:  # he follows suit (000 §71)
                c = h.pop(lo + int(rnd() * (hi - lo)))
                if c > best and not trumped:
                    best = c
                    win = seat
            else:  # he renounces: any card, and a trump wins unless over-trumped
                c = h.pop(int(rnd() * len(h)))
                if c // 13 == trumps and (c > best or not trumped):
                    best = c
                    win = seat
                    trumped = True
        if not win & 1:
            ns += 1
        leader = win
    return ns


Trick = tuple[int, tuple[int, int, int, int], int]
"""A quitted trick as :class:`hoyle.tricks.TrickPlay` keeps it: ``(leader, cards in order of play, winner)``."""


def _play_chosen(
    hands: list[list[int]], trumps: int, leader: int, choose: Callable[[int, list[int]], int]
) -> list[Trick]:
    """Play the thirteen tricks, ``choose(seat, lawful)`` giving the index of the card played.

    ``lawful`` is the list of cards the seat may play, lowest first (its
    cards of the suit led, or its whole hand when it leads or has none of
    that suit: 000 §71).  Returns the quitted tricks.  The hands are emptied.
    """
    quitted: list[Trick] = []
    for _ in range(13):
        h = hands[leader]
        best = h.pop(_index(choose(leader, list(h)), len(h)))
        cards = [best]
        lo_key = best // 13 * 13
        hi_key = lo_key + 13
        win = seat = leader
        trumped = False
        for _k in range(3):
            seat = (seat + 1) & 3
            h = hands[seat]
            lo = bisect_left(h, lo_key)
            hi = bisect_left(h, hi_key, lo)
            if hi > lo:
                c = h.pop(lo + _index(choose(seat, h[lo:hi]), hi - lo))
                if c > best and not trumped:
                    best = c
                    win = seat
            else:
                c = h.pop(_index(choose(seat, list(h)), len(h)))
                if c // 13 == trumps and (c > best or not trumped):
                    best = c
                    win = seat
                    trumped = True
            cards.append(c)
        quitted.append((leader, (cards[0], cards[1], cards[2], cards[3]), win))
        leader = win
    return quitted


def _index(i: int, n: int) -> int:
    if not 0 <= i < n:
        raise ValueError(f"choice {i} is not an index into {n} lawful cards")
    return i


class _DealResult(NamedTuple):
    """One deal played by :func:`_play_deal`."""

    tricks: list[Trick]
    """The quitted tricks in order: ``(leader, cards, winner)``, seats N E S W = 0..3."""
    won: tuple[int, int]
    """Tricks taken by N-S and E-W."""
    honours: tuple[int, int]
    """Honours held by N-S and E-W (000 §3)."""
    score: tuple[int, int]
    """The game score after the hand (``before`` plus what the hand scored; five or more is game)."""


def _play_deal(
    order: Sequence[int],
    dealer: int,
    choices: Sequence[int] | Callable[[int, list[int]], int],
    before: Sequence[int] = (0, 0),
) -> _DealResult:
    """Play one deal from the pack ``order`` (top card first) dealt by seat ``dealer`` (N E S W = 0..3).

    ``choices`` is the index of each card played among the lawful cards,
    lowest first (the order of ``WhistTable.legal_actions()``), 52 of them, or
    a chooser ``choose(seat, lawful) -> index``.  ``before`` is the game score
    of N-S and E-W when the deal begins (0..4 each).

    >>> r = _play_deal(range(52), 3, [0] * 52)
    >>> r.won, r.honours, r.score        # the ace of spades turned; E-W win ten tricks
    ((3, 10), (2, 2), (0, 4))
    """
    if len(order) != 52 or set(order) != set(range(52)):
        raise ValueError("the pack order must be the 52 cards, each once")
    if not all(0 <= b < _TARGET for b in before) or len(before) != 2:
        raise ValueError(f"the score before a deal is 0..4 for each side, not {tuple(before)}")
    if callable(choices):
        choose = choices
    else:
        script = iter(choices)

        def choose(seat: int, lawful: list[int]) -> int:
            return next(script)

    hands, trumps, eldest = _deal(list(order), dealer)
    ns_honours = _ns_honours(hands, trumps)
    tricks = _play_chosen(hands, trumps, eldest, choose)
    ns = sum(1 for _, _, w in tricks if not w & 1)
    score = _SCORE[_score_index(before, ns, ns_honours)]
    return _DealResult(tricks, (ns, 13 - ns), (ns_honours, 4 - ns_honours), score)


class _Stats(NamedTuple):
    """What :func:`_playouts` counted, by side (N-S, E-W)."""

    deals: int
    tricks: tuple[int, int]
    """Tricks taken over all deals."""
    points: tuple[int, int]
    """Game points scored (by cards and honours) over all deals."""
    games: tuple[int, int]
    """Games won."""
    rubbers: tuple[int, int]
    """Rubbers won."""
    net: tuple[int, int]
    """Net rubber points (000 §9–10) over the finished rubbers."""


def _playouts(n: int, seed: int | None = None, *, rng: random.Random | None = None) -> _Stats:
    """Play ``n`` complete deals at random: shuffle, deal, 52 lawful random cards, score.

    The deals follow one another as at a sitting: the deal passes to the left
    (000 §33), the game score carries over (a side at four cannot score
    honours: 000 §4), games and rubbers are scored by whist.py's own
    functions; the first dealer is West, as at a table formed by cutting.
    Randomness: ``rng``, or ``random.Random(seed)``.  Each deal is
    ``rng.shuffle`` of the previous deal's pack (a uniform deal; no cut, which
    would not change the distribution), then one ``rng.random()`` a card as
    in :func:`_play_random`.
    """
    if rng is None:
        if not isinstance(seed, int) or isinstance(seed, bool):
            raise TypeError(f"give an int seed or a random.Random, not seed={seed!r}")
        rng = random.Random(seed)
    rnd = rng.random
    shuffle = rng.shuffle
    score_table = _SCORE
    play = _play_random
    pack = list(range(52))
    dealer = 3
    b0 = b1 = 0
    ns_tricks = pts0 = pts1 = 0
    games = [0, 0]
    rubbers = [0, 0]
    net = [0, 0]
    rubber: list[tuple[int, int]] = []
    for _ in range(n):
        shuffle(pack)
        eldest = (dealer + 1) & 3
        hands: list[list[int]] = [[], [], [], []]
        hands[eldest] = sorted(pack[0::4])
        hands[(eldest + 1) & 3] = sorted(pack[1::4])
        hands[(eldest + 2) & 3] = sorted(pack[2::4])
        hands[dealer] = sorted(pack[3::4])
        trumps = pack[51] // 13
        top = trumps * 13 + 13
        h, s = hands[0], hands[2]
        ns_honours = bisect_left(h, top) - bisect_left(h, top - 4) + bisect_left(s, top) - bisect_left(s, top - 4)
        ns = play(hands, trumps, eldest, rnd)
        ns_tricks += ns
        s0, s1 = score_table[((b0 * 5 + b1) * 14 + ns) * 5 + ns_honours]
        pts0 += s0 - b0
        pts1 += s1 - b1
        if s0 >= _TARGET or s1 >= _TARGET:
            winner = 0 if s0 >= _TARGET else 1
            rubber.append((winner, game_value(s1 if winner == 0 else s0)))
            games[winner] += 1
            value = rubber_value(rubber)
            if value is not None:
                rubbers[value.winner] += 1
                net[value.winner] += value.points
                net[1 - value.winner] -= value.points
                rubber = []
            b0 = b1 = 0
        else:
            b0, b1 = s0, s1
        dealer = eldest
    return _Stats(
        n,
        (ns_tricks, 13 * n - ns_tricks),
        (pts0, pts1),
        (games[0], games[1]),
        (rubbers[0], rubbers[1]),
        (net[0], net[1]),
    )
