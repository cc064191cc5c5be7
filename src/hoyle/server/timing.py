"""Where an action's time goes in the room: a few clock readings per action, kept for the last actions.

The stages of one action, from its message to its acknowledgement (docs/room.md, "Latency"):

``lock``     waiting for the table's lock (another action of the same table being committed)
``engine``   the engine applying it, and the chance it drew made ready to write
``queue``    waiting in the database writer's queue (the commit before it under way)
``commit``   the writer's transaction: the statements and the commit (SQLite's fsync, in FULL)
``wake``     from the commit's end until the event loop resumes the action (the loop busy elsewhere)
``fanout``   every seat's update made and encoded (once per seat, not per socket)
``total``    the whole, from the message to the acknowledgement queued for its socket
"""

from __future__ import annotations

from collections import deque

__all__ = ["STAGES", "Stages"]

STAGES = ("lock", "engine", "queue", "commit", "wake", "fanout", "total")


class Stages:
    """The last ``keep`` durations (seconds) of each stage."""

    def __init__(self, keep: int = 50_000) -> None:
        self.times: dict[str, deque[float]] = {name: deque(maxlen=keep) for name in STAGES}

    def add(self, stage: str, seconds: float) -> None:
        self.times[stage].append(seconds)

    def percentile(self, stage: str, q: float) -> float | None:
        """The ``q``-th percentile (0-100) of a stage, in milliseconds; ``None`` if nothing was timed.

        >>> s = Stages()
        >>> for ms in range(1, 101):
        ...     s.add("commit", ms / 1000)
        >>> s.percentile("commit", 50), s.percentile("commit", 99), s.percentile("lock", 50)
        (50.0, 99.0, None)
        """
        xs = sorted(self.times[stage])
        if not xs:
            return None
        k = min(len(xs) - 1, max(0, round(q / 100 * len(xs)) - 1))
        return round(xs[k] * 1000, 3)

    def summary(self) -> str:
        """One line: each stage's p50 and p99 in ms, e.g. ``engine 0.31/1.20 ms``."""
        parts = []
        for name in STAGES:
            p50, p99 = self.percentile(name, 50), self.percentile(name, 99)
            if p50 is not None:
                parts.append(f"{name} {p50:.2f}/{p99:.2f}")
        return "stage p50/p99 ms: " + ", ".join(parts) if parts else "stage p50/p99 ms: nothing timed"
