"""Random playouts of complete Whist deals, beside OpenSpiel's random playouts of bridge and hearts.

Usage (from the repository root, hoyle installed)::

    python bench/playout.py [--seconds S] [--runs R] [--cpu N] [--breakdown] [--profile] [--batch B] [--curve]
                            [--no-games | --games-only] [--games GAME ...] [--views]
    python bench/playout.py --held N      # only memory per object: N held at once, each side in a fresh process

Each contender plays complete deals for ``S`` seconds, ``R`` times,
interleaved (run 1 of every contender, then run 2, ...), and the median of
its ``R`` rates is printed, in deals (games) per second of this process's CPU
time on one core (``--wall``: per wall-clock second):

* **hoyle public API**: ``hoyle.game("whist").table(seed=...)``, then a
  random bot that reads its view every turn::

      acts = t.legal_actions(); v = t.view(t.to_act); t.apply(acts[rng.randrange(len(acts))])

  A sitting is one rubber; a new table (cut for partners and all) is set
  when ``t.over``.  Everything counts: validation, events, views, records.
* **hoyle fast path** (private, for search and simulation):
  ``hoyle.rulebook.whist_fast._playouts``: shuffle, deal, 52 random lawful
  cards, the hand scored, games and rubbers.
* **hoyle.vector**: ``VectorWhist(B, seed=...).play_random()`` again and
  again: ``B`` tables side by side (``--batch``, default 65536), each
  deal shuffled, cut, dealt, played at random and scored (games, rubbers),
  compiled by numba (numpy alone without it).  ``--curve`` also prints its
  rate against the batch size, and the memory a batch takes.
* **OpenSpiel bridge** (``use_double_dummy_result=False``, so the cards are
  played after a random auction) and **hearts**: each game from
  ``new_initial_state()`` to terminal, chance outcomes drawn by their
  probabilities (``pyspiel.sample_action``), players' actions uniformly among
  ``legal_actions()``.  Only when ``pyspiel`` imports (``pip install
  'hoyle[bench]'``); otherwise the script says it is not installed.
* **OpenSpiel, its own loop**: the rollout loop of OpenSpiel's
  ``examples/benchmark_games.py`` (``random.choice`` of ``legal_actions``
  at every node, chance included, behind its ``history()`` guard), for
  bridge and hearts.

The ratios are hoyle's rate over OpenSpiel's, measured in the same run.
``--breakdown`` adds the public API without the view (what the view costs), and the same through action ids
(``legal_action_ids()``, ``apply_id()``: docs/research.md);
``--profile`` prints cProfile's top costs of the public-API loop.
Benchmarks are not tests: nothing here asserts a speed.
"""

from __future__ import annotations

import argparse
import cProfile
import os
import platform
import pstats
import random
import statistics
import sys
import time
from collections.abc import Callable

import hoyle
from hoyle.rulebook.whist_fast import _playouts

Runner = Callable[[float, int], float]
"""``runner(seconds, seed) -> complete deals (games) per second``."""

clock = time.process_time
"""The clock of every run: this process's CPU time (``--wall``: time.perf_counter), so that other
work on a shared machine does not count against a contender; the loops are single-threaded."""


def public_api(seconds: float, seed: int, *, read_view: bool = True, ids: bool = False) -> float:
    """Complete deals per second through the public API, a random bot reading its view each turn (or not; or
    choosing by action ids: ``legal_action_ids()`` and ``apply_id()``)."""
    g = hoyle.game("whist")
    rng = random.Random(seed)
    choice = rng.choice
    sitting = 0
    t = g.table(seed=seed * 1_000_003 + sitting)
    deals = 0
    start = clock()
    deadline = start + seconds
    while True:
        n = t.deal_no
        while t.deal_no == n:  # one complete deal: 52 cards, the last one scores it
            if ids:
                choices = t.legal_action_ids()
                t.apply_id(choices[rng.randrange(len(choices))])
                continue
            if read_view:
                t.view(t.to_act)
            t.apply(choice(t.legal_actions()))
        deals += 1
        now = clock()
        if now >= deadline:
            return deals / (now - start)
        if t.over:  # the rubber is over: a new sitting
            sitting += 1
            t = g.table(seed=seed * 1_000_003 + sitting)


def public_api_no_view(seconds: float, seed: int) -> float:
    return public_api(seconds, seed, read_view=False)


def public_api_ids(seconds: float, seed: int) -> float:
    return public_api(seconds, seed, read_view=False, ids=True)


def fast_path(seconds: float, seed: int, *, chunk: int = 500) -> float:
    """Complete deals per second through the private fast path."""
    rng = random.Random(seed)
    deals = 0
    start = clock()
    deadline = start + seconds
    while True:
        deals += _playouts(chunk, rng=rng).deals
        now = clock()
        if now >= deadline:
            return deals / (now - start)


def vector(batch: int) -> Runner:
    """Complete deals per second through ``hoyle.vector``, ``batch`` tables at a time (compiled before timing)."""
    from hoyle.vector import VectorWhist

    VectorWhist(8, seed=0).play_random()  # numba compiles (or loads its cache) here, not in the timed runs

    def run(seconds: float, seed: int) -> float:
        v = VectorWhist(batch, seed=seed)
        deals = 0
        start = clock()
        deadline = start + seconds
        while True:
            v.play_random()
            deals += batch
            now = clock()
            if now >= deadline:
                return deals / (now - start)

    return run


def vector_curve(seconds: float, seed: int, sizes: list[int]) -> None:
    """hoyle.vector's rate against the batch size, and the peak memory of one round at each size."""
    import tracemalloc

    from hoyle.vector import VectorWhist

    print("\nhoyle.vector: complete deals per CPU second against the batch size (tables side by side)")
    print(f"{'batch':>9}  {'deals/s':>11}  {'peak MB':>8}")
    for b in sizes:
        rate = vector(b)(seconds, seed)
        v = VectorWhist(b, seed=seed)
        tracemalloc.start()
        v.play_random()
        peak = tracemalloc.get_traced_memory()[1]
        tracemalloc.stop()
        print(f"{b:>9,}  {rate:>11,.0f}  {peak / 1e6:>8.1f}")


def openspiel(name: str, params: dict[str, object]) -> Runner | None:
    """A runner of OpenSpiel's random playouts of ``name``, or None if pyspiel does not import."""
    try:
        import pyspiel
    except ImportError:
        return None
    game = pyspiel.load_game(name, params)
    sample = pyspiel.sample_action

    def run(seconds: float, seed: int) -> float:
        rng = random.Random(seed)
        rnd, randrange = rng.random, rng.randrange
        games = 0
        start = clock()
        deadline = start + seconds
        while True:
            s = game.new_initial_state()
            while not s.is_terminal():
                if s.is_chance_node():
                    s.apply_action(sample(s.chance_outcomes(), rnd())[0])
                else:
                    acts = s.legal_actions()
                    s.apply_action(acts[randrange(len(acts))])
            games += 1
            now = clock()
            if now >= deadline:
                return games / (now - start)

    return run


def openspiel_own_loop(name: str, params: dict[str, object]) -> Runner | None:
    """OpenSpiel's own rollout loop (``open_spiel/python/examples/benchmark_games.py``), or None without pyspiel.

    Every node, chance included, takes ``random.choice(state.legal_actions(state.current_player()))`` (the
    deal's chance outcomes are uniform), after the loop's ``len(state.history())`` guard, set here above any
    game's length so that every rollout is complete.
    """
    return openspiel_plain(name, params, own_loop=True)


def openspiel_plain(name: str, params: dict[str, object] | str, *, own_loop: bool = False) -> Runner | None:
    """OpenSpiel's fastest plain loop, the headline's measure: ``random.choice(state.legal_actions())`` at every
    node, chance included (a deal's chance outcomes are uniform), from ``new_initial_state()`` to terminal, and
    nothing else.  None without pyspiel.  ``params`` may be a game string (``universal_poker(...)``).

    ``own_loop``: OpenSpiel's own rollout loop instead (:func:`openspiel_own_loop`)."""
    try:
        import pyspiel
    except ImportError:
        return None
    game = pyspiel.load_game(params) if isinstance(params, str) else pyspiel.load_game(name, params)

    def run(seconds: float, seed: int) -> float:
        choice = random.Random(seed).choice
        games = 0
        start = clock()
        deadline = start + seconds
        while True:
            state = game.new_initial_state()
            if own_loop:  # benchmark_games.py: the player named, after its history guard
                while not state.is_terminal():
                    if len(state.history()) > 10_000:
                        break
                    state.apply_action(choice(state.legal_actions(state.current_player())))
            else:
                while not state.is_terminal():
                    state.apply_action(choice(state.legal_actions()))
            games += 1
            now = clock()
            if now >= deadline:
                return games / (now - start)

    return run


def sittings(name: str, unit: str = "deals") -> Runner:
    """Random sittings of hoyle's game ``name`` through the public API: ``t.apply(choice(t.legal_actions()))``
    until ``t.over``, a new seeded table for each sitting.  Returns ``unit`` per second: deals (the deals of the
    record, a sitting's complete deals) or sittings."""
    g = hoyle.game(name)

    def run(seconds: float, seed: int) -> float:
        choice = random.Random(seed).choice
        done = 0
        n = 0
        start = clock()
        deadline = start + seconds
        while True:
            t = g.table(seed=seed * 1_000_003 + n)
            while not t.over:
                t.apply(choice(t.legal_actions()))
            n += 1
            done += len(t._deal_log) if unit == "deals" else 1
            now = clock()
            if now >= deadline:
                return done / (now - start)

    return run


LIMIT_HOLDEM = (
    "universal_poker(betting=limit,numPlayers=2,numRounds=4,blind=10 5,firstPlayer=2 1 1 1,numSuits=4,"
    "numRanks=13,numHoleCards=2,numBoardCards=0 3 1 1,raiseSize=10 10 20 20,maxRaises=3 3 3 3)"
)
"""Heads-up limit Texas hold'em in OpenSpiel's universal_poker: the nearest of its games to hoyle's poker."""

PEERS: dict[str, tuple[str, str, dict[str, object] | str]] = {
    "whist": ("OpenSpiel bridge", "bridge", {"use_double_dummy_result": False}),
    "vingt-un": ("OpenSpiel blackjack", "blackjack", {}),
    "poker": ("OpenSpiel limit hold'em", "universal_poker", LIMIT_HOLDEM),
}
"""Each hoyle game's nearest OpenSpiel game, where it has one (RLCard is not installed: it is not measured)."""


def every_game(seconds: float, runs: int, seed: int, names: list[str]) -> None:
    """Every game's random sittings per CPU second (deals a second), beside its OpenSpiel peer where one exists
    (games, that is deals or hands, a second, by the plain loop)."""
    print("\nEvery game: complete deals per CPU second in random sittings through the public API")
    print(f"(median of {runs} runs of {seconds:g} s; the peer's games are its deals or hands, by the plain loop)")
    contenders: list[tuple[str, Runner | None]] = []
    for name in names:
        contenders.append((name, sittings(name)))
        if name in PEERS:
            label, game, params = PEERS[name]
            contenders.append((f"  {label}", openspiel_plain(game, params)))
    rates: dict[str, list[float]] = {n: [] for n, r in contenders if r is not None}
    for r in range(runs):
        for n, run in contenders:
            if run is not None:
                rates[n].append(run(seconds, seed + r))
    width = max(len(n) for n, _ in contenders)
    last = None
    for n, run in contenders:
        if run is None:
            print(f"{n:<{width}}  not measured: open_spiel (pyspiel) is not installed")
            continue
        med = statistics.median(rates[n])
        ratio = f"   hoyle / peer {last / med:.2f}" if n.startswith("  ") and last else ""
        print(f"{n:<{width}}  {med:>9,.0f} /s   (runs: {' '.join(f'{x:,.0f}' for x in rates[n])}){ratio}")
        if not n.startswith("  "):
            last = med


def views_in_play(names: list[str], tables: int = 20, seed: int = 5) -> None:
    """Each game's view in play: random sittings with ``t.view(t.to_act)`` before every action, against the same
    sittings without it (the same seeds, so the same actions); the difference of their CPU times over the number of
    actions is the cost of a view as a loop that reads one every turn pays it (after each action, so nothing kept
    from the last view is still current; ``bench/views.py`` times repeated views of one position instead)."""

    def run(name: str, view: bool, sittings: int = tables) -> tuple[float, int]:
        g = hoyle.game(name)
        choice = random.Random(seed).choice
        acts = 0
        start = time.process_time()
        for s in range(sittings):
            t = g.table(seed=s)
            while not t.over:
                if view:
                    t.view(t.to_act)
                t.apply(choice(t.legal_actions()))
                acts += 1
        return time.process_time() - start, acts

    print(f"\nViews in play: CPU µs a view read before every action ({tables} seeded sittings; with - without)")
    for name in names:
        run(name, True, 1)  # warm up: what a game builds on its first view (Pope Joan's hand tables) is start-up
        plain = min(run(name, False)[0] for _ in range(2))
        viewed, acts = run(name, True)
        per_view, per_action = (viewed - plain) / acts * 1e6, plain / acts * 1e6
        print(f"{name:<14} {per_view:6.2f} µs a view   ({acts:,} actions, {per_action:.2f} µs an action)")


def _traced(make: Callable[[], object]) -> tuple[object, int]:
    """What ``make()`` returns, and the bytes Python allocated for it that are still held (tracemalloc)."""
    import gc
    import tracemalloc

    gc.collect()
    tracemalloc.start()
    before = tracemalloc.get_traced_memory()[0]
    obj = make()
    gc.collect()
    after = tracemalloc.get_traced_memory()[0]
    tracemalloc.stop()
    return obj, after - before


def _rss() -> int:
    """This process's resident memory, bytes (Linux /proc; 0 elsewhere)."""
    try:
        with open("/proc/self/statm") as f:
            return int(f.read().split()[1]) * os.sysconf("SC_PAGE_SIZE")
    except OSError:
        return 0


def _whist_after(cards: int, seed: int) -> hoyle.Table:
    """A whist table after ``cards`` random lawful cards (deals continue; a rubber ended makes no difference)."""
    t = hoyle.game("whist", rubbers=1000).table(seed=seed)
    choice = random.Random(seed).choice
    for _ in range(cards):
        t.apply(choice(t.legal_actions()))
    return t


def memory(names: list[str]) -> None:
    """Memory per table: Python's allocations still held (tracemalloc) for each game's fresh table; for Whist also
    after 26, 52, 200 and 1,000 cards; then memory per object held (:func:`held_memory`), each side in a fresh
    process, a Whist table beside OpenSpiel's bridge state."""
    print("\nMemory per table (tracemalloc: bytes Python allocated and still holds for the table)")
    for name in names:
        g = hoyle.game(name)
        g.table(seed=0)  # tables built on first use are not the table's
        _, fresh = _traced(lambda g=g: g.table(seed=1))
        print(f"{name:<14} fresh {fresh / 1024:6.1f} KB")
    for cards in (26, 52, 200, 1000):
        _whist_after(cards, 2)
        _, size = _traced(lambda cards=cards: _whist_after(cards, 3))
        print(f"{'whist':<14} after {cards:>4} cards {size / 1024:6.1f} KB")
    # Resident memory per object measured in this process depends on what was allocated and freed before (the
    # allocator's arenas are reused): each side is measured in a fresh process of its own instead.
    held_memory(2000)


def _held(side: str, cards: int, n: int, view: bool, measure: str) -> float:
    """In this process: ``n`` objects made and held at once, each ``cards`` cards into its play (a Whist table's
    first deal, ``view``: a view read before each card; or OpenSpiel's bridge state after a random auction), after
    one of each made and dropped first (tables built on first use); the bytes each adds, the mean over ``n``: by
    tracemalloc (``measure="traced"``: Python's allocations, not OpenSpiel's C++) or by resident memory
    (``"rss"``), each in a fresh process of its own."""
    import gc
    import tracemalloc

    if side == "hoyle":

        def make(i: int) -> object:
            t = hoyle.game("whist", rubbers=1000).table(seed=i)
            choice = random.Random(i).choice
            for _ in range(cards):
                if view:
                    t.view(t.to_act)
                t.apply(choice(t.legal_actions()))
            return t

    else:
        import pyspiel

        game = pyspiel.load_game("bridge", {"use_double_dummy_result": False})

        def make(i: int) -> object:
            choice = random.Random(i).choice
            while True:
                s = game.new_initial_state()
                played = 0
                while not s.is_terminal() and played < cards:
                    acts = s.legal_actions()
                    if not s.is_chance_node() and acts[-1] < 52:  # a card (bids are 52 and up)
                        played += 1
                    s.apply_action(choice(acts))
                if not s.is_terminal():
                    return s

    make(n + 1)
    gc.collect()
    if measure == "rss":  # before anything else is allocated and freed: the arenas freed would be reused
        rss0 = _rss()
        keep = [make(i) for i in range(n)]
        gc.collect()
        return (_rss() - rss0 - sys.getsizeof(keep)) / n
    tracemalloc.start()
    t0 = tracemalloc.get_traced_memory()[0]
    keep = [make(i) for i in range(n)]
    gc.collect()
    t1 = tracemalloc.get_traced_memory()[0]
    tracemalloc.stop()
    return (t1 - t0 - sys.getsizeof(keep)) / n


def held_memory(n: int = 500) -> None:
    """Memory per object, each side measured in a fresh process of its own (``--held``): ``n`` Whist tables held at
    once, 26 cards into their first deal (with and without a view read before each card), and after 52, 200 and 1,000
    cards; ``n`` OpenSpiel bridge states 26 cards into their play.  The mean bytes per object."""
    import subprocess

    print(f"\nMemory per object held, {n} held at once, each line measured in a fresh process (mean bytes per object)")
    cases = [("hoyle", 26, False), ("hoyle", 26, True), ("hoyle", 52, False), ("hoyle", 200, False)]
    cases += [("hoyle", 1000, False), ("openspiel", 26, False)]
    got: dict[tuple[str, int, bool], dict[str, float]] = {}
    for side, cards, view in cases:
        if side == "openspiel":
            try:
                import pyspiel  # noqa: F401
            except ImportError:
                print("OpenSpiel bridge: not measured: open_spiel (pyspiel) is not installed")
                continue
        k = n if cards <= 200 else max(50, n // 5)
        r: dict[str, float] = {}
        for measure in ("traced", "rss"):
            out = subprocess.run(
                [sys.executable, __file__, "--held-child", side, str(cards), str(k), "1" if view else "0", measure],
                capture_output=True,
                text=True,
                check=True,
                env={**os.environ, "PYTHONPATH": os.pathsep.join(sys.path)},
            )
            r[measure] = float(out.stdout.strip().splitlines()[-1])
        got[(side, cards, view)] = r
        what = "whist table" if side == "hoyle" else "OpenSpiel bridge state"
        also = ", a view read before each card" if view else ""
        print(
            f"  {what}, {cards:>4} cards in{also}: tracemalloc {r['traced'] / 1024:6.2f} KB,"
            f" resident {r['rss'] / 1024:6.2f} KB ({k} held)"
        )
    mine, theirs = got.get(("hoyle", 26, False)), got.get(("openspiel", 26, False))
    if mine and theirs and theirs["rss"] > 0:
        print(f"  hoyle / OpenSpiel, 26 cards in, resident: {mine['rss'] / theirs['rss']:.2f}")


def profile_public(seconds: float, seed: int, top: int = 25) -> None:
    """cProfile of the public-API loop: the top costs by own time and by cumulative time."""
    prof = cProfile.Profile()
    prof.runcall(public_api, seconds, seed)
    stats = pstats.Stats(prof, stream=sys.stdout)
    stats.strip_dirs()
    print(f"\ncProfile of the public-API loop ({seconds:g} s; profiling slows it down)")
    stats.sort_stats("tottime").print_stats(top)
    stats.sort_stats("cumulative").print_stats(top)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--seconds", type=float, default=3.0, help="seconds per run of each contender (default 3)")
    ap.add_argument("--runs", type=int, default=5, help="runs of each contender; the median is reported (default 5)")
    ap.add_argument("--seed", type=int, default=1, help="seed of the first run (default 1)")
    ap.add_argument("--cpu", type=int, default=None, help="pin the process to this CPU (Linux)")
    ap.add_argument("--wall", action="store_true", help="time by the wall clock instead of this process's CPU time")
    ap.add_argument("--breakdown", action="store_true", help="also time the public API without reading the view")
    ap.add_argument("--profile", action="store_true", help="print cProfile's top costs of the public-API loop")
    ap.add_argument("--batch", type=int, default=65536, help="tables side by side for hoyle.vector (default 65536)")
    ap.add_argument("--curve", action="store_true", help="also print hoyle.vector's rate against the batch size")
    ap.add_argument("--no-games", action="store_true", help="Whist only: not every game's sittings, nor memory")
    ap.add_argument(
        "--games-only", action="store_true", help="only every game's sittings and memory, not Whist's loops"
    )
    ap.add_argument("--games", nargs="*", default=None, help="the games of the every-game table (default: all)")
    ap.add_argument("--games-seconds", type=float, default=None, help="seconds per run there (default --seconds)")
    ap.add_argument("--views", action="store_true", help="also each game's view in play, in µs a view")
    ap.add_argument(
        "--held", type=int, default=None, metavar="N", help="only memory per object, N held (see held_memory)"
    )
    ap.add_argument("--held-child", nargs=5, default=None, help=argparse.SUPPRESS)
    args = ap.parse_args(argv)
    if args.held_child:
        import json

        side, cards, n, view, measure = args.held_child
        print(json.dumps(_held(side, int(cards), int(n), view == "1", measure)))
        return 0
    if args.held:
        held_memory(args.held)
        return 0
    if args.runs < 1 or args.seconds <= 0:
        ap.error("--runs must be at least 1 and --seconds positive")
    if args.cpu is not None:
        os.sched_setaffinity(0, {args.cpu})
    if args.wall:
        global clock
        clock = time.perf_counter
    hoyle.game("whist").table(seed=0)  # warm up: whist builds its lookup tables on first use

    contenders: list[tuple[str, Runner | None]] = (
        []
        if args.games_only
        else [
            ("hoyle public API (view read each turn)", public_api),
            ("hoyle public API, view not read", public_api_no_view),
        ]
    )
    if args.breakdown:
        contenders.append(("hoyle public API by ids (legal_action_ids, apply_id)", public_api_ids))
    contenders += (
        []
        if args.games_only
        else [
            ("hoyle fast path (private _playouts)", fast_path),
            ("OpenSpiel bridge, plain loop (headline)", openspiel_plain("bridge", {"use_double_dummy_result": False})),
            ("OpenSpiel hearts, plain loop (headline)", openspiel_plain("hearts", {})),
            (f"hoyle.vector, batch {args.batch:,}", vector(args.batch)),
            ("OpenSpiel bridge (cards played)", openspiel("bridge", {"use_double_dummy_result": False})),
            ("OpenSpiel hearts", openspiel("hearts", {})),
            (
                "OpenSpiel bridge, benchmark_games.py loop",
                openspiel_own_loop("bridge", {"use_double_dummy_result": False}),
            ),
            ("OpenSpiel hearts, benchmark_games.py loop", openspiel_own_loop("hearts", {})),
        ]
    )
    try:
        import pyspiel

        spiel = f"open_spiel {getattr(pyspiel, '__version__', '?')}"
    except ImportError:
        spiel = "open_spiel not installed (pip install 'hoyle[bench]')"
    cpus = os.sched_getaffinity(0) if hasattr(os, "sched_getaffinity") else None
    print(
        f"hoyle {hoyle.__version__}, Python {platform.python_version()} ({platform.python_implementation()}),"
        f" {platform.machine()}, {os.cpu_count()} cores"
        + (f", pinned to CPU {args.cpu}" if args.cpu is not None else f", allowed CPUs {sorted(cpus)}" if cpus else "")
    )
    what = "wall-clock" if args.wall else "CPU"
    runs = f"{args.runs} run{'s' if args.runs != 1 else ''}"
    print(
        f"{spiel}; {runs} of {args.seconds:g} {what} seconds each, interleaved; median deals (games) per {what} second"
    )
    if hasattr(os, "getloadavg"):
        print("load average before: " + " ".join(f"{x:.2f}" for x in os.getloadavg()))

    rates: dict[str, list[float]] = {name: [] for name, run in contenders if run is not None}
    for r in range(args.runs):
        for name, run in contenders:
            if run is not None:
                rates[name].append(run(args.seconds, args.seed + r))
    med = {name: statistics.median(v) for name, v in rates.items()}

    width = max((len(name) for name, _ in contenders), default=0)
    print()
    for name, run in contenders:
        if run is None:
            print(f"{name:<{width}}  not measured: open_spiel (pyspiel) is not installed")
            continue
        runs = " ".join(f"{x:,.0f}" for x in rates[name])
        print(f"{name:<{width}}  {med[name]:>9,.0f} /s   (runs: {runs})")

    heads = [name for name in med if name.endswith("(headline)")]
    if heads:
        print("\nHeadline: hoyle's Whist through the public API over OpenSpiel's fastest plain loop")
        for mine in ("hoyle public API, view not read", "hoyle public API (view read each turn)"):
            if mine in med:
                print(f"  {mine}: " + ", ".join(f"{med[mine] / med[p]:.2f}x {p.split(',')[0]}" for p in heads))
    peers = [name for name, run in contenders if name.startswith("OpenSpiel") and run is not None]
    if peers:
        print()
        for mine in (name for name in med if name.startswith("hoyle")):
            for peer in peers:
                print(f"{mine} / {peer}: {med[mine] / med[peer]:.2f}")
    if not args.no_games:
        names = [n for n in hoyle.games() if n in args.games] if args.games else hoyle.games()
        every_game(args.games_seconds or args.seconds, args.runs, args.seed, names)
        memory(names)
        if args.views:
            views_in_play(names)
    if args.curve:
        vector_curve(args.seconds, args.seed, [2**k for k in range(6, 21, 2)])
    if args.profile:
        profile_public(args.seconds, args.seed)
    return 0


if __name__ == "__main__":
    sys.exit(main())
