"""The solver (issue 15): exact values agree with a plain minimax on small endings of every kind, and every game of
the whist family is read and solved through ``hoyle.solve``."""

from __future__ import annotations

import random

import pytest

import hoyle
from hoyle.solver import Position, PositionError, position, solve_position
from solver_helpers import minimax, random_position


def _check(pos: Position) -> None:
    s = solve_position(pos)
    got = {int(a.card): v for a, v in s.tricks.items()}
    want = minimax(pos)
    assert got == want, pos
    assert s.best == (min if pos.minimise == (pos.to_act in pos.counted) else max)(want.values())


@pytest.mark.parametrize("n", [3, 4, 5])
def test_agrees_with_minimax_on_small_endings(n: int) -> None:
    """A thousand random endings for each number of hands: sides of every shape, misère, trumps or none."""
    rng = random.Random(1500 + n)
    top = {3: 4, 4: 4, 5: 3}[n]
    for _ in range(1000):
        per = rng.randrange(1, top + 1)
        counted = tuple(sorted(rng.sample(range(n), rng.randrange(1, n))))
        pos = random_position(
            rng,
            n,
            per,
            trumps=rng.choice([None, 0, 1, 2, 3]),
            counted=counted,
            minimise=rng.random() < 0.35,
            deck=rng.choice([24, 40, 52]),
        )
        _check(pos)


def test_agrees_with_minimax_on_five_card_endings() -> None:
    """Five cards each: one against three and misère (Solo, Boston), partnerships and nullo (whist, Cayenne); and
    five hands of four."""
    rng = random.Random(15)
    for i in range(45):
        n = 4 if i % 3 else 3
        counted = [(0,), (1, 3), (2,)][i % 3] if n == 4 else ((0,) if i % 2 else (1, 2))
        pos = random_position(
            rng,
            n,
            5,
            trumps=rng.choice([None, 0, 1, 2, 3]),
            counted=counted,
            minimise=i % 4 == 0,
            deck=rng.choice([20, 28, 52]),
        )
        _check(pos)
    for _ in range(20):
        counted = tuple(sorted(rng.sample(range(5), rng.randrange(1, 5))))
        _check(random_position(rng, 5, 4, trumps=rng.choice([None, 3]), counted=counted, minimise=rng.random() < 0.4))


def _drive(t: hoyle.Table, prefer: list[str], rng: random.Random) -> None:
    """Take the table to its play: a preferred action (a one-word preference matches its verb), else pass, else
    random."""
    while t.to_act is not None and not t.over:
        acts = t.legal_actions()
        if all(a.verb == "play" for a in acts):
            return
        texts = [str(a) for a in acts]
        for want in prefer:
            hit = [a for a, x in zip(acts, texts, strict=True) if x == want or (" " not in want and x.startswith(want))]
            if hit:
                t.apply(hit[0])
                break
        else:
            t.apply(next((a for a in acts if a.verb == "pass"), None) or rng.choice(acts))


CASES = [
    ("whist", {}, []),
    ("whist", {"code": "american-1893"}, []),
    ("whist", {"code": "american-gwp"}, []),
    ("whist", {"long": True}, []),
    ("dummy", {}, []),
    ("double-dummy", {}, []),
    ("solo", {}, ["call solo"]),
    ("solo", {}, ["propose", "accept"]),
    ("solo", {}, ["call misere ouverte"]),
    ("solo", {}, ["call misere"]),
    ("solo", {}, ["call abondance declaree", "trumps"]),
    ("solo", {}, ["call abondance in trumps"]),
    ("solo", {"players": 3}, ["call solo"]),
    ("solo", {"players": 3}, ["call misere"]),
    ("solo", {"players": 5}, ["call abondance", "trumps"]),
    ("solo", {"players": 5}, ["call misere"]),
    ("boston", {}, ["bid 7 first"]),
    ("boston", {}, ["bid 6"]),
    ("boston", {}, ["bid little misere", "discard"]),
    ("boston", {}, ["bid grand misere"]),
    ("boston", {}, ["bid little spread", "discard"]),
    ("boston", {}, ["bid grand spread"]),
    ("boston", {"variant": "fontainebleau"}, ["bid 8 hearts"]),
    ("boston", {"variant": "fontainebleau"}, ["bid 6 grand"]),
    ("cayenne", {}, ["declare H"]),
    ("cayenne", {}, ["declare grand"]),
    ("cayenne", {}, ["declare nullo"]),
]


@pytest.mark.parametrize(("name", "options", "prefer"), CASES, ids=[f"{c[0]}-{c[1]}-{c[2]}" for c in CASES])
def test_every_game_is_solved_and_agrees_with_minimax(name: str, options: dict, prefer: list[str]) -> None:
    """Each game, each kind of call: the table's position is read, and from four cards left its values agree with
    minimax; the values of the played cards are consistent with the best value all the way down."""
    rng = random.Random(len(name) * 31 + len(prefer))
    t = hoyle.game(name, **options).table(seed=rng.randrange(10**6))
    _drive(t, prefer, rng)
    deal_no = len(t._deal_log)
    assert position(t).n == len(getattr(t, "active", None) or t.seats)
    checked = 0
    while not t.over and len(t._deal_log) == deal_no and all(a.verb == "play" for a in t.legal_actions()):
        pos = position(t)
        left = pos.hands[pos.to_act].bit_count()
        if left <= 3 or (left <= 4 and pos.n <= 4):
            s = hoyle.solve(t)
            assert s.side == pos.side
            assert {int(a.card): v for a, v in s.tricks.items()} == minimax(pos)
            assert set(s.tricks) == set(t.legal_actions())
            checked += 1
        t.apply(rng.choice(t.legal_actions()))
    # A misère is over at the declarer's first trick, abondance déclarée at his first loss: those may end sooner.
    assert checked > 0 or any(w in p for w in ("misere", "spread", "declaree") for p in prefer)


def test_sides_of_each_game() -> None:
    """The sides read from each table (no search: a whole misère deal is the slowest thing to solve)."""
    rng = random.Random(3)
    t = hoyle.game("solo").table(seed=4)
    _drive(t, ["call misere"], rng)
    p = position(t)
    assert p.minimise and p.side == "+".join(t.declarers) and tuple(p.seats[i] for i in p.counted) == t.declarers
    t = hoyle.game("cayenne").table(seed=4)
    _drive(t, ["declare nullo"], rng)
    p = position(t)
    assert p.minimise and p.side == ("NS" if t.seats[t.declarer] in "NS" else "EW")
    t = hoyle.game("whist").table(seed=4)
    p = position(t)
    assert not p.minimise and p.side == ("NS" if t.to_act in "NS" else "EW") and p.won == 0
    assert position(t, side="EW").counted == (1, 3)


def test_a_whole_solo_deal_from_a_chosen_position() -> None:
    """Five-hand Solo is dealt 10 cards each (two cards short of 52): solved from six cards left, checked by
    minimax over the whole rest of the deal from a few positions."""
    rng = random.Random(5)
    t = hoyle.game("solo", players=3).table(seed=11)
    _drive(t, ["call solo"], rng)
    while position(t).hands[position(t).to_act].bit_count() > 5:
        t.apply(rng.choice(t.legal_actions()))
    pos = position(t)
    assert {int(a.card): v for a, v in hoyle.solve(t).tricks.items()} == minimax(pos)


def test_refuses_what_it_cannot_solve() -> None:
    t = hoyle.game("solo").table(seed=1)
    with pytest.raises(PositionError, match="not in the play of a hand"):
        hoyle.solve(t)  # the auction
    t = hoyle.game("whist", irregularities=True).table(seed=1)
    with pytest.raises(PositionError, match="law mode"):
        hoyle.solve(t)
    t = hoyle.game("poker").table(seed=1)
    with pytest.raises(PositionError, match="whist family"):
        hoyle.solve(t)
    t = hoyle.game("solo", general_misere=True).table(seed=1)
    _drive(t, [], random.Random(1))
    if not t.over and t.general:
        with pytest.raises(PositionError, match="general misère"):
            hoyle.solve(t)
    good = Position(
        seats=("N", "E", "S", "W"), hands=(1, 2, 4, 8), trumps=None, leader=0, trick=(), side="NS", counted=(0, 2)
    )
    solve_position(good)
    for bad, why in [
        ({"hands": (1, 1, 4, 8)}, "two hands"),
        ({"hands": (1, 2 | 16, 4, 8)}, "do not fit"),
        ({"trick": (0,)}, "both on the table and in a hand"),
        ({"counted": (0, 1, 2, 3)}, "some, not all"),
        ({"trumps": 4}, "suit index"),
        ({"leader": 4}, "seat index"),
        ({"hands": (1 << 52, 2, 4, 8)}, "not a bit set"),
    ]:
        fields = {**good.__dict__, **bad}
        with pytest.raises(PositionError, match=why):
            solve_position(Position(**fields))
    with pytest.raises(PositionError, match="not a lawful card"):
        solve_position(good, cards=[5])
    with pytest.raises(ValueError, match="power of two"):
        solve_position(good, tt_entries=1000)


def test_a_small_table_is_still_exact() -> None:
    """A transposition table of two slots thrashes but changes no value."""
    rng = random.Random(8)
    for _ in range(30):
        pos = random_position(rng, 4, 4, trumps=rng.choice([None, 2]), counted=(0, 2))
        got = {int(a.card): v for a, v in solve_position(pos, tt_entries=2).tricks.items()}
        assert got == minimax(pos)


def _reshuffled(rng: random.Random, pos: Position) -> Position:
    """``pos`` with each suit's cards dealt again among the hands, each hand keeping its length in each suit:
    the same shape, other ranks, so that some transposition entries of one match the other."""
    hands = list(pos.hands)
    for s in range(4):
        owners = [i for i in range(pos.n) for c in range(13 * s, 13 * s + 13) if hands[i] >> c & 1]
        cards = sorted(rng.sample(range(13 * s, 13 * s + 13), len(owners)))
        rng.shuffle(owners)
        for i in range(pos.n):
            hands[i] &= ~(0x1FFF << (13 * s))
        for c, i in zip(cards, owners, strict=True):
            hands[i] |= 1 << c
    return Position(**{**pos.__dict__, "hands": tuple(hands), "trick": ()})


def test_transposition_entries_carry_over_between_positions_exactly() -> None:
    """One transposition table, kept across many positions of the same shape (the entries of one apply to
    another wherever the cards they rest on are the same): every value is still the minimax value, and entries
    are found."""
    from hoyle.solver import _Search

    rng = random.Random(77)
    hits = 0
    for i in range(60):
        n = [3, 4, 5][i % 3]
        counted = tuple(sorted(rng.sample(range(n), rng.randrange(1, n))))
        base = random_position(
            rng,
            n,
            4 if n < 5 else 3,
            trumps=rng.choice([None, 0, 3]),
            counted=counted,
            minimise=i % 4 == 1,
            trick=0,
        )
        search = _Search(base, 1 << 12)
        for _ in range(6):
            pos = _reshuffled(rng, base)
            got = pos.won + search.exact(pos.hands, pos.leader, (), 0)
            want = minimax(pos)
            assert got == (min if pos.minimise == (pos.to_act in pos.counted) else max)(want.values()), pos
        hits += int(search.stats[1])
    assert hits > 100


def _suit(h: int, s: int) -> int:
    return (h >> (13 * s)) & 0x1FFF


def _not_every_trick(pos: Position, side: set[int]) -> bool:
    """The later-tricks bound's case, read off the hands: no trump in play, and the suits whose highest card the
    leader's side holds have fewer rounds (its longest hand in each) than there are tricks to come."""
    hands = pos.hands
    if pos.trumps is not None and any(_suit(h, pos.trumps) for h in hands):
        return False
    rounds = 0
    for s in range(4):
        present = 0
        for h in hands:
            present |= _suit(h, s)
        if present and next(q for q in range(pos.n) if _suit(hands[q], s) >> (present.bit_length() - 1) & 1) in side:
            rounds += max(_suit(hands[q], s).bit_count() for q in side)
    return rounds < hands[pos.leader].bit_count()


def _trick_forced(pos: Position, side: set[int]) -> bool:
    """The misère bound's case: in every suit the leader holds, each seat of the other side holding it has a card
    below his lowest, and each void there can throw a card without ruffing."""
    hands = pos.hands
    for s in range(4):
        mine = _suit(hands[pos.leader], s)
        if not mine:
            continue
        low = (mine & -mine).bit_length() - 1
        for q in range(pos.n):
            if q in side:
                continue
            h = _suit(hands[q], s)
            if h and (h & -h).bit_length() - 1 > low:
                return False
            if (
                not h
                and pos.trumps is not None
                and s != pos.trumps
                and hands[q] == _suit(hands[q], pos.trumps) << (13 * pos.trumps)
            ):
                return False
    return True


@pytest.mark.parametrize("n", [3, 4, 5])
def test_later_trick_bounds_agree_with_minimax(n: int) -> None:
    """Endings at a lead where the later-tricks bound applies (the leader's side cannot take every trick), or at
    misère the forced-trick bound (the leader's side cannot avoid this trick): the claim holds by minimax, and the
    solver, which uses the bound at that lead, agrees with minimax."""
    rng = random.Random(2600 + n)
    top = {3: 4, 4: 3, 5: 2}[n]
    seen = {False: 0, True: 0}
    tries = 0
    while min(seen.values()) < 60 and tries < 20000:
        tries += 1
        minimise = rng.random() < 0.5
        counted = tuple(sorted(rng.sample(range(n), rng.randrange(1, n))))
        pos = random_position(
            rng,
            n,
            rng.randrange(2, top + 1),
            trumps=rng.choice([None, None, 0, 1, 2, 3]),
            counted=counted,
            minimise=minimise,
            trick=0,
            deck=rng.choice([n * top, 24, 52]),
        )
        side = set(counted) if pos.leader in counted else set(range(n)) - set(counted)
        if not (_trick_forced(pos, side) if minimise else _not_every_trick(pos, side)) or seen[minimise] >= 60:
            continue
        seen[minimise] += 1
        want = minimax(pos)
        best = (min if pos.minimise == (pos.leader in pos.counted) else max)(want.values())
        left = pos.hands[pos.leader].bit_count()
        ours = best - pos.won if pos.leader in pos.counted else left - (best - pos.won)
        assert (ours >= 1) if minimise else (ours <= left - 1), pos
        assert solve_position(pos, values=False).best == best, pos
        _check(pos)
    assert min(seen.values()) >= 60, seen


def _sure_of_trick(pos: Position, side: set[int]) -> bool:
    """Whether ``side`` takes the trick on the table whatever the others play (a minimax over this trick alone)."""
    from hoyle.tricks import trick_winner

    n = pos.n

    def go(hands: list[int], played: list[int]) -> bool:
        if len(played) == n:
            return (pos.leader + trick_winner(played, pos.trumps)) % n in side
        q = (pos.leader + len(played)) % n
        hand = hands[q]
        follow = hand & (0x1FFF << (13 * (played[0] // 13)))
        legal = [c for c in range(52) if (follow or hand) >> c & 1]
        results = []
        for c in legal:
            hands[q] &= ~(1 << c)
            results.append(go(hands, [*played, c]))
            hands[q] |= 1 << c
        return any(results) if q in side else all(results)

    return go(list(pos.hands), list(pos.trick))


@pytest.mark.parametrize("n", [3, 4, 5])
def test_trick_won_bound_agrees_with_minimax(n: int) -> None:
    """Positions in mid-trick where the search's sure-trick bound holds for a side, the seat to play's or the
    other (a friend's card winning that no adversary still to play can beat, the seat's own highest card or trump,
    or a later friend's top card of the suit led, no adversary able to ruff): that side takes the trick by minimax,
    and the solver agrees with minimax there."""
    import numpy as np

    from hoyle.solver import _search as S

    rng = random.Random(3100 + n)
    top = {3: 4, 4: 3, 5: 2}[n]
    seen = 0
    tries = 0
    while seen < 120 and tries < 20000:
        tries += 1
        counted = tuple(sorted(rng.sample(range(n), rng.randrange(1, n))))
        pos = random_position(
            rng,
            n,
            rng.randrange(1, top + 1),
            trumps=rng.choice([None, 0, 1, 2, 3]),
            counted=counted,
            trick=rng.randrange(1, n),
            deck=rng.choice([n * top, 24, 52]),
        )
        p = pos.to_act
        cnt = np.array([1 if i in counted else 0 for i in range(n)], dtype=np.int64)
        trumps = -1 if pos.trumps is None else pos.trumps
        wcard, wseat = pos.trick[0], pos.leader
        for j, c in enumerate(pos.trick[1:], 1):
            if bool(S._beats(c, wcard, trumps)):
                wcard, wseat = c, (pos.leader + j) % n
        hands = np.array(pos.hands, dtype=np.int64)
        sv = rng.randrange(2)  # the counted side, or the other
        won, rel = S._trick_won(hands, n, p, len(pos.trick), pos.trick[0] // 13, wcard, wseat, trumps, cnt, sv)
        if not won:
            continue
        seen += 1
        side = {i for i in range(n) if cnt[i] == sv}
        assert _sure_of_trick(pos, side), pos
        assert bin(int(rel)).count("1") == 1, pos  # it rests on the one card that wins
        _check(pos)
    assert seen >= 120, seen
