"""Presence, seats and the lobby hall-wide, between nodes sharing one broker (an
in-process one stands for Redis here: what crosses is the same text)."""

from __future__ import annotations

import asyncio

from yuanzi.cluster.directory import TableDirectory
from yuanzi.cluster.gossip import SILENT_AFTER, Gossip
from yuanzi.hall.events import SeatView, TableClosed, TableView
from yuanzi.hall.runtime.pubsub import Envelope, LocalBroker, lobby_topic
from yuanzi.hall.table.frames import table_frame_text


class Node:
    def __init__(self, broker: LocalBroker, name: str) -> None:
        self.changed: list[int] = []
        self.hellos = 0
        self.resyncs = 0
        self.byes = 0
        self.gossip = Gossip(broker, name, self.changed.append, self._hello, self._bye)

    def _hello(self, resync: bool) -> None:
        self.hellos += 1
        self.resyncs += resync

    def _bye(self) -> None:
        self.byes += 1


def test_a_connection_on_one_node_is_known_on_the_others() -> None:
    async def body() -> None:
        broker = LocalBroker()
        a, b = Node(broker, "a"), Node(broker, "b")
        a.gossip.start()
        b.gossip.start()
        assert a.hellos == 1 and b.hellos == 0  # b said hello after a listened
        a.gossip.presence(7, "203.0.113.5", True)
        assert b.gossip.is_connected(7) and b.gossip.address_of(7) == "203.0.113.5"
        assert not a.gossip.is_connected(7)  # a's own are the hall's, not gossip's
        assert b.changed == [7]
        a.gossip.presence(7, "203.0.113.5", True)  # a second connection: no news
        assert b.changed == [7]
        a.gossip.seat(7, 12)
        assert b.gossip.seat_of(7) == 12
        a.gossip.seat(7, None)
        a.gossip.presence(7, None, False)
        assert b.gossip.seat_of(7) is None and not b.gossip.is_connected(7)
        assert b.changed == [7, 7]
        await a.gossip.stop()
        await b.gossip.stop()

    asyncio.run(body())


def test_the_whole_state_heals_a_lost_change_and_a_silent_node_is_forgotten() -> None:
    async def body() -> None:
        broker = LocalBroker()
        a, b = Node(broker, "a"), Node(broker, "b")
        b.gossip.start()
        a.gossip.mine.accounts[5] = None  # changes b never heard of
        a.gossip.mine.seated[5] = 3
        a.gossip.start()  # its hello carries its whole state
        assert b.gossip.is_connected(5) and b.gossip.seat_of(5) == 3
        assert b.changed == [5]
        heard = b.gossip.others["a"].heard
        b.gossip.forget_silent(now=heard + SILENT_AFTER - 1)
        assert b.gossip.is_connected(5)  # a stall of a few seconds is not death
        b.gossip.forget_silent(now=heard + SILENT_AFTER + 1)
        assert not b.gossip.is_connected(5) and b.gossip.seat_of(5) is None
        assert b.changed == [5, 5]  # his table's node hears he is away (R34)
        await a.gossip.stop()
        await b.gossip.stop()

    asyncio.run(body())


def test_a_node_back_on_redis_has_every_table_sent_afresh_everywhere() -> None:
    async def body() -> None:
        broker = LocalBroker()
        a, b = Node(broker, "a"), Node(broker, "b")
        a.gossip.start()
        b.gossip.start()
        assert (a.resyncs, b.resyncs) == (0, 0)  # a start is not a loss
        b.gossip.hello(resync=True)
        assert (a.resyncs, b.resyncs) == (1, 1)  # the others' tables and its own
        await a.gossip.stop()
        await b.gossip.stop()

    asyncio.run(body())


def test_bye_forgets_the_node_and_wakes_the_others() -> None:
    async def body() -> None:
        broker = LocalBroker()
        a, b = Node(broker, "a"), Node(broker, "b")
        a.gossip.start()
        b.gossip.start()
        b.gossip.presence(9, None, True)
        b.gossip.bye()
        assert a.byes == 1 and not a.gossip.is_connected(9)
        await a.gossip.stop()
        await b.gossip.stop()

    asyncio.run(body())


def test_garbage_on_the_topic_changes_nothing() -> None:
    broker = LocalBroker()
    b = Node(broker, "b")
    for text in ("", "{", '{"node":"x"}', '{"node":"x","op":"state","accounts":1}', "[]"):
        b.gossip.deliver(Envelope("gossip", text))
    assert not b.gossip.is_connected(1) and b.changed == []


def view(table_id: int, status: str = "open") -> TableView:
    return TableView(id=table_id, name="t", owner_id=1, owner="o", tablecloth="green",
                     bet=0, rules={}, turn_seconds=30.0, status=status,  # type: ignore[arg-type]
                     game_id=None, seats=[SeatView(seat=0, kind="empty")], spectators=0)


def table_frame(view: TableView) -> Envelope:
    return Envelope("table", table_frame_text(view.model_dump_json()), view.id)


def test_the_directory_keeps_each_tables_latest_row_until_it_closes() -> None:
    broker = LocalBroker()
    directory = TableDirectory(broker)
    directory.start()
    broker.publish(lobby_topic(), table_frame(view(1)))
    broker.publish(lobby_topic(), table_frame(view(2)))
    renamed = view(2).model_copy(update={"name": "新"})
    broker.publish(lobby_topic(), table_frame(renamed))
    assert directory.knows(1) and [v.name for v in directory.tables()] == ["t", "新"]
    broker.publish(lobby_topic(), TableClosed(table=1).envelope())
    broker.publish(lobby_topic(), table_frame(view(2, "closed")))
    broker.publish(lobby_topic(), Envelope("table", "not json"))
    assert not directory.knows(1) and directory.tables() == []
    directory.stop()
