"""Random playouts of complete Whist deals, beside OpenSpiel's random playouts of bridge and hearts.

Usage (from the repository root, hoyle installed)::

    python bench/playout.py [--seconds S] [--runs R] [--cpu N] [--breakdown] [--profile] [--batch B] [--curve]

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
            acts = t.legal_actions()
            if read_view:
                t.view(t.to_act)
            t.apply(acts[rng.randrange(len(acts))])
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
    try:
        import pyspiel
    except ImportError:
        return None
    game = pyspiel.load_game(name, params)

    def run(seconds: float, seed: int) -> float:
        choice = random.Random(seed).choice
        games = 0
        start = clock()
        deadline = start + seconds
        while True:
            state = game.new_initial_state()
            while not state.is_terminal():
                if len(state.history()) > 10_000:
                    break
                state.apply_action(choice(state.legal_actions(state.current_player())))
            games += 1
            now = clock()
            if now >= deadline:
                return games / (now - start)

    return run


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
    args = ap.parse_args(argv)
    if args.runs < 1 or args.seconds <= 0:
        ap.error("--runs must be at least 1 and --seconds positive")
    if args.cpu is not None:
        os.sched_setaffinity(0, {args.cpu})
    if args.wall:
        global clock
        clock = time.perf_counter
    hoyle.game("whist").table(seed=0)  # warm up: whist builds its lookup tables on first use

    contenders: list[tuple[str, Runner | None]] = [("hoyle public API (view read each turn)", public_api)]
    if args.breakdown:
        contenders.append(("hoyle public API, view not read", public_api_no_view))
        contenders.append(("hoyle public API by ids (legal_action_ids, apply_id)", public_api_ids))
    contenders += [
        ("hoyle fast path (private _playouts)", fast_path),
        (f"hoyle.vector, batch {args.batch:,}", vector(args.batch)),
        ("OpenSpiel bridge (cards played)", openspiel("bridge", {"use_double_dummy_result": False})),
        ("OpenSpiel hearts", openspiel("hearts", {})),
        ("OpenSpiel bridge, benchmark_games.py loop", openspiel_own_loop("bridge", {"use_double_dummy_result": False})),
        ("OpenSpiel hearts, benchmark_games.py loop", openspiel_own_loop("hearts", {})),
    ]
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

    width = max(len(name) for name, _ in contenders)
    print()
    for name, run in contenders:
        if run is None:
            print(f"{name:<{width}}  not measured: open_spiel (pyspiel) is not installed")
            continue
        runs = " ".join(f"{x:,.0f}" for x in rates[name])
        print(f"{name:<{width}}  {med[name]:>9,.0f} /s   (runs: {runs})")

    peers = [name for name, run in contenders if name.startswith("OpenSpiel") and run is not None]
    if peers:
        print()
        for mine in (name for name in med if name.startswith("hoyle")):
            for peer in peers:
                print(f"{mine} / {peer}: {med[mine] / med[peer]:.2f}")
    if args.curve:
        vector_curve(args.seconds, args.seed, [2**k for k in range(6, 21, 2)])
    if args.profile:
        profile_public(args.seconds, args.seed)
    return 0


if __name__ == "__main__":
    sys.exit(main())
