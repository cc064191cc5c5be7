"""How `hoyle match` scales: boards per second in one process, in 1 and 2 worker processes and on local Ray,
the overhead a board costs in each, and what a long match of search bots would take on a cluster.

Usage (from the repository root, hoyle installed with its ray extra)::

    python bench/match.py [--game whist] [--seats rules,random,rules,random] [--boards N] [--noop M]
                          [--search-boards K] [--search-seats search,rules,search,rules]

* **boards/s**: the same ``--boards`` boards (seed 1) run by ``hoyle.match.Match`` in this process,
  with ``--workers 1`` and ``2`` (pebble processes), and on a local Ray instance of 2 CPUs (its start
  timed apart); wall-clock seconds, and the check that every mode gave the same lines.
* **overhead a board**: ``M`` empty tasks through a pebble pool of 2 and through Ray (2 CPUs): the
  wall-clock time a task costs over doing nothing, per worker, i.e. what each board pays to be
  shipped out and back; and, from the real boards, (wall × workers − work) / boards.
* **a 10,000-board match on 100 cores**: from the search bot's seconds a board measured here
  (``--search-boards`` boards, in this process) and Ray's overhead a board:
  ``10,000 × (t_board + overhead) / 100`` plus Ray's start, if the boards keep the cores busy.

Benchmarks are not tests: nothing here asserts a speed.
"""

from __future__ import annotations

import argparse
import os
import platform
import resource
import statistics
import sys
import time
from typing import Any

import hoyle
from hoyle import bots
from hoyle.match import Match


def _noop(i: int) -> int:
    return i


def _cpu() -> float:
    """CPU seconds of this process, of its children that have ended (pebble's workers, once joined) and,
    on Linux, of all its live descendants (Ray's GCS, raylet and workers, which a local ``ray.init`` starts
    under this process), read from ``/proc``."""
    me, kids = resource.getrusage(resource.RUSAGE_SELF), resource.getrusage(resource.RUSAGE_CHILDREN)
    total = me.ru_utime + me.ru_stime + kids.ru_utime + kids.ru_stime
    if not os.path.isdir("/proc"):
        return total
    parent: dict[int, int] = {}
    ticks: dict[int, float] = {}
    hz = os.sysconf("SC_CLK_TCK")
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            with open(f"/proc/{entry}/stat", encoding="ascii", errors="replace") as f:
                fields = f.read().rsplit(")", 1)[1].split()
        except OSError:
            continue
        parent[int(entry)] = int(fields[1])
        ticks[int(entry)] = (int(fields[11]) + int(fields[12])) / hz
    me_pid = os.getpid()
    for pid in parent:
        p = parent[pid]
        while p and p != me_pid and p in parent:
            p = parent[p]
        if p == me_pid and pid != me_pid:
            total += ticks[pid]
    return total


def timed_match(label: str, **kw: Any) -> tuple[float, float, list[dict[str, Any]]]:
    """Wall-clock seconds, and CPU seconds of this process and all it started (workers, Ray's processes)."""
    m = Match(**kw)
    t, c = time.perf_counter(), _cpu()
    m.run()
    wall, cpu = time.perf_counter() - t, _cpu() - c
    print(f"  {label:<28} {wall:8.2f} s   {len(m.lines) / wall:8.2f} boards/s   CPU {cpu:7.2f} s")
    return wall, cpu, m.lines


def noop_pebble(n: int, workers: int) -> tuple[float, float]:
    """Wall and CPU seconds of ``n`` empty tasks through a pebble pool."""
    from concurrent.futures import wait

    from pebble import ProcessPool

    with ProcessPool(max_workers=workers) as pool:
        wait([pool.schedule(_noop, args=(0,)) for _ in range(20)])  # the workers started
        t, c = time.perf_counter(), _cpu()
        wait([pool.schedule(_noop, args=(i,)) for i in range(n)])
        return time.perf_counter() - t, _cpu() - c


def noop_ray(n: int) -> tuple[float, float]:
    """Wall and CPU seconds of ``n`` empty Ray tasks."""
    import ray

    task = ray.remote(_noop)
    ray.get([task.remote(0) for _ in range(20)])
    t, c = time.perf_counter(), _cpu()
    ray.get([task.remote(i) for i in range(n)])
    return time.perf_counter() - t, _cpu() - c


def dds_seconds(deals: int = 6, seed: int = 1) -> float:
    """A search bot's unit of work, by proxy: DDS (endplay's ``solve_board``, every card of the hand to
    lead) on positions of 13 down to 1 cards a hand, cut at random from random deals, averaged over the
    thirteen sizes (a bot decides about as often at each trick).  CPU seconds a solve."""
    import random

    from endplay.dds import solve_board
    from endplay.types import Deal, Denom, Player

    ranks = "23456789TJQKA"
    rng = random.Random(seed)
    total, n = 0.0, 0
    for _ in range(deals):
        cards = [(s, r) for s in range(4) for r in range(13)]
        rng.shuffle(cards)
        for left in range(13, 0, -1):
            hands = []
            for h in range(4):
                held = cards[h * 13 : h * 13 + left]
                hands.append(
                    ".".join(
                        "".join(ranks[r] for r in sorted((r for s2, r in held if s2 == s), reverse=True))
                        for s in (3, 2, 1, 0)
                    )
                )
            d = Deal("N:" + " ".join(hands))
            d.trump = Denom(rng.randrange(4))
            d.first = Player.west
            t = time.process_time()
            solve_board(d)
            total += time.process_time() - t
            n += 1
    return total / n


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--game", default="whist")
    ap.add_argument("--seats", default="rules,random,rules,random")
    ap.add_argument("--boards", type=int, default=200)
    ap.add_argument("--noop", type=int, default=2000, help="empty tasks timed through each pool (default 2000)")
    ap.add_argument("--search-boards", type=int, default=3, help="boards of the search bot timed (default 3)")
    ap.add_argument(
        "--search-seats",
        default="search:ms=none,rules,search:ms=none,rules",
        help="the search match timed (default: its default worlds and depth, no clock, so that its"
        " work, timed by CPU, does not depend on the machine's load)",
    )
    ap.add_argument(
        "--worlds",
        type=int,
        default=20,
        help="without a search bot: worlds solved a decision in the DDS proxy (default 20)",
    )
    args = ap.parse_args(argv)
    seats = args.seats.split(",")
    print(
        f"hoyle {hoyle.__version__}, Python {platform.python_version()}, {os.cpu_count()} cores"
        + (f", load average {' '.join(f'{x:.2f}' for x in os.getloadavg())}" if hasattr(os, "getloadavg") else "")
    )
    print(f"\n{args.game}, seats {args.seats}, {args.boards} boards (seed 1), wall-clock:")
    kw = {"game": args.game, "seats": seats, "boards": args.boards, "seed": 1}
    inline, inline_cpu, lines = timed_match("one process", **kw)
    _, w1_cpu, l1 = timed_match("--workers 1", workers=1, **kw)
    _, w2_cpu, l2 = timed_match("--workers 2", workers=2, **kw)
    import ray

    t = time.perf_counter()
    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False)
    start = time.perf_counter() - t
    print(f"  {'(Ray start, 2 CPUs)':<28} {start:8.2f} s")
    time.sleep(2)
    t, c = time.perf_counter(), _cpu()
    time.sleep(4)
    idle = (_cpu() - c) / (time.perf_counter() - t)
    print(f"  {'(Ray idle: CPU s a second)':<28} {idle:8.3f}")
    ray_wall, ray_cpu, lr = timed_match("Ray, 2 CPUs", ray="auto", **kw)
    warm_wall, warm_cpu, lw = timed_match("Ray again (workers warm)", ray="auto", **kw)
    same = lines == l1 == l2 == lr == lw
    print(f"  the same lines in all five: {same}")

    work = inline_cpu / args.boards
    print(f"\nwork a board (one process): {work * 1000:.1f} ms CPU, {inline / args.boards * 1000:.1f} ms wall")
    print("overhead a board in CPU, from the boards: (CPU of driver, workers and Ray − CPU in one process) / boards")
    for label, cpu in (
        ("--workers 1", w1_cpu),
        ("--workers 2", w2_cpu),
        ("Ray, 2 CPUs", ray_cpu),
        ("Ray, less its idle CPU", ray_cpu - idle * ray_wall),
        ("Ray again, less its idle CPU", warm_cpu - idle * warm_wall),
    ):
        print(f"  {label:<28} {(cpu - inline_cpu) / args.boards * 1000:8.2f} ms")
    pe, pe_cpu = noop_pebble(args.noop, 2)
    ry, ry_cpu = noop_ray(args.noop)
    ry_cpu -= idle * ry
    print(f"overhead a task, {args.noop} empty tasks on 2 workers: wall × 2 / tasks, and CPU / tasks")
    print(f"  {'pebble':<28} {pe * 2 / args.noop * 1000:8.3f} ms wall   {pe_cpu / args.noop * 1000:8.3f} ms CPU")
    print(
        f"  {'Ray (less its idle CPU)':<28} {ry * 2 / args.noop * 1000:8.3f} ms wall"
        f"   {ry_cpu / args.noop * 1000:8.3f} ms CPU"
    )
    overhead = max(ry * 2 / args.noop, (warm_cpu - idle * warm_wall - inline_cpu) / args.boards)

    search_seats = args.search_seats.split(",")
    if all(k.split(":")[0] in bots.KINDS for k in search_seats) and args.search_boards > 0:
        t, c = time.perf_counter(), time.process_time()
        sm = Match(game=args.game, seats=search_seats, boards=args.search_boards, seed=1)
        sm.run()
        per = (time.process_time() - c) / args.search_boards
        acts = statistics.fmean(r["acts"] for line in sm.lines for r in line["rooms"]) * len(sm.lines[0]["rooms"])
        print(
            f"\n{args.search_seats}: {per:.1f} s of CPU a board ({(time.perf_counter() - t) / args.search_boards:.1f}"
            f" s of wall clock; one process, {args.search_boards} boards, {acts:.0f} acts a board)"
        )
        total = 10_000 * (per + overhead) / 100 + start
        print(
            f"a 10,000-board match on 100 cores: 10,000 × ({per:.1f} s + {overhead * 1000:.1f} ms) / 100"
            f" + {start:.0f} s = {total / 60:.1f} minutes ({total / 3600:.2f} hours)"
        )
        solve = dds_seconds()
        print(f"(the DDS proxy for comparison: {solve * 1000:.1f} ms of CPU a solve)")
    else:
        missing = sorted({k.split(":")[0] for k in search_seats if k.split(":")[0] not in bots.KINDS})
        print(
            f"\nno search bot to time (not registered: {', '.join(missing)}):"
            f" a 10,000-board match on 100 cores takes 10,000 × (t_board + {overhead * 1000:.1f} ms) / 100"
            f" + {start:.0f} s"
        )
        acts = statistics.fmean(r["acts"] for line in lines for r in line["rooms"]) * len(lines[0]["rooms"])
        share = sum(1 for k in search_seats if k == search_seats[0]) / len(search_seats)
        solve = dds_seconds()
        per = acts * share * args.worlds * solve
        total = 10_000 * (per + overhead) / 100 + start
        print(
            f"by proxy: {acts:.0f} acts a board ({args.game}, both rooms) × {share:.2f} of them the search"
            f" bot's × {args.worlds} worlds × {solve * 1000:.1f} ms a DDS solve = {per:.0f} s a board;"
            f" 10,000 boards on 100 cores: {total / 3600:.1f} hours"
        )
    ray.shutdown()
    return 0


if __name__ == "__main__":
    sys.exit(main())
