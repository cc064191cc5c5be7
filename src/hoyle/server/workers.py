"""Work the event loop must not do: replaying records for the browser, in worker processes with a time limit.

A replay applies every action of a record and draws every step's views: a 5,000-action record takes a tenth
of a second and answers 14 MB of JSON.  Done in the event loop (or in a thread, holding the GIL), it would
stall every table of the room.  :class:`Workers` runs it in a small pool of processes (Pebble's
``ProcessPool``, started on first use from a fork server, so that no thread of the room is forked); a task
that runs past its time limit is stopped by killing its process, and the pool starts another.
"""

from __future__ import annotations

import asyncio
import multiprocessing
from collections.abc import Callable
from concurrent.futures import TimeoutError as FuturesTimeout
from typing import Any, TypeVar

from .room import RoomError

__all__ = ["Workers"]

T = TypeVar("T")


class Workers:
    """A pool of ``size`` processes; at most ``max_pending`` tasks running or queued at once (then 503)."""

    def __init__(self, size: int = 2, *, timeout: float = 10.0, max_pending: int = 8) -> None:
        self.size = size
        self.timeout = timeout
        self.max_pending = max_pending
        self.pending = 0
        self._pool: Any = None

    def _get_pool(self) -> Any:
        if self._pool is None:
            from pebble import ProcessPool

            ctx = multiprocessing.get_context("forkserver")
            ctx.set_forkserver_preload(["hoyle.server.replays"])
            self._pool = ProcessPool(max_workers=self.size, context=ctx)
        return self._pool

    async def run(
        self,
        fn: Callable[..., T],
        *args: Any,
        timeout: float | None = None,
        what: str = "the record's replay",
        **kwargs: Any,
    ) -> T:
        """``fn(*args, **kwargs)`` in a worker process, awaited without blocking the loop.

        Refuses (503 ``busy``) beyond ``max_pending`` tasks; stops a task after ``timeout`` seconds of running
        (the pool's own by default; 422 ``too_slow``, naming ``what`` and the limit).
        """
        limit = self.timeout if timeout is None else timeout
        if self.pending >= self.max_pending:
            raise RoomError(
                "busy",
                f"the room is replaying {self.pending} records already, its most; try again in a few seconds",
                503,
            )
        self.pending += 1
        try:
            fut = self._get_pool().schedule(fn, args=args, kwargs=kwargs, timeout=limit)
            try:
                return await asyncio.wrap_future(fut)
            except FuturesTimeout:
                raise RoomError(
                    "too_slow",
                    f"{what} took longer than {limit:g} s, the most the room allows; it was stopped",
                    422,
                ) from None
            except asyncio.CancelledError:
                fut.cancel()
                raise
        finally:
            self.pending -= 1

    def close(self) -> None:
        """Stop the workers (those still running are killed)."""
        if self._pool is not None:
            self._pool.stop()
            self._pool.join(timeout=5)
            self._pool = None
