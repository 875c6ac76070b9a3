"""The cap on an account's sockets, counted in Redis for the whole hall (issue 14)."""

from __future__ import annotations

import asyncio

from tests.cluster.redis_server import namespace, private_redis, redis_url

from yuanzi.cluster.sockets import REPLACED, SharedSocketCap, replaced_member, replaced_text
from yuanzi.hall.events import SessionEnded
from yuanzi.hall.runtime.pubsub import Envelope, session_topic


class Sock:
    def __init__(self, name: str) -> None:
        self.name = name

    def close(self, code: int, last: str | None = None, keep: bool = False) -> None:
        raise AssertionError("the cap returns sockets; the caller closes them")


class Published:
    def __init__(self) -> None:
        self.sent: list[tuple[str, Envelope]] = []

    def publish(self, topic: str, envelope: Envelope) -> None:
        self.sent.append((topic, envelope))

    def subscribe(self, topic: str, subscriber: object) -> None: ...
    def unsubscribe(self, topic: str, subscriber: object) -> None: ...


def test_the_oldest_socket_in_the_hall_gives_way_wherever_it_is() -> None:
    async def body() -> None:
        ns = namespace()
        on_a, on_b = Published(), Published()
        a = SharedSocketCap(redis_url(), ns, "nodea", on_a, cap=2)
        b = SharedSocketCap(redis_url(), ns, "nodeb", on_b, cap=2)
        a1, b1, b2, b3 = Sock("a1"), Sock("b1"), Sock("b2"), Sock("b3")
        assert await a.admit(7, 1, a1) == []
        assert await b.admit(7, 1, b1) == []
        assert await b.admit(7, 2, b2) == []  # a1 was the oldest: node a is told
        assert on_b.sent == [(session_topic(7), replaced_text("nodea:1"))]
        assert replaced_member(on_b.sent[0][1]) == "nodea:1"
        assert await b.admit(7, 3, b3) == [b1]  # its own: closed by the caller at once
        assert await a.admit(8, 2, Sock("x")) == []  # another account has its own count
        await b.release(7, 2, b2)
        assert await b.admit(7, 4, Sock("b4")) == []  # b2 left: room for one
        other = SharedSocketCap(redis_url(), namespace(), "nodea", Published(), cap=2)
        assert await other.admit(7, 1, a1) == []  # another hall on the same Redis
        for cap in (a, b, other):
            await cap.close()

    asyncio.run(body())


def test_other_messages_of_the_session_topic_are_not_replacements() -> None:
    assert replaced_member(SessionEnded(reason="banned", message="").envelope()) is None
    assert replaced_member(Envelope(REPLACED, '{"type":"socket_replaced","connection":5}')
                           ) is None
    assert replaced_member(Envelope(REPLACED, '{"type":"socket_replaced"')) is None


def test_while_redis_is_away_the_nodes_own_cap_holds() -> None:
    async def body() -> None:
        with private_redis() as redis:
            cap = SharedSocketCap(redis.url, namespace(), "nodea", Published(), cap=1)
            first = Sock("first")
            assert await cap.admit(9, 1, first) == []
            redis.stop()
            await cap.release(9, 1, first)  # (not an error either)
            second, third = Sock("second"), Sock("third")
            assert await cap.admit(9, 2, second) == []
            assert await cap.admit(9, 3, third) == [second]
            await cap.close()

    asyncio.run(body())
