"""The serving room's garbage collector (hoyle.server.main.tune_gc): what was loaded at start frozen out of later
scans, the young generations collected less often, and cycles still collected.  In a process of its own: the
collector is the process's."""

from __future__ import annotations

import subprocess
import sys

SCRIPT = """
import gc, weakref
import hoyle.server.app
from hoyle.server.main import GC_THRESHOLD, tune_gc

assert gc.get_freeze_count() == 0
tune_gc()
assert gc.get_threshold() == GC_THRESHOLD == (20_000, 20, 10), gc.get_threshold()
frozen = gc.get_freeze_count()
assert frozen > 10_000, frozen  # the modules and the room's code loaded at start

class Node:
    pass

a, b = Node(), Node()
a.other, b.other = b, a  # a cycle made after the freeze
gone = weakref.ref(a)
del a, b
gc.collect()
assert gone() is None, "a cycle made after the freeze is still collected"
print("ok", frozen)
"""


def test_the_serving_room_freezes_what_it_loaded_and_still_collects_cycles() -> None:
    out = subprocess.run([sys.executable, "-c", SCRIPT], capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stderr
    assert out.stdout.startswith("ok ")


def test_serve_tunes_the_collector_before_it_serves(monkeypatch) -> None:  # type: ignore[no-untyped-def]
    import uvicorn

    from hoyle.server import main

    calls: list[str] = []
    monkeypatch.setattr(main, "tune_gc", lambda: calls.append("tune_gc"))
    monkeypatch.setattr(uvicorn, "run", lambda *a, **k: calls.append("run"))
    main.serve(port=8765, db="sqlite://")
    assert calls == ["tune_gc", "run"]
