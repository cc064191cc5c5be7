"""Rate limits: a token bucket per connection (WebSocket messages) and per client address (lobby requests)."""

from __future__ import annotations

import time
from collections import OrderedDict
from dataclasses import dataclass

__all__ = ["Bucket", "Buckets", "Limit"]


@dataclass(frozen=True, slots=True)
class Limit:
    """``burst`` messages at once, refilled at ``rate`` a second."""

    burst: float
    rate: float


class Bucket:
    """A token bucket: :meth:`take` answers whether one more message may pass now.

    >>> b = Bucket(Limit(burst=2, rate=0.001))
    >>> [b.take(), b.take(), b.take()], b.refused
    ([True, True, False], 1)
    """

    __slots__ = ("_at", "_tokens", "limit", "refused")

    def __init__(self, limit: Limit) -> None:
        self.limit = limit
        self._tokens = float(limit.burst)
        self._at = time.monotonic()
        self.refused = 0

    def take(self) -> bool:
        now = time.monotonic()
        self._tokens = min(self.limit.burst, self._tokens + (now - self._at) * self.limit.rate)
        self._at = now
        if self._tokens >= 1.0:
            self._tokens -= 1.0
            return True
        self.refused += 1
        return False

    def retry_after(self) -> float:
        """Seconds until the next message may pass."""
        return max(0.0, (1.0 - self._tokens) / self.limit.rate) if self.limit.rate > 0 else 60.0


class Buckets:
    """One bucket per key (a client address), the least recently used forgotten beyond ``size``."""

    def __init__(self, limit: Limit, size: int = 10_000) -> None:
        self.limit = limit
        self.size = size
        self._buckets: OrderedDict[str, Bucket] = OrderedDict()

    def get(self, key: str) -> Bucket:
        b = self._buckets.get(key)
        if b is None:
            b = self._buckets[key] = Bucket(self.limit)
            if len(self._buckets) > self.size:
                self._buckets.popitem(last=False)
        else:
            self._buckets.move_to_end(key)
        return b
