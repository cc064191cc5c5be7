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
full bucket (256 entries sharing the suit lengths) replaces its oldest entry.
"""

from __future__ import annotations

from typing import Any

import numpy as np

try:  # numba is optional: the solver is exact without it, only slower
    from numba import njit as _numba_njit

    HAVE_NUMBA = True

    def njit(f: Any) -> Any:
        # error_model="numpy": no check for a zero divisor around each // and % (every divisor here is 13, 16, a
        # bucket's size or the number of hands), which made the compiled search about a tenth slower.
        # _nrt=False: no reference counting of arrays. With it, every call of a helper counted each array
        # argument up on entry and down on leaving (two atomic instructions an array a call, the tree's hottest
        # instructions: some 40% of the search's CPU samples under perf). Nothing here allocates an array or keeps
        # one (the scratch arrays are rows of the stack made in Python), so nothing needs the counts. (_nrt is
        # numba's own jit option for its runtime, not in its type stubs: hence the dict.)
        opts: dict[str, Any] = {"cache": True, "error_model": "numpy", "_nrt": False}
        return _numba_njit(**opts)(f)

    def njit_alloc(f: Any) -> Any:
        """For the few functions that allocate arrays (not on the search's path)."""
        return _numba_njit(cache=True, error_model="numpy")(f)

except ImportError:  # pragma: no cover - exercised only where numba is absent
    HAVE_NUMBA = False

    def njit(f: Any) -> Any:
        return f

    njit_alloc = njit


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
TT_HITS = 1  # probes an entry settled (a cut-off)
TT_STORES = 2
TT_PROBES = 3  # positions at the start of a trick looked up

_MULT = (
    np.int64(-7046029254386353131),  # 0x9E3779B97F4A7C15 as a signed 64-bit number
    np.int64(-4658895280553007687),
    np.int64(-7723592293110705685),
    np.int64(-6534734903238641935),
    np.int64(2862933555777941757),
)


# Fields of a frame of the search stack (one row per ply).  _K0.._K3: each suit's owner key (:func:`_suit_key`),
# _C0.._C3: its cards in play, _L0, _L1: the bucket key (:func:`_lengths`), at the start of a trick; _REL: the
# cards the results of the moves tried so far depended on; _LW: for each suit (4 bits apiece), the rank below which
# the node's remaining cards of that suit are not tried (a card of the suit below every card a failed move's result
# rested on was tried: any other such card fails alike).
(
    _K,
    _LEADER,
    _LEAD,
    _WCARD,
    _WSEAT,
    _TMASK,
    _TARGET,
    _P,
    _LEFT,
    _MAXER,
    _M,
    _I,
    _K0,
    _K1,
    _K2,
    _K3,
    _HINT,
    _C0,
    _C1,
    _C2,
    _C3,
    _L0,
    _L1,
    _REL,
    _LW,
    _KILL,
) = range(26)
_FIELDS = 26


def new_table(entries: int) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """A transposition table of ``entries`` slots (a power of two, at least 2), and its generation counter.

    ``tt[i]`` is one entry (fields ``_E_*``): the hands' suit lengths and the
    leader (the bucket's key), the owners of the relevant top cards of each
    suit and how many they are, the lower and upper bounds on the tricks to
    come, the generation, and the card that last settled the position (its
    suit * 16 + the number of cards of its suit in play above it), tried
    first when a matching position comes again.  ``gen[0]`` is the current
    generation: a new question bumps it and so empties the table without
    clearing memory.  ``sig[i, 0]`` is a hash of entry ``i``'s bucket key and
    generation, scanned first (one compact row per bucket), ``sig[i, 1]`` the
    owners the entry requires of the two highest cards of each suit
    (:func:`_top_word`), checked next, before the entry itself; ``fill[b]`` the
    generation and the count of entries stored in bucket ``b``: a bucket fills
    in order, then its oldest entries are replaced first.
    """
    tt = np.zeros((entries, _EF), dtype=np.int64)
    sig = np.zeros((entries, 2), dtype=np.int64)
    ways = min(entries, _WAYS)
    fill = np.zeros((entries // ways, 2), dtype=np.int64)
    gen = np.zeros(1, dtype=np.int64)
    return tt, sig, fill, gen


# Fields of a transposition-table entry.
(_E_L0, _E_L1, _E_P0, _E_P1, _E_P2, _E_P3, _E_M, _E_LO, _E_HI, _E_GEN, _E_BEST) = range(11)
_EF = 11
_WAYS = 256  # entries of one bucket (all with the same suit lengths, or a hash collision of them)


@njit
def _seat(x: int, n: int) -> int:
    """Seat ``x`` counted round the table, for ``0 <= x < 2 * n`` (``x % n`` without a division)."""
    return x - n if x >= n else x


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
def _lengths(hands: np.ndarray, n: int, leader: int) -> tuple[int, int]:
    """The bucket key: each hand's length in each suit (4 bits apiece), and the leader."""
    l0 = 0
    l1 = 0
    for i in range(n):
        for s in range(4):
            x = _POP[(hands[i] >> (13 * s)) & 0x1FFF]
            if i < 4:
                l0 |= x << (4 * (4 * i + s))
            else:
                l1 |= x << (4 * s)
    return l0, l1 | ((leader + 1) << 16)


@njit
def _bucket(size: int, l0: int, l1: int, gen: int) -> tuple[Any, int, Any]:
    """The first slot of the bucket of these lengths, the bucket's size, and the entries' signature."""
    h = (l0 * _MULT[0]) ^ (l1 * _MULT[1])
    h ^= h >> 31
    h *= _MULT[2]
    h ^= h >> 29
    ways = _WAYS if size >= _WAYS else size
    sg = (h ^ (gen * _MULT[3])) | 1  # never 0, the signature of an empty slot
    return h & (size - 1) & ~(ways - 1), ways, sg


@njit
def _top_word(fr: np.ndarray, d: int) -> int:
    """The owners of the two highest cards in play of each suit at frame ``d`` (6 bits a suit: the highest's
    digit, then the second's; 0 for none), from its owner keys."""
    w = 0
    for s in range(4):
        c = fr[d, _C0 + s]
        k = fr[d, _K0 + s]
        if c >= 2:
            t = k >> (3 * (c - 2))
        elif c == 1:
            t = k << 3
        else:
            t = 0
        w |= t << (6 * s)
    return w


@njit
def _top_cards(hands: np.ndarray, n: int, ms: int) -> int:
    """The mask of the highest ``m`` cards in play of each suit, ``m`` packed 4 bits per suit in ``ms``."""
    present = 0
    for i in range(n):
        present |= hands[i]
    out = 0
    for s in range(4):
        m = (ms >> (4 * s)) & 15
        ps = (present >> (13 * s)) & 0x1FFF
        for _ in range(m):
            r = _HIGH[ps]
            out |= 1 << (13 * s + r)
            ps ^= 1 << r
    return out


@njit
def _lookup(
    tt: np.ndarray,
    sig: np.ndarray,
    fill: np.ndarray,
    gen: int,
    fr: np.ndarray,
    d: int,
    hands: np.ndarray,
    n: int,
    target: int,
) -> tuple[int, int, int]:
    """Whether an entry matching the position at frame ``d`` settles ``target``: (1 yes, 0 no, -1 undecided,
    the cards that made the entry's result, the entry's best card or -1).

    An entry matches when the suit lengths of every hand and the leader are
    the same and, in each suit, the owners of the entry's relevant top cards
    are the same (the cards below them are any: they decided no trick).
    """
    base, ways, sg = _bucket(tt.shape[0], fr[d, _L0], fr[d, _L1], gen)
    hint = -1
    b = base // ways
    if fill[b, 0] != gen:
        return -1, 0, hint  # nothing stored in this bucket for this question
    w = _top_word(fr, d)
    for slot in range(base, base + min(ways, fill[b, 1])):  # the slots filled so far
        if sig[slot, 0] != sg:
            continue
        x = sig[slot, 1]
        if (w & x & 0xFFFFFF) != x >> 24:
            continue  # it needs other owners of a suit's two highest cards
        if tt[slot, _E_GEN] != gen or tt[slot, _E_L0] != fr[d, _L0] or tt[slot, _E_L1] != fr[d, _L1]:
            continue
        ms = tt[slot, _E_M]
        ok = True
        for s in range(4):
            m = (ms >> (4 * s)) & 15
            if m and (fr[d, _K0 + s] >> (3 * (fr[d, _C0 + s] - m))) != tt[slot, _E_P0 + s]:
                ok = False
                break
        if not ok:
            continue
        if hint < 0:
            hint = tt[slot, _E_BEST]
        if tt[slot, _E_LO] >= target:
            return 1, _top_cards(hands, n, ms), hint
        if tt[slot, _E_HI] < target:
            return 0, _top_cards(hands, n, ms), hint
    return -1, 0, hint


@njit
def _store(
    tt: np.ndarray,
    sig: np.ndarray,
    fill: np.ndarray,
    gen: int,
    fr: np.ndarray,
    d: int,
    hands: np.ndarray,
    n: int,
    rel: int,
    lo: int,
    hi: int,
    best: int,
) -> None:
    """Record bounds ``lo <= value <= hi`` proved for the position at frame ``d`` by a search whose result
    depended on the cards ``rel`` only (and on the suit lengths): the entry keeps, for each suit, the owners of
    the cards in play from the highest down to the lowest card of ``rel``."""
    present = 0
    for i in range(n):
        present |= hands[i]
    ms = 0
    p0 = 0
    p1 = 0
    p2 = 0
    p3 = 0
    for s in range(4):
        rs = (rel >> (13 * s)) & 0x1FFF
        if rs == 0:
            continue
        m = _POP[((present >> (13 * s)) & 0x1FFF) >> _LOW[rs]]
        ms |= m << (4 * s)
        pat = fr[d, _K0 + s] >> (3 * (fr[d, _C0 + s] - m))
        if s == 0:
            p0 = pat
        elif s == 1:
            p1 = pat
        elif s == 2:
            p2 = pat
        else:
            p3 = pat
    # The owners the entry requires of each suit's two highest cards, as _top_word gives them: a mask of the
    # digits required (24 bits), and above it their values.
    req = 0
    for s in range(4):
        m = (ms >> (4 * s)) & 15
        pat = p0 if s == 0 else p1 if s == 1 else p2 if s == 2 else p3
        if m >= 2:
            req |= (0x3F << (6 * s)) | ((pat >> (3 * (m - 2))) << (24 + 6 * s))
        elif m == 1:
            req |= (0x38 << (6 * s)) | ((pat << 3) << (24 + 6 * s))
    base, ways, sg = _bucket(tt.shape[0], fr[d, _L0], fr[d, _L1], gen)
    b = base // ways
    if fill[b, 0] != gen:
        fill[b, 0] = gen
        fill[b, 1] = 0
    for slot in range(base, base + min(ways, fill[b, 1])):
        if sig[slot, 0] != sg or sig[slot, 1] != req:
            continue
        if (
            tt[slot, _E_GEN] == gen
            and tt[slot, _E_L0] == fr[d, _L0]
            and tt[slot, _E_L1] == fr[d, _L1]
            and tt[slot, _E_M] == ms
            and tt[slot, _E_P0] == p0
            and tt[slot, _E_P1] == p1
            and tt[slot, _E_P2] == p2
            and tt[slot, _E_P3] == p3
        ):
            if lo > tt[slot, _E_LO]:
                tt[slot, _E_LO] = lo
            if hi < tt[slot, _E_HI]:
                tt[slot, _E_HI] = hi
            if best >= 0:
                tt[slot, _E_BEST] = best
            return
    victim = base + (fill[b, 1] & (ways - 1))  # the next free slot, or the oldest entry
    fill[b, 1] += 1
    sig[victim, 0] = sg
    sig[victim, 1] = req
    tt[victim, _E_L0] = fr[d, _L0]
    tt[victim, _E_L1] = fr[d, _L1]
    tt[victim, _E_P0] = p0
    tt[victim, _E_P1] = p1
    tt[victim, _E_P2] = p2
    tt[victim, _E_P3] = p3
    tt[victim, _E_M] = ms
    tt[victim, _E_LO] = lo
    tt[victim, _E_HI] = hi
    tt[victim, _E_GEN] = gen
    tt[victim, _E_BEST] = best


@njit
def _beats(c: int, best: int, trumps: int) -> bool:
    """Whether card ``c`` beats ``best``, the winning card of the trick so far (000 §2)."""
    cs = c // 13
    bs = best // 13
    if cs == bs:
        return c > best
    return cs == trumps


@njit
def _holder(hands: np.ndarray, n: int, s: int, r: int) -> int:
    """The seat holding the card of rank ``r`` of suit ``s`` (-1 if none: it is on the table)."""
    bit = 1 << (13 * s + r)
    for i in range(n):
        if hands[i] & bit:
            return i
    return -1


@njit
def _adverse_length(hands: np.ndarray, n: int, p: int, s: int, cnt: np.ndarray, mx: np.ndarray) -> int:
    """How many cards of suit ``s`` the seats ``p`` does not want to take tricks hold."""
    t = 0
    for q in range(n):
        if q != p and cnt[q] != mx[p]:
            t += _POP[(hands[q] >> (13 * s)) & 0x1FFF]
    return t


@njit
def _ruffable(hands: np.ndarray, n: int, p: int, s: int, trumps: int, cnt: np.ndarray, mx: np.ndarray) -> bool:
    """Whether a seat ``p`` does not want to take tricks could ruff a lead of suit ``s``."""
    if trumps < 0 or s == trumps:
        return False
    for q in range(n):
        if q != p and cnt[q] != mx[p] and not (hands[q] >> (13 * s)) & 0x1FFF and (hands[q] >> (13 * trumps)) & 0x1FFF:
            return True
    return False


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
    row: int,
    hint: int,
    scores: np.ndarray,
    kill: int,
) -> int:
    """The cards seat ``p`` should try, one of each run of equivalent cards, likeliest first (in row ``row`` of
    ``out``); their number.

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
    m = 0
    wants = cnt[p] == mx[p]
    cover = False
    if wants and k > 0 and k == n - 3 and wcard // 13 == lead:
        # Second to play of the three still to play, the last a friend: if the friend can beat the card winning
        # and whatever the seat between can play, this seat plays low (DDS: "second hand low").
        q1 = _seat(p + 1, n)
        q2 = _seat(p + 2, n)
        f2 = (hands[q2] >> (13 * lead)) & 0x1FFF
        if cnt[q2] == mx[p] and cnt[q1] != mx[p] and cnt[wseat] != mx[p] and f2 and _HIGH[f2] > wcard % 13:
            h1 = (hands[q1] >> (13 * lead)) & 0x1FFF
            no_ruff = trumps < 0 or lead == trumps or ((hands[q1] >> (13 * trumps)) & 0x1FFF) == 0
            cover = (_HIGH[f2] > _HIGH[h1]) if h1 else no_ruff
    # In mid-trick, what the seats still to play after p could beat a card with (found once for all the cards):
    # the highest card of the suit led among those holding it, and the highest trump among those void in it; of
    # all of them, and of those p does not want to win the trick.
    hl = -1
    ht = -1
    hl_a = -1
    ht_a = -1
    if k > 0:
        for j in range(1, n - k):
            q = _seat(p + j, n)
            led = (hands[q] >> (13 * lead)) & 0x1FFF
            if led:
                x = _HIGH[led]
                hl = max(hl, x)
                if cnt[q] != mx[p]:
                    hl_a = max(hl_a, x)
            elif trumps >= 0:
                tr = (hands[q] >> (13 * trumps)) & 0x1FFF
                if tr:
                    x = _HIGH[tr]
                    ht = max(ht, x)
                    if cnt[q] != mx[p]:
                        ht_a = max(ht_a, x)
    for s in range(4):
        suit = (legal >> (13 * s)) & 0x1FFF
        if suit == 0:
            continue
        pres = (present >> (13 * s)) & 0x1FFF
        mine = (hand >> (13 * s)) & 0x1FFF
        ruff = False
        th = -1
        sh = -1
        adv = 0
        fruff = False
        if k == 0 and wants:
            # The suit's facts for the lead, found once for all its cards: whether an adversary could ruff it,
            # and the holders of its highest and second-highest cards in play.
            ruff = _ruffable(hands, n, p, s, trumps, cnt, mx)
            th = _holder(hands, n, s, _HIGH[pres])
            rest = pres ^ (1 << _HIGH[pres])
            if rest:
                sh = _holder(hands, n, s, _HIGH[rest])
            adv = _adverse_length(hands, n, p, s, cnt, mx)
            if trumps >= 0 and s != trumps:
                # A friend void in the suit who holds trumps could ruff it (DDS: lead for partner's ruff).
                for q in range(n):
                    if (
                        q != p
                        and cnt[q] == mx[p]
                        and not (hands[q] >> (13 * s)) & 0x1FFF
                        and (hands[q] >> (13 * trumps)) & 0x1FFF
                    ):
                        fruff = True
                        break
        olow = 13
        if k == 0 and not wants:
            # The other side's lowest card of the suit (13 if it holds none).
            for q in range(n):
                if cnt[q] != cnt[p]:
                    h = (hands[q] >> (13 * s)) & 0x1FFF
                    if h and _LOW[h] < olow:
                        olow = _LOW[h]
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
                if wants:
                    # A side that wants tricks cashes its top cards (those none can ruff first), leads low to a
                    # friend's top card, else leads low from the suit its adversaries hold least of; trumps last.
                    if top:
                        score = 100 + r - (70 if ruff else 0)
                    elif cnt[th] == mx[p]:
                        score = 80 - r - (40 if ruff else 0)
                    else:
                        score = -r - 4 * adv
                        if ruff:
                            score -= 20
                        elif fruff:
                            score += 90
                        if th == _seat(p + n - 1, n):
                            score -= 10  # the top card plays last: it waits to take what the others play
                        elif th == _seat(p + 1, n) and sh >= 0 and sh != p and cnt[sh] == mx[p]:
                            score += 30  # through the top card to a friend's second
                    if s == trumps:
                        score -= 40
                else:
                    score = -r  # a player who wants to take none leads low
                    if r < olow < 13:
                        score += 50  # every card of the other side's in the suit is above it: a sure loser
            else:
                wins = _beats(c, wcard, trumps)
                winner = p if wins else wseat
                good = cnt[winner] == mx[p]
                wc = c if wins else wcard
                ws_ = wc // 13
                wr = wc % 13
                if not ((ws_ == lead and hl > wr) or (ht >= 0 and (ws_ != trumps or ht > wr))):
                    # The trick's winner is settled: the cheapest card that settles it well (at misère, the
                    # caller's highest card that still loses), else the lowest.
                    shed = not wins and cnt[p] != mx[p]
                    score = 200 + (r if shed else -r) if good else -r
                elif good and not ((ws_ == lead and hl_a > wr) or (ht_a >= 0 and (ws_ != trumps or ht_a > wr))):
                    # Only a friend could take the trick from here: as good as settled.
                    shed = not wins and cnt[p] != mx[p]
                    score = 150 + (r if shed else -r)
                else:
                    shed = not wins and cnt[p] != mx[p]
                    score = 100 + (r if shed else -r) if good else -r
                if cover and s == lead:
                    score = -r
                if s != lead:
                    score += 2 * _POP[mine]
                if s == trumps and s != lead:
                    score -= 20
            out[row, m] = c
            scores[m] = score
            m += 1
    # Insertion sort, highest score first.
    for i in range(1, m):
        c = out[row, i]
        sc = scores[i]
        j = i - 1
        while j >= 0 and scores[j] < sc:
            out[row, j + 1] = out[row, j]
            scores[j + 1] = scores[j]
            j -= 1
        out[row, j + 1] = c
        scores[j + 1] = sc
    if hint >= 0 and hint != kill:
        for i in range(m):
            if out[row, i] == hint:
                for j in range(i, 0, -1):
                    out[row, j] = out[row, j - 1]
                out[row, 0] = hint
                break
    if kill >= 0:
        for i in range(m):
            if out[row, i] == kill:
                for j in range(i, 0, -1):
                    out[row, j] = out[row, j - 1]
                out[row, 0] = kill
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


def new_stack() -> tuple[np.ndarray, np.ndarray]:
    """The search's stack: a frame and a row of moves for each of up to 53 plies; two more rows of moves are the
    search's scratch space (move scores, the hands after a trick)."""
    fr = np.zeros((54, _FIELDS), dtype=np.int64)
    fr[:, _KILL] = -1
    return fr, np.zeros((54 + 2, 13), dtype=np.int64)


_SCORES = 54  # the rows of the moves array that are scratch space
_AFTER = 55


@njit
def _quick_tricks(hands: np.ndarray, n: int, leader: int, trumps: int, need: int) -> tuple[int, int]:
    """Tricks the leader's side is sure of by cashing the leader's top cards, keeping the lead throughout, and
    the cards that count rests on (besides the suit lengths).

    A suit's winners are the leader's unbroken run of its highest cards still
    in play (all his cards of it when the run is at least as long as any other
    hand's holding).  With no trumps each winner wins its trick, wherever it
    lies.  With trumps the trump winners come first; side suits count only
    when those rounds leave no other hand with trumps, or while every other
    hand still follows, so that none can (or must) ruff.  The count depends on
    the run's cards (the highest in play of their suit, the leader's) and on
    the lengths of the hands in each suit, nothing else.

    The count stops at ``need`` (once it reaches that, the suits not yet
    counted are left out, and so are their cards from what it rests on: a
    transposition entry made from it then matches more positions).
    """
    mine = hands[leader]
    total = 0
    t_won = 0
    rel = 0
    if trumps >= 0:
        t_won, run = _suit_winners(hands, n, leader, trumps)
        total = t_won
        rel |= _run_mask(hands[leader], trumps, run)
        if total >= need:
            return min(total, _popcount(mine)), rel
    for s in range(4):
        if s == trumps:
            continue
        w, run = _suit_winners(hands, n, leader, s)
        if w == 0:
            continue
        rel |= _run_mask(hands[leader], s, run)
        if trumps >= 0:
            # Rounds in which no other hand can ruff: it follows suit, or has no trumps after the trump winners.
            safe = w
            for q in range(n):
                if q == leader:
                    continue
                ls = _POP[(hands[q] >> (13 * s)) & 0x1FFF]
                if ls < safe and _POP[(hands[q] >> (13 * trumps)) & 0x1FFF] > t_won:
                    safe = ls
            w = safe
        total += w
        if total >= need:
            break
    if total > _popcount(mine):
        total = _popcount(mine)
    return total, rel


@njit
def _run_mask(hand: int, s: int, run: int) -> int:
    """The highest ``run`` cards of suit ``s`` in ``hand``."""
    h = (hand >> (13 * s)) & 0x1FFF
    out = 0
    for _ in range(run):
        r = _HIGH[h]
        out |= 1 << (13 * s + r)
        h ^= 1 << r
    return out


@njit
def _suit_winners(hands: np.ndarray, n: int, leader: int, s: int) -> tuple[int, int]:
    """The leader's sure tricks in suit ``s`` (see :func:`_quick_tricks`), and his run of its top cards."""
    mine = (hands[leader] >> (13 * s)) & 0x1FFF
    if mine == 0:
        return 0, 0
    others = 0
    longest = 0
    for q in range(n):
        if q != leader:
            h = (hands[q] >> (13 * s)) & 0x1FFF
            others |= h
            if _POP[h] > longest:
                longest = _POP[h]
    run = 0
    m = mine
    while m:
        r = _HIGH[m]
        if others >> r:  # some other hand holds a card above this one
            break
        run += 1
        m ^= 1 << r
    if run >= longest:
        return _POP[mine], run
    return run, run


@njit
def _sure_trumps(hands: np.ndarray, n: int, trumps: int, cnt: np.ndarray) -> tuple[int, int, int, int]:
    """Tricks each side is sure of with its trumps, whatever anyone does, and the cards each count rests on:
    (counted side's tricks, its cards, other side's tricks, its cards).

    A trump above every trump of the other side wins the trick it is played
    to (only its own side could beat it), and one hand's cards go to
    different tricks: a side is sure of as many tricks as one of its hands
    holds such trumps (the hand holding most of them).  The count rests on
    those cards being above the other side's (the owners of the trumps from
    the highest down to them) and on the lengths.
    """
    top0 = 0  # the highest trump of each side, the uncounted and the counted (rank + 1, 0 for none)
    top1 = 0
    for i in range(n):
        h = (hands[i] >> (13 * trumps)) & 0x1FFF
        if h:
            if cnt[i] == 1:
                top1 = max(top1, _HIGH[h] + 1)
            else:
                top0 = max(top0, _HIGH[h] + 1)
    best_c = 0
    rel_c = 0
    best_o = 0
    rel_o = 0
    for i in range(n):
        h = (hands[i] >> (13 * trumps)) & 0x1FFF
        if h == 0:
            continue
        other = top0 if cnt[i] == 1 else top1
        above = h >> other  # this hand's trumps above every trump of the other side
        c = _POP[above]
        if c == 0:
            continue
        mask = (above << other) << (13 * trumps)
        if cnt[i] == 1:
            if c > best_c:
                best_c = c
                rel_c = mask
        elif c > best_o:
            best_o = c
            rel_o = mask
    return best_c, rel_c, best_o, rel_o


@njit
def _trick_lost(hands: np.ndarray, n: int, leader: int, trumps: int, cnt: np.ndarray) -> tuple[bool, int]:
    """Whether the leader's side (his and the seats counted as he is) loses the trick about to be led whatever
    he leads, and the cards that rests on: for every suit he holds, a seat of the other side holds its highest
    card in play (it plays it and wins), and no seat of his side could ruff it (follows suit or has no trumps).
    """
    rel = 0
    for s in range(4):
        if not (hands[leader] >> (13 * s)) & 0x1FFF:
            continue
        present = 0
        for q in range(n):
            present |= (hands[q] >> (13 * s)) & 0x1FFF
        top = _HIGH[present]
        if cnt[_holder(hands, n, s, top)] == cnt[leader]:
            return False, 0
        if trumps >= 0 and s != trumps:
            for q in range(n):
                if (
                    q != leader
                    and cnt[q] == cnt[leader]
                    and not (hands[q] >> (13 * s)) & 0x1FFF
                    and (hands[q] >> (13 * trumps)) & 0x1FFF
                ):
                    return False, 0
        rel |= 1 << (13 * s + top)
    return True, rel


@njit
def _not_every_trick(
    hands: np.ndarray, n: int, leader: int, trumps: int, cnt: np.ndarray, left: int
) -> tuple[bool, int]:
    """Whether the leader's side (the seats counted as he is) cannot take all ``left`` tricks to come, with no
    trump in play; and the cards that rests on (DDS's later-tricks bound, for any sides).

    With no trumps, a trick goes to the highest card of the suit led.  In a
    suit whose highest card in play the leader's side holds, it takes at most
    as many tricks as its longest hand there holds cards (every round of a
    suit takes one card from each hand that holds it).  In a suit whose
    highest card the other side holds, the side cannot take a trick while
    that card is kept: it wins when the suit is led.  When the first count,
    summed over the suits, is short of ``left``, the other side, keeping its
    top cards, takes a trick.  The bound rests on the other side's top cards
    (in a suit some other hand holds too) and on the lengths: if the leader's
    side held the top of fewer suits, its count could only be smaller.
    """
    if trumps >= 0:
        for q in range(n):
            if (hands[q] >> (13 * trumps)) & 0x1FFF:
                return False, 0
    total = 0
    rel = 0
    for s in range(4):
        present = 0
        for q in range(n):
            present |= (hands[q] >> (13 * s)) & 0x1FFF
        if present == 0:
            continue
        top = _HIGH[present]
        f = _holder(hands, n, s, top)
        if cnt[f] == cnt[leader]:
            longest = 0
            for q in range(n):
                if cnt[q] == cnt[leader]:
                    ls = _POP[(hands[q] >> (13 * s)) & 0x1FFF]
                    if ls > longest:
                        longest = ls
            total += longest
            if total >= left:
                return False, 0
        elif present != (hands[f] >> (13 * s)) & 0x1FFF:
            rel |= 1 << (13 * s + top)
    return True, rel


@njit
def _trick_forced(hands: np.ndarray, n: int, leader: int, trumps: int, cnt: np.ndarray) -> tuple[bool, int]:
    """Whether the leader's side (his and the seats counted as he is) takes the trick about to be led whatever
    he leads, the other side playing under it: and the cards that rests on (a misère bound).

    For every suit he holds, each seat of the other side holding the suit
    has a card of it below his lowest one, and each seat of the other side
    void in it has a card it can throw without ruffing (a card of another
    suit than trumps, or the suit led is trumps).  Whatever his side plays,
    the other side's cards then stay below its highest.  It rests on his
    lowest card of each suit (the others' cards below it stay below it in
    any position with the same owners of the cards above and the same
    lengths) and on the lengths.
    """
    rel = 0
    for s in range(4):
        mine = (hands[leader] >> (13 * s)) & 0x1FFF
        if mine == 0:
            continue
        low = _LOW[mine]
        for q in range(n):
            if cnt[q] == cnt[leader]:
                continue
            h = (hands[q] >> (13 * s)) & 0x1FFF
            if h:
                if _LOW[h] > low:
                    return False, 0
            elif trumps >= 0 and s != trumps and hands[q] == hands[q] & (0x1FFF << (13 * trumps)):
                return False, 0  # nothing but trumps: it must ruff
        rel |= 1 << (13 * s + low)
    return True, rel


@njit
def _entry_tricks(
    hands: np.ndarray, n: int, leader: int, trumps: int, cnt: np.ndarray, after: np.ndarray, need: int
) -> tuple[int, int]:
    """Tricks the leader's side is sure of by leading a suit in which a friend (a seat counted as the leader
    is) holds the highest card, then cashing the friend's quick tricks; and the cards that count rests on.

    The friend wins that trick with his top card when no other seat can
    ruff it (each holds the suit, or has no trumps).  His quick tricks after
    it (:func:`_quick_tricks`) are counted on the hands after the trick at
    their least favourable to him: the leader and each seat that follows
    give up their lowest card of the suit, the seats that discard give up
    nothing (a discard only shortens a hand and takes a card from play, which
    can only add to the friend's count).  ``after`` is scratch space for those
    hands.
    """
    best = 0
    best_rel = 0
    lh = hands[leader]
    for s in range(4):
        mine = (lh >> (13 * s)) & 0x1FFF
        if mine == 0:
            continue
        present = 0
        for q in range(n):
            present |= (hands[q] >> (13 * s)) & 0x1FFF
        top = _HIGH[present]
        f = _holder(hands, n, s, top)
        if f == leader or cnt[f] != cnt[leader]:
            continue
        ok = True
        for q in range(n):
            h = (hands[q] >> (13 * s)) & 0x1FFF
            if q == f:
                after[q] = hands[q] ^ (1 << (13 * s + top))
            elif h:
                after[q] = hands[q] ^ (1 << (13 * s + _LOW[h]))
            elif trumps >= 0 and (hands[q] >> (13 * trumps)) & 0x1FFF:
                ok = False  # it could ruff
                break
            else:
                after[q] = hands[q]
        if not ok:
            continue
        q2, rel2 = _quick_tricks(after, n, f, trumps, need - 1)
        if 1 + q2 > best:
            best = 1 + q2
            best_rel = rel2 | (1 << (13 * s + top))
            if best >= need:
                break
    return best, best_rel


@njit
def _trick_won(
    hands: np.ndarray,
    n: int,
    p: int,
    k: int,
    lead: int,
    wcard: int,
    wseat: int,
    trumps: int,
    cnt: np.ndarray,
    sv: int,
) -> tuple[bool, int]:
    """Whether the side of the seats ``q`` with ``cnt[q] == sv`` can make sure of the trick on the table (seat
    ``p`` to play its ``k``-th card, ``k > 0``), and the card that rests on.

    It can when no adversary still to play (``p`` included) could ruff a card
    of the suit led (each follows suit, or has no trumps; or could only ruff
    below a friend's winning trump) and one of: a friend's card winning now
    that no adversary still to play can beat; ``p``'s highest card of the
    suit led (or his highest trump, void in the suit), ``p`` a friend,
    beating the card winning and every card a later adversary could play; a
    later friend's highest card of the suit above the card winning and every
    card of the suit an adversary still to play holds.  The card that wins is
    then above every card it must beat, in any position with the same owners
    of the cards above it and the same lengths.
    """
    adv_hl = -1  # the highest card of the suit led of an adversary still to play holding it
    adv_rt = -1  # the highest trump of an adversary still to play void in the suit led
    for j in range(n - k):
        q = _seat(p + j, n)
        if cnt[q] == sv:
            continue
        led = (hands[q] >> (13 * lead)) & 0x1FFF
        if led:
            adv_hl = max(adv_hl, _HIGH[led])
        elif trumps >= 0:
            tr = (hands[q] >> (13 * trumps)) & 0x1FFF
            if tr:
                adv_rt = max(adv_rt, _HIGH[tr])
    ruffed = wcard // 13 != lead  # the card winning is a ruff
    wr = wcard % 13
    if cnt[wseat] == sv and ((not ruffed and adv_hl < wr and adv_rt < 0) or (ruffed and adv_rt < wr)):
        return True, 1 << wcard
    if cnt[p] == sv:
        ph = (hands[p] >> (13 * lead)) & 0x1FFF
        if ph:
            c = _HIGH[ph]
            if not ruffed and c > wr and adv_hl < c and adv_rt < 0:
                return True, 1 << (13 * lead + c)
        elif trumps >= 0 and lead != trumps:
            pt = (hands[p] >> (13 * trumps)) & 0x1FFF
            if pt:
                c = _HIGH[pt]
                if (not ruffed or c > wr) and adv_rt < c:
                    return True, 1 << (13 * trumps + c)
    if ruffed or adv_rt >= 0:
        return False, 0
    for j in range(1, n - k):
        q = _seat(p + j, n)
        if cnt[q] != sv:
            continue
        led = (hands[q] >> (13 * lead)) & 0x1FFF
        if led:
            c = _HIGH[led]
            if c > wr and c > adv_hl:
                return True, 1 << (13 * lead + c)
    return False, 0


@njit
def _last_trick(hands: np.ndarray, n: int, leader: int, trumps: int) -> tuple[int, int]:
    """The seat that wins the last trick, every card being forced, and the card it rests on: the winning card
    if it beat another of its suit (by rank), else none (the suit lengths decide)."""
    best_c = -1
    best_s = -1
    for i in range(n):
        q = _seat(leader + i, n)
        c = -1
        for s in range(4):
            h = (hands[q] >> (13 * s)) & 0x1FFF
            if h:
                c = 13 * s + _LOW[h]
                break
        if i == 0 or _beats(c, best_c, trumps):
            best_c = c
            best_s = q
    others = 0
    for i in range(n):
        if i != best_s:
            others |= hands[i]
    rel = (1 << best_c) if (others >> (13 * (best_c // 13))) & 0x1FFF else 0
    return best_s, rel


@njit
def _trick_rel(hands: np.ndarray, n: int, tmask: int, wcard: int, wseat: int) -> int:
    """The card a finished trick's result rests on: the lowest card of the run of equivalent cards the winning
    card stood for, if it beat another card of its suit; else none.

    ``tmask`` holds the trick's other cards, ``hands`` the cards still held
    (``wcard`` in ``wseat``'s hand or in ``tmask``).
    """
    s = wcard // 13
    if _POP[((tmask | (1 << wcard)) >> (13 * s)) & 0x1FFF] < 2:
        return 0  # a ruff or a card no other followed: the winning card's rank decided nothing
    present = tmask
    for i in range(n):
        present |= hands[i]
    pres = (present >> (13 * s)) & 0x1FFF
    mine = (hands[wseat] >> (13 * s)) & 0x1FFF
    r = wcard % 13
    while True:
        below = pres & ((1 << r) - 1)
        if below == 0:
            break
        nr = _HIGH[below]
        if not (mine >> nr) & 1:
            break
        r = nr
    return 1 << (13 * s + r)


@njit
def _keys_after_trick(fr: np.ndarray, mv: np.ndarray, ps: int, n: int, present: int, d: int) -> None:
    """Set frame ``d``'s owner keys, counts and lengths (without the leader) from those of the trick's start at
    ply ``ps``, taking out the ``n`` cards played to the trick (``present``: the cards still in play after it).

    A card's owner digit is taken out of its suit's key at its place among
    the cards in play below it (each key lists the owners highest first).
    """
    l0 = fr[ps, _L0]
    l1 = fr[ps, _L1] & 0xFFFF
    for s in range(4):
        fr[d, _K0 + s] = fr[ps, _K0 + s]
        fr[d, _C0 + s] = fr[ps, _C0 + s]
    cur = present
    for j in range(n):
        cur |= 1 << mv[ps + j, fr[ps + j, _I] - 1]
    for j in range(n):
        c = mv[ps + j, fr[ps + j, _I] - 1]
        q = fr[ps + j, _P]
        s = c // 13
        r = c % 13
        if q < 4:
            l0 -= 1 << (4 * (4 * q + s))
        else:
            l1 -= 1 << (4 * s)
        below = _POP[(cur >> (13 * s)) & ((1 << r) - 1)]
        key = fr[d, _K0 + s]
        low = key & ((1 << (3 * below)) - 1)
        fr[d, _K0 + s] = ((key >> (3 * (below + 1))) << (3 * below)) | low
        fr[d, _C0 + s] -= 1
        cur ^= 1 << c
    fr[d, _L0] = l0
    fr[d, _L1] = l1


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
    tt: np.ndarray,
    sig: np.ndarray,
    fill: np.ndarray,
    gen: int,
    fr: np.ndarray,
    mv: np.ndarray,
    stats: np.ndarray,
) -> bool:
    """Whether the maximisers can make sure the counted side takes ``target`` or more of the tricks to come.

    An alpha-beta search with a null window, written as a loop over an
    explicit stack (``fr``, ``mv``) rather than by recursion.  Each node's
    result comes with ``rel``, the cards it depended on (with the suit
    lengths): the winning cards of tricks won by rank, the top cards of the
    quick-trick and top-trump bounds, the matching cards of transposition
    entries; a cut-off takes the successful move's, a node whose every move
    failed the union of all.
    """
    scores = mv[_SCORES]
    after = mv[_AFTER]
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
    rel = 0
    while True:
        if entering:
            # A new node at ply d: settle it at once if it can be, else list its moves.
            entering = False
            stats[NODES] += 1
            tk = fr[d, _K]
            tl = fr[d, _LEADER]
            tt_ = fr[d, _TARGET]
            p = _seat(tl + tk, n)
            left = _popcount(hands[p])  # tricks still to be played, the one on the table included
            fr[d, _P] = p
            fr[d, _LEFT] = left
            fr[d, _REL] = 0
            fr[d, _LW] = 0
            done = False
            rel = 0
            fr[d, _HINT] = -1
            if tt_ <= 0:
                r = True
                done = True
            elif tt_ > left:
                r = False
                done = True
            elif tk == 0:
                present = 0
                for i in range(n):
                    present |= hands[i]
                ps = d - n
                if ps >= 0 and fr[ps, _K] == 0:
                    # The last trick was played in this search: its start's keys less the trick's cards.
                    _keys_after_trick(fr, mv, ps, n, present, d)
                    fr[d, _L1] |= (tl + 1) << 16
                else:
                    for s in range(4):
                        fr[d, _K0 + s] = _suit_key(hands, n, s)
                        fr[d, _C0 + s] = _POP[(present >> (13 * s)) & 0x1FFF]
                    l0, l1 = _lengths(hands, n, tl)
                    fr[d, _L0] = l0
                    fr[d, _L1] = l1
                stats[TT_PROBES] += 1
                res, erel, hint = _lookup(tt, sig, fill, gen, fr, d, hands, n, tt_)
                if hint >= 0:
                    fr[d, _HINT] = _card(hands, n, hint)
                if res >= 0:
                    stats[TT_HITS] += 1
                    r = res == 1
                    rel = erel
                    done = True
                if not done and left == 1:
                    w, rel = _last_trick(hands, n, tl, trumps)
                    r = cnt[w] >= tt_
                    done = True
                if not done:
                    lo_b = 0
                    hi_b = left
                    lo_rel = 0
                    hi_rel = 0
                    if cnt[tl] == mx[tl]:
                        # The leader's side wants tricks of its own: it is sure of its quick tricks.
                        # The count that decides the question: tt_ of them for the counted side, else enough
                        # that fewer than tt_ are left to the counted side.
                        need = tt_ if cnt[tl] == 1 else left - tt_ + 1
                        q, qrel = _quick_tricks(hands, n, tl, trumps, need)
                        if q < need:
                            # Not enough: perhaps more by leading to a friend's winner first.
                            q2, qrel2 = _entry_tricks(hands, n, tl, trumps, cnt, after, need)
                            if q2 > q:
                                q = q2
                                qrel = qrel2
                        if cnt[tl] == 1:
                            lo_b = q
                            lo_rel = qrel
                        else:
                            hi_b = left - q
                            hi_rel = qrel
                    if trumps >= 0:
                        # A trump above every trump of the other side wins the trick it is played to.
                        sc, rc, so, ro = _sure_trumps(hands, n, trumps, cnt)
                        if sc > lo_b:
                            lo_b = sc
                            lo_rel = rc
                        if left - so < hi_b:
                            hi_b = left - so
                            hi_rel = ro
                    upper = (cnt[tl] == 1) == (cnt[tl] == mx[tl])  # whether such a bound caps the count
                    if lo_b < tt_ <= hi_b and ((tt_ == left) if upper else (tt_ == 1)):
                        # The question is whether the leader's side takes every trick to come (or none, at misère).
                        if cnt[tl] == mx[tl]:
                            # Whatever the leader leads, the other side can take the trick (and wants it); or the
                            # suits the leader's side holds the top of have too few rounds for every trick.
                            lost, lrel = _trick_lost(hands, n, tl, trumps, cnt)
                            if not lost:
                                lost, lrel = _not_every_trick(hands, n, tl, trumps, cnt, left)
                        else:
                            # At misère: whatever the leader leads, the other side can leave his side the trick.
                            lost, lrel = _trick_forced(hands, n, tl, trumps, cnt)
                        if lost:
                            if upper:
                                hi_b = left - 1
                                hi_rel = lrel
                            else:
                                lo_b = 1
                                lo_rel = lrel
                    if lo_b >= tt_:
                        r = True
                        rel = lo_rel
                        done = True
                    elif hi_b < tt_:
                        r = False
                        rel = hi_rel
                        done = True
            elif cnt[p] == mx[p] and (tt_ == 1 or tt_ == left):
                # In mid-trick, in a game where each side wants tricks, the question turns on this trick alone: the
                # counted side needs one more, or every one. Settled if the side it turns on is sure to take the
                # trick (DDS's quick tricks of the second hand).
                sv = 1 if tt_ == 1 else 0
                won, rel = _trick_won(hands, n, p, tk, fr[d, _LEAD], fr[d, _WCARD], fr[d, _WSEAT], trumps, cnt, sv)
                if not won and tt_ == 1 and tt_ == left:
                    sv = 0
                    won, rel = _trick_won(hands, n, p, tk, fr[d, _LEAD], fr[d, _WCARD], fr[d, _WSEAT], trumps, cnt, sv)
                if won:
                    r = sv == 1
                    done = True
                else:
                    rel = 0
            if not done:
                fr[d, _MAXER] = mx[p]
                fr[d, _M] = _moves(
                    hands,
                    n,
                    p,
                    tk,
                    fr[d, _LEAD],
                    fr[d, _WCARD],
                    fr[d, _WSEAT],
                    fr[d, _TMASK],
                    trumps,
                    cnt,
                    mx,
                    mv,
                    d,
                    fr[d, _HINT],
                    scores,
                    fr[d, _KILL] if tk == 0 else -1,
                )
                fr[d, _I] = 0
            else:
                # Back up the tree with r: a node is settled when r is what its player wants (a cut-off) or when
                # it has no move left (then r is what its player did not want); either way it is worth r.
                while True:
                    if d == 0:
                        return r
                    d -= 1
                    c = mv[d, fr[d, _I] - 1]
                    hands[fr[d, _P]] ^= 1 << c
                    if fr[d, _K] == n - 1:
                        # The move finished a trick: its result may rest on the winning card's rank too.
                        tm = fr[d, _TMASK] | (1 << c)
                        if _beats(c, fr[d, _WCARD], trumps):
                            rel |= _trick_rel(hands, n, tm, c, fr[d, _P])
                        else:
                            rel |= _trick_rel(hands, n, tm, fr[d, _WCARD], fr[d, _WSEAT])
                    if r == (fr[d, _MAXER] == 1):
                        fr[d, _REL] = rel  # a cut-off rests on the successful move alone
                        fr[d, _KILL] = c
                        if fr[d, _K] == 0:
                            _settle(fr, d, r, tt, sig, fill, gen, hands, n, stats, rel, _code(hands, n, c))
                        continue
                    # The move failed. If its card lies below every card of its suit its result rested on, every
                    # other card of the suit below those fails alike (DDS: one small card a suit); skip them.
                    cs = c // 13
                    rs = (rel >> (13 * cs)) & 0x1FFF
                    low = _LOW[rs] if rs else 13
                    if c % 13 < low:
                        lw = fr[d, _LW]
                        if low > (lw >> (4 * cs)) & 15:
                            fr[d, _LW] = (lw & ~(15 << (4 * cs))) | (low << (4 * cs))
                    rel |= fr[d, _REL]
                    fr[d, _REL] = rel
                    lw = fr[d, _LW]
                    if lw:
                        i = fr[d, _I]
                        while i < fr[d, _M] and mv[d, i] % 13 < (lw >> (4 * (mv[d, i] // 13))) & 15:
                            i += 1
                        fr[d, _I] = i
                    if fr[d, _I] >= fr[d, _M]:
                        if fr[d, _K] == 0:
                            _settle(fr, d, r, tt, sig, fill, gen, hands, n, stats, rel, -1)
                        continue
                    break
        # Try the next move of the node at ply d (it has one: a node is settled when its moves run out).
        i = fr[d, _I]
        c = mv[d, i]
        fr[d, _I] = i + 1
        p = fr[d, _P]
        bit = 1 << c
        hands[p] ^= bit
        tk = fr[d, _K]
        if tk == 0:
            nlead = c // 13
            nw_c = c
            nw_s = p
        else:
            nlead = fr[d, _LEAD]
            if _beats(c, fr[d, _WCARD], trumps):
                nw_c = c
                nw_s = p
            else:
                nw_c = fr[d, _WCARD]
                nw_s = fr[d, _WSEAT]
        if tk + 1 == n:
            fr[d + 1, _K] = 0
            fr[d + 1, _LEADER] = nw_s
            fr[d + 1, _LEAD] = -1
            fr[d + 1, _WCARD] = -1
            fr[d + 1, _WSEAT] = -1
            fr[d + 1, _TMASK] = 0
            fr[d + 1, _TARGET] = fr[d, _TARGET] - cnt[nw_s]
        else:
            fr[d + 1, _K] = tk + 1
            fr[d + 1, _LEADER] = fr[d, _LEADER]
            fr[d + 1, _LEAD] = nlead
            fr[d + 1, _WCARD] = nw_c
            fr[d + 1, _WSEAT] = nw_s
            fr[d + 1, _TMASK] = fr[d, _TMASK] | bit
            fr[d + 1, _TARGET] = fr[d, _TARGET]
        d += 1
        entering = True


@njit
def _settle(
    fr: np.ndarray,
    d: int,
    r: bool,
    tt: np.ndarray,
    sig: np.ndarray,
    fill: np.ndarray,
    gen: int,
    hands: np.ndarray,
    n: int,
    stats: np.ndarray,
    rel: int,
    best: int,
) -> None:
    """Record the result of the node at ply ``d`` (at the start of a trick) in the transposition table."""
    stats[TT_STORES] += 1
    if r:
        _store(tt, sig, fill, gen, fr, d, hands, n, rel, fr[d, _TARGET], fr[d, _LEFT], best)
    else:
        _store(tt, sig, fill, gen, fr, d, hands, n, rel, 0, fr[d, _TARGET] - 1, best)


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
    tt: np.ndarray,
    sig: np.ndarray,
    fill: np.ndarray,
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
        if _ge(hands, n, trumps, cnt, mx, k, leader, lead, wcard, wseat, tmask, g, tt, sig, fill, gen, fr, mv, stats):
            lo = g
            g = g + 1
        else:
            hi = g - 1
            g = g - 1
    return lo


@njit_alloc
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
    rows = np.empty((1, 13), dtype=np.int64)
    scores = np.empty(13, dtype=np.int64)
    m = _moves(hands, n, p, k, lead, wcard, wseat, tmask, trumps, cnt, mx, rows, 0, -1, scores, -1)
    for i in range(m):
        out[i] = rows[0, i]
    return m
