"""numba kernels of :mod:`hoyle.vector.engine` (imported only when numba is installed).

The kernel deals and plays exactly what the numpy engine does for the same
seed: the same counter-based draws (``engine._uniform``), the Fisher–Yates
shuffle and the cut (000 §34), the deal one card at a time from the dealer's
left (000 §44 I), the turned card for trumps (000 §52), the Long Whist call
(rules §1.2), the follow-suit rule (000 §71), the ``int(u * n)``-th lawful card
lowest first, and the trick to the highest trump, else the highest card of
the suit led (000 §2).  The tests hold the two to the same cards.
"""

from __future__ import annotations

import numpy as np
from numba import njit, uint64

_POP = np.array([bin(m).count("1") for m in range(1 << 13)], dtype=np.int8)
"""Cards in a 13-bit suit mask."""
_SEL = np.zeros((1 << 13, 13), dtype=np.int8)
"""The rank index (0 = deuce) of the k-th card, lowest first, of a 13-bit suit mask."""
for _m in range(1 << 13):
    _SEL[_m, : _POP[_m]] = [r for r in range(13) if _m >> r & 1]

_GAMMA = np.uint64(0x9E3779B97F4A7C15)
_M1 = np.uint64(0xBF58476D1CE4E5B9)
_M2 = np.uint64(0x94D049BB133111EB)
_HONOURS = 0b1111000000000  # knave, queen, king, ace of a suit (000 §3)


@njit(cache=True, inline="always", error_model="numpy")
def _r(key, ctr):  # type: ignore[no-untyped-def]
    """splitmix64's output number ``ctr`` for the table's ``key``."""
    z = key + ctr * _GAMMA
    z = (z ^ (z >> uint64(30))) * _M1
    z = (z ^ (z >> uint64(27))) * _M2
    return z ^ (z >> uint64(31))


_SCALE = 1.0 / 4294967296.0
_LOW = uint64(0xFFFFFFFF)


@njit(cache=True, nogil=True, error_model="numpy")
def _deal_and_play(  # type: ignore[no-untyped-def]
    deal_keys,
    play_keys,
    deal_no,
    dealer,
    score,
    long,
    pop,
    sel,
    order,
    cut,
    plays,
    winners,
    won,
    ns_honours,
    called,
):
    lanes = order.shape[0]
    base = uint64(deal_no) * uint64(64) + uint64(1)
    pack = np.empty(52, dtype=np.int64)
    hs = np.zeros((4, 4), dtype=np.int64)  # each seat's cards by suit, 13-bit masks
    for lane in range(lanes):
        kd = deal_keys[lane]
        for i in range(52):
            pack[i] = i
        r = uint64(0)
        for d in range(51):  # Fisher-Yates from the bottom: draw d swaps the card at i = 51 - d
            if d & 1 == 0:
                r = _r(kd, base + uint64(d >> 1))
                x = np.float64(r >> uint64(32)) * _SCALE
            else:
                x = np.float64(r & _LOW) * _SCALE
            i = 51 - d
            j = np.int64(x * (i + 1))
            t = pack[i]
            pack[i] = pack[j]
            pack[j] = t
        at = 4 + np.int64(np.float64(r & _LOW) * _SCALE * 45)  # draw 51; four in each packet (000 §34)
        cut[lane] = at
        hs[:, :] = 0
        eldest = (np.int64(dealer[lane]) + 1) & 3
        for i in range(52):
            c = pack[(i + at) % 52]
            order[lane, i] = c
            hs[(eldest + i) & 3, c // 13] |= np.int64(1) << (c % 13)  # one at a time (000 §44 I)
        trumps = order[lane, 51] // 13  # the last card, the dealer's, turned (000 §52)
        ns = np.int64(pop[(hs[0, trumps] | hs[2, trumps]) & _HONOURS])
        ns_honours[lane] = ns
        called[lane] = -1
        if long:  # at eight, three honours call the game (rules §1.2)
            if score[lane, 0] == 8 and ns >= 3:
                called[lane] = 0
            elif score[lane, 1] == 8 and 4 - ns >= 3:
                called[lane] = 1
        won[lane, :] = 0
        if called[lane] >= 0:
            plays[lane, :] = -1
            winners[lane, :] = -1
            continue
        kp = play_keys[lane]
        leader = eldest
        step = 0
        for t in range(13):
            seat = leader
            led = 0
            best = np.int64(0)
            win = seat
            for j in range(4):
                if j > 0:
                    seat = (seat + 1) & 3
                if step & 1 == 0:
                    r = _r(kp, base + uint64(step >> 1))
                    x = np.float64(r >> uint64(32)) * _SCALE
                else:
                    x = np.float64(r & _LOW) * _SCALE
                if j > 0 and hs[seat, led] != 0:  # he follows suit (000 §71)
                    f = hs[seat, led]
                    rk = np.int64(sel[f, np.int64(x * pop[f])])
                    hs[seat, led] = f & ~(np.int64(1) << rk)
                    c = led * 13 + rk
                else:  # he leads, or has none of the suit: any card
                    c0 = np.int64(pop[hs[seat, 0]])  # cards in the first suits, cumulated
                    c1 = c0 + pop[hs[seat, 1]]
                    c2 = c1 + pop[hs[seat, 2]]
                    k = np.int64(x * (c2 + pop[hs[seat, 3]]))
                    b0 = np.int64(k >= c0)  # the suit of the k-th card, without a branch
                    b1 = np.int64(k >= c1)
                    b2 = np.int64(k >= c2)
                    s = b0 + b1 + b2
                    k -= b0 * c0 + b1 * (c1 - c0) + b2 * (c2 - c1)
                    rk = np.int64(sel[hs[seat, s], k])
                    hs[seat, s] &= ~(np.int64(1) << rk)
                    c = s * 13 + rk
                plays[lane, step] = c
                step += 1
                suit = c // 13
                if j == 0:
                    led = suit
                # The card's power in the trick: a trump above every card of the suit led, a discard nothing
                # (000 §2); the highest power wins, the update made without a branch.
                is_t = np.int64(suit == trumps)
                power = (c + 64 * is_t + 1) * (is_t | np.int64(suit == led))
                better = np.int64(power > best)
                best += (power - best) * better
                win += (seat - win) * better
            winners[lane, t] = win
            won[lane, win] += 1
            leader = win


def deal_and_play_random(
    deal_keys: np.ndarray,
    play_keys: np.ndarray,
    deal_no: int,
    dealer: np.ndarray,
    score: np.ndarray,
    long: bool,
    order: np.ndarray,
    cut: np.ndarray,
    plays: np.ndarray,
    winners: np.ndarray,
    won: np.ndarray,
    ns_honours: np.ndarray,
    called: np.ndarray,
) -> None:
    """Shuffle, cut, deal and play deal number ``deal_no`` at every table, into the output arrays."""
    _deal_and_play(
        deal_keys,
        play_keys,
        deal_no,
        dealer,
        score,
        long,
        _POP,
        _SEL,
        order,
        cut,
        plays,
        winners,
        won,
        ns_honours,
        called,
    )


@njit(cache=True, nogil=True, error_model="numpy")
def _score(  # type: ignore[no-untyped-def]
    won,
    ns_honours,
    called,
    table,
    value,
    target,
    code,
    bonus,
    score,
    games_won,
    values_won,
    net,
    dealer,
    tricks,
    points,
    game,
    game_value,
    rubber,
    rubber_points,
):
    """engine.VectorWhist.score for each table in a loop: the same rules, the same table of score_hand."""
    for lane in range(won.shape[0]):
        t0 = won[lane, 0] + won[lane, 2]
        t1 = won[lane, 1] + won[lane, 3]
        tricks[lane, 0] = t0
        tricks[lane, 1] = t1
        b0 = np.int64(score[lane, 0])
        b1 = np.int64(score[lane, 1])
        if called[lane] >= 0:  # rules §1.2: the side that calls wins the game at once
            a0 = target if called[lane] == 0 else b0
            a1 = target if called[lane] == 1 else b1
        else:
            a0 = np.int64(table[b0, b1, t0, ns_honours[lane], 0])
            a1 = np.int64(table[b0, b1, t0, ns_honours[lane], 1])
        points[lane, 0] = a0 - b0
        points[lane, 1] = a1 - b1
        g = 0 if a0 >= target else 1 if a1 >= target else -1
        game[lane] = g
        game_value[lane] = 0
        rubber[lane] = -1
        rubber_points[lane] = 0
        if g >= 0:
            v = value[a1 if g == 0 else a0]
            game_value[lane] = v
            games_won[lane, g] += 1
            values_won[lane, g] += v
            if code == 1:  # American: each game's value is scored as it is won (002 §1)
                net[lane, g] += v
                net[lane, 1 - g] -= v
            if games_won[lane, g] >= 2:  # the best of three (000 §1)
                w = np.int64(values_won[lane, g])
                lost = np.int64(values_won[lane, 1 - g])
                if code == 0:
                    rp = w + 2 - lost  # 000 §9, §10
                    credit = rp
                else:
                    rp = w - lost + bonus  # rules §1.3
                    credit = bonus if code == 1 else rp
                rubber[lane] = g
                rubber_points[lane] = rp
                net[lane, g] += credit
                net[lane, 1 - g] -= credit
                games_won[lane, 0] = 0
                games_won[lane, 1] = 0
                values_won[lane, 0] = 0
                values_won[lane, 1] = 0
            score[lane, 0] = 0
            score[lane, 1] = 0
        else:
            score[lane, 0] = a0
            score[lane, 1] = a1
        dealer[lane] = (dealer[lane] + 1) & 3  # the deal passes to the left (000 §33)


def score_deals(
    won: np.ndarray,
    ns_honours: np.ndarray,
    called: np.ndarray,
    table: np.ndarray,
    value: np.ndarray,
    target: int,
    code: int,
    bonus: int,
    score: np.ndarray,
    games_won: np.ndarray,
    values_won: np.ndarray,
    net: np.ndarray,
    dealer: np.ndarray,
    tricks: np.ndarray,
    points: np.ndarray,
    game: np.ndarray,
    game_value: np.ndarray,
    rubber: np.ndarray,
    rubber_points: np.ndarray,
) -> None:
    """Score every table's deal in place (the sitting's state) and into the output arrays."""
    _score(
        won,
        ns_honours,
        called,
        table,
        value,
        target,
        code,
        bonus,
        score,
        games_won,
        values_won,
        net,
        dealer,
        tricks,
        points,
        game,
        game_value,
        rubber,
        rubber_points,
    )
