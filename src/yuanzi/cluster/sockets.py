"""The cap on one account's WebSockets, hall-wide (issue 14, item 1).

On one node, :class:`~yuanzi.hall.runtime.socket_cap.SocketCap` counts an account's sockets in
memory. Behind a proxy that spreads connections over the nodes, that would allow the cap
once per node, so a hall of several counts them in Redis: one sorted set per account,
each socket a member ``{node}:{id}`` scored by the time it opened (Redis' clock, one for
every node). Opening a socket adds it and pops the oldest beyond the cap in one script;
the node closes a popped socket of its own at once and tells the others through the
account's ``session`` topic, where every socket of the account listens already.

A node that dies leaves its sockets in the set: they are the oldest, so they are the
first popped (closing nothing), and the set expires a day after its last opening.
When Redis does not answer, the node's own cap holds meanwhile.
"""

from __future__ import annotations

import logging
import time

import orjson
import redis.asyncio as aioredis
from redis.exceptions import RedisError

from yuanzi.hall.runtime.pubsub import Broker, Envelope, session_topic
from yuanzi.hall.runtime.socket_cap import Closable, SocketCap

log = logging.getLogger(__name__)

REPLACED = "socket_replaced"
"""The type of the message on an account's ``session`` topic naming a socket to close."""
KEEP_SECONDS = 86_400
"""How long an account's set outlives its last new socket (a dead node's members go)."""

_OPEN = """
local t = redis.call('TIME')
redis.call('ZADD', KEYS[1], tonumber(t[1]) + tonumber(t[2]) / 1000000, ARGV[1])
redis.call('EXPIRE', KEYS[1], tonumber(ARGV[3]))
local over = redis.call('ZCARD', KEYS[1]) - tonumber(ARGV[2])
if over <= 0 then
  return {}
end
local popped = redis.call('ZPOPMIN', KEYS[1], over)
local out = {}
for i = 1, #popped, 2 do
  out[#out + 1] = popped[i]
end
return out
"""
"""Add a socket; return the members beyond the cap, oldest first (now out of the set)."""


def replaced_text(member: str) -> Envelope:
    return Envelope(REPLACED, orjson.dumps({"type": REPLACED, "connection": member}).decode())


def replaced_member(envelope: Envelope) -> str | None:
    """The socket a ``session`` message replaces, or None for any other message."""
    if envelope.kind != REPLACED:
        return None
    try:
        member = orjson.loads(envelope.text).get("connection")
    except (orjson.JSONDecodeError, AttributeError):
        return None
    return member if isinstance(member, str) else None


class SharedSocketCap:
    """At most ``cap`` WebSockets per account in the whole hall; the oldest gives way."""

    def __init__(self, url: str, namespace: str, node: str, broker: Broker,
                 cap: int) -> None:
        self.redis = aioredis.Redis.from_url(url, socket_connect_timeout=2, socket_timeout=2)
        self.prefix = f"{namespace}:sockets:"
        self.node = node
        self.broker = broker
        self.cap = cap
        self.local = SocketCap(cap)
        """This node's own count: the cap while Redis does not answer."""
        self._mine: dict[str, Closable] = {}
        self._open = self.redis.register_script(_OPEN)
        self._warned = 0.0

    def member(self, conn_id: int) -> str:
        return f"{self.node}:{conn_id}"

    async def admit(self, account_id: int, conn_id: int, conn: Closable) -> list[Closable]:
        """Count a new socket; returns this node's sockets it pushes out (to be closed),
        and tells the other nodes to close theirs."""
        member = self.member(conn_id)
        self._mine[member] = conn
        local_out = self.local.opened(account_id, conn)
        try:
            popped = await self._open(keys=[self.prefix + str(account_id)],
                                      args=[member, self.cap, KEEP_SECONDS])
        except (RedisError, OSError) as e:
            self._warn(e)
            return local_out
        out: list[Closable] = []
        for raw in popped:
            gone = raw.decode() if isinstance(raw, bytes) else str(raw)
            here = self._mine.get(gone)
            if here is not None:
                out.append(here)
            elif not gone.startswith(self.node + ":"):
                self.broker.publish(session_topic(account_id), replaced_text(gone))
        return out  # (the node's own count may now hold fewer: looser, only as a fallback)

    async def release(self, account_id: int, conn_id: int, conn: Closable) -> None:
        member = self.member(conn_id)
        self._mine.pop(member, None)
        self.local.closed(account_id, conn)
        try:
            await self.redis.zrem(self.prefix + str(account_id), member)
        except (RedisError, OSError) as e:
            self._warn(e)

    async def close(self) -> None:
        await self.redis.aclose()

    def _warn(self, e: Exception) -> None:
        now = time.monotonic()
        if now - self._warned > 60:
            self._warned = now
            log.warning("socket cap: Redis did not answer (%s); this node's own cap holds "
                        "meanwhile", e)
