"""server/ws/connection.py: while a player's own ``play`` runs, the frames his connection
gets are held and written with his ``ok``, in one write (issue 30), in the order they
came — in the table's own turn when the table answers at once (a table running here), else
when the play's task wakes; other messages are not held; a socket that does not take them
then gets them through the outbox, still in order."""

from __future__ import annotations

import asyncio
import types
from typing import Any

import orjson

from yuanzi.hall.models import Account
from yuanzi.hall.runtime.pubsub import Envelope
from yuanzi.hall.table.replies import Acted
from yuanzi.server import protocol as p
from yuanzi.server.ws.connection import CORK_LIMIT, Connection
from yuanzi.server.ws_direct import WRITE_NOW
from yuanzi.server.ws_reader import READ_DIRECTLY


class Socket:
    """The WebSocket as the connection uses it: messages to read, one write per call."""

    def __init__(self, messages: list[dict[str, Any]]) -> None:
        self.writes: list[tuple[str, ...]] = []
        self.taking = True
        self.sent: list[str] = []
        self.client = None
        self.scope = {"type": "websocket", "extensions": {
            WRITE_NOW: self.write_now, READ_DIRECTLY: lambda: self.receive_text}}
        self._messages = [orjson.dumps(m).decode() for m in messages]

    def write_now(self, *texts: str) -> bool:
        if not self.taking:
            return False
        self.writes.append(texts)
        return True

    async def receive_text(self) -> str:
        if not self._messages:
            await asyncio.Event().wait()  # the client says no more
        return self._messages.pop(0)

    async def send_text(self, text: str) -> None:  # the outbox's road
        self.sent.append(text)


def settings() -> Any:
    return types.SimpleNamespace(
        ws_outbox_limit=100, ws_messages_per_second=100, ws_burst=100,
        ws_max_message_bytes=10_000, ws_max_behind_bytes=1_000_000,
        ws_max_behind_seconds=30.0, ws_max_violations=10)


class Player(Connection):
    """A connection whose messages are answered by the test, not by a hall."""

    def __init__(self, ws: Socket, frames_while_running: int = 1) -> None:
        services: Any = types.SimpleNamespace(hall=None, settings=settings(),
                                              sockets=None, broker=None)
        super().__init__(ws, Account(id=7, nickname="七"), services)  # type: ignore[arg-type]
        self.frames_while_running = frames_while_running

    async def dispatch(self, msg: p.Message) -> dict[str, Any] | None:
        await asyncio.sleep(0)  # the table's actor runs it in a turn of its own
        for i in range(self.frames_while_running):  # the table broadcasts the play
            self.deliver(Envelope("played", f'{{"type":"played","n":{i}}}'))
        await asyncio.sleep(0)
        return {"seq": msg.seq}


def play(seq: int) -> dict[str, Any]:
    return {"type": "play", "seq": seq, "table": 1, "version": 0, "cards": "pass"}


def ping(seq: int) -> dict[str, Any]:
    return {"type": "ping", "seq": seq}


async def run(conn: Connection, turns: int = 20) -> None:
    task = asyncio.create_task(conn.receiver())
    for _ in range(turns):
        await asyncio.sleep(0)
    task.cancel()


def kinds(texts: tuple[str, ...] | list[str]) -> list[str]:
    return [orjson.loads(t)["type"] for t in texts]


def test_a_players_own_play_and_its_ok_go_in_one_write() -> None:
    ws = Socket([play(1), play(2)])
    asyncio.run(run(Player(ws)))
    assert [kinds(w) for w in ws.writes] == [["played", "ok"], ["played", "ok"]]


def test_a_table_that_answers_at_once_has_both_written_in_its_own_turn() -> None:
    order: list[str] = []

    class AtOnce(Player):
        async def dispatch(self, msg: p.Message) -> dict[str, Any] | None:
            answer = self.answer_at_once(msg.seq)
            table_turn = asyncio.get_running_loop().create_future()

            def table() -> None:  # the actor: its frames, then the reply's hook
                self.deliver(Envelope("played", '{"type":"played"}'))
                answer(Acted(table=1, version=3))
                order.append(f"written {len(ws.writes)}")
                table_turn.set_result(None)

            asyncio.get_running_loop().call_soon(table)
            await table_turn
            order.append("task wakes")
            return None if answer.done else {}

    ws = Socket([play(1)])
    asyncio.run(run(AtOnce(ws)))
    assert order == ["written 1", "task wakes"]
    assert [kinds(w) for w in ws.writes] == [["played", "ok"]]
    assert orjson.loads(ws.writes[0][1]) == {"type": "ok", "seq": 1,
                                             "data": {"table": 1, "version": 3}}


def test_other_messages_are_written_as_they_come() -> None:
    class Pinger(Player):
        async def dispatch(self, msg: p.Message) -> dict[str, Any] | None:
            self.deliver(Envelope("chat", '{"type":"chat"}'))
            await asyncio.sleep(0)
            return {}

    ws = Socket([ping(1)])
    asyncio.run(run(Pinger(ws)))
    assert [kinds(w) for w in ws.writes] == [["chat"], ["ok"]]


def test_a_socket_that_does_not_take_them_gets_them_in_order_through_the_outbox() -> None:
    ws = Socket([play(1)])
    ws.taking = False
    conn = Player(ws, frames_while_running=2)

    async def both() -> None:
        sender = asyncio.create_task(conn.sender())
        await run(conn)
        sender.cancel()

    asyncio.run(both())
    assert ws.writes == []
    assert kinds(ws.sent) == ["played", "played", "ok"]


def test_a_play_that_says_much_is_not_held_past_the_limit() -> None:
    ws = Socket([play(1)])
    asyncio.run(run(Player(ws, frames_while_running=CORK_LIMIT + 2)))
    assert [len(w) for w in ws.writes] == [CORK_LIMIT, 3]
    assert kinds(ws.writes[-1]) == ["played", "played", "ok"]
