"""The time of one view on a mid-deal table, for each game (issue 17, "Every game").

For each game a table is set (seed 11) and played by random lawful actions (seed 5) to the middle of a deal:
30 actions for the trick games, 8 for the others; then ``t.view(t.to_act)`` is timed by ``timeit``, the least
of ``--repeat`` repeats of ``--number`` calls, in µs of CPU a call (``time.process_time``: on a shared
machine the wall clock also counts the time the process waits for a core).  Compare two versions in the same minutes
(``PYTHONPATH=other/src python bench/views.py`` beside this one): the absolute figures depend on the load.

    python bench/views.py [GAME ...] [--number N] [--repeat R]
"""

from __future__ import annotations

import argparse
import random
import time
import timeit

import hoyle

_TRICK_GAMES = ("whist", "dummy", "double-dummy", "solo", "boston", "cayenne")


def mid_deal(name: str) -> tuple[hoyle.Table, int]:
    """A table of ``name`` in the middle of its first deal, and how many actions brought it there."""
    rng = random.Random(5)
    t = hoyle.game(name).table(seed=11)
    target = 30 if name in _TRICK_GAMES else 8
    n = 0
    while n < target and not t.over:
        acts = t.legal_actions()
        t.apply(acts[rng.randrange(len(acts))])
        n += 1
    return t, n


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("games", nargs="*", help="games to time (default: all)")
    ap.add_argument("--number", type=int, default=2000, help="calls a repeat")
    ap.add_argument("--repeat", type=int, default=7, help="repeats; the least is reported")
    args = ap.parse_args()
    for name in args.games or hoyle.games():
        t, n = mid_deal(name)
        seat = t.to_act or t.seats[0]
        view = t.view
        best = min(
            timeit.repeat(
                lambda: view(seat),  # noqa: B023
                number=args.number,
                repeat=args.repeat,
                timer=time.process_time,
            )
        )
        phase = getattr(t, "phase", "-")
        print(f"{name:13} {best / args.number * 1e6:7.2f} µs  (seat {seat}, after {n} actions, phase {phase})")


if __name__ == "__main__":
    main()
