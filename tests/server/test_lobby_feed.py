"""A filtered lobby subscription (issue 14, item 1): a client hears only the tables it
shows — new matching ones while its page has room, ``gone`` when one stops matching,
``closed`` when one closes — and a page that lost tables fills again."""

from __future__ import annotations

import json
from typing import Any

from tests.hall.helpers import BOT, EMPTY, four, table

from yuanzi.hall.events import TableView
from yuanzi.hall.lobby.board import changes_text
from yuanzi.hall.lobby.filter import LobbyFilter
from yuanzi.hall.runtime.pubsub import Envelope, LocalBroker, lobby_changes_topic
from yuanzi.server.lobby_feed import LobbyFeed


class Listener:
    def __init__(self) -> None:
        self.frames: list[dict[str, Any]] = []

    def deliver(self, envelope: Envelope) -> None:
        self.frames.append(json.loads(envelope.text))


def free(table_id: int, bet: int = 0) -> TableView:
    return table(table_id, four(("player", 2), EMPTY, BOT, BOT), bet)


def full(table_id: int) -> TableView:
    return table(table_id, four(("player", 2), BOT, BOT, BOT))


class Hall:
    """The lobby rows the feed fills pages from."""

    def __init__(self, views: list[TableView]) -> None:
        self.rows = {v.id: v for v in views}
        self.broker = LocalBroker()

    def views(self) -> list[TableView]:
        return list(self.rows.values())

    def change(self, *views: TableView, closed: tuple[int, ...] = ()) -> None:
        for v in views:
            self.rows[v.id] = v
        for t in closed:
            self.rows.pop(t, None)
        self.broker.publish(lobby_changes_topic(), Envelope("lobby_changes", changes_text(
            [v.model_dump_json() for v in views], list(closed))))


def ids(frame: dict[str, Any]) -> list[int]:
    return [t["id"] for t in frame["tables"]]


def test_the_first_page_holds_matching_tables_and_says_how_many_match() -> None:
    hall = Hall([free(1), full(2), free(3), free(4)])
    feed = LobbyFeed(hall.broker, hall.views)
    first = json.loads(feed.watch(Listener(), LobbyFilter(free_seats=True), 0, 2, True))
    assert first["type"] == "lobby" and ids(first) == [1, 3] and first["total"] == 3
    page2 = json.loads(feed.watch(Listener(), LobbyFilter(free_seats=True), 2, 2, False))
    assert ids(page2) == [4] and page2["total"] == 3
    assert len(feed) == 1  # a page without subscribe is no subscription


def test_changes_of_other_tables_are_not_sent() -> None:
    hall = Hall([free(1), free(2, bet=50)])
    feed = LobbyFeed(hall.broker, hall.views)
    me = Listener()
    feed.watch(me, LobbyFilter(bet=0), 0, 10, True)
    hall.change(free(2, bet=50))
    assert me.frames == []
    hall.change(free(1), free(2, bet=50))
    assert [ids(f) for f in me.frames] == [[1]]
    assert me.frames[0]["closed"] == [] and me.frames[0]["gone"] == []


def test_a_table_that_stops_matching_is_gone_and_one_that_closes_is_closed() -> None:
    hall = Hall([free(1), free(2)])
    feed = LobbyFeed(hall.broker, hall.views)
    me = Listener()
    feed.watch(me, LobbyFilter(free_seats=True), 0, 10, True)
    hall.change(full(1))
    assert me.frames[-1]["gone"] == [1] and ids(me.frames[-1]) == []
    hall.change(closed=(2,))
    assert me.frames[-1]["closed"] == [2]
    hall.change(full(1))  # no longer shown: nothing to say
    assert len(me.frames) == 2
    hall.change(free(1))  # matches again and the page has room: shown again
    assert ids(me.frames[-1]) == [1]


def test_new_tables_fill_a_page_with_room_and_a_full_page_stays_as_it_is() -> None:
    hall = Hall([free(1)])
    feed = LobbyFeed(hall.broker, hall.views)
    me = Listener()
    feed.watch(me, LobbyFilter(), 0, 2, True)
    hall.change(free(2))
    hall.change(free(3))
    assert [ids(f) for f in me.frames] == [[2]]


def test_a_page_that_lost_tables_fills_again_from_the_lobby() -> None:
    hall = Hall([free(i) for i in range(1, 6)])
    feed = LobbyFeed(hall.broker, hall.views)
    me = Listener()
    assert ids(json.loads(feed.watch(me, LobbyFilter(), 0, 2, True))) == [1, 2]
    hall.change(closed=(1, 2))
    last = me.frames[-1]
    assert last["closed"] == [1, 2] and ids(last) == [3, 4]
    hall.change(closed=(3,))
    assert ids(me.frames[-1]) == [5]
    hall.change(closed=(4,))  # nothing left to show instead
    assert me.frames[-1]["closed"] == [4] and ids(me.frames[-1]) == []


def test_the_node_listens_while_someone_watches_and_a_bad_frame_is_ignored() -> None:
    hall = Hall([free(1)])
    feed = LobbyFeed(hall.broker, hall.views)
    a, b = Listener(), Listener()
    feed.watch(a, LobbyFilter(), 0, 5, True)
    feed.watch(b, LobbyFilter(), 0, 5, True)
    assert hall.broker.subscribers(lobby_changes_topic()) == 1  # one for all its clients
    hall.broker.publish(lobby_changes_topic(), Envelope("lobby_changes", "not json"))
    hall.broker.publish(lobby_changes_topic(),
                        Envelope("lobby_changes", '{"tables":[{"no":"id"}],"closed":[]}'))
    assert a.frames == [] and b.frames == []
    feed.unwatch(a)
    assert hall.broker.subscribers(lobby_changes_topic()) == 1
    feed.unwatch(b)
    feed.unwatch(b)  # twice is harmless
    assert hall.broker.subscribers(lobby_changes_topic()) == 0
