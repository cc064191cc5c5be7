"""The search bot's time a decision at the room's budget (its defaults: 24 worlds, 800 ms, depth 10).

    python bench/search_times.py [--games whist,...] [--deals N] [--first SEED]

Deal 1 of ``hoyle.game(game).table(seed=s)`` for each seed, search bots with their default budget in the first and
third seats, rules bots in the others.  For every decision of a search bot with more than one lawful action it
records the wall-clock time (what a player at the table waits) and the CPU time of this process
(``time.process_time``: the bench solves in place, on the main thread, as the terminal does), and prints, by game,
the median, the 95th percentile and the largest, with the decisions' count.  The first world the solver is ever
asked compiles it: one deal of Whist is played before the clock starts.  Wall-clock figures depend on the machine's
load: print ``uptime`` beside them.

A benchmark, not a test: it prints figures, it asserts nothing.
"""

from __future__ import annotations

import argparse
import os
import statistics
import time

import hoyle
from hoyle import bots
from hoyle.bots.search import GAMES


def _q(xs: list[float], q: float) -> float:
    s = sorted(xs)
    return s[int(q * (len(s) - 1))]


def deal(game: str, seed: int, wall: list[float], cpu: list[float], how: dict[str, int]) -> None:
    """Play deal 1 of ``seed``; append the search bots' decision times (ms) to ``wall`` and ``cpu``."""
    t = hoyle.game(game).table(seed=seed)
    seats = list(t.seats)
    players = {
        s: bots.make("search" if i in (0, 2) else "rules", game, seed=seed * 10 + i) for i, s in enumerate(seats)
    }
    d = t.view(None).get("deal")
    while not t.over and t.view(None).get("deal") == d:
        seat = t.to_act
        assert seat is not None
        bot = players[seat]
        many = len(t.legal_actions()) > 1
        w0, c0 = time.perf_counter(), time.process_time()
        action = bots.decide(bot, t)
        if many and seats.index(seat) in (0, 2):
            wall.append((time.perf_counter() - w0) * 1000)
            cpu.append((time.process_time() - c0) * 1000)
            kind = str(getattr(bot, "last", {}).get("how", "?")).split(" ")[0]
            how[kind] = how.get(kind, 0) + 1
        t.apply(action)


def main(argv: list[str] | None = None) -> None:
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--games", default=",".join(GAMES))
    p.add_argument("--deals", type=int, default=4)
    p.add_argument("--first", type=int, default=1)
    args = p.parse_args(argv)
    deal("whist", 10_000, [], [], {})  # the solver compiled and loaded before any clock
    print(f"load average {os.getloadavg()[0]:.1f} at the start", flush=True)
    for game in args.games.split(","):
        wall: list[float] = []
        cpu: list[float] = []
        how: dict[str, int] = {}
        for seed in range(args.first, args.first + args.deals):
            deal(game, seed, wall, cpu, how)
        kinds = ", ".join(f"{k} {v}" for k, v in sorted(how.items()))
        print(
            f"{game:13s} {len(wall):4d} decisions ({kinds}); wall median {statistics.median(wall):5.0f} ms,"
            f" p95 {_q(wall, 0.95):5.0f}, max {max(wall):5.0f}; CPU median {statistics.median(cpu):5.0f} ms,"
            f" p95 {_q(cpu, 0.95):5.0f}, max {max(cpu):5.0f}; load {os.getloadavg()[0]:.1f}",
            flush=True,
        )


if __name__ == "__main__":
    main()
