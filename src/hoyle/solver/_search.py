"""The search: null-window alpha-beta over trick-taking positions, compiled by numba when it is installed.

Private.  Everything here works on plain integers and numpy arrays so that
numba can compile it (``cache=True``: the machine code is kept beside the
module after the first run); without numba the same functions run as Python,
correct but slow.

A position is ``n`` hands (bit sets of cards, ``card = suit * 13 + rank``),
the trick on the table (``k`` cards played, the suit led, the winning card
and seat so far, and the mask of those cards), the leader of the trick, the
trump suit (``-1`` for none), and two seat arrays that fix the question:
``cnt[i]`` is 1 when seat ``i``'s tricks are counted, ``mx[i]`` is 1 when
seat ``i`` plays to make the count high (everyone else plays to make it
low).  In a plain game the counted side maximises; at misère and nullo the
counted (declaring) side minimises.

``_ge(..., target)`` answers one question exactly: can the maximisers make
sure the counted side takes at least ``target`` of the tricks still to be
played (the trick on the table included)?  ``_exact`` finds the value with a
few such null-window searches (MTD(f)), sharing one transposition table.

The transposition table holds positions at the start of a trick only, keyed
by the leader and, for each suit, the owners of the suit's remaining cards
from the highest down: a position's value depends on the order of the
remaining cards, never on their face ranks, so positions that differ only in
cards already played share an entry.  An entry keeps a lower and an upper
bound on the tricks still to come.  Its size is fixed when it is made; a
full table replaces the shallower entry of a bucket of two.
"""

from __future__ import annotations

from typing import Any

import numpy as np

try:  # numba is optional: the solver is exact without it, only slower
    from numba import njit as _numba_njit

    HAVE_NUMBA = True

    def njit(f: Any) -> Any:
        return _numba_njit(cache=True)(f)

except ImportError:  # pragma: no cover - exercised only where numba is absent
    HAVE_NUMBA = False

    def njit(f: Any) -> Any:
        return f


# Tables over 13-bit suit holdings: highest and lowest rank held, and the count.
_HIGH = np.full(8192, -1, dtype=np.int64)
_LOW = np.full(8192, -1, dtype=np.int64)
_POP = np.zeros(8192, dtype=np.int64)
for _m in range(1, 8192):
    _HIGH[_m] = _m.bit_length() - 1
    _LOW[_m] = (_m & -_m).bit_length() - 1
    _POP[_m] = _POP[_m >> 1] + (_m & 1)

# Fields of the statistics array.
NODES = 0
TT_HITS = 1
TT_STORES = 2

_MULT = (
    np.int64(-7046029254386353131),  # 0x9E3779B97F4A7C15 as a signed 64-bit number
    np.int64(-4658895280553007687),
    np.int64(-7723592293110705685),
    np.int64(-6534734903238641935),
    np.int64(2862933555777941757),
)


def new_table(entries: int) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """A transposition table of ``entries`` slots (a power of two, at least 2).

    ``keys[i]`` holds the four suit keys and the leader; ``vals[i]`` the
    generation, the lower bound, the upper bound, the tricks left and the card
    that last settled the position (its suit * 16 + the number of cards of
    its suit in play above it), tried first when the position comes again; ``gen[0]``
    the current generation (a new question bumps it and so empties the table
    without clearing memory).
    """
    keys = np.zeros((entries, 5), dtype=np.int64)
    vals = np.zeros((entries, 5), dtype=np.int64)
    gen = np.zeros(1, dtype=np.int64)
    return keys, vals, gen


@njit
def _popcount(m: int) -> int:
    return _POP[m & 0x1FFF] + _POP[(m >> 13) & 0x1FFF] + _POP[(m >> 26) & 0x1FFF] + _POP[(m >> 39) & 0x1FFF]


@njit
def _suit_key(hands: np.ndarray, n: int, s: int) -> int:
    """The owners of suit ``s``'s remaining cards, highest first, one octal digit each (seat + 1)."""
    present = 0
    for i in range(n):
        present |= (hands[i] >> (13 * s)) & 0x1FFF
    key = 0
    while present:
        r = _HIGH[present]
        present ^= 1 << r
        bit = 1 << (13 * s + r)
        for i in range(n):
            if hands[i] & bit:
                key = key * 8 + i + 1
                break
    return key


@njit
def _probe(keys: np.ndarray, vals: np.ndarray, gen: int, k0: int, k1: int, k2: int, k3: int, leader: int) -> int:
    """The slot holding this position in the current generation, or -1."""
    h = (k0 * _MULT[0]) ^ (k1 * _MULT[1]) ^ (k2 * _MULT[2]) ^ (k3 * _MULT[3]) ^ ((leader + 1) * _MULT[4])
    h ^= h >> 29
    size = keys.shape[0]
    base = h & (size - 2)
    for slot in range(base, base + 2):
        if (
            vals[slot, 0] == gen
            and keys[slot, 0] == k0
            and keys[slot, 1] == k1
            and keys[slot, 2] == k2
            and keys[slot, 3] == k3
            and keys[slot, 4] == leader
        ):
            return slot
    return -(base + 1) - 1  # -(base) - 2: where a new entry would go


@njit
def _store(
    keys: np.ndarray,
    vals: np.ndarray,
    gen: int,
    found: int,
    k0: int,
    k1: int,
    k2: int,
    k3: int,
    leader: int,
    lo: int,
    hi: int,
    left: int,
    best: int,
) -> None:
    if found >= 0:
        slot = found
        if lo > vals[slot, 1]:
            vals[slot, 1] = lo
        if hi < vals[slot, 2]:
            vals[slot, 2] = hi
        if best >= 0:
            vals[slot, 4] = best
        return
    base = -found - 2
    slot = base
    # An empty or stale slot first, else the one with fewer tricks left (cheaper to find again).
    if vals[base, 0] == gen and (vals[base + 1, 0] != gen or vals[base + 1, 3] < vals[base, 3]):
        slot = base + 1
    keys[slot, 0] = k0
    keys[slot, 1] = k1
    keys[slot, 2] = k2
    keys[slot, 3] = k3
    keys[slot, 4] = leader
    vals[slot, 0] = gen
    vals[slot, 1] = lo
    vals[slot, 2] = hi
    vals[slot, 3] = left
    vals[slot, 4] = best


@njit
def _beats(c: int, best: int, trumps: int) -> bool:
    """Whether card ``c`` beats ``best``, the winning card of the trick so far (000 §2)."""
    cs = c // 13
    bs = best // 13
    if cs == bs:
        return c > best
    return cs == trumps


@njit
def _moves(
    hands: np.ndarray,
    n: int,
    p: int,
    k: int,
    lead: int,
    wcard: int,
    wseat: int,
    tmask: int,
    trumps: int,
    cnt: np.ndarray,
    mx: np.ndarray,
    out: np.ndarray,
    hint: int,
) -> int:
    """The cards seat ``p`` should try, one of each run of equivalent cards, likeliest first; their number.

    ``hint`` (a card, or -1) goes first if it is among them: the card that
    settled this position before, or a sibling position (a killer move).

    Two cards of one hand are equivalent when no card still in play (in a
    hand or on the table) lies between them: whichever is played, every
    trick goes the same way.  The highest of each run stands for it.
    """
    hand = hands[p]
    legal = hand
    if k > 0:
        follow = hand & (0x1FFF << (13 * lead))
        if follow:
            legal = follow
    present = tmask
    for i in range(n):
        present |= hands[i]
    scores = np.empty(13, dtype=np.int64)
    m = 0
    for s in range(4):
        suit = (legal >> (13 * s)) & 0x1FFF
        if suit == 0:
            continue
        pres = (present >> (13 * s)) & 0x1FFF
        mine = (hand >> (13 * s)) & 0x1FFF
        while suit:
            r = _HIGH[suit]
            suit ^= 1 << r
            above = pres & ~((2 << r) - 1)
            if above and (mine >> _LOW[above]) & 1:
                continue  # the next card up in play is his own: equivalent to it
            c = 13 * s + r
            # Likeliest first: the move that leaves the trick with a seat the player wants to take it.
            if k == 0:
                top = above == 0  # the highest card of its suit still in play
                # A side that wants tricks cashes its top cards and leads low from the rest, trumps last; a player
                # who wants to take none leads low.
                wants = cnt[p] == mx[p]
                score = ((100 + r) if top else -r) - (40 if s == trumps else 0) if wants else -r
            else:
                wins = _beats(c, wcard, trumps)
                winner = p if wins else wseat
                good = cnt[winner] == mx[p]
                # Winning or letting a friend win is likeliest, cheaply; at misère the caller sheds his highest
                # safe card; a trick lost gets the lowest card.
                shed = not wins and cnt[p] != mx[p]
                score = 100 + (r if shed else -r) if good else -r
                if s == trumps and s != lead:
                    score -= 20
            out[m] = c
            scores[m] = score
            m += 1
    # Insertion sort, highest score first.
    for i in range(1, m):
        c = out[i]
        sc = scores[i]
        j = i - 1
        while j >= 0 and scores[j] < sc:
            out[j + 1] = out[j]
            scores[j + 1] = scores[j]
            j -= 1
        out[j + 1] = c
        scores[j + 1] = sc
    if hint >= 0:
        for i in range(m):
            if out[i] == hint:
                for j in range(i, 0, -1):
                    out[j] = out[j - 1]
                out[0] = hint
                break
    return m


@njit
def _code(hands: np.ndarray, n: int, c: int) -> int:
    """Card ``c`` as its suit * 16 + the number of cards of its suit still in the hands above it."""
    s = c // 13
    present = 0
    for i in range(n):
        present |= (hands[i] >> (13 * s)) & 0x1FFF
    return s * 16 + _POP[present >> (c % 13 + 1)]


@njit
def _card(hands: np.ndarray, n: int, code: int) -> int:
    """The card a :func:`_code` names in these hands, or -1."""
    s = code // 16
    j = code % 16
    present = 0
    for i in range(n):
        present |= (hands[i] >> (13 * s)) & 0x1FFF
    while present:
        r = _HIGH[present]
        if j == 0:
            return 13 * s + r
        j -= 1
        present ^= 1 << r
    return -1


# Fields of a frame of the search stack (one row per ply).
(_K, _LEADER, _LEAD, _WCARD, _WSEAT, _TMASK, _TARGET, _P, _LEFT, _MAXER, _M, _I, _K0, _K1, _K2, _K3, _HINT, _KILL) = (
    range(18)
)
_FIELDS = 18


def new_stack() -> tuple[np.ndarray, np.ndarray]:
    """The search's stack: a frame and a row of moves for each of up to 53 plies."""
    fr = np.zeros((54, _FIELDS), dtype=np.int64)
    fr[:, _KILL] = -1
    return fr, np.zeros((54, 13), dtype=np.int64)


@njit
def _quick_tricks(hands: np.ndarray, n: int, leader: int, trumps: int) -> int:
    """Tricks the leader's side is sure of by cashing the leader's top cards, keeping the lead throughout.

    A suit's winners are the leader's unbroken run of its highest cards still
    in play (all his cards of it when the run is at least as long as any other
    hand's holding).  With no trumps each winner wins its trick, wherever it
    lies.  With trumps the trump winners come first; side suits count only
    when those rounds leave no other hand with trumps, or while every other
    hand still follows, so that none can (or must) ruff.
    """
    lens = np.zeros((5, 4), dtype=np.int64)
    for q in range(n):
        for s in range(4):
            lens[q, s] = _POP[(hands[q] >> (13 * s)) & 0x1FFF]
    mine = hands[leader]
    total = 0
    t_won = 0
    if trumps >= 0:
        t_won = _suit_winners(hands, n, leader, trumps, lens)
        total = t_won
    for s in range(4):
        if s == trumps:
            continue
        w = _suit_winners(hands, n, leader, s, lens)
        if w == 0:
            continue
        if trumps >= 0:
            # Rounds in which no other hand can ruff: it follows suit, or has no trumps after the trump winners.
            safe = w
            for q in range(n):
                if q == leader:
                    continue
                if lens[q, trumps] > t_won and lens[q, s] < safe:
                    safe = lens[q, s]
            w = safe
        total += w
    if total > _popcount(mine):
        total = _popcount(mine)
    return total


@njit
def _suit_winners(hands: np.ndarray, n: int, leader: int, s: int, lens: np.ndarray) -> int:
    mine = (hands[leader] >> (13 * s)) & 0x1FFF
    if mine == 0:
        return 0
    others = 0
    longest = 0
    for q in range(n):
        if q != leader:
            others |= (hands[q] >> (13 * s)) & 0x1FFF
            if lens[q, s] > longest:
                longest = lens[q, s]
    run = 0
    m = mine
    while m:
        r = _HIGH[m]
        if others >> r:  # some other hand holds a card above this one
            break
        run += 1
        m ^= 1 << r
    if run >= longest:
        return lens[leader, s]
    return run


@njit
def _top_trumps(hands: np.ndarray, n: int, trumps: int) -> tuple[int, int]:
    """The hand holding the highest trump in play, and how many of the highest trumps it holds in a row.

    Each of them wins the trick it is played to, and they go to different
    tricks: that many tricks are that hand's whatever anyone does.
    """
    present = 0
    for i in range(n):
        present |= (hands[i] >> (13 * trumps)) & 0x1FFF
    if present == 0:
        return -1, 0
    top = _HIGH[present]
    h = -1
    for i in range(n):
        if (hands[i] >> (13 * trumps + top)) & 1:
            h = i
    mine = (hands[h] >> (13 * trumps)) & 0x1FFF
    run = 0
    while present and (mine >> _HIGH[present]) & 1:
        run += 1
        present ^= 1 << _HIGH[present]
    return h, run


@njit
def _last_trick(hands: np.ndarray, n: int, leader: int, trumps: int) -> int:
    """The seat that wins the last trick, every card being forced."""
    best_c = -1
    best_s = -1
    for i in range(n):
        q = (leader + i) % n
        c = -1
        for s in range(4):
            h = (hands[q] >> (13 * s)) & 0x1FFF
            if h:
                c = 13 * s + _LOW[h]
                break
        if i == 0 or _beats(c, best_c, trumps):
            best_c = c
            best_s = q
    return best_s


@njit
def _ge(
    hands: np.ndarray,
    n: int,
    trumps: int,
    cnt: np.ndarray,
    mx: np.ndarray,
    k: int,
    leader: int,
    lead: int,
    wcard: int,
    wseat: int,
    tmask: int,
    target: int,
    keys: np.ndarray,
    vals: np.ndarray,
    gen: int,
    fr: np.ndarray,
    mv: np.ndarray,
    stats: np.ndarray,
) -> bool:
    """Whether the maximisers can make sure the counted side takes ``target`` or more of the tricks to come.

    An alpha-beta search with a null window, written as a loop over an
    explicit stack (``fr``, ``mv``) rather than by recursion.
    """
    d = 0
    fr[0, _K] = k
    fr[0, _LEADER] = leader
    fr[0, _LEAD] = lead
    fr[0, _WCARD] = wcard
    fr[0, _WSEAT] = wseat
    fr[0, _TMASK] = tmask
    fr[0, _TARGET] = target
    entering = True
    r = False
    while True:
        if entering:
            # A new node at ply d: settle it at once if it can be, else list its moves.
            entering = False
            stats[NODES] += 1
            f = fr[d]
            tk = f[_K]
            tl = f[_LEADER]
            tt = f[_TARGET]
            p = (tl + tk) % n
            left = _popcount(hands[p])  # tricks still to be played, the one on the table included
            f[_P] = p
            f[_LEFT] = left
            done = False
            f[_HINT] = -1
            if tt <= 0:
                r = True
                done = True
            elif tt > left:
                r = False
                done = True
            elif tk == 0:
                k0 = _suit_key(hands, n, 0)
                k1 = _suit_key(hands, n, 1)
                k2 = _suit_key(hands, n, 2)
                k3 = _suit_key(hands, n, 3)
                f[_K0] = k0
                f[_K1] = k1
                f[_K2] = k2
                f[_K3] = k3
                found = _probe(keys, vals, gen, k0, k1, k2, k3, tl)
                if found >= 0:
                    stats[TT_HITS] += 1
                    if vals[found, 4] >= 0:
                        f[_HINT] = _card(hands, n, vals[found, 4])
                    if vals[found, 1] >= tt:
                        r = True
                        done = True
                    elif vals[found, 2] < tt:
                        r = False
                        done = True
                if not done and left == 1:
                    r = cnt[_last_trick(hands, n, tl, trumps)] >= tt
                    done = True
                if not done:
                    lo_b = 0
                    hi_b = left
                    if cnt[tl] == mx[tl]:
                        # The leader's side wants tricks of its own: it is sure of its quick tricks.
                        q = _quick_tricks(hands, n, tl, trumps)
                        if cnt[tl] == 1:
                            lo_b = q
                        else:
                            hi_b = left - q
                    if trumps >= 0:
                        # The hand holding the top trumps takes a trick with each, whatever anyone does.
                        h, run = _top_trumps(hands, n, trumps)
                        if run > 0:
                            if cnt[h] == 1:
                                if run > lo_b:
                                    lo_b = run
                            elif left - run < hi_b:
                                hi_b = left - run
                    if lo_b >= tt:
                        r = True
                        done = True
                    elif hi_b < tt:
                        r = False
                        done = True
            if not done:
                f[_MAXER] = mx[p]
                f[_M] = _moves(
                    hands, n, p, tk, f[_LEAD], f[_WCARD], f[_WSEAT], f[_TMASK], trumps, cnt, mx, mv[d], f[_HINT]
                )
                f[_I] = 0
            else:
                # Back up the tree with r: a node is settled when r is what its player wants (a cut-off) or when
                # it has no move left (then r is what its player did not want); either way it is worth r.
                while True:
                    if d == 0:
                        return r
                    d -= 1
                    f = fr[d]
                    hands[f[_P]] ^= 1 << mv[d, f[_I] - 1]
                    if r == (f[_MAXER] == 1):
                        f[_KILL] = mv[d, f[_I] - 1]  # the move that settled it: first at the next sibling
                        _settle(fr, d, r, keys, vals, gen, stats, _code(hands, n, f[_KILL]) if f[_K] == 0 else -1)
                        continue
                    if f[_I] >= f[_M]:
                        _settle(fr, d, r, keys, vals, gen, stats, -1)
                        continue
                    break
        # Try the next move of the node at ply d (it has one: a node is settled when its moves run out).
        f = fr[d]
        i = f[_I]
        c = mv[d, i]
        f[_I] = i + 1
        p = f[_P]
        bit = 1 << c
        hands[p] ^= bit
        tk = f[_K]
        g = fr[d + 1]
        if tk == 0:
            nlead = c // 13
            nw_c = c
            nw_s = p
        else:
            nlead = f[_LEAD]
            if _beats(c, f[_WCARD], trumps):
                nw_c = c
                nw_s = p
            else:
                nw_c = f[_WCARD]
                nw_s = f[_WSEAT]
        if tk + 1 == n:
            g[_K] = 0
            g[_LEADER] = nw_s
            g[_LEAD] = -1
            g[_WCARD] = -1
            g[_WSEAT] = -1
            g[_TMASK] = 0
            g[_TARGET] = f[_TARGET] - cnt[nw_s]
        else:
            g[_K] = tk + 1
            g[_LEADER] = f[_LEADER]
            g[_LEAD] = nlead
            g[_WCARD] = nw_c
            g[_WSEAT] = nw_s
            g[_TMASK] = f[_TMASK] | bit
            g[_TARGET] = f[_TARGET]
        d += 1
        entering = True


@njit
def _settle(
    fr: np.ndarray, d: int, r: bool, keys: np.ndarray, vals: np.ndarray, gen: int, stats: np.ndarray, best: int
) -> None:
    """Record the result of the node at ply ``d`` in the transposition table, if it is at the start of a trick."""
    f = fr[d]
    if f[_K] != 0:
        return
    stats[TT_STORES] += 1
    k0 = f[_K0]
    k1 = f[_K1]
    k2 = f[_K2]
    k3 = f[_K3]
    tl = f[_LEADER]
    found = _probe(keys, vals, gen, k0, k1, k2, k3, tl)
    if r:
        _store(keys, vals, gen, found, k0, k1, k2, k3, tl, f[_TARGET], f[_LEFT], f[_LEFT], best)
    else:
        _store(keys, vals, gen, found, k0, k1, k2, k3, tl, 0, f[_TARGET] - 1, f[_LEFT], best)


@njit
def _exact(
    hands: np.ndarray,
    n: int,
    trumps: int,
    cnt: np.ndarray,
    mx: np.ndarray,
    k: int,
    leader: int,
    lead: int,
    wcard: int,
    wseat: int,
    tmask: int,
    guess: int,
    keys: np.ndarray,
    vals: np.ndarray,
    gen: int,
    fr: np.ndarray,
    mv: np.ndarray,
    stats: np.ndarray,
) -> int:
    """The tricks the counted side takes of those to come, with best play (MTD(f) from ``guess``)."""
    p = (leader + k) % n
    lo = 0
    hi = _popcount(hands[p])
    g = guess
    while lo < hi:
        if g <= lo:
            g = lo + 1
        if g > hi:
            g = hi
        if _ge(hands, n, trumps, cnt, mx, k, leader, lead, wcard, wseat, tmask, g, keys, vals, gen, fr, mv, stats):
            lo = g
            g = g + 1
        else:
            hi = g - 1
            g = g - 1
    return lo


@njit
def _candidates(
    hands: np.ndarray,
    n: int,
    trumps: int,
    cnt: np.ndarray,
    mx: np.ndarray,
    k: int,
    leader: int,
    lead: int,
    wcard: int,
    wseat: int,
    tmask: int,
    out: np.ndarray,
) -> int:
    """The root's cards to search, one of each run of equivalent cards (see :func:`_moves`)."""
    p = (leader + k) % n
    return _moves(hands, n, p, k, lead, wcard, wseat, tmask, trumps, cnt, mx, out, -1)
