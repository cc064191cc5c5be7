"""A hash of everything a sitting shows, step by step: the regression check of engine speed-ups (issue 17).

Usage (from the repository root)::

    python bench/dump.py [--sittings N] [--steps N] [--games GAME ...] [-v]

For each game variant below, ``N`` seeded sittings are played by a seeded random choice of lawful actions (up to
``--steps`` actions each); at every step the views of every seat and of the spectator, the events the action caused
(``to_dict()``, private parts included) and the record are dumped as JSON, in their own key order, and hashed.  Run
it before and after a change meant to alter nothing visible: the hashes must be the same.  ``-v`` prints one hash
per variant.  Benchmarks are not tests: the hashes are not kept anywhere, since a change of rules or wording changes
them rightly.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import random
from typing import Any

import hoyle

VARIANTS: list[tuple[str, dict[str, Any]]] = [
    ("whist", {}),
    ("whist", {"long": True}),
    ("whist", {"code": "american-1893", "rubber_bonus": 10}),
    ("whist", {"rubbers": 2, "players": ["A", "B", "C", "D", "E", "F"]}),
    ("dummy", {}),
    ("double-dummy", {}),
    ("solo", {}),
    ("boston", {}),
    ("cayenne", {}),
    ("pope-joan", {}),
    ("vingt-un", {}),
    ("poker", {}),
]


def dumped(obj: Any) -> bytes:
    return json.dumps(obj, ensure_ascii=False, default=repr).encode()


def sitting_hash(name: str, options: dict[str, Any], seed: int, steps: int, ids: bool = False) -> str:
    opts = dict(options)
    players = opts.pop("players", None)
    g = hoyle.game(name, **opts)
    t = g.table(seed=seed, players=players) if players else g.table(seed=seed)
    rng = random.Random(seed)
    h = hashlib.sha256()
    seats = [*t.seats, None]
    h.update(dumped([e.to_dict() for e in t.events]))
    for step in range(steps):
        if t.over:
            break
        for s in seats:
            h.update(dumped(t.view(s)))
        if ids:
            legal = t.legal_action_ids()
            events = t.apply_id(legal[rng.randrange(len(legal))])
        else:
            legal = t.legal_actions()
            events = t.apply(legal[rng.randrange(len(legal))])
        h.update(dumped([e.to_dict() for e in events]))
        if step % 7 == 0 or t.over:
            h.update(dumped(t.record()))
            h.update(dumped(t.scores))
    for s in seats:
        h.update(dumped(t.view(s)))
    h.update(dumped(t.record()))
    h.update(dumped([e.to_dict() for e in t.events]))
    return h.hexdigest()


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--sittings", type=int, default=2)
    ap.add_argument("--steps", type=int, default=1500)
    ap.add_argument("--games", nargs="*")
    ap.add_argument("-v", action="store_true")
    a = ap.parse_args(argv)
    total = hashlib.sha256()
    for name, options in VARIANTS:
        if a.games and name not in a.games:
            continue
        h = hashlib.sha256()
        for k in range(a.sittings):
            h.update(sitting_hash(name, options, 1000 + k, a.steps).encode())
            h.update(sitting_hash(name, options, 2000 + k, a.steps, ids=True).encode())
        if a.v:
            print(f"{name} {options}: {h.hexdigest()[:16]}")
        total.update(h.hexdigest().encode())
    print(total.hexdigest())
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
