"""The hall's rate limits in Redis: one token bucket per key for every node.

A client that spreads its logins or registrations over the nodes (the proxy sends each
new connection to the least busy one) gets the allowance of one hall, not of one node
each. A bucket is one Redis hash, updated by one Lua script (atomic, Redis' own clock,
expiring once full again). When Redis cannot answer, the node falls back to its own
buckets in memory: the limits hold per node rather than not at all.
"""

from __future__ import annotations

import logging
import time

import redis.asyncio as aioredis
from redis.exceptions import RedisError

from yuanzi.hall.runtime.ratelimit import Limiter, RateLimiter

log = logging.getLogger(__name__)

_TAKE = """
local capacity = tonumber(ARGV[1])
local rate = tonumber(ARGV[2])
local cost = tonumber(ARGV[3])
local t = redis.call('TIME')
local now = tonumber(t[1]) + tonumber(t[2]) / 1000000
local b = redis.call('HMGET', KEYS[1], 'tokens', 'stamp')
local tokens = tonumber(b[1])
local stamp = tonumber(b[2])
if tokens == nil or stamp == nil then
  tokens = capacity
  stamp = now
end
tokens = math.min(capacity, tokens + math.max(0, now - stamp) * rate)
local ok = 0
if tokens >= cost then
  tokens = tokens - cost
  ok = 1
end
redis.call('HSET', KEYS[1], 'tokens', tostring(tokens), 'stamp', tostring(now))
redis.call('EXPIRE', KEYS[1], math.ceil((capacity - tokens) / rate) + 1)
return ok
"""
"""Refill by the time passed, take ``cost`` if there is enough; the key lives until the
bucket would be full again (then it is as good as absent)."""


class RedisLimits:
    """The :class:`~yuanzi.hall.runtime.ratelimit.Limits` of a hall of several nodes."""

    def __init__(self, url: str, namespace: str) -> None:
        self.redis = aioredis.Redis.from_url(url, socket_connect_timeout=2, socket_timeout=2)
        self.prefix = f"{namespace}:limit:"
        self._take = self.redis.register_script(_TAKE)

    def limiter(self, name: str, capacity: float, window: float) -> Limiter:
        return SharedLimiter(self, name, capacity, window)

    async def close(self) -> None:
        await self.redis.aclose()


class SharedLimiter:
    def __init__(self, limits: RedisLimits, name: str, capacity: float,
                 window: float) -> None:
        self.limits = limits
        self.key = f"{limits.prefix}{name}:"
        self.capacity = capacity
        self.rate = capacity / window
        self.local = RateLimiter(capacity, window)
        """While Redis cannot answer: this node's own buckets."""
        self._warned = 0.0

    async def check(self, key: str, cost: float = 1.0) -> bool:
        try:
            ok = await self.limits._take(keys=[self.key + key],
                                         args=[self.capacity, self.rate, cost])
        except (RedisError, OSError) as e:
            now = time.monotonic()
            if now - self._warned > 60:  # once a minute, not once a request
                self._warned = now
                log.warning("rate limits: Redis did not answer (%s); this node's own "
                            "limits hold meanwhile", e)
            return self.local.allow(key, cost)
        return bool(ok)
