"""Token buckets keyed by IP or account: login, registration and WebSocket floods.

A one-process hall keeps them in memory (:class:`RateLimiter`); a hall of several nodes
keeps the per-address and per-account ones in Redis (:mod:`yuanzi.cluster.limits`), so
that a client cannot multiply its allowance by the number of nodes. Both are a
:class:`Limiter`, made by the hall's :class:`Limits`. A WebSocket's own flood control
(:class:`Bucket`) is its connection's, on its node.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Protocol


class Limiter(Protocol):
    async def check(self, key: str, cost: float = 1.0) -> bool:
        """Take ``cost`` tokens for ``key`` if it has them (hall-wide on a node of
        several)."""


class Limits(Protocol):
    def limiter(self, name: str, capacity: float, window: float) -> Limiter:
        """``capacity`` per ``window`` seconds per key; ``name`` tells the limits apart."""


class LocalLimits:
    """One process's limits: in memory (on ``clock``: a simulation may pass its own)."""

    def __init__(self, clock: Callable[[], float] = time.monotonic) -> None:
        self.clock = clock

    def limiter(self, name: str, capacity: float, window: float) -> Limiter:
        return RateLimiter(capacity, window, self.clock)


@dataclass(slots=True)
class _Bucket:
    tokens: float
    stamp: float


class RateLimiter:
    """``capacity`` tokens per key, refilled at ``capacity / window`` per second."""

    def __init__(self, capacity: float, window: float,
                 clock: Callable[[], float] = time.monotonic, max_keys: int = 100_000) -> None:
        self.capacity = capacity
        self.rate = capacity / window
        self.clock = clock
        self.max_keys = max_keys
        self._buckets: dict[str, _Bucket] = {}

    def allow(self, key: str, cost: float = 1.0) -> bool:
        """Take ``cost`` tokens for ``key`` if it has them."""
        now = self.clock()
        bucket = self._buckets.get(key)
        if bucket is None:
            if len(self._buckets) >= self.max_keys:
                self._evict(now)
            bucket = self._buckets[key] = _Bucket(self.capacity, now)
        else:
            bucket.tokens = min(self.capacity, bucket.tokens + (now - bucket.stamp) * self.rate)
            bucket.stamp = now
        if bucket.tokens >= cost:
            bucket.tokens -= cost
            return True
        return False

    async def check(self, key: str, cost: float = 1.0) -> bool:
        return self.allow(key, cost)

    def _evict(self, now: float) -> None:
        full = [k for k, b in self._buckets.items()
                if b.tokens + (now - b.stamp) * self.rate >= self.capacity]
        for k in full:
            del self._buckets[k]
        if len(self._buckets) >= self.max_keys:
            self._buckets.clear()


class Bucket:
    """A single token bucket (one WebSocket connection's flood control)."""

    __slots__ = ("capacity", "clock", "rate", "stamp", "tokens")

    def __init__(self, rate: float, burst: float,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.rate = rate
        self.capacity = burst
        self.tokens = burst
        self.clock = clock
        self.stamp = clock()

    def take(self) -> bool:
        now = self.clock()
        self.tokens = min(self.capacity, self.tokens + (now - self.stamp) * self.rate)
        self.stamp = now
        if self.tokens >= 1:
            self.tokens -= 1
            return True
        return False
