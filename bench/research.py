"""The research interface's costs, every game, beside OpenSpiel's in the same run.

    python bench/research.py [--seconds S]

For each game: random sittings played through ``legal_actions()``/``apply()`` and through
``legal_action_ids()``/``apply_id()`` (steps a second, CPU time), the cost of one ``apply`` and one ``apply_id``
of the same action on clones of the same position, of ``observation(seat)``, and of ``clone()`` mid-deal.
OpenSpiel's bridge ``state.clone()`` is timed beside the clones when pyspiel imports.
Nothing here asserts a speed (design.md, "Speed").
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections.abc import Callable
from typing import Any

import hoyle

GAMES: list[tuple[str, dict[str, Any]]] = [
    ("whist", {}),
    ("dummy", {}),
    ("cayenne", {}),
    ("solo", {}),
    ("boston", {}),
    ("poker", {}),
    ("pope joan", {}),
    ("vingt-un", {}),
]


def _game(name: str, options: dict[str, Any]) -> hoyle.Game:
    try:
        return hoyle.game(name, **options)
    except hoyle.UnknownGame:
        return hoyle.game(name.replace(" ", "-"), **options)


def steps_per_second(g: hoyle.Game, seconds: float, *, ids: bool) -> float:
    rng = random.Random(1)
    steps, seed = 0, 0
    t = g.table(seed=seed)
    end = time.process_time() + seconds
    start = time.process_time()
    while time.process_time() < end:
        for _ in range(200):
            if t.over:
                seed += 1
                t = g.table(seed=seed)
            if ids:
                legal = t.legal_action_ids()
                t.apply_id(legal[rng.randrange(len(legal))])
            else:
                acts = t.legal_actions()
                t.apply(acts[rng.randrange(len(acts))])
            steps += 1
    return steps / (time.process_time() - start)


def mid_deal(g: hoyle.Game, n: int = 20) -> hoyle.Table:
    t = g.table(seed=3)
    rng = random.Random(3)
    for _ in range(n):
        acts = t.legal_actions()
        t.apply(acts[rng.randrange(len(acts))])
    return t


def per_call(fn: Callable[[], object], repeat: int = 300) -> float:
    """Median µs of ``fn`` over ``repeat`` calls, in 5 batches."""
    out = []
    for _ in range(5):
        t0 = time.process_time()
        for _ in range(repeat):
            fn()
        out.append((time.process_time() - t0) / repeat * 1e6)
    return statistics.median(out)


def apply_cost(t: hoyle.Table, *, ids: bool, repeat: int = 300) -> float:
    """µs of one apply (or apply_id) of the same action, on fresh clones (the clone's cost taken out)."""
    act = t.legal_actions()[0]
    i = t.action_id(act)
    clones = [t.clone() for _ in range(repeat)]
    t0 = time.process_time()
    if ids:
        for c in clones:
            c.apply_id(i)
    else:
        for c in clones:
            c.apply(act)
    return (time.process_time() - t0) / repeat * 1e6


def openspiel_clone() -> float | None:
    try:
        import pyspiel
    except ImportError:
        return None
    game = pyspiel.load_game("bridge", {"use_double_dummy_result": False})
    state = game.new_initial_state()
    rng = random.Random(1)
    while state.is_chance_node() or len(state.history()) < 52 + 10 + 20:
        if state.is_terminal():
            break
        if state.is_chance_node():
            state.apply_action(rng.choice([a for a, _ in state.chance_outcomes()]))
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    return per_call(state.clone, 2000)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--seconds", type=float, default=1.0, help="seconds per loop (default 1)")
    args = ap.parse_args(argv)
    print(
        f"{'game':<12} {'apply steps/s':>14} {'apply_id steps/s':>17} {'ratio':>6} "
        f"{'apply µs':>9} {'apply_id µs':>12} {'observation µs':>15} {'clone µs':>9}"
    )
    for name, options in GAMES:
        g = _game(name, options)
        a = steps_per_second(g, args.seconds, ids=False)
        b = steps_per_second(g, args.seconds, ids=True)
        t = mid_deal(g)
        seat = t.to_act
        print(
            f"{name:<12} {a:>14,.0f} {b:>17,.0f} {b / a:>6.2f} {apply_cost(t, ids=False):>9.1f} "
            f"{apply_cost(t, ids=True):>12.1f} {per_call(lambda t=t, seat=seat: t.observation(seat)):>15.1f} "
            f"{per_call(t.clone, 100):>9.0f}"
        )
    os_clone = openspiel_clone()
    if os_clone is not None:
        print(f"\nOpenSpiel bridge state.clone() mid-play: {os_clone:.1f} µs")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
