"""The solver against DDS (endplay) on the same deals in the same run (issue 15).

    python bench/solve.py [--deals N] [--seed S] [--skip-lead] [--lone-lead]

Times are CPU seconds of this process (``time.process_time``), so that a
machine shared with other work still gives fair ratios; medians over the
deals.  Every card's value of the seat to act is found by both (DDS's
``SolveBoard`` with all cards, endplay's ``solve_board``); the figures are
checked to agree as they are taken.

* opening lead: a whole 52-card deal, one strain (a random one per deal);
* after 4 and after 8 tricks: the same deals played on at random;
* one against three (a trump suit) and misère (no trumps, the lone hand to
  take none): hoyle only, DDS has no such question; absolute time and nodes.

Last, where hoyle's time goes: for each kind of position, the median nodes,
the share of positions at the start of a trick that the transposition table
settled (hits / look-ups), and CPU microseconds per node.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
import zlib
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))

from hoyle.solver import Position, solve_position
from hoyle.tricks import trick_winner
from solver_helpers import SEATS4, dds_values


def deal(rng: random.Random) -> list[int]:
    cards = list(range(52))
    rng.shuffle(cards)
    return [sum(1 << c for c in cards[13 * i : 13 * i + 13]) for i in range(4)]


def play_on(
    rng: random.Random, hands: list[int], leader: int, trumps: int | None, tricks: int
) -> tuple[list[int], int]:
    hands = list(hands)
    for _ in range(tricks):
        trick: list[int] = []
        for j in range(4):
            p = (leader + j) % 4
            legal = [c for c in range(52) if hands[p] >> c & 1]
            if trick:
                legal = [c for c in legal if c // 13 == trick[0] // 13] or legal
            c = rng.choice(legal)
            hands[p] &= ~(1 << c)
            trick.append(c)
        leader = (leader + trick_winner(trick, trumps)) % 4
    return hands, leader


def side_to_play(hands: list[int], leader: int, trumps: int | None) -> Position:
    counted = (0, 2) if leader % 2 == 0 else (1, 3)
    return Position(
        seats=SEATS4,
        hands=tuple(hands),
        trumps=trumps,
        leader=leader,
        trick=(),
        side="NS" if leader % 2 == 0 else "EW",
        counted=counted,
    )


def timed(f):  # type: ignore[no-untyped-def]
    t0 = time.process_time()
    out = f()
    return out, time.process_time() - t0


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--deals", type=int, default=10)
    ap.add_argument("--seed", type=int, default=15)
    ap.add_argument("--skip-lead", action="store_true", help="leave out the opening lead (the slowest)")
    ap.add_argument(
        "--lone-lead", action="store_true", help="add one against three and misère at the opening lead (slow)"
    )
    args = ap.parse_args()
    rng = random.Random(args.seed)
    # Compile (or load the cached machine code), and start DDS, before timing.
    warm = side_to_play(play_on(rng, deal(rng), 0, None, 12)[0], 0, None)
    solve_position(warm)
    dds_values(warm)
    # And one whole deal each (from a generator of its own, so that the deals timed stay the same): the first
    # search of a process also touches the transposition table's memory for the first time (page faults of some
    # 100 MB, a few tenths of a CPU second), a start-up cost like DDS's own allocation.
    whole = side_to_play(deal(random.Random(0)), 0, None)
    solve_position(whole)
    dds_values(whole)
    rows = []
    profile: list[tuple[str, list[tuple[float, dict[str, int]]]]] = []
    scenarios = ([] if args.skip_lead else [("opening lead", 0)]) + [("after 4 tricks", 4), ("after 8 tricks", 8)]
    deals = [(deal(rng), rng.randrange(4), rng.choice([None, 0, 1, 2, 3])) for _ in range(args.deals)]
    for name, tricks in scenarios:
        ours, theirs, nodes = [], [], []
        prof = []
        for hands, leader, trumps in deals:
            h, lead = play_on(random.Random(hash((tuple(hands), tricks)) & 0xFFFF), hands, leader, trumps, tricks)
            pos = side_to_play(h, lead, trumps)
            sol, t_ours = timed(lambda pos=pos: solve_position(pos))
            ref, t_dds = timed(lambda pos=pos: dds_values(pos))
            assert {int(a.card): v for a, v in sol.tricks.items()} == ref, pos
            ours.append(t_ours)
            theirs.append(t_dds)
            nodes.append(sol.nodes)
            prof.append((t_ours, sol.stats))
            print(f"  {name}: hoyle {t_ours:.3f}s ({sol.nodes} nodes), DDS {t_dds:.4f}s", file=sys.stderr, flush=True)
        profile.append((name, prof))
        mo, md = statistics.median(ours), statistics.median(theirs)
        rows.append((name, len(ours), mo, md, mo / md if md else float("inf"), statistics.median(nodes)))
    print(f"{'position (every card valued)':32} {'deals':>5} {'hoyle s':>9} {'DDS s':>9} {'ratio':>7} {'nodes':>10}")
    for name, n, mo, md, ratio, nd in rows:
        print(f"{name:32} {n:5d} {mo:9.4f} {md:9.4f} {ratio:7.1f} {nd:10.0f}")
    # Where DDS has nothing to say: one against three, and misère.
    print()
    print(f"{'hoyle only (every card valued)':32} {'deals':>5} {'median s':>9} {'max s':>9} {'nodes':>10}")
    lone = [] if not args.lone_lead else [("one against three, lead", False, 3, 0), ("misère, lead", True, None, 0)]
    for name, minimise, trumps, tricks in [
        *lone,
        ("one against three, after 4", False, 3, 4),
        ("misère, after 4", True, None, 4),
        ("one against three, after 8", False, 3, 8),
        ("misère, after 8", True, None, 8),
    ]:
        times, nodes = [], []
        prof = []
        for hands, leader, _ in deals:
            h, lead = play_on(
                random.Random(hash((tuple(hands), tricks, zlib.crc32(name.encode()))) & 0xFFFF),
                hands,
                leader,
                trumps,
                tricks,
            )
            pos = Position(
                seats=("A", "B", "C", "D"),
                hands=tuple(h),
                trumps=trumps,
                leader=lead,
                trick=(),
                side="A",
                counted=(0,),
                minimise=minimise,
            )
            sol, t = timed(lambda pos=pos: solve_position(pos))
            times.append(t)
            nodes.append(sol.nodes)
            prof.append((t, sol.stats))
        profile.append((name, prof))
        print(
            f"{name:32} {len(times):5d} {statistics.median(times):9.4f} {max(times):9.4f}"
            f" {statistics.median(nodes):10.0f}"
        )
    print()
    print(f"{'where the time goes (medians)':32} {'nodes':>10} {'TT settled':>10} {'us/node':>8}")
    for name, prof in profile:
        nd = statistics.median(st["nodes"] for _, st in prof)
        hit = statistics.median(st["tt_hits"] / max(1, st["tt_probes"]) for _, st in prof)
        per = (
            statistics.median(1e6 * t / max(1, st["nodes"]) for t, st in prof if st["nodes"] > 1000)
            if any(st["nodes"] > 1000 for _, st in prof)
            else float("nan")
        )
        print(f"{name:32} {nd:10.0f} {hit:10.1%} {per:8.3f}")


if __name__ == "__main__":
    main()
