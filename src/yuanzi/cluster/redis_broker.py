"""The broker of a hall of several nodes: every broadcast through Redis pub/sub.

A table publishes to topics (:mod:`yuanzi.hall.runtime.pubsub`), never to connections, so the
only change several nodes need here is where a topic's frames go:

- **Locally at once.** A frame is handed to this node's own subscribers inside
  :meth:`RedisBroker.publish`, exactly as the in-process broker does: a table's players on
  its owner's node see no Redis round trip, and the order of a topic's frames on one node
  is the order they were published in.
- **To the other nodes through Redis.** The frame is queued and a writer task sends the
  queue as one pipeline of ``PUBLISH``\\ es per loop turn. Each message carries the
  publishing node's id, and a node drops its own messages when Redis echoes them back
  (it delivered them already). One publisher per topic (a table's owner) and one Redis
  connection per node keep a topic's order across nodes too.
- **Subscribed per topic.** A node subscribes to a topic's channel while it has a local
  subscriber for it, and unsubscribes when the last one leaves, so a node only hears the
  tables its own clients look at.

Channels are ``{namespace}:{topic}`` (:mod:`.namespace`), so halls sharing one Redis
never cross-talk.

When Redis goes away (a restart), publishing drops what it cannot send (the store, not
Redis, holds the truth) and the reader reconnects with a growing pause, resubscribes to
every topic it needs, and calls the ``on_reconnect`` callbacks, through which a node tells
its clients to resync (frames may have been missed meanwhile).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import secrets
import time
from collections import deque
from collections.abc import Callable

import redis.asyncio as aioredis
from redis.asyncio.retry import Retry
from redis.backoff import NoBackoff
from redis.exceptions import (
    ConnectionError as RedisConnectionError,
    TimeoutError as RedisTimeoutError,
)

from yuanzi.hall.runtime.pubsub import Envelope, LocalBroker, Subscriber

log = logging.getLogger(__name__)

_SEP = "\n"
"""Between the publishing node's id, the envelope's kind, table and account, and the
frame's text (none of the four has a newline; the text comes last, whole)."""
MAX_PENDING = 200_000
"""Frames queued for Redis at most; beyond it (Redis down for long) the oldest are
dropped: the clients of other nodes resync when Redis is back."""
_DOWN = (RedisConnectionError, RedisTimeoutError, OSError)


class RedisBroker:
    """A :class:`~yuanzi.hall.runtime.pubsub.Broker` shared by every node of a hall."""

    def __init__(self, url: str, namespace: str, node: str | None = None) -> None:
        self.url = url
        self.prefix = namespace + ":"
        self.node = node or secrets.token_hex(6)
        self._local = LocalBroker()
        self._pending: deque[tuple[str, Envelope]] = deque()
        self._wake = asyncio.Event()
        self._redis: aioredis.Redis | None = None
        self._pubsub: aioredis.client.PubSub | None = None
        self._tasks: list[asyncio.Task[None]] = []
        self._commands: set[asyncio.Task[None]] = set()
        self._subscribing = asyncio.Lock()
        """One SUBSCRIBE/UNSUBSCRIBE/resubscription at a time on the pub/sub connection."""
        self._in_flight = 0
        self._reconnect_callbacks: list[Callable[[], None]] = []
        self.published = 0
        self.received = 0
        self.dropped = 0
        self.reconnects = 0
        self.on_round_trip: Callable[[float], None] | None = None
        """Called with each pipeline's seconds (metrics)."""

    # -- the Broker seam -------------------------------------------------------------------

    def publish(self, topic: str, envelope: Envelope) -> None:
        self._local.publish(topic, envelope)
        if len(self._pending) >= MAX_PENDING:
            self._pending.popleft()
            self.dropped += 1
        self._pending.append((topic, envelope))
        self._wake.set()

    def subscribe(self, topic: str, subscriber: Subscriber) -> None:
        first = self._local.subscribers(topic) == 0
        self._local.subscribe(topic, subscriber)
        if first:
            self._command("subscribe", topic)

    def unsubscribe(self, topic: str, subscriber: Subscriber) -> None:
        had = self._local.subscribers(topic) > 0
        self._local.unsubscribe(topic, subscriber)
        if had and self._local.subscribers(topic) == 0:
            self._command("unsubscribe", topic)

    def subscribers(self, topic: str) -> int:
        return self._local.subscribers(topic)

    def on_reconnect(self, callback: Callable[[], None]) -> None:
        """Call ``callback`` each time the connection to Redis is back after a loss."""
        self._reconnect_callbacks.append(callback)

    # -- running ---------------------------------------------------------------------------

    async def start(self) -> None:
        """Connect (raising if Redis cannot be reached: a node needs it to start), then
        run the writer and the reader."""
        # No retries inside redis-py: a lost connection must reach the reader, which
        # resubscribes and tells the node's clients to resync (frames may be missing).
        self._redis = aioredis.Redis.from_url(self.url, decode_responses=True,
                                              socket_connect_timeout=5,
                                              socket_keepalive=True,
                                              health_check_interval=0,
                                              retry=Retry(NoBackoff(), 0))
        await self._redis.ping()
        self._pubsub = self._redis.pubsub(ignore_subscribe_messages=True)
        await self._resubscribe(self._pubsub)  # its node channel, and what is wanted already
        self._tasks = [asyncio.create_task(self._writer(), name="redis-broker-writer"),
                       asyncio.create_task(self._reader(), name="redis-broker-reader")]

    async def close(self) -> None:
        tasks = self._tasks + list(self._commands)
        for task in tasks:
            task.cancel()
        for task in tasks:
            with contextlib.suppress(asyncio.CancelledError, *_DOWN):
                await task
        self._tasks, self._commands = [], set()
        pubsub, self._pubsub = self._pubsub, None
        if pubsub is not None:
            with contextlib.suppress(*_DOWN):
                await pubsub.aclose()  # type: ignore[no-untyped-call, unused-ignore]
        if self._redis is not None:
            with contextlib.suppress(*_DOWN):
                await self._redis.aclose()

    async def flush(self, timeout: float = 5.0) -> None:
        """Wait until everything published so far was sent to Redis, or dropped because
        Redis is away (at most ``timeout`` seconds: a shutdown must not hang on it)."""
        loop = asyncio.get_running_loop()
        deadline = loop.time() + timeout
        while ((self._pending or self._in_flight) and loop.time() < deadline
               and any(not t.done() for t in self._tasks)):
            await asyncio.sleep(0.005)

    def describe(self) -> str:
        """One line for an operator's dump (``kill -USR1``): the topics this node's
        clients need that its Redis connection is not subscribed to, and the reverse
        (both empty when all is well), and what waits to be published."""
        pubsub = self._pubsub
        held = set() if pubsub is None else {
            (c.decode() if isinstance(c, bytes) else c) for c in pubsub.channels}
        wanted = {self._channel(t) for t in self._local.topics()}
        wanted.add(self._channel("node:" + self.node))
        return (f"broker {self.node}: {len(wanted)} topics wanted, "
                f"not subscribed {sorted(wanted - held)[:20]}, "
                f"subscribed unwanted {sorted(held - wanted)[:20]}, "
                f"pending {len(self._pending)}, commands {len(self._commands)}, "
                f"reconnects {self.reconnects}")

    # -- inside ----------------------------------------------------------------------------

    def _channel(self, topic: str) -> str:
        return self.prefix + topic

    def _command(self, verb: str, topic: str) -> None:
        pubsub = self._pubsub
        if pubsub is None:  # not started: start() subscribes to what is wanted by then
            return
        task = asyncio.get_running_loop().create_task(self._send(verb, topic))
        self._commands.add(task)
        task.add_done_callback(self._command_done)

    def _command_done(self, task: asyncio.Task[None]) -> None:
        self._commands.discard(task)
        _ignore(task)

    async def _send(self, verb: str, topic: str) -> None:
        async with self._subscribing:
            pubsub = self._pubsub
            if pubsub is None:  # closed meanwhile
                return
            # Checked now, in order: the last word is whether the topic still has
            # local subscribers.
            wanted = self._local.subscribers(topic) > 0
            if (verb == "subscribe") != wanted:
                return
            try:
                if wanted:
                    await pubsub.subscribe(self._channel(topic))
                else:
                    await pubsub.unsubscribe(self._channel(topic))
            except _DOWN:
                pass  # the reader reconnects and resubscribes to every wanted topic

    async def _writer(self) -> None:
        redis = self._redis
        assert redis is not None
        while True:
            await self._wake.wait()
            self._wake.clear()
            while self._pending:
                batch = [self._pending.popleft() for _ in range(min(len(self._pending), 1000))]
                pipe = redis.pipeline(transaction=False)
                for topic, envelope in batch:
                    pipe.publish(self._channel(topic), self._wire(envelope))
                self._in_flight = len(batch)
                try:
                    began = time.perf_counter()
                    await pipe.execute()
                    self.published += len(batch)
                    if self.on_round_trip is not None:
                        self.on_round_trip(time.perf_counter() - began)
                except Exception as e:  # Redis away, or refusing (ACL): drop, go on
                    self.dropped += len(batch)
                    log.warning("redis broker: %d frames not published (%s)", len(batch), e)
                    await asyncio.sleep(0.5)
                finally:
                    self._in_flight = 0

    async def _reader(self) -> None:
        pubsub = self._pubsub
        assert pubsub is not None
        pause = 0.1
        lost = False
        while True:
            try:
                if lost:
                    async with self._subscribing:
                        await self._resubscribe(pubsub)
                    lost, pause = False, 0.1
                    self.reconnects += 1
                    log.warning("redis broker: connection back, resubscribed")
                    for callback in self._reconnect_callbacks:
                        try:
                            callback()
                        except Exception:
                            log.exception("redis broker: a reconnect callback failed")
                # blocking read (no timer per message); a lost connection raises, and
                # TCP keepalive finds one that died without a word
                message = await pubsub.get_message(timeout=None)
            except Exception as e:  # lost, or a reply it cannot read: a fresh connection
                if not lost:
                    log.warning("redis broker: connection lost (%s); reconnecting", e)
                lost = True
                await asyncio.sleep(pause)
                pause = min(pause * 2, 2.0)
                continue
            if message is None or message.get("type") != "message":
                continue
            try:
                self._deliver(message["channel"], message["data"])
            except Exception:  # one bad frame or subscriber must not deafen the node
                log.exception("redis broker: delivering a frame failed")

    async def _resubscribe(self, pubsub: aioredis.client.PubSub) -> None:
        """A fresh connection with exactly the topics this node's clients need."""
        await pubsub.aclose()  # type: ignore[no-untyped-call, unused-ignore]  # fresh on subscribe
        topics = [self._channel(t) for t in self._local.topics()]
        await pubsub.subscribe(self._channel("node:" + self.node), *topics)

    def _wire(self, envelope: Envelope) -> str:
        table, account = envelope.table, envelope.account
        return _SEP.join((self.node, envelope.kind, "" if table is None else str(table),
                          "" if account is None else str(account), envelope.text))

    def _deliver(self, channel: str, data: str) -> None:
        parts = data.split(_SEP, 4)
        if len(parts) < 5 or parts[0] == self.node:
            return  # our own frame, delivered locally when it was published
        if not channel.startswith(self.prefix):
            return
        _, kind, table, account, text = parts
        try:
            envelope = Envelope(kind, text, int(table) if table else None,
                                int(account) if account else None)
        except ValueError:
            log.warning("redis broker: a message it cannot read on %s", channel)
            return
        self.received += 1
        self._local.publish(channel[len(self.prefix):], envelope)


def _ignore(task: asyncio.Task[None]) -> None:
    if not task.cancelled() and task.exception() is not None:
        log.warning("redis broker: %s", task.exception())
