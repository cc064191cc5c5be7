"""A hash of everything a law-mode sitting shows, irregular acts mixed in: the regression check of law mode (issue 20).

Usage (from the repository root)::

    python bench/lawdump.py [--sittings N] [--steps N] [--irregular P] [--games GAME ...] [-v]

``bench/dump.py`` plays lawful actions only, so it never reaches a penalty, a ruling or a claim.  Here, for each
law-mode variant below, ``N`` seeded sittings are played with ``irregularities=True``: at each step, with
probability ``P`` (0.2 by default) a seat drawn at random does one of its irregular acts
(``t.irregular_actions(seat)``: a lead out of turn, a card exposed, a revoke, a claim...), else a lawful action is
drawn (a penalty phase's choices included).  At every step the views of every seat and of the spectator, the events
the act caused (``to_dict()``, private parts included), or the refusal's message, are hashed, and the record at the
end.  Run it before and after a change to the referee meant to alter nothing visible: the hashes must be the same.
``-v`` prints one hash and the number of acts per variant.  The hashes are not kept in a test: a change of rules or
of a ruling's wording changes them rightly.
"""

from __future__ import annotations

import argparse
import hashlib
import random
from typing import Any

import hoyle
from dump import dumped

VARIANTS: list[tuple[str, dict[str, Any]]] = [
    ("whist", {}),
    ("whist", {"code": "american-1893"}),
    ("whist", {"code": "american-gwp"}),
    ("dummy", {}),
    ("double-dummy", {}),
    ("solo", {}),
    ("solo", {"players": 3}),
    ("solo", {"players": 5}),
    ("solo", {"law_code": "002"}),
    ("boston", {}),
    ("cayenne", {}),
]


def sitting_hash(name: str, options: dict[str, Any], seed: int, steps: int, irregular: float) -> tuple[str, int]:
    t = hoyle.game(name, irregularities=True, **options).table(seed=seed)
    rng = random.Random(seed)
    h = hashlib.sha256()
    h.update(dumped([e.to_dict() for e in t.events]))
    acts = 0
    for _ in range(steps):
        if t.over:
            break
        for s in [*t.seats, None]:
            h.update(dumped(t.view(s)))
        act = None
        if rng.random() < irregular:
            seat = rng.choice(t.seats)
            choices = t.irregular_actions(seat)
            if choices:
                act = f"{seat}: {rng.choice(choices)}"
        if act is None:
            legal = t.legal_actions()
            if not legal:
                break
            act = str(rng.choice(legal))
        try:
            events = t.apply(act)
        except ValueError as exc:  # an irregular act the table refuses as it stands: the refusal is hashed
            h.update(str(exc).encode())
            continue
        acts += 1
        h.update(dumped([e.to_dict() for e in events]))
    h.update(dumped(t.record()))
    return h.hexdigest(), acts


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--sittings", type=int, default=10)
    ap.add_argument("--steps", type=int, default=400)
    ap.add_argument("--irregular", type=float, default=0.2)
    ap.add_argument("--games", nargs="*")
    ap.add_argument("-v", action="store_true")
    a = ap.parse_args(argv)
    total = hashlib.sha256()
    for name, options in VARIANTS:
        if a.games and name not in a.games:
            continue
        h = hashlib.sha256()
        acts = 0
        for seed in range(a.sittings):
            digest, n = sitting_hash(name, options, seed, a.steps, a.irregular)
            h.update(digest.encode())
            acts += n
        if a.v:
            print(f"{name} {options}: {h.hexdigest()[:16]} ({acts} acts)")
        total.update(h.hexdigest().encode())
    print(total.hexdigest())
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
