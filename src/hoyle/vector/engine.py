"""The vectorized engine: many sittings of Whist side by side, one deal at every table per round.

Cards are numbered as everywhere in hoyle: ``suit * 13 + rank - 2`` (clubs,
diamonds, hearts, spades; deuce to ace), so a higher number within a suit is
a higher card.  Seats are N E S W = 0..3, sides N-S = 0 and E-W = 1.

The rules are the table's (:mod:`hoyle.rulebook.whist`):

* the pack is shuffled and cut, leaving at least four cards in each packet
  (000 §34, 002 §10): the cut puts the lower packet on top;
* it is dealt one card at a time from the dealer's left, and the last card,
  the dealer's, is turned for trumps (000 §44 I, III, §52; 002 §13, §18);
* the eldest hand leads, a player must follow suit if he can (000 §71,
  002 §21), the highest trump wins a trick, else the highest card of the suit
  led (000 §2); the winner leads the next;
* the hand is scored by :func:`~hoyle.rulebook.whist.score_hand` itself
  (looked up in a table built from it: tricks, honours, a side at four, surplus
  lost), games by :func:`~hoyle.rulebook.whist.game_value` and rubbers by the
  rules of :func:`~hoyle.rulebook.whist.rubber_value` (000 §1, §8–10; 002 §1;
  rules §1.2–1.3); at Long Whist a side at eight holding three honours calls
  and wins the game without playing (rules §1.2);
* the deal passes to the left (000 §33); the first dealer is West, as at a
  table formed by cutting (the dealer sits West).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

import numpy as np

from ..errors import UnknownOption
from ..rulebook.whist import AMERICAN, CODES, ENGLISH, game_target, game_value, score_hand

__all__ = [
    "OBS_SIZE",
    "Deals",
    "Policy",
    "VectorWhist",
    "playouts",
    "random_policy",
]

Policy = Callable[[np.ndarray, np.ndarray], np.ndarray]
"""``policy(observation, legal_mask) -> cards``: float32 ``(L, OBS_SIZE)`` and bool ``(L, 52)`` in,
``(L,)`` card numbers out."""

OBS_SIZE = 532
"""Length of one observation (see :meth:`VectorWhist.observation`)."""

_BITS = np.uint64(1) << np.arange(52, dtype=np.uint64)
_SUIT_BITS = np.array([((1 << 13) - 1) << (13 * s) for s in range(4)], dtype=np.uint64)
_HONOUR_BITS = np.array([sum(1 << (13 * s + r) for r in (9, 10, 11, 12)) for s in range(4)], dtype=np.uint64)
_ARANGE52 = np.arange(52)


_GAMMA = np.uint64(0x9E3779B97F4A7C15)
_M1 = np.uint64(0xBF58476D1CE4E5B9)
_M2 = np.uint64(0x94D049BB133111EB)


def _mix(z: np.ndarray) -> np.ndarray:
    """splitmix64's finalizer (uint64 arrays; the products wrap)."""
    z = (z ^ (z >> np.uint64(30))) * _M1
    z = (z ^ (z >> np.uint64(27))) * _M2
    return z ^ (z >> np.uint64(31))


def _uniform(keys: np.ndarray, deal: int, draw: int) -> np.ndarray:
    """Draw ``draw`` (0..127) of deal ``deal`` at each table: a float64 in [0, 1) with 32 random bits.

    Counter-based splitmix64: the ``k``-th output of splitmix64 seeded with the table's key is
    ``mix(key + k * gamma)``; deal ``deal`` uses outputs ``k = deal * 64 + 1 ...``, each giving two draws,
    its high 32 bits then its low 32 bits.  So any draw is had without the ones before it.
    """
    k = deal * 64 + draw // 2 + 1
    r = _mix(keys + np.uint64((k * 0x9E3779B97F4A7C15) & 0xFFFFFFFFFFFFFFFF))
    half = r >> np.uint64(32) if draw % 2 == 0 else r & np.uint64(0xFFFFFFFF)
    return half.astype(np.float64) * (1.0 / (1 << 32))


def _shuffle_and_cut(keys: np.ndarray, deal: int) -> tuple[np.ndarray, np.ndarray]:
    """Each table's pack for deal number ``deal``: shuffled, then cut; ``(order (L, 52) int8, cut (L,) int8)``.

    The shuffle is Fisher–Yates from the bottom (draws 0..50: the card at ``i`` is swapped with the one at
    ``int(u * (i + 1))``); the cut (draw 51) lifts ``4 + int(u * 45)`` cards, leaving at least four in each
    packet (000 §34), and puts the lower packet on top, as :func:`hoyle.cards.cut` does.
    """
    L = keys.shape[0]
    pack = np.broadcast_to(np.arange(52, dtype=np.int8), (L, 52)).copy()
    lanes = np.arange(L)
    for d, i in enumerate(range(51, 0, -1)):
        j = (_uniform(keys, deal, d) * (i + 1)).astype(np.int64)
        a = pack[:, i].copy()
        pack[:, i] = pack[lanes, j]
        pack[lanes, j] = a
    cut = (4 + (_uniform(keys, deal, 51) * 45).astype(np.int64)).astype(np.int8)
    order = np.take_along_axis(pack, (_ARANGE52 + cut[:, None].astype(np.int64)) % 52, axis=1)
    return order, cut


def _popcount(x: np.ndarray) -> np.ndarray:
    if hasattr(np, "bitwise_count"):
        return np.bitwise_count(x).astype(np.int64)
    return np.unpackbits(x.astype("<u8").view(np.uint8).reshape(*x.shape, 8), axis=-1).sum(-1).astype(np.int64)


def _expand(bits: np.ndarray) -> np.ndarray:
    """``(...,)`` uint64 card masks to ``(..., 52)`` bools."""
    return (bits[..., None] & _BITS) != 0


@dataclass(frozen=True)
class _Rules:
    code: str
    long: bool
    bonus: int
    target: int
    score: np.ndarray  # (T, T, 14, 5, 2): the score after a hand, from score_hand
    value: np.ndarray  # (T,): a game's value by the losers' score, from game_value


_RULES: dict[tuple[str, bool, int], _Rules] = {}


def _rules(code: str, long: bool, bonus: int) -> _Rules:
    if code not in CODES:
        raise UnknownOption(f"code {code!r} is not a code of whist; the codes are: {', '.join(CODES)}")
    if long and code != ENGLISH:
        raise UnknownOption(f"long=True is Long Whist, an English game: it goes with code={ENGLISH!r} only")
    if bonus and code == ENGLISH:
        raise UnknownOption("rubber_bonus is for the American codes; the English code has its two rubber points")
    if not isinstance(bonus, int) or not 0 <= bonus <= 100:
        raise UnknownOption(f"rubber_bonus is 0..100, not {bonus!r}")
    key = (code, long, bonus)
    if key not in _RULES:
        t = game_target(code, long=long)
        table = np.zeros((t, t, 14, 5, 2), dtype=np.int16)
        for b0 in range(t):
            for b1 in range(t):
                for t0 in range(14):
                    for h0 in range(5):
                        table[b0, b1, t0, h0] = score_hand(
                            (b0, b1), (t0, 13 - t0), (h0, 4 - h0), long=long, code=code
                        ).score
        value = np.array([game_value(s, long=long, code=code) for s in range(t)], dtype=np.int16)
        _RULES[key] = _Rules(code, long, bonus, t, table, value)
    return _RULES[key]


@dataclass(frozen=True)
class Deals:
    """One deal at each of ``L`` tables (or many, from :func:`playouts`): numpy arrays, first axis the deal.

    Sides are N-S = 0 and E-W = 1; ``-1`` means none.
    """

    dealer: np.ndarray
    """``(L,)`` int8: the dealer, N E S W = 0..3."""
    order: np.ndarray
    """``(L, 52)`` int8: the pack as dealt, top card first (after the cut); card ``i`` goes to seat
    ``dealer + 1 + i``, the last is turned for trumps."""
    cut: np.ndarray
    """``(L,)`` int8: where the pack was cut (cards lifted off the top), 4..48; ``-1`` for a given deal."""
    trumps: np.ndarray
    """``(L,)`` int8: the trump suit (clubs, diamonds, hearts, spades = 0..3)."""
    plays: np.ndarray
    """``(L, 52)`` int8: the cards in the order played (``-1`` where a Long Whist call threw the hands in)."""
    winners: np.ndarray
    """``(L, 13)`` int8: the seat that won each trick (``-1`` where none was played)."""
    tricks: np.ndarray
    """``(L, 2)`` int8: tricks taken by each side."""
    honours: np.ndarray
    """``(L, 2)`` int8: honours held by each side (000 §3)."""
    before: np.ndarray
    """``(L, 2)`` int16: the game score when the deal began."""
    points: np.ndarray
    """``(L, 2)`` int16: game points the deal scored for each side (tricks and honours, after the laws'
    limits: the game, a side at four, honours dead at nine)."""
    called: np.ndarray
    """``(L,)`` int8: the side that called and won the game without playing (Long Whist, rules §1.2)."""
    game: np.ndarray
    """``(L,)`` int8: the side that won a game with this deal."""
    game_value: np.ndarray
    """``(L,)`` int16: that game's value (0 if none)."""
    rubber: np.ndarray
    """``(L,)`` int8: the side that won the rubber with this deal."""
    rubber_points: np.ndarray
    """``(L,)`` int16: the rubber's value as :func:`~hoyle.rulebook.whist.rubber_value` gives it (0 if none)."""
    net: np.ndarray
    """``(L, 2)`` int32: each side's net points over its sitting after this deal (000 §9–10; 002 §1)."""

    def __len__(self) -> int:
        return int(self.dealer.shape[0])

    @classmethod
    def concatenate(cls, parts: list[Deals]) -> Deals:
        """Rounds of deals one after another (round-major: deal ``i`` is table ``i % L`` of round ``i // L``)."""
        return cls(**{f: np.concatenate([getattr(p, f) for p in parts]) for f in cls.__dataclass_fields__})

    def take(self, n: int) -> Deals:
        return Deals(**{f: getattr(self, f)[:n] for f in self.__dataclass_fields__})


def random_policy(seed: int | np.random.Generator | None = None) -> Policy:
    """Uniform among the lawful cards, from a numpy generator of its own: ``u = rng.random(L)`` a card for
    the ``L`` tables, and the ``int(u * n)``-th of the ``n`` lawful cards, lowest first (the convention of
    hoyle's fast path; a bias of at most ``n / 2**53``).  :meth:`VectorWhist.random_policy` is the same rule
    on the engine's own stream, the one :meth:`VectorWhist.play_random` plays by.
    """
    rng = seed if isinstance(seed, np.random.Generator) else np.random.default_rng(seed)

    def policy(obs: np.ndarray, mask: np.ndarray) -> np.ndarray:
        return _nth_lawful(mask, np.asarray(rng.random(mask.shape[0])))

    return policy


def _nth_lawful(mask: np.ndarray, u: np.ndarray) -> np.ndarray:
    counts = mask.sum(1)
    k = (u * counts).astype(np.int64)
    out = np.argmax(np.cumsum(mask, 1) > k[:, None], axis=1)
    return np.where(counts > 0, out, -1)


class VectorWhist:
    """``lanes`` sittings of Whist side by side, each dealing and playing one deal a round.

    Each table plays an endless sitting: the game score carries from deal to
    deal, games make rubbers, and the net rubber points accumulate.  Two
    random streams come from ``seed`` (``numpy.random.SeedSequence(seed).spawn(2)``):
    one shuffles and cuts, the other plays at random; so the same seed gives
    the same deals whatever the policy.

    Step by step (any policy)::

        v = VectorWhist(1024, seed=1)
        v.deal()
        while not v.done:
            v.step(my_policy(v.observation(), v.legal_mask()))
        d = v.score()            # a Deals of the 1024 deals

    or ``v.play(policy)`` for the same, and ``v.play_random()`` for the fast
    random playout (compiled by numba when it is installed).
    """

    def __init__(
        self,
        lanes: int,
        *,
        seed: int | None = None,
        code: str = ENGLISH,
        long: bool = False,
        rubber_bonus: int = 0,
        backend: str = "auto",
    ) -> None:
        if not isinstance(lanes, int) or isinstance(lanes, bool) or lanes < 1:
            raise ValueError(f"lanes must be a positive int, not {lanes!r}")
        if backend not in ("auto", "numba", "numpy"):
            raise ValueError(f"backend {backend!r}: the backends are auto, numba, numpy")
        if backend == "numba" and not _numba_available():
            raise ImportError("backend='numba' needs numba: pip install 'hoyle[vector]'")
        if backend == "auto":
            backend = "numba" if _numba_available() else "numpy"
        self.backend = backend
        self.rules = _rules(code, long, rubber_bonus)
        self.lanes = lanes
        kd, kp = np.random.SeedSequence(seed).generate_state(2, np.uint64)
        table = np.arange(L := lanes, dtype=np.uint64) * _GAMMA
        self._deal_keys = _mix(kd + table)
        self._play_keys = _mix(kp + table)
        self.dealer = np.full(L, 3, dtype=np.int8)  # West deals first
        self.game_score = np.zeros((L, 2), dtype=np.int16)
        self.games_won = np.zeros((L, 2), dtype=np.int16)  # games of the rubber in play, by side
        self.values_won = np.zeros((L, 2), dtype=np.int16)  # their values, by side
        self.net = np.zeros((L, 2), dtype=np.int32)
        self.deals_played = 0
        self._in_deal = False
        self._step = 0

    # ------------------------------------------------------------------ the deal

    def deal(self, orders: np.ndarray | None = None) -> None:
        """Shuffle, cut and deal at every table (``orders``: the packs as dealt, ``(L, 52)``, instead).

        At Long Whist a side at eight holding three honours calls: that table
        plays no cards this deal (rules §1.2).
        """
        if self._in_deal:
            raise RuntimeError("a deal is in play: finish it and score() it before dealing again")
        L = self.lanes
        if orders is None:
            order, cut = _shuffle_and_cut(self._deal_keys, self.deals_played)
        else:
            order = np.asarray(orders)
            if order.shape != (L, 52) or not (np.sort(order, axis=1) == _ARANGE52).all():
                raise ValueError(f"orders must be {L} rows of the 52 cards (0..51) each once")
            order = order.astype(np.int8)
            cut = np.full(L, -1, dtype=np.int8)
        self._start(order, cut)

    def _start(self, order: np.ndarray, cut: np.ndarray) -> None:
        L = self.lanes
        self.order, self.cut = order, cut
        eldest = (self.dealer.astype(np.int64) + 1) % 4
        seat_of_pos = (eldest[:, None] + _ARANGE52) % 4  # one at a time from the dealer's left (000 §44 I)
        bits = _BITS[order.astype(np.int64)]
        hands = np.zeros((L, 4), dtype=np.uint64)
        for s in range(4):
            hands[:, s] = np.bitwise_or.reduce(np.where(seat_of_pos == s, bits, np.uint64(0)), axis=1)
        self.hands = hands
        self.trumps = (order[:, 51] // 13).astype(np.int8)  # the last card, turned (000 §44 III, §52)
        hb = _HONOUR_BITS[self.trumps.astype(np.int64)]
        ns = _popcount((hands[:, 0] | hands[:, 2]) & hb)
        self.honours = np.stack([ns, 4 - ns], axis=1).astype(np.int8)
        self.before = self.game_score.copy()
        self.called = np.full(L, -1, dtype=np.int8)
        if self.rules.long:  # rules §1.2: at eight with three honours, call
            for side in (0, 1):
                call = (self.game_score[:, side] == 8) & (self.honours[:, side] >= 3) & (self.called < 0)
                self.called[call] = side
        self.active = self.called < 0
        self.leader = eldest.astype(np.int8)
        self.to_act = np.where(self.active, self.leader, -1).astype(np.int8)
        self.plays = np.full((L, 52), -1, dtype=np.int8)
        self.winners = np.full((L, 13), -1, dtype=np.int8)
        self.won = np.zeros((L, 4), dtype=np.int8)
        self.gone = np.zeros((L, 4), dtype=np.uint64)  # cards each seat played to quitted tricks
        self.trick = np.full((L, 4), -1, dtype=np.int8)  # the current trick's cards, by seat
        self._best = np.zeros(L, dtype=np.int64)
        self._win = self.leader.astype(np.int64)
        self._trumped = np.zeros(L, dtype=bool)
        self._step = 0
        self._in_deal = True

    @property
    def done(self) -> bool:
        """Whether every table has played its 52 cards (or called) this deal."""
        return self._step >= 52 or not self.active.any()

    def legal_mask(self) -> np.ndarray:
        """``(L, 52)`` bool: the cards each table's seat to act may play (follow suit: 000 §71).

        All false at a table not in play (called, or the deal over).
        """
        return _expand(self._legal_bits())

    def _legal_bits(self) -> np.ndarray:
        self._check_in_deal()
        L = self.lanes
        lanes = np.arange(L)
        seat = np.maximum(self.to_act, 0).astype(np.int64)
        hand = self.hands[lanes, seat]
        if self._step % 4:
            led = self.plays[:, self._step - self._step % 4].astype(np.int64) // 13
            follow = hand & _SUIT_BITS[np.maximum(led, 0)]
            hand = np.where(follow != 0, follow, hand)
        return np.where(self.active & (self._step < 52), hand, np.uint64(0))

    def observation(self) -> np.ndarray:
        """``(L, OBS_SIZE)`` float32: what the seat to act at each table may know, nothing more.

        Seats are taken from the actor: 0 himself, 1 his left, 2 his partner, 3 his right.

        ====== ============================================================
        0:52    his hand
        52:260  the cards each seat (relative) played to the quitted tricks, 52 each
        260:468 the cards each seat (relative) played to the trick in progress, 52 each
        468:472 the trump suit (one-hot)
        472:524 the turned card (one-hot: it was dealt to the dealer, as all saw)
        524:528 the dealer (relative, one-hot)
        528:530 the game score of his side and of the adversaries, over the points of a game
        530:532 the tricks his side and the adversaries have taken this deal, over 13
        ====== ============================================================

        A table not in play gives zeros.
        """
        self._check_in_deal()
        L = self.lanes
        out = np.zeros((L, OBS_SIZE), dtype=np.float32)
        lanes = np.arange(L)
        me = np.maximum(self.to_act, 0).astype(np.int64)
        rel = (me[:, None] + np.arange(4)) % 4
        out[:, 0:52] = _expand(self.hands[lanes, me])
        out[:, 52:260] = _expand(np.take_along_axis(self.gone, rel, axis=1)).reshape(L, 208)
        cur = np.take_along_axis(self.trick, rel, axis=1).astype(np.int64)
        onehot = (cur[..., None] == _ARANGE52) & (cur[..., None] >= 0)
        out[:, 260:468] = onehot.reshape(L, 208)
        out[lanes, 468 + self.trumps.astype(np.int64)] = 1
        out[lanes, 472 + self.order[:, 51].astype(np.int64)] = 1
        out[lanes, 524 + (self.dealer.astype(np.int64) - me) % 4] = 1
        side = me % 2
        out[:, 528] = self.game_score[lanes, side] / self.rules.target
        out[:, 529] = self.game_score[lanes, 1 - side] / self.rules.target
        won = np.stack([self.won[:, 0] + self.won[:, 2], self.won[:, 1] + self.won[:, 3]], 1)
        out[:, 530] = won[lanes, side] / 13
        out[:, 531] = won[lanes, 1 - side] / 13
        out[~(self.active & (self._step < 52))] = 0
        return out

    def table_observation(self) -> np.ndarray:
        """``(L, n)`` float32: at each table, what ``t.observation(t.to_act)`` gives at a ``WhistTable`` in
        the same state, float for float (the layout of ``hoyle.research``, docs/research.md: 826 floats for
        whist), so that a policy trained here plays at the table and back.  A table not in play gives zeros.

        The trump card lies on the table, in everyone's sight and out of the dealer's hand, until the dealer
        plays to the first trick (000 §52), as the table's view shows it.
        """
        self._check_in_deal()
        from ..engine.registry import game
        from ..research.observe import layout

        r = self.rules
        lay = layout(game("whist", code=r.code, long=r.long, rubber_bonus=r.bonus))
        b = {x.name: x for x in lay.blocks}
        L = self.lanes
        lanes = np.arange(L)
        out = np.zeros((L, lay.size), dtype=np.float32)
        me = np.maximum(self.to_act, 0).astype(np.int64)
        rel = (me[:, None] + np.arange(4)) % 4  # relative row k is absolute seat rel[:, k]
        W = b["hand"].width  # 53 card slots (52 is Mistigris, never at whist)
        out[:, b["hand"].offset : b["hand"].offset + 52] = _expand(self.hands[lanes, me])
        in_trick = np.where(self.trick >= 0, _BITS[np.maximum(self.trick, 0).astype(np.int64)], np.uint64(0))
        played = self.gone | in_trick
        for k in range(4):
            seat = rel[:, k]
            o = b["played"].offset + k * W
            out[:, o : o + 52] = _expand(played[lanes, seat])
            o = b["trick"].offset + k * W
            out[:, o : o + 52] = _expand(in_trick[lanes, seat])
        turned_up = self._step < 3  # the dealer, fourth to the first trick, takes it up at his turn (000 §52)
        if turned_up:
            out[lanes, b["turned"].offset + self.order[:, 51].astype(np.int64)] = 1
        out[lanes, b["trumps"].offset + self.trumps.astype(np.int64)] = 1
        out[:, b["to_act"].offset] = 1
        out[lanes, b["dealer"].offset + (self.dealer.astype(np.int64) - me) % 4] = 1
        out[:, b["phase"].offset] = 1  # play
        counts = _popcount(self.hands).astype(np.float32)
        if turned_up:
            counts[lanes, self.dealer.astype(np.int64)] -= 1
        won = np.stack([self.won[:, 0] + self.won[:, 2], self.won[:, 1] + self.won[:, 3]], 1)
        for k in range(4):
            seat = rel[:, k]
            out[:, b["hand_counts"].offset + k] = counts[lanes, seat] / 13
            out[:, b["tricks"].offset + k] = won[lanes, seat % 2] / 13
            out[:, b["scores"].offset + k] = self.game_score[lanes, seat % 2] / lay.scale
            out[:, b["in_deal"].offset + k] = 1
        out[~(self.active & (self._step < 52))] = 0
        return out

    def step(self, cards: np.ndarray | list[int]) -> None:
        """Each table's seat to act plays ``cards[lane]`` (ignored at a table not in play).

        An unlawful card raises ``ValueError`` naming the tables and cards, and nothing is played.
        """
        legal = self._legal_bits()
        if self.done:
            raise RuntimeError("the deal is over at every table: score() it, then deal()")
        c = np.asarray(cards).astype(np.int64).reshape(-1)
        if c.shape != (self.lanes,):
            raise ValueError(f"step() takes one card for each of the {self.lanes} tables, not shape {c.shape}")
        live = self.active & (self._step < 52)
        cc = np.clip(c, 0, 51)
        ok = ~live | ((c >= 0) & (c < 52) & ((legal & _BITS[cc]) != 0))
        if not ok.all():
            bad = np.flatnonzero(~ok)[:5]
            raise ValueError(
                "unlawful cards (the seat does not hold it, or must follow suit: 000 §71): "
                + ", ".join(f"table {i} card {int(c[i])}" for i in bad)
            )
        self._apply(np.where(live, cc, 0), live)

    def _apply(self, c: np.ndarray, live: np.ndarray) -> None:
        lanes = np.arange(self.lanes)
        seat = np.maximum(self.to_act, 0).astype(np.int64)
        pos = self._step % 4
        bit = np.where(live, _BITS[c], np.uint64(0))
        self.hands[lanes, seat] &= ~bit
        self.plays[:, self._step] = np.where(live, c, -1)
        self.trick[lanes, seat] = np.where(live, c, self.trick[lanes, seat])
        trumps = self.trumps.astype(np.int64)
        if pos == 0:
            self._best = c.copy()
            self._win = seat.copy()
            self._trumped[:] = False
        else:
            led = self.plays[:, self._step - pos].astype(np.int64) // 13
            follows = c // 13 == led
            beats_follow = follows & (c > self._best) & ~self._trumped
            beats_trump = ~follows & (c // 13 == trumps) & ((c > self._best) | ~self._trumped)
            better = beats_follow | beats_trump
            self._best = np.where(better, c, self._best)
            self._win = np.where(better, seat, self._win)
            self._trumped |= beats_trump
        self._step += 1
        if pos == 3:
            t = self._step // 4 - 1
            win = self._win
            self.winners[:, t] = np.where(live, win, -1)
            np.add.at(self.won, (lanes[live], win[live]), 1)
            played = np.where(self.trick >= 0, _BITS[np.maximum(self.trick, 0).astype(np.int64)], np.uint64(0))
            self.gone |= played
            self.trick[:] = -1
            self.to_act = np.where(live, win, -1).astype(np.int8)
            if self._step == 52:
                self.to_act[:] = -1
        else:
            self.to_act = np.where(live, (seat + 1) % 4, -1).astype(np.int8)

    def _check_in_deal(self) -> None:
        if not self._in_deal:
            raise RuntimeError("no deal in play: call deal() first")

    # ------------------------------------------------------------------ whole deals

    def play(self, policy: Policy | Mapping[str, Policy]) -> Deals:
        """Deal, play every card by ``policy(observation, legal_mask)`` and score: one deal at each table.

        ``policy`` may also be a mapping from seats (``"N"``, ``"E"``, ``"S"``, ``"W"``) or sides
        (``"NS"``, ``"EW"``) to policies, covering all four seats: each decides for the tables where its
        seat is to play, and is given only those tables' rows.
        """
        choose = self._by_seat(policy) if isinstance(policy, Mapping) else policy
        self.deal()
        while not self.done:
            self.step(choose(self.observation(), self.legal_mask()))
        return self.score()

    def _by_seat(self, policies: Mapping[str, Policy]) -> Policy:
        of_seat: dict[int, Policy] = {}
        for key, p in policies.items():
            if key not in ("N", "E", "S", "W", "NS", "EW"):
                raise ValueError(f"policies are keyed by seat (N E S W) or side (NS EW), not {key!r}")
            for ch in key:
                if "NESW".index(ch) in of_seat:
                    raise ValueError(f"seat {ch} is given two policies")
                of_seat["NESW".index(ch)] = p
        if len(of_seat) != 4:
            missing = [s for i, s in enumerate("NESW") if i not in of_seat]
            raise ValueError(f"no policy for seat {', '.join(missing)}")

        def policy(obs: np.ndarray, mask: np.ndarray) -> np.ndarray:
            out = np.full(self.lanes, -1, dtype=np.int64)
            for seat, p in of_seat.items():
                idx = np.flatnonzero(self.to_act == seat)
                if idx.size:
                    call: Any = p
                    got = (
                        call(obs[idx], mask[idx], lanes=idx)
                        if getattr(p, "takes_lanes", False)
                        else p(obs[idx], mask[idx])
                    )
                    out[idx] = np.asarray(got).reshape(-1)
            return out

        return policy

    def play_random(self) -> Deals:
        """Deal, play at random and score: ``play(self.random_policy())``, faster.

        Compiled by numba when it is installed (``backend``), else numpy; the
        two deal and play the same cards for the same seed.
        """
        if self.backend != "numba":
            return self.play(self.random_policy())
        from ._kernels import deal_and_play_random, score_deals

        if self._in_deal:
            raise RuntimeError("a deal is in play: finish it and score() it before dealing again")
        L = self.lanes
        order = np.empty((L, 52), dtype=np.int8)
        cut = np.empty(L, dtype=np.int8)
        plays = np.empty((L, 52), dtype=np.int8)
        winners = np.empty((L, 13), dtype=np.int8)
        won = np.empty((L, 4), dtype=np.int8)
        ns_honours = np.empty(L, dtype=np.int8)
        called = np.empty(L, dtype=np.int8)
        deal_and_play_random(
            self._deal_keys,
            self._play_keys,
            self.deals_played,
            self.dealer,
            self.game_score,
            self.rules.long,
            order,
            cut,
            plays,
            winners,
            won,
            ns_honours,
            called,
        )
        before = self.game_score.copy()
        dealer = self.dealer.copy()
        r = self.rules
        tricks = np.empty((L, 2), dtype=np.int8)
        points = np.empty((L, 2), dtype=np.int16)
        game = np.empty(L, dtype=np.int8)
        game_value = np.empty(L, dtype=np.int16)
        rubber = np.empty(L, dtype=np.int8)
        rubber_points = np.empty(L, dtype=np.int16)
        score_deals(
            won,
            ns_honours,
            called,
            r.score,
            r.value,
            r.target,
            CODES.index(r.code),
            r.bonus,
            self.game_score,
            self.games_won,
            self.values_won,
            self.net,
            self.dealer,
            tricks,
            points,
            game,
            game_value,
            rubber,
            rubber_points,
        )
        self.deals_played += 1
        return Deals(
            dealer=dealer,
            order=order,
            cut=cut,
            trumps=(order[:, 51] // 13).astype(np.int8),
            plays=plays,
            winners=winners,
            tricks=tricks,
            honours=np.stack([ns_honours, 4 - ns_honours], axis=1),
            before=before,
            points=points,
            called=called,
            game=game,
            game_value=game_value,
            rubber=rubber,
            rubber_points=rubber_points,
            net=self.net.copy(),
        )

    def random_policy(self) -> Policy:
        """The uniform policy on this engine's own random stream: for a deal and a card, the same draw at
        each table as :meth:`play_random` (``int(u * n)`` of the ``n`` lawful cards, lowest first)."""

        def policy(obs: np.ndarray, mask: np.ndarray, lanes: np.ndarray | None = None) -> np.ndarray:
            u = _uniform(self._play_keys, self.deals_played, self._step)
            return _nth_lawful(mask, u if lanes is None else u[lanes])

        policy.takes_lanes = True  # type: ignore[attr-defined]
        return policy

    def rules_policy(self, seed: int | None = None) -> Policy:
        """hoyle's rules bot (:class:`hoyle.bots.whist_rules.WhistRulesBot`, the precepts) as a batch policy.

        It is not vectorized: at each table in turn it builds the seat's view as the table would show it
        (its hand, the trumps, the cards played, the trick, the tricks taken, the score) and asks the bot
        itself, so it always plays what the bot plays at a ``WhistTable`` (``tests/test_vector.py``),
        at the bot's own speed.
        """
        from ..bots.whist_rules import WhistRulesBot
        from ..engine.actions import PLAY

        bot = WhistRulesBot(seed=seed)

        def policy(obs: np.ndarray, mask: np.ndarray, lanes: np.ndarray | None = None) -> np.ndarray:
            idx = np.arange(self.lanes) if lanes is None else lanes
            out = np.full(len(idx), -1, dtype=np.int64)
            for k, lane in enumerate(idx):
                legal = np.flatnonzero(mask[k])
                if legal.size:
                    action = bot.choose(self._view(int(lane)), [PLAY[int(c)] for c in legal])
                    out[k] = int(action.card)  # type: ignore[arg-type]
            return out

        policy.takes_lanes = True  # type: ignore[attr-defined]
        return policy

    def _view(self, lane: int) -> dict[str, Any]:
        """The view of the seat to act at table ``lane``, in WhistTable.view's terms (the keys a bot reads)."""
        from ..cards import CARDS
        from ..rulebook.whist import SEATS, hand_texts

        seat = int(self.to_act[lane])
        played: list[dict[str, str]] = []
        leader = (int(self.dealer[lane]) + 1) % 4
        for j in range(self._step):
            if j and j % 4 == 0:
                leader = int(self.winners[lane, j // 4 - 1])
            played.append({"seat": SEATS[(leader + j % 4) % 4], "card": str(CARDS[int(self.plays[lane, j])])})
        n = self._step % 4
        won = self.won[lane]
        return {
            "seat": SEATS[seat],
            "to_act": SEATS[seat],
            "dealer": SEATS[int(self.dealer[lane])],
            "trumps": "CDHS"[int(self.trumps[lane])],
            "hand": hand_texts(int(self.hands[lane, seat])),
            "played": played,
            "trick": played[len(played) - n :] if n else [],
            "tricks": {"NS": int(won[0] + won[2]), "EW": int(won[1] + won[3])},
            "score": {"NS": int(self.game_score[lane, 0]), "EW": int(self.game_score[lane, 1])},
            "target": self.rules.target,
        }

    def score(self) -> Deals:
        """Score the deal just played at every table: the hand, games, rubbers (see the module's rules)."""
        self._check_in_deal()
        if not self.done:
            raise RuntimeError(f"the deal is not over: {self._step} of 52 cards played")
        r = self.rules
        L = self.lanes
        lanes = np.arange(L)
        T = r.target
        tricks = np.stack([self.won[:, 0] + self.won[:, 2], self.won[:, 1] + self.won[:, 3]], 1).astype(np.int8)
        b = self.before.astype(np.int64)
        after = r.score[b[:, 0], b[:, 1], tricks[:, 0].astype(np.int64), self.honours[:, 0].astype(np.int64)]
        after = after.astype(np.int16)
        called = self.called >= 0
        if called.any():  # rules §1.2: the side that calls wins the game at once
            after[called] = self.before[called]
            after[lanes[called], self.called[called].astype(np.int64)] = T
        points = (after - self.before).astype(np.int16)
        game = np.where(after[:, 0] >= T, 0, np.where(after[:, 1] >= T, 1, -1)).astype(np.int8)
        has = game >= 0
        g = np.maximum(game, 0).astype(np.int64)
        value = np.where(has, r.value[np.minimum(after[lanes, 1 - g], T - 1)], 0).astype(np.int16)
        self.games_won[lanes[has], g[has]] += 1
        self.values_won[lanes[has], g[has]] += value[has]
        net = self.net
        if r.code == AMERICAN:  # the value of each game is scored as it is won (002 §1)
            net[lanes[has], g[has]] += value[has]
            net[lanes[has], 1 - g[has]] -= value[has]
        over = has & (self.games_won.max(1) >= 2)  # the best of three (000 §1)
        rw = np.argmax(self.games_won, axis=1)
        won_v = self.values_won[lanes, rw].astype(np.int64)
        lost_v = self.values_won[lanes, 1 - rw].astype(np.int64)
        if r.code == ENGLISH:
            rpts = won_v + 2 - lost_v  # 000 §9, §10
            credit = rpts
        else:
            rpts = won_v - lost_v + r.bonus  # rules §1.3
            credit = rpts if r.code != AMERICAN else np.full(L, r.bonus)
        rubber = np.where(over, rw, -1).astype(np.int8)
        rubber_points = np.where(over, rpts, 0).astype(np.int16)
        net[lanes[over], rw[over]] += credit[over].astype(np.int32)
        net[lanes[over], 1 - rw[over]] -= credit[over].astype(np.int32)
        self.games_won[over] = 0
        self.values_won[over] = 0
        self.game_score = np.where(has[:, None], 0, after).astype(np.int16)
        out = Deals(
            dealer=self.dealer.copy(),
            order=self.order,
            cut=self.cut,
            trumps=self.trumps,
            plays=self.plays,
            winners=self.winners,
            tricks=tricks,
            honours=self.honours,
            before=self.before,
            points=points,
            called=self.called,
            game=game,
            game_value=value,
            rubber=rubber,
            rubber_points=rubber_points,
            net=self.net.copy(),
        )
        self.dealer = ((self.dealer + 1) % 4).astype(np.int8)  # the deal passes to the left (000 §33)
        self.deals_played += 1
        self._in_deal = False
        return out


def playouts(
    n: int,
    seed: int | None = None,
    *,
    code: str = ENGLISH,
    long: bool = False,
    rubber_bonus: int = 0,
    policy: Policy | str | Mapping[str, Policy | str] = "random",
    lanes: int | None = None,
    backend: str = "auto",
) -> Deals:
    """``n`` complete deals of Whist: shuffled, cut, dealt, played and scored.

    They are played by ``lanes`` tables side by side (default ``min(n, 4096)``),
    each an endless sitting (the score carries, games make rubbers); deal
    ``i`` of the result is table ``i % lanes``'s deal ``i // lanes``.
    ``policy`` is ``"random"`` (uniform among the lawful cards), ``"rules"``
    (the rules bot), a function of ``(observation, legal_mask)``, or a mapping
    of seats or sides to any of these (``{"NS": "rules", "EW": "random"}``);
    see :class:`VectorWhist`.

    >>> d = playouts(1000, seed=7)
    >>> d.tricks.shape, int(d.tricks.sum())
    ((1000, 2), 13000)
    """
    if not isinstance(n, int) or isinstance(n, bool) or n < 1:
        raise ValueError(f"n must be a positive int, not {n!r}")
    lanes = min(n, 4096) if lanes is None else lanes
    v = VectorWhist(lanes, seed=seed, code=code, long=long, rubber_bonus=rubber_bonus, backend=backend)
    if isinstance(policy, Mapping):
        chosen: Policy | Mapping[str, Policy] = {k: _as_policy(p, v) for k, p in policy.items()}
    elif policy != "random":
        chosen = _as_policy(policy, v)
    parts: list[Deals] = []
    done = 0
    while done < n:
        parts.append(v.play_random() if policy == "random" else v.play(chosen))
        done += lanes
    return Deals.concatenate(parts).take(n)


def _as_policy(policy: Any, v: VectorWhist) -> Policy:
    if policy == "random":
        return v.random_policy()
    if policy == "rules":
        return v.rules_policy()
    if not callable(policy):
        raise ValueError(f"a policy is 'random', 'rules' or a function of (observation, legal_mask), not {policy!r}")
    return policy


_NUMBA: bool | None = None


def _numba_available() -> bool:
    global _NUMBA
    if _NUMBA is None:
        try:
            import numba  # noqa: F401

            _NUMBA = True
        except ImportError:
            _NUMBA = False
    return _NUMBA
