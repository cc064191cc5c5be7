"""How well the whist bots play: one partnership of a kind against another, over complete deals.

    python bench/bots.py                     # 2,400 deals a match, both ways round
    python bench/bots.py --deals 4000 --per-table 200

Deals come from seeded tables (``hoyle.game("whist", rubbers=1000).table(seed=s)``)
played on deal after deal; each bot sits in the seat its table gave it
(``view(None)["players"]``), so the kinds are placed by seat: side A sits
North and South, side B East and West.  A match "A v B" is played twice on
the same seeds, once with A North-South and once with A East-West: the cards
are the same both times (the shuffle does not depend on the play), so seat
effects and the luck of the deal cancel as at duplicate whist.

Per deal, for side A: the tricks it took (mean and its 95% confidence
interval), the share of deals in which it took the odd trick (seven or
more), and the points it scored by :func:`hoyle.rulebook.whist.score_hand`
from a fresh game (tricks above six plus honours, 000 §2-3, so nothing is
lost beyond the game and 000 §4 does not bar honours); and the net, its
points less the adversaries'.  Honours are dealt, not played, so they add
only noise to the difference between two kinds.

A match of a kind against itself plays the same cards the same way both
times, so its paired row is exactly even; its two rows show the seat effect
(random v random: about 6.5 tricks a side).

A benchmark, not a test: it prints figures, it asserts nothing.
"""

from __future__ import annotations

import argparse
import math
import sys
import time
from dataclasses import dataclass, field

import hoyle
from hoyle.bots import kinds, make
from hoyle.rulebook.whist import score_hand

SEATS = "NESW"


@dataclass
class Tally:
    """Per-deal figures for side A (and its adversaries' points)."""

    tricks: list[float] = field(default_factory=list)
    odd: list[float] = field(default_factory=list)
    points: list[float] = field(default_factory=list)
    against: list[float] = field(default_factory=list)

    @staticmethod
    def boards(one: Tally, other: Tally) -> Tally:
        """The two runs of a match paired deal by deal: each figure the mean of side A's two results.

        Both runs play the same cards, so the luck of the deal cancels and the
        interval is that of a duplicate match.
        """

        def pair(xs: list[float], ys: list[float]) -> list[float]:
            return [(x + y) / 2 for x, y in zip(xs, ys, strict=True)]

        return Tally(
            pair(one.tricks, other.tricks),
            pair(one.odd, other.odd),
            pair(one.points, other.points),
            pair(one.against, other.against),
        )


def mean_ci(xs: list[float]) -> tuple[float, float]:
    """Mean and the half-width of its 95% confidence interval (normal approximation)."""
    n = len(xs)
    m = sum(xs) / n
    var = sum((x - m) ** 2 for x in xs) / (n - 1) if n > 1 else 0.0
    return m, 1.96 * math.sqrt(var / n)


def play(a: str, b: str, *, a_side: str, seeds: range, per_table: int) -> Tally:
    """Side A (kind ``a``) against side B (kind ``b``), A sitting ``a_side``; ``per_table`` deals a seed."""
    tally = Tally()
    game = hoyle.game("whist", rubbers=1000)
    for s in seeds:
        t = game.table(seed=s, players=["P1", "P2", "P3", "P4"])
        seated = t.view(None)["players"]  # seat -> player: the cut placed them; kinds go by seat
        bots = {seat: make(a if seat in a_side else b, "whist", seed=s * 10 + i) for i, seat in enumerate(seated)}
        side = 0 if a_side == "NS" else 1
        done = 0
        while done < per_table:
            seat = t.to_act
            events = t.apply(bots[seat].choose(t.view(seat), t.legal_actions()))
            for e in events:
                if e.kind == "trick" and e.data["trick"] == 13:
                    result = t.view(None)["last_result"]
                    tricks = (result["tricks"]["NS"], result["tricks"]["EW"])
                    honours = (result["honours"]["NS"], result["honours"]["EW"])
                    fresh = score_hand([0, 0], tricks, honours).score
                    tally.tricks.append(tricks[side])
                    tally.odd.append(1.0 if tricks[side] >= 7 else 0.0)
                    tally.points.append(fresh[side])
                    tally.against.append(fresh[1 - side])
                    done += 1
                    break
    return tally


def row(label: str, t: Tally) -> str:
    n = len(t.tricks)
    m, ci = mean_ci(t.tricks)
    odd = sum(t.odd) / n
    pts, pci = mean_ci(t.points)
    opp = sum(t.against) / n
    net, nci = mean_ci([p - q for p, q in zip(t.points, t.against, strict=True)])
    return (
        f"{label:<25} {n:>6} {m:>7.3f} ± {ci:.3f} {odd:>8.1%} {pts:>7.3f} ± {pci:.3f} {opp:>7.3f}"
        f" {net:>+7.3f} ± {nci:.3f}"
    )


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--deals", type=int, default=2400, help="deals a match, each way round (default 2400)")
    ap.add_argument("--per-table", type=int, default=100, help="deals played on one seeded table (default 100)")
    ap.add_argument("--seed", type=int, default=1, help="the first table's seed (default 1)")
    ap.add_argument(
        "--match",
        action="append",
        metavar="A:B",
        help=f"a match to play, kinds {', '.join(kinds())} (default: rules:random, rules:rules, random:random)",
    )
    args = ap.parse_args(argv)
    matches = [tuple(m.split(":")) for m in args.match or ["rules:random", "rules:rules", "random:random"]]
    tables = max(1, math.ceil(args.deals / args.per_table))
    seeds = range(args.seed, args.seed + tables)
    print(f"$ python bench/bots.py {' '.join(argv if argv is not None else sys.argv[1:])}".rstrip())
    print(
        f"{tables} seeded tables (seeds {seeds.start}..{seeds.stop - 1}) x {args.per_table} deals,"
        " each match played both ways round on the same deals\n"
    )
    print(
        f"{'side A v side B':<25} {'deals':>6} {'A tricks/deal':>15} {'A odd':>8} {'A points/deal':>15}"
        f" {'B pts':>7} {'A net pts/deal':>15}"
    )
    started = time.perf_counter()
    for a, b in matches:
        runs = []
        for a_side in ("NS", "EW"):
            runs.append(play(a, b, a_side=a_side, seeds=seeds, per_table=args.per_table))
            print(row(f"{a} {a_side} v {b}", runs[-1]))
        print(row(f"{a} v {b} (boards)", Tally.boards(*runs)))
        print()
    print(f"({time.perf_counter() - started:.1f} s)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
