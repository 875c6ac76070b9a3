"""Rate limits shared by the nodes of a hall (Redis): one allowance per address for the
whole hall, refilled with time, and each node's own while Redis is away."""

from __future__ import annotations

import asyncio

from tests.cluster.redis_server import namespace, private_redis, redis_url

from yuanzi.cluster.limits import RedisLimits


def test_two_nodes_share_one_allowance() -> None:
    async def body() -> None:
        ns = namespace()
        a, b = RedisLimits(redis_url(), ns), RedisLimits(redis_url(), ns)
        on_a = a.limiter("login_ip", 3, 60)
        on_b = b.limiter("login_ip", 3, 60)
        assert [await on_a.check("198.51.100.1"), await on_b.check("198.51.100.1"),
                await on_a.check("198.51.100.1")] == [True, True, True]
        assert not await on_b.check("198.51.100.1")  # the hall's allowance is spent
        assert await on_b.check("198.51.100.2")  # another address has its own
        assert await b.limiter("register_ip", 3, 60).check("198.51.100.1")  # another limit
        other = RedisLimits(redis_url(), namespace())  # another hall on the same Redis
        assert await other.limiter("login_ip", 3, 60).check("198.51.100.1")
        for limits in (a, b, other):
            await limits.close()

    asyncio.run(body())


def test_a_bucket_refills_with_time() -> None:
    async def body() -> None:
        limits = RedisLimits(redis_url(), namespace())
        fast = limits.limiter("fast", 2, 0.2)  # 10 a second
        assert await fast.check("k") and await fast.check("k")
        assert not await fast.check("k")
        await asyncio.sleep(0.15)
        assert await fast.check("k")
        await limits.close()

    asyncio.run(body())


def test_while_redis_is_away_each_node_keeps_its_own_limits() -> None:
    async def body() -> None:
        with private_redis() as redis:
            limits = RedisLimits(redis.url, namespace())
            login = limits.limiter("login_ip", 2, 60)
            assert await login.check("x")
            redis.stop()
            assert await login.check("x") and await login.check("x")  # its own bucket
            assert not await login.check("x")
            await limits.close()

    asyncio.run(body())
