"""The search bot: worlds from its seat's view, each solved; it never reads a concealed card.

Where the tests must not depend on the speed of :func:`hoyle.solve`, they give the bot a small exhaustive
minimax of their own (:func:`brute`), for endings of a few tricks.
"""

from __future__ import annotations

import dataclasses
import random
from dataclasses import dataclass
from typing import Any

import pytest

import hoyle
from hoyle import bots
from hoyle.bots.search import SearchBot
from hoyle.engine.actions import Action


@dataclass
class Brute:
    side: str
    seats: tuple[str, ...]
    minimise: bool
    tricks: dict[Action, int]


def _after(t: hoyle.Table, a: Action, seats: tuple[str, ...]) -> int:
    """Tricks ``seats`` take from here to the end of the deal after ``a``, everyone playing best."""
    c = t.clone()
    won = 0
    for e in c.apply(a):
        if e.kind == "trick":
            won += e.data["winner"] in seats
            if e.data["trick"] == 13:
                return won
    values = [_after(c, b, seats) for b in c.legal_actions()]
    mover = c.to_act
    return won + (max(values) if mover in seats else min(values))


def brute(t: hoyle.Table) -> Brute:
    """Exact values of a whist ending by trying every card (a few tricks at most)."""
    seat = t.to_act
    assert seat is not None
    side = "NS" if seat in "NS" else "EW"
    seats = tuple(side)
    return Brute(side, seats, False, {a: _after(t, a, seats) for a in t.legal_actions()})


def ending(game: str, seed: int, left: int, **options: Any) -> hoyle.Table:
    t = hoyle.game(game, **options).table(seed=seed)
    players = {s: bots.make("rules", game) for s in t.seats}
    while len(t.view(None)["played"]) < 4 * (13 - left):
        seat = t.to_act
        assert seat is not None
        t.apply(players[seat].choose(t.view(seat), t.legal_actions()))
    return t


def test_the_search_bot_is_made_for_the_whist_family_and_refuses_other_games() -> None:
    for game in ("whist", "dummy", "double-dummy", "solo", "boston", "cayenne"):
        assert isinstance(bots.make("search", game, seed=1, solver=brute), SearchBot)
    with pytest.raises(ValueError, match="whist, dummy, double-dummy, solo, boston, cayenne"):
        bots.make("search", "poker")
    with pytest.raises(ValueError, match="worlds must be at least 1"):
        bots.make("search", "whist", worlds=0, solver=brute)
    with pytest.raises(ValueError, match="takes no options"):
        bots.make("rules", "whist", worlds=3)
    assert "search" in bots.kinds()


@pytest.mark.parametrize("seed", [1, 2, 3, 4])
def test_with_every_hand_seen_it_plays_a_card_of_best_value(seed: int) -> None:
    """Double Dummy: each player sees three hands, so every world is the deal, and the bot's card is one the
    exhaustive minimax values best."""
    t = ending("double-dummy", seed, 2)
    bot = SearchBot("double-dummy", seed=1, worlds=3, solver=brute)
    action = bots.decide(bot, t)
    values = brute(t).tricks
    assert values[action] == max(values.values())
    assert bot.last["how"] == "solve" and bot.last["worlds"] >= 1


@pytest.mark.parametrize("seed", [2, 5, 8])
def test_it_plays_a_lawful_card_from_the_worlds(seed: int) -> None:
    t = ending("whist", seed, 2)
    bot = SearchBot("whist", seed=1, worlds=6, ms=None, solver=brute)
    for _ in range(8):  # the last two tricks
        legal = t.legal_actions()
        action = bots.decide(bot, t)
        assert action in legal
        t.apply(action)


def test_it_cannot_read_a_concealed_card() -> None:
    """Two tables that differ only in cards concealed from the seat to act: the bot, seeded alike, makes the same
    choices from the same values, because all it has are the view, the lawful actions and worlds drawn from the
    view; and its choice does not always agree with a bot that saw the real deal."""
    t = ending("whist", 5, 2)
    seat = t.to_act
    assert seat is not None
    other = t.resample(seat, random.Random(3))
    assert other.view(seat) == t.view(seat)
    assert other.places() != t.places()
    a, b = SearchBot("whist", seed=4, worlds=8, solver=brute), SearchBot("whist", seed=4, worlds=8, solver=brute)
    assert bots.decide(a, t) == bots.decide(b, other)
    assert a.last["values"] == b.last["values"]


def test_without_worlds_it_plays_as_the_rules_bot() -> None:
    t = ending("whist", 3, 5)
    seat = t.to_act
    assert seat is not None
    bot = SearchBot("whist", seed=1, solver=brute)
    rules = bots.make("rules", "whist")
    assert bot.choose(t.view(seat), t.legal_actions()) == rules.choose(t.view(seat), t.legal_actions())
    assert bot.last["how"] == "rules"


def test_calls_are_chosen_by_simulation_in_the_games_unit() -> None:
    """Solo's auction: each candidate call is made in sampled worlds and the deal played out; the values are the
    seat's money."""
    t = hoyle.game("solo").table(seed=5)
    bot = SearchBot("solo", seed=2, worlds=3, ms=None, solver=brute)
    action = bots.decide(bot, t)
    assert action in t.legal_actions()
    assert bot.last["how"] == "simulate" and bot.last["worlds"] == 12  # four times the worlds of a card
    assert "pass" in bot.last["values"]
    few = SearchBot("solo", seed=2, worlds=3, call_worlds=5, ms=None, solver=brute)
    bots.decide(few, t)
    assert few.last["worlds"] == 5
    with pytest.raises(ValueError, match="call_worlds must be at least 1"):
        SearchBot("solo", worlds=3, call_worlds=0, solver=brute)


def test_every_declaration_of_cayenne_is_a_candidate() -> None:
    """Cayenne's dealer has seven choices (four suits, grand, nullo, pass): all are simulated."""
    t = hoyle.game("cayenne").table(seed=1)
    assert len(t.legal_actions()) == 7
    bot = SearchBot("cayenne", seed=2, worlds=1, call_worlds=2, ms=None, solver=brute)
    bots.decide(bot, t)
    assert sorted(bot.last["values"]) == sorted(str(a) for a in t.legal_actions())


def _results(gains: list[dict[str, float]]) -> tuple[list[tuple[float, dict[Action, float]]], list[Action]]:
    acts = {k: Action.parse(k) for k in gains[0]}
    return [(1.0, {acts[k]: v for k, v in g.items()}) for g in gains], list(acts.values())


def test_a_call_other_than_the_rules_bots_is_made_only_on_a_sure_gain() -> None:
    """One world of twelve in which a misère pays 10 more than passing is a higher mean (0.83) but no sure gain
    (one standard error is 0.83): the rules bot's pass stands.  A gain of one in every world is sure; of two sure
    gains the higher is made."""
    from hoyle.bots.search import preferred

    plain = Action.parse("pass")
    results, cands = _results([{"pass": 0.0, "call misere": 10.0}] + [{"pass": 0.0, "call misere": 0.0}] * 11)
    assert preferred(results, cands, plain) == plain
    results, cands = _results([{"pass": 0.0, "call solo": 1.0}] * 12)
    assert preferred(results, cands, plain) == Action.parse("call solo")
    results, cands = _results(
        [{"pass": -1.0, "call solo": 1.0, "propose": 2.0}, {"pass": 0.0, "call solo": 2.5, "propose": 3.0}]
    )
    assert preferred(results, cands, plain) == Action.parse("propose")
    results, cands = _results([{"pass": 0.0, "call solo": 1.0}])
    assert preferred(results, cands, plain) == plain  # one world says nothing of its error


def test_at_solo_cards_are_valued_in_money_not_tricks() -> None:
    """Solo, seed 11: C calls a solo (five tricks; 6d from each of three adversaries, 1d a trick over or under).
    In two worlds one card makes five tricks in both (18d + 18d), another four and nine (-21d + 30d): more tricks
    (13 against 10) but less money, and the bot plays the first."""
    from hoyle.bots.search import unit_value

    t = _after_the_auction("solo", 11)
    assert t.view(None)["contract"]["call"] == "solo" and t.view(None)["contract"]["declarers"] == ["C"]
    players = {s: bots.make("rules", "solo", seed=0) for s in t.seats}
    while t.to_act != "C":
        t.apply(players[t.to_act].choose(t.view(t.to_act), t.legal_actions()))
    worth = unit_value(t, "C")
    assert worth is not None and (worth(5), worth(4), worth(9), worth(0)) == (18.0, -21.0, 30.0, -33.0)
    against = unit_value(t, "A")
    assert against is not None and (against(5), against(4)) == (-6.0, 7.0)
    assert unit_value(hoyle.game("whist").table(seed=1), "N") is None
    legal = t.legal_actions()
    steady, wild = legal[0], legal[1]
    script = iter([{steady: 5, wild: 4}, {steady: 5, wild: 9}])

    @dataclass
    class Scripted:
        world: hoyle.Table

        def __post_init__(self) -> None:
            self.seats = ("C",)
            self.minimise = False
            values = next(script)
            self.tricks = {a: values.get(a, 0) for a in self.world.legal_actions()}

    bot = SearchBot("solo", seed=1, worlds=2, ms=None, depth=13, weigh=False, solver=Scripted)
    assert bots.decide(bot, t) == steady
    assert bot.last["values"][str(steady)] == 18.0 and bot.last["values"][str(wild)] == 4.5


def test_at_cayenne_a_side_stands_by_the_points_it_scored_not_the_games_score() -> None:
    """Cayenne, seed 1: East-West score 12 in the first hand, a game and two over; the game's score says 2, the
    points scored 12, and the search bot values a declaration by the points."""
    from hoyle.bots.search import _standing

    t = hoyle.game("cayenne").table(seed=1)
    players = {s: bots.make("rules", "cayenne", seed=0) for s in t.seats}
    while t.view(None)["deal"] == 1:
        t.apply(players[t.to_act].choose(t.view(t.to_act), t.legal_actions()))
    assert t.scores == {"NS": 0, "EW": 2} and t.view(None)["totals"] == {"NS": 0, "EW": 12}
    assert _standing(t, "E") == 12.0 and _standing(t, "N") == -12.0


def test_the_budget_in_milliseconds_stops_the_worlds() -> None:
    t = ending("whist", 4, 2)
    bot = SearchBot("whist", seed=1, worlds=10_000, ms=30, solver=brute)
    bots.decide(bot, t)
    assert 1 <= bot.last["worlds"] < 10_000


def test_with_the_solver_it_plays_a_card_of_best_value() -> None:
    """The default solver, :func:`hoyle.solve`, at a Double Dummy ending: a card the exhaustive minimax values
    best."""
    t = ending("double-dummy", 3, 2)
    bot = bots.make("search", "double-dummy", seed=1, worlds=2)
    action = bots.decide(bot, t)
    values = brute(t).tricks
    assert values[action] == max(values.values())
    assert bot.last["how"] == "solve"


def test_the_room_offers_the_search_bot_in_the_whist_family_only() -> None:
    from hoyle.server import catalogue

    for game in ("whist", "dummy", "double-dummy", "solo", "boston", "cayenne"):
        assert "search" in catalogue.bot_kinds(game)
    for game in ("poker", "pope joan", "vingt-un"):
        assert "search" not in catalogue.bot_kinds(game)


def test_off_the_main_thread_it_solves_in_another_process_and_the_event_loop_keeps_running() -> None:
    """The room decides a bot's move in a thread (``asyncio.to_thread``).  The solver's compiled search holds
    the interpreter's lock while it runs, so solved in that thread a world would stop the room's event loop
    for as long (seconds, measured); the bot solves in its solving process instead, with the same values."""
    import asyncio
    import time

    t = ending("whist", 5, 8)
    here = SearchBot("whist", seed=7, worlds=8, ms=None, depth=13, offload=False)
    there = SearchBot("whist", seed=7, worlds=8, ms=None, depth=13)
    warm = SearchBot("whist", seed=1, worlds=1, ms=None, depth=13, offload=True)
    bots.decide(warm, t)  # the solving process started and its solver loaded
    assert warm.last["where"] == "worker"

    async def main() -> tuple[float, list[float], Action]:
        gaps: list[float] = []
        done = False

        async def beat() -> None:
            last = time.perf_counter()
            while not done:
                await asyncio.sleep(0.005)
                now = time.perf_counter()
                gaps.append(now - last)
                last = now

        task = asyncio.create_task(beat())
        t0 = time.perf_counter()
        choice = await asyncio.to_thread(bots.decide, there, t)
        took = time.perf_counter() - t0
        done = True
        await task
        return took, gaps, choice

    took, gaps, choice = asyncio.run(main())
    assert there.last["where"] == "worker" and there.last["worlds"] == 8
    assert bots.decide(here, t) == choice
    assert here.last["where"] == "here"
    assert here.last["values"] == there.last["values"]
    assert len(gaps) >= 5 and max(gaps) < took / 2, (took, max(gaps), len(gaps))


def test_the_solving_process_says_what_it_refused() -> None:
    from hoyle.bots.search import _WORKER
    from hoyle.solver import position

    t = ending("whist", 5, 2)
    pos = position(t)
    bad = dataclasses.replace(pos, hands=(pos.hands[0] | pos.hands[1], *pos.hands[1:]))
    from hoyle.bots._solve_worker import read_message, write_message

    with _WORKER._lock:
        proc = _WORKER._start()
        assert proc.stdin is not None and proc.stdout is not None
        write_message(proc.stdin, (bad, None))
        status, (kind, message) = read_message(proc.stdout)
    assert status == "error" and kind == "PositionError" and message


def _after_the_auction(game: str, seed: int) -> hoyle.Table:
    t = hoyle.game(game).table(seed=seed)
    players = {s: bots.make("rules", game, seed=0) for s in t.seats}
    while not all(a.verb == "play" for a in t.legal_actions()):
        seat = t.to_act
        assert seat is not None
        t.apply(players[seat].choose(t.view(seat), t.legal_actions()))
    return t


def test_worlds_are_weighed_by_the_calls_the_other_seats_made() -> None:
    """Solo, seed 1: B proposes and C accepts.  The deal itself, where the rules bots made those calls, weighs 1;
    worlds drawn for A weigh a power of a tenth (each call the rules bot would not have made with the world's
    hand), and on average the partners' high cards come out nearer the truth than in unweighed worlds."""
    from hoyle.bots.search import UNLIKELY, call_weight

    t = _after_the_auction("solo", 1)
    assert t.view(None)["contract"]["declarers"] == ["B", "C"]
    model = bots.make("rules", "solo", seed=0)
    assert call_weight(t, "A", model) == 1.0
    rng = random.Random(2)
    worlds = [t.resample("A", rng) for _ in range(12)]
    weights = [call_weight(w, "A", model) for w in worlds]
    assert all(any(abs(w - UNLIKELY**k) < 1e-12 for k in range(8)) for w in weights)
    assert min(weights) < 1.0

    def honours(world: hoyle.Table) -> int:
        points = {14: 4, 13: 3, 12: 2, 11: 1}
        return sum(
            points.get(hoyle.cards.Card.from_text(c).rank, 0)
            for c, place in world.places().items()
            if place in ("hand B", "hand C")
        )

    truth = honours(t)
    uniform = sum(honours(w) for w in worlds) / len(worlds)
    weighed = sum(p * honours(w) for p, w in zip(weights, worlds, strict=True)) / sum(weights)
    assert abs(weighed - truth) < abs(uniform - truth)


def test_whist_worlds_are_weighed_by_the_cards_the_other_seats_played() -> None:
    """Whist, seeds 1-4, four tricks played by rules bots: the deal itself weighs 1 (every card is the one the
    model, the rules bot, plays); uniform worlds weigh a power of UNLIKELY_PLAY, each card the model would have
    played otherwise with the hand the world gives; and weighed, the worlds put more of the other hands' cards
    where they truly are than uniform worlds do.  The bot's own draws (the best of PLAY_TRIES) weigh more on
    the whole than uniform ones."""
    from hoyle.bots.search import PLAY_TRIES, UNLIKELY_PLAY, call_weight

    assert PLAY_TRIES == 6 and UNLIKELY_PLAY == 0.5
    model = bots.make("rules", "whist", seed=0)
    for seed in (1, 2, 3, 4):
        t = ending("whist", seed, 9)
        seat = t.to_act
        assert seat is not None
        assert call_weight(t, seat, model, play=UNLIKELY_PLAY) == 1.0
        assert call_weight(t, seat, model) == 1.0  # no calls at Whist: without ``play`` nothing is weighed
        rng = random.Random(2)
        worlds = [t.resample(seat, rng) for _ in range(30)]
        weights = [call_weight(w, seat, model, play=UNLIKELY_PLAY) for w in worlds]
        assert all(any(w == UNLIKELY_PLAY**k for k in range(40)) for w in weights)
        assert sum(w < 1.0 for w in weights) >= 25
        truth = t.places()

        def placed(world: hoyle.Table, seat: str = seat, truth: dict[str, str] = truth) -> int:
            return sum(
                1 for c, p in world.places().items() if p.startswith("hand") and p != f"hand {seat}" and truth[c] == p
            )

        uniform = sum(placed(w) for w in worlds) / len(worlds)
        weighed = sum(p * placed(w) for p, w in zip(weights, worlds, strict=True)) / sum(weights)
        assert weighed > uniform
        bot = SearchBot("whist", seed=1, worlds=1, ms=None, solver=brute)
        drawn = [bot._draw(lambda r, seat=seat, t=t: t.resample(seat, r), rng, seat) for _ in range(30)]
        assert sum(w for _, w in drawn) > sum(weights)
        assert all(w == call_weight(world, seat, model, play=UNLIKELY_PLAY) for world, w in drawn)


def test_weighing_can_be_turned_off() -> None:
    t = ending("whist", 5, 2)
    bot = SearchBot("whist", seed=1, worlds=4, ms=None, solver=brute, weigh_plays=False)
    bots.decide(bot, t)
    assert bot.last["weight"] == 1.0
    assert SearchBot("whist", seed=1, solver=brute).weigh_plays
    assert not SearchBot("solo", seed=1, solver=brute).weigh_plays  # its calls are weighed, not its cards
    t = _after_the_auction("solo", 1)
    off = SearchBot("solo", seed=1, worlds=2, ms=None, depth=13, solver=lambda w: _Zero(w), weigh=False)
    bots.decide(off, t)
    assert off.last["weight"] == 1.0


@dataclass
class _Zero:
    """A stand-in solver: every card worth nothing (the weights are what is tested)."""

    world: hoyle.Table

    def __post_init__(self) -> None:
        self.seats = ("B", "C")
        self.minimise = False
        self.tricks = dict.fromkeys(self.world.legal_actions(), 0)


def test_worlds_are_drawn_again_until_they_agree_with_the_calls() -> None:
    """Solo, seed 11: C calls a solo.  Of A's uniform worlds few give C a hand the rules bot would call a solo with
    (weight 1); the search bot draws up to TRIES worlds for each it uses and keeps the first that agrees, so most of
    its worlds do, and none weighs less than the best of its draws."""
    from hoyle.bots.search import TRIES, call_weight

    t = _after_the_auction("solo", 11)
    model = bots.make("rules", "solo", seed=0)
    rng = random.Random(4)
    uniform = [call_weight(t.resample("A", rng), "A", model) for _ in range(20)]
    bot = SearchBot("solo", seed=1, worlds=1, ms=None, solver=brute)
    drawn = [bot._draw(lambda r: t.resample("A", r), rng, "A") for _ in range(20)]
    assert sum(w == 1.0 for w in uniform) <= 3
    assert sum(w == 1.0 for _, w in drawn) >= 10
    assert all(w == call_weight(world, "A", model) for world, w in drawn)
    assert TRIES == 12
    off = SearchBot("solo", seed=1, worlds=1, ms=None, solver=brute, weigh=False)
    draws = 0

    def counted(r: random.Random) -> hoyle.Table:
        nonlocal draws
        draws += 1
        return t.resample("A", r)

    off._draw(counted, rng, "A")
    assert draws == 1  # unweighed: every world is taken as drawn


def test_a_misere_is_solved_from_seven_tricks_left_only() -> None:
    """Solo, seed 3: D calls a misère.  The solver is slow at a side playing to take no trick, so with the default
    depth (10) the bot plays the rules bot's card while more than seven tricks are left, and solves from seven."""
    from hoyle.bots.search import MISERE_DEPTH

    assert MISERE_DEPTH == 7
    t = hoyle.game("solo").table(seed=3)
    for call in ("pass", "pass", "pass", "call misere"):
        t.apply(call)
    players = {s: bots.make("rules", "solo", seed=0) for s in t.seats}
    solved: list[int] = []
    capped: list[int] = []  # decisions within the default depth that the misère's depth left to the rules bot

    def counting(world: hoyle.Table) -> _Zero:
        solved.append(len(world.view(world.to_act)["hand"]))
        return _Zero(world)

    while t.view(None)["deal"] == 1 and len(t.view(None)["played"]) < 4 * 10:
        seat = t.to_act
        assert seat is not None
        if seat == "D":
            bot = SearchBot("solo", seed=1, worlds=1, ms=None, solver=counting)
            left = len(t.view("D")["hand"])
            bots.decide(bot, t)
            assert bot.last["how"] == ("solve" if left <= 7 and len(t.legal_actions()) > 1 else "rules"), left
            if left in (8, 9, 10) and len(t.legal_actions()) > 1:
                capped.append(left)
        t.apply(players[seat].choose(t.view(seat), t.legal_actions()))
    assert solved and max(solved) == 6  # D's one card with seven left needed no worlds
    assert capped == [10, 9, 8]


def test_no_world_is_begun_that_would_end_past_the_budget() -> None:
    """``ms=100``: 60 ms spent on one world, another as long would end at 120 ms, so none is begun; 60 ms on three
    worlds (20 each) leaves room for a fourth.  Without a budget the worlds alone bound a decision."""
    import time

    bot = SearchBot("whist", seed=1, worlds=10, ms=100, solver=brute)
    t0 = time.perf_counter() - 0.060
    assert bot._spent(t0, 1) and not bot._spent(t0, 3)
    assert not SearchBot("whist", seed=1, ms=None, solver=brute)._spent(t0 - 1000, 1)
