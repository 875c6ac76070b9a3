"""The Redis broker between nodes, on a real Redis: frames cross nodes in order, once,
only within one hall's namespace, only while someone listens, and again after Redis
restarts."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Awaitable, Callable
from contextlib import asynccontextmanager

import redis
from tests.cluster.redis_server import namespace, private_redis, redis_url

from yuanzi.cluster.redis_broker import RedisBroker
from yuanzi.hall.runtime.pubsub import Envelope


class Inbox:
    def __init__(self) -> None:
        self.frames: list[str] = []
        self.envelopes: list[Envelope] = []

    def deliver(self, envelope: Envelope) -> None:
        self.envelopes.append(envelope)
        self.frames.append(envelope.text)


async def until(check: Callable[[], bool], timeout: float = 5.0) -> None:
    deadline = asyncio.get_running_loop().time() + timeout
    while not check():
        if asyncio.get_running_loop().time() > deadline:
            raise AssertionError("timed out")
        await asyncio.sleep(0.01)


async def subscribed(broker: RedisBroker, topic: str, url: str) -> None:
    """Wait until Redis has the node's subscription to ``topic``."""
    client = redis.asyncio.Redis.from_url(url)
    try:
        channel = broker.prefix + topic
        for _ in range(500):
            (_, count), = await client.pubsub_numsub(channel)
            if count:
                return
            await asyncio.sleep(0.01)
        raise AssertionError(f"no subscriber on {channel}")
    finally:
        await client.aclose()


def run(coro: Callable[[], Awaitable[None]]) -> None:
    asyncio.run(coro())


@asynccontextmanager
async def nodes(url: str, *namespaces: str) -> AsyncIterator[list[RedisBroker]]:
    """Started brokers, one a namespace given (the same twice: two nodes of one hall)."""
    brokers = [RedisBroker(url, ns) for ns in namespaces]
    for broker in brokers:
        await broker.start()
    try:
        yield brokers
    finally:
        for broker in brokers:
            await broker.close()


def test_a_frame_crosses_to_the_other_node_once_and_locally_at_once() -> None:
    url, ns = redis_url(), namespace()

    async def body() -> None:
        async with nodes(url, ns, ns) as (a, b):
            here, there = Inbox(), Inbox()
            a.subscribe("table:1", here)
            b.subscribe("table:1", there)
            await subscribed(b, "table:1", url)
            await subscribed(a, "table:1", url)
            played = Envelope("played", '{"type":"played"}', 1, 5)
            a.publish("table:1", played)
            assert here.frames == ['{"type":"played"}']  # local: no round trip
            await until(lambda: len(there.frames) == 1)
            await asyncio.sleep(0.2)  # an echo back to node a would arrive by now
            assert here.frames == ['{"type":"played"}']
            assert there.frames == ['{"type":"played"}']
            assert there.envelopes == [played]  # kind, table and account cross with it

    run(body)


def test_frames_keep_their_order_across_nodes() -> None:
    url, ns = redis_url(), namespace()

    async def body() -> None:
        async with nodes(url, ns, ns) as (a, b):
            there = Inbox()
            b.subscribe("table:9", there)
            await subscribed(b, "table:9", url)
            for i in range(2000):
                a.publish("table:9", Envelope("x", str(i)))
                if i % 100 == 0:
                    await asyncio.sleep(0)
            await until(lambda: len(there.frames) == 2000)
            assert there.frames == [str(i) for i in range(2000)]

    run(body)


def test_two_halls_on_one_redis_never_hear_each_other() -> None:
    url = redis_url()

    async def body() -> None:
        ours, another = namespace(), namespace()
        async with nodes(url, ours, another, ours) as (a, other, b):
            mine, theirs = Inbox(), Inbox()
            b.subscribe("lobby", mine)
            other.subscribe("lobby", theirs)
            await subscribed(b, "lobby", url)
            await subscribed(other, "lobby", url)
            a.publish("lobby", Envelope("x", "row"))
            await until(lambda: mine.frames == ["row"])
            await asyncio.sleep(0.2)
            assert theirs.frames == []

    run(body)


def test_a_node_listens_to_a_topic_only_while_it_has_a_subscriber() -> None:
    url, ns = redis_url(), namespace()

    async def body() -> None:
        b = RedisBroker(url, ns)
        await b.start()
        client = redis.asyncio.Redis.from_url(url)
        try:
            one, two = Inbox(), Inbox()
            b.subscribe("account:5", one)
            b.subscribe("account:5", two)
            await subscribed(b, "account:5", url)
            b.unsubscribe("account:5", one)
            await asyncio.sleep(0.1)
            assert (await client.pubsub_numsub(b.prefix + "account:5"))[0][1] == 1
            b.unsubscribe("account:5", two)

            async def gone() -> bool:
                return (await client.pubsub_numsub(b.prefix + "account:5"))[0][1] == 0

            for _ in range(200):
                if await gone():
                    break
                await asyncio.sleep(0.01)
            assert await gone()
            await client.publish(b.prefix + "account:5", "other\nx\n\n\nlate")
            await asyncio.sleep(0.1)
            assert one.frames == [] and two.frames == []
        finally:
            await client.aclose()
            await b.close()

    run(body)


def test_after_redis_restarts_the_node_resubscribes_and_says_so() -> None:
    async def body(server_url: str, restart: Callable[[], None]) -> None:
        async with nodes(server_url, "ns", "ns") as (a, b):
            back: list[str] = []
            b.on_reconnect(lambda: back.append("resync"))
            there = Inbox()
            b.subscribe("table:3", there)
            await subscribed(b, "table:3", server_url)
            restart()
            await until(lambda: back == ["resync"], timeout=15)
            await subscribed(b, "table:3", server_url)
            for _ in range(300):  # a's writer reconnects on its next pipeline
                a.publish("table:3", Envelope("x", "after"))
                await asyncio.sleep(0.02)
                if there.frames:
                    break
            assert "after" in there.frames

    with private_redis() as server:
        def restart() -> None:
            server.stop()
            server.start()

        asyncio.run(body(server.url, restart))


def test_a_broker_not_started_still_delivers_locally() -> None:
    broker = RedisBroker("redis://127.0.0.1:1/0", "ns")
    inbox = Inbox()

    async def body() -> None:
        broker.subscribe("lobby", inbox)
        broker.publish("lobby", Envelope("x", "x"))

    asyncio.run(body())
    assert inbox.frames == ["x"]


def test_topics_wanted_before_the_start_are_subscribed_at_the_start() -> None:
    url, ns = redis_url(), namespace()

    async def body() -> None:
        early = RedisBroker(url, ns)
        there = Inbox()
        early.subscribe("lobby", there)  # before start(): no Redis connection yet
        async with nodes(url, ns) as (a,):
            await early.start()
            try:
                await subscribed(early, "lobby", url)
                a.publish("lobby", Envelope("x", "row"))
                await until(lambda: there.frames == ["row"])
            finally:
                await early.close()

    run(body)
