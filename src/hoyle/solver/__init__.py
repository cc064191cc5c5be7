"""The solver: exact ("double-dummy") values of any trick-taking position of the whist family.

>>> import hoyle, random
>>> t = hoyle.game("whist").table(seed=3)
>>> rng = random.Random(1)
>>> while len(t.play.quitted) < 8:
...     _ = t.apply(rng.choice(t.legal_actions()))
>>> s = hoyle.solve(t)
>>> s.side == ("NS" if t.to_act in "NS" else "EW") and s.best == max(s.tricks.values())
True

``solve(t)`` reads the position of table ``t`` (every hand known: a given
deal, a simulation, a sampled world) and returns a :class:`Solution`: the
side whose tricks are counted, the tricks it takes over the whole deal with
best play by everyone (tricks already won included), and the same after each
lawful card of the seat to act.  See docs/solver.md.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from ..cards import CARDS
from ..engine.actions import PLAY, Action
from . import _search as S
from .position import Position, PositionError, position

__all__ = [
    "DEFAULT_TT_ENTRIES",
    "Position",
    "PositionError",
    "Solution",
    "dd_table",
    "position",
    "solve",
    "solve_position",
]

DEFAULT_TT_ENTRIES = 1 << 20
"""Transposition-table slots by default: about 110 MB (eleven fields of 8 bytes and two 8-byte signature words each)."""

_MAX_TT_ENTRIES = 1 << 26


@dataclass
class Solution:
    """The exact values of a position.

    ``side`` is whose tricks are counted ("NS"/"EW" at whist, the declaring side
    at Solo, Boston and Cayenne); ``tricks[action]`` the tricks that side takes
    over the whole deal if the seat to act plays that card and everyone plays
    best thereafter; ``best`` the value with best play now (the highest of
    ``tricks`` if the seat to act is on the counted side and it plays to take
    tricks, else the lowest).
    """

    side: str
    tricks: dict[Action, int]
    best: int
    seat: str
    """The seat to act."""
    seats: tuple[str, ...]
    """The seats of the counted side."""
    minimise: bool
    """True at misère and nullo: the counted side plays to take as few tricks as it can."""
    won: int
    """Tricks the counted side had already taken (included in every value)."""
    nodes: int = 0
    seconds: float = 0.0
    stats: dict[str, int] = field(default_factory=dict)

    def best_actions(self) -> list[Action]:
        """The cards of the seat to act that keep ``best``."""
        return [a for a, v in self.tricks.items() if v == self.best]

    def to_json(self) -> dict[str, Any]:
        return {
            "side": self.side,
            "seats": list(self.seats),
            "seat": self.seat,
            "minimise": self.minimise,
            "won": self.won,
            "best": self.best,
            "tricks": {str(a.card): v for a, v in self.tricks.items()},
            "nodes": self.nodes,
        }


class _Tables(threading.local):
    """One transposition table per thread, kept between calls (a new question empties it by generation)."""

    def __init__(self) -> None:
        self.size = 0
        self.tt: tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray] | None = None

    def get(self, entries: int) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
        if self.tt is None or self.size != entries:
            self.tt = S.new_table(entries)
            self.size = entries
        self.tt[3][0] += 1  # a new generation: earlier entries no longer match
        return self.tt


_TABLES = _Tables()


def _tt_entries(tt_entries: int | None) -> int:
    if tt_entries is None:
        return DEFAULT_TT_ENTRIES
    if (
        not isinstance(tt_entries, int)
        or isinstance(tt_entries, bool)
        or tt_entries < 2
        or tt_entries > _MAX_TT_ENTRIES
        or tt_entries & (tt_entries - 1)
    ):
        raise ValueError(f"tt_entries is a power of two from 2 to {_MAX_TT_ENTRIES}, not {tt_entries!r}")
    return tt_entries


class _Search:
    """One question (a position's sides and trumps) and the arrays the compiled search works on."""

    def __init__(self, pos: Position, tt_entries: int | None) -> None:
        self.pos = pos
        n = pos.n
        self.n = n
        self.trumps = -1 if pos.trumps is None else pos.trumps
        self.cnt = np.zeros(n, dtype=np.int64)
        for i in pos.counted:
            self.cnt[i] = 1
        self.mx = (1 - self.cnt) if pos.minimise else self.cnt.copy()
        self.tt, self.sig, self.fill, gen = _TABLES.get(_tt_entries(tt_entries))
        self.gen = int(gen[0])
        self.fr, self.mv = S.new_stack()
        self.stats = np.zeros(4, dtype=np.int64)

    def state(
        self, hands: Sequence[int], leader: int, trick: Sequence[int]
    ) -> tuple[np.ndarray, int, int, int, int, int, int]:
        """The arrays and numbers of a position: hands, cards played to the trick, leader, suit led, winner."""
        h = np.array(hands, dtype=np.int64)
        k = len(trick)
        if k == 0:
            return h, 0, leader, -1, -1, -1, 0
        wcard, wseat, tmask = trick[0], leader, 0
        for j, c in enumerate(trick):
            tmask |= 1 << c
            if j and S._beats(c, wcard, self.trumps):
                wcard, wseat = c, (leader + j) % self.n
        return h, k, leader, trick[0] // 13, wcard, wseat, tmask

    def exact(self, hands: Sequence[int], leader: int, trick: Sequence[int], guess: int) -> int:
        """Tricks the counted side takes from here (the trick on the table included)."""
        h, k, leader, lead, wc, ws, tm = self.state(hands, leader, trick)
        return int(
            S._exact(
                h,
                self.n,
                self.trumps,
                self.cnt,
                self.mx,
                k,
                leader,
                lead,
                wc,
                ws,
                tm,
                guess,
                self.tt,
                self.sig,
                self.fill,
                self.gen,
                self.fr,
                self.mv,
                self.stats,
            )
        )

    def after(self, hands: Sequence[int], leader: int, trick: Sequence[int], card: int, guess: int) -> int:
        """Tricks the counted side takes from here if the seat to act plays ``card``."""
        n = self.n
        p = (leader + len(trick)) % n
        h = list(hands)
        h[p] &= ~(1 << card)
        t = [*trick, card]
        if len(t) < n:
            return self.exact(h, leader, t, guess)
        _, _, _, _, _, wseat, _ = self.state(h, leader, t)
        got = int(self.cnt[wseat])
        if not any(h):
            return got
        return got + self.exact(h, wseat, [], max(0, guess - got))

    def candidates(self, hands: Sequence[int], leader: int, trick: Sequence[int]) -> list[int]:
        h, k, leader, lead, wc, ws, tm = self.state(hands, leader, trick)
        out = np.zeros(13, dtype=np.int64)
        m = S._candidates(h, self.n, self.trumps, self.cnt, self.mx, k, leader, lead, wc, ws, tm, out)
        return [int(c) for c in out[:m]]


def _equivalent_runs(pos: Position, cards: Sequence[int]) -> dict[int, int]:
    """Each lawful card of the seat to act mapped to the highest card of its run of equivalent cards."""
    present = 0
    for h in pos.hands:
        present |= h
    for c in pos.trick:
        present |= 1 << c
    hand = pos.hands[pos.to_act]
    out = {}
    for c in cards:
        top = c
        while True:
            nxt = top + 1
            while nxt % 13 and not present >> nxt & 1:
                nxt += 1
            if nxt % 13 == 0 or nxt // 13 != c // 13 or not hand >> nxt & 1:
                break
            top = nxt
        out[c] = top
    return out


def _lawful(pos: Position) -> list[int]:
    hand = pos.hands[pos.to_act]
    if pos.trick:
        s = pos.trick[0] // 13
        follow = hand & (0x1FFF << (13 * s))
        if follow:
            hand = follow
    return [c for c in range(52) if hand >> c & 1]


def solve_position(
    pos: Position, *, cards: Sequence[int] | None = None, tt_entries: int | None = None, values: bool = True
) -> Solution:
    """Solve ``pos`` exactly; with ``values`` (the default) the value of each lawful card of the seat to act.

    ``cards`` restricts the cards valued (each must be lawful); without
    ``values`` only ``best`` is found (quicker: one search).
    """
    pos.check()
    t0 = time.perf_counter()
    lawful = _lawful(pos)
    if cards is not None:
        bad = [c for c in cards if c not in lawful]
        if bad:
            raise PositionError(
                f"{' '.join(str(CARDS[c]) for c in bad)}: not a lawful card of"
                f" {pos.seats[pos.to_act]}; the lawful cards are"
                f" {' '.join(str(CARDS[c]) for c in lawful)}"
            )
        lawful = list(cards)
    search = _Search(pos, tt_entries)
    seat = pos.seats[pos.to_act]
    side_seats = tuple(pos.seats[i] for i in pos.counted)
    maximiser = bool(search.mx[pos.to_act])
    if not values:
        best = pos.won + search.exact(pos.hands, pos.leader, pos.trick, _guess(pos))
        return _finish(Solution(pos.side, {}, best, seat, side_seats, pos.minimise, pos.won), search, t0)
    runs = _equivalent_runs(pos, lawful)
    order = search.candidates(pos.hands, pos.leader, pos.trick)
    reps = [c for c in order if c in set(runs.values())] + sorted(set(runs.values()) - set(order))
    value: dict[int, int] = {}
    guess = _guess(pos)
    for c in reps:
        v = search.after(pos.hands, pos.leader, pos.trick, c, guess)
        value[c] = v
        if not value or (v > guess if maximiser else v < guess) or len(value) == 1:
            guess = v  # the best value so far: most cards are worth it or a trick less (or more)
    tricks = {PLAY[c]: pos.won + value[runs[c]] for c in sorted(lawful)}
    vals = list(tricks.values())
    best = max(vals) if maximiser else min(vals)
    return _finish(Solution(pos.side, tricks, best, seat, side_seats, pos.minimise, pos.won), search, t0)


def _guess(pos: Position) -> int:
    """A first guess at the tricks to come: the counted side's share of them."""
    left = pos.hands[pos.to_act].bit_count()
    return (left * len(pos.counted)) // pos.n


def _finish(sol: Solution, search: _Search, t0: float) -> Solution:
    sol.nodes = int(search.stats[S.NODES])
    sol.stats = {
        "nodes": sol.nodes,
        "tt_hits": int(search.stats[S.TT_HITS]),
        "tt_stores": int(search.stats[S.TT_STORES]),
        "tt_probes": int(search.stats[S.TT_PROBES]),
    }
    sol.seconds = time.perf_counter() - t0
    return sol


def solve(t: Any, *, tt_entries: int | None = None, values: bool = True) -> Solution:
    """Solve table ``t`` (in its play phase, every hand known): see :class:`Solution`.

    ``tt_entries`` sizes the transposition table (a power of two; default
    :data:`DEFAULT_TT_ENTRIES`).  Raises :class:`PositionError` when the table
    is not at a card to play, or its game has no two sides to count.
    """
    pos = position(t)
    if values:
        acts = t.legal_actions()
        sol = solve_position(pos, cards=[int(a.card) for a in acts], tt_entries=tt_entries)
        sol.tricks = {a: sol.tricks[PLAY[a.card]] for a in acts}  # the table's own actions, in its order
        return sol
    return solve_position(pos, tt_entries=tt_entries, values=False)


_STRAINS = ("C", "D", "H", "S", "N")


def dd_table(hands: Mapping[str, int], *, tt_entries: int | None = None) -> dict[str, dict[str, int]]:
    """The double-dummy table of a 52-card deal, as DDS's ``CalcDDtable``: ``{strain: {declarer: tricks}}``.

    ``hands`` maps N, E, S, W to bit sets; strains are C, D, H, S and N (no
    trumps); the player on the declarer's left leads.
    """
    seats = ("N", "E", "S", "W")
    if set(hands) != set(seats):
        raise PositionError(f"a double-dummy table needs the hands of N, E, S and W, not {sorted(hands)}")
    hs = tuple(hands[s] for s in seats)
    out: dict[str, dict[str, int]] = {}
    for strain in _STRAINS:
        trumps = None if strain == "N" else "CDHS".index(strain)
        row = {}
        for d in range(4):
            leader = (d + 1) % 4
            side = "NS" if d % 2 == 0 else "EW"
            pos = Position(
                seats=seats, hands=hs, trumps=trumps, leader=leader, trick=(), side=side, counted=(d, (d + 2) % 4)
            )
            row[seats[d]] = solve_position(pos, values=False, tt_entries=tt_entries).best
        out[strain] = row
    return out
