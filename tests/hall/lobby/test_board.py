"""hall/lobby/board.py: the lobby's news, hall-wide, at most one frame an interval."""

from __future__ import annotations

import asyncio
import json

from yuanzi.hall.events import (
    LobbyChanges,
    TableClosed,
    TableFrame,
    TableView,
)
from yuanzi.hall.lobby.board import LobbyBoard, changes_text
from yuanzi.hall.runtime.pubsub import Envelope, LocalBroker, lobby_changes_topic, lobby_topic
from yuanzi.hall.table.frames import table_frame_text


class Heard:
    def __init__(self) -> None:
        self.texts: list[str] = []

    def deliver(self, envelope: Envelope) -> None:
        text = envelope.text
        self.texts.append(text)


def row(table: int, n: int) -> str:
    return json.dumps({"id": table, "n": n}, separators=(",", ":"))


def listen() -> tuple[LocalBroker, Heard, Heard]:
    broker = LocalBroker()
    each, bundled = Heard(), Heard()
    broker.subscribe(lobby_topic(), each)
    broker.subscribe(lobby_changes_topic(), bundled)
    return broker, each, bundled


def test_a_burst_is_one_frame_now_and_its_last_state_after_the_interval() -> None:
    async def body() -> None:
        broker, each, bundled = listen()
        board = LobbyBoard(broker, interval=0.05)
        for n in range(6):  # four readies, a start and more, in one moment
            board.changed(1, row(1, n))
        assert each.texts == [table_frame_text(row(1, 0))]  # the first change at once
        await asyncio.sleep(0.15)
        assert each.texts == [table_frame_text(row(1, 0)), table_frame_text(row(1, 5))]
        assert [json.loads(t)["tables"] for t in bundled.texts] == [
            [{"id": 1, "n": 0}], [{"id": 1, "n": 5}]]
        await asyncio.sleep(0.15)
        board.changed(1, row(1, 6))  # quiet for an interval: at once again
        assert each.texts[-1] == table_frame_text(row(1, 6))

    asyncio.run(body())


def test_many_tables_changing_are_one_bundle_an_interval() -> None:
    async def body() -> None:
        broker, each, bundled = listen()
        board = LobbyBoard(broker, interval=0.05)
        board.changed(0, row(0, 0))  # at once
        for table in range(1, 1001):  # a thousand tables setting up in one interval
            for n in range(3):
                board.changed(table, row(table, n))
        await asyncio.sleep(0.15)
        assert len(bundled.texts) == 2  # whatever the number of tables
        last = json.loads(bundled.texts[1])
        assert [r["id"] for r in last["tables"]] == list(range(1, 1001))
        assert all(r["n"] == 2 for r in last["tables"])  # each table once, its latest row
        assert len(each.texts) == 1001  # the per-table topic: one row per table

    asyncio.run(body())


def test_a_close_is_said_at_once_and_bundled_and_drops_the_pending_row() -> None:
    async def body() -> None:
        broker, each, bundled = listen()
        board = LobbyBoard(broker, interval=0.05)
        board.changed(7, row(7, 0))
        board.changed(7, row(7, 1))
        board.closed(7)
        assert each.texts[-1] == TableClosed(table=7).text()  # at once on ``lobby``
        await asyncio.sleep(0.15)
        last = json.loads(bundled.texts[-1])
        assert last == {"type": "lobby_changes", "tables": [], "closed": [7]}
        assert table_frame_text(row(7, 1)) not in each.texts

    asyncio.run(body())


def test_cancel_drops_what_is_pending() -> None:
    async def body() -> None:
        broker, each, bundled = listen()
        board = LobbyBoard(broker, interval=0.05)
        board.changed(1, row(1, 0))
        board.changed(2, row(2, 0))
        board.cancel()
        await asyncio.sleep(0.15)
        assert len(bundled.texts) == 1 and len(each.texts) == 1

    asyncio.run(body())


def test_the_texts_are_the_frames_the_models_describe() -> None:
    view = TableView(id=3, name="桌", owner_id=1, owner="alice", tablecloth="green", bet=0,
                     rules={}, turn_seconds=30.0, status="open", game_id=None, seats=[])
    encoded = view.model_dump_json()
    assert table_frame_text(encoded) == TableFrame(table=view).text()
    bundle = changes_text([encoded, encoded], [4, 5])
    assert LobbyChanges.model_validate_json(bundle) == LobbyChanges(tables=[view, view],
                                                                     closed=[4, 5])


def test_a_large_bundle_makes_the_next_one_wait_within_the_byte_budget() -> None:
    async def body() -> None:
        broker, _, bundled = listen()
        board = LobbyBoard(broker, interval=0.02, bytes_per_second=40_000)
        for table in range(500):  # the first row at once, the other 499 (~10 KB) next
            board.changed(table, row(table, 0))
        await asyncio.sleep(0.05)
        assert len(bundled.texts) == 2
        wait = len(bundled.texts[1]) / 40_000
        assert wait > 0.2  # so the next bundle waits ~0.25 s, not 0.02 s
        board.changed(1, row(1, 1))
        await asyncio.sleep(0.05)
        assert len(bundled.texts) == 2  # still within the budget's wait
        await asyncio.sleep(wait + 0.1)
        assert len(bundled.texts) == 3
        assert json.loads(bundled.texts[2])["tables"] == [{"id": 1, "n": 1}]

    asyncio.run(body())
