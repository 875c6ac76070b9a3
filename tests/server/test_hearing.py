"""A connection's ears (issue 27), against a scripted table: held frames go on only once
the table lets it in; a door message that comes while the answer is awaited makes the
connection ask again and believe what follows; after Redis was away each table is asked
again whether the connection may still hear it."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import Any

import orjson
import pytest

from yuanzi.hall.errors import Code, HallError
from yuanzi.hall.events import LeftTable, SeatView, TableView
from yuanzi.hall.runtime.pubsub import Envelope, LocalBroker, door_topic, table_topic
from yuanzi.hall.table import commands
from yuanzi.hall.table.commands import Sender
from yuanzi.hall.table.frames import FullView
from yuanzi.server import hearing
from yuanzi.server.hearing import TablesHeard

TABLE = 7
ME = 3


class Client:
    def __init__(self) -> None:
        self.who = Sender(ME, connection=1)
        self.closing: int | None = None
        self.got: list[str] = []

    @property
    def account_id(self) -> int:
        return ME

    def deliver(self, envelope: Envelope) -> None:
        self.got.append(envelope.text)


class Table:
    """A table whose answers a test scripts: each call runs ``script`` (which may publish,
    as a table does while a request waits), then answers or refuses."""

    def __init__(self, broker: LocalBroker) -> None:
        self.broker = broker
        self.asked: list[type] = []
        self.script: list[Callable[[commands.Command], Any]] = []

    async def send(self, command: commands.Command) -> Any:
        self.asked.append(type(command))
        await asyncio.sleep(0)
        return self.script.pop(0)(command)


def view() -> FullView:
    table = TableView(id=TABLE, name="t", owner_id=1, owner="o", tablecloth="green", bet=0,
                      rules={}, turn_seconds=30, status="open", game_id=None,
                      seats=[SeatView(seat=i, kind="empty") for i in range(4)])
    return FullView(table, None, None)


def out(account: int | None) -> Envelope:
    return LeftTable(table=TABLE, account=account, reason="removed").envelope(account=account)


def frame(text: str) -> Envelope:
    """A frame of the table as its actor publishes it (the kind said beside it)."""
    return Envelope("played" if '"played"' in text else "table", text, TABLE)


def setup() -> tuple[LocalBroker, Client, Table, TablesHeard]:
    broker = LocalBroker()
    client = Client()
    table = Table(broker)
    return broker, client, table, TablesHeard(client, table, broker)  # type: ignore[arg-type]


def test_held_frames_go_on_once_let_in_and_are_dropped_when_refused() -> None:
    broker, client, table, heard = setup()

    def refuse(_: commands.Command) -> Any:
        broker.publish(table_topic(TABLE), frame('{"type":"played","table":7}'))
        raise HallError(Code.NO_SUCH_TABLE, "there is no table 7")

    def admit(_: commands.Command) -> Any:
        broker.publish(table_topic(TABLE), frame('{"type":"played","table":7}'))
        return [frame("snapshot")]

    table.script = [refuse, admit]
    with pytest.raises(HallError):
        asyncio.run(heard.ask(TABLE, False, commands.Join(client.who, TABLE, False)))
    assert client.got == [] and broker.topics() == []
    reply, fresh, ear = asyncio.run(heard.ask(TABLE, False,
                                              commands.Join(client.who, TABLE, False)))
    assert (reply, fresh, ear.admitted) == ([frame("snapshot")], None, True)
    assert client.got == ['{"type":"played","table":7}']  # (the snapshot is the caller's)


def test_a_door_message_while_asking_is_checked_by_asking_again() -> None:
    """The table let him in, then shut him out, before its answer reached him: the
    second look says he is out, so he hears nothing and is told why."""
    broker, client, table, heard = setup()

    def admit_then_shut(_: commands.Command) -> Any:
        broker.publish(door_topic(TABLE), out(ME))
        broker.publish(table_topic(TABLE), frame('{"type":"table","table":{"id":7}}'))
        return [frame("snapshot")]

    def refuse(_: commands.Command) -> Any:
        raise HallError(Code.NO_SUCH_TABLE, "there is no table 7")

    table.script = [admit_then_shut, refuse]
    with pytest.raises(HallError):
        asyncio.run(heard.ask(TABLE, False, commands.Join(client.who, TABLE, False)))
    assert table.asked == [commands.Join, commands.Resync]
    assert [orjson.loads(t)["type"] for t in client.got] == ["left_table"]
    assert heard.ear(TABLE) is None and broker.topics() == []


def test_an_older_door_message_does_not_keep_a_player_out() -> None:
    """His other tab stood up a moment before this one sat down: the second look lets
    him in, and its view brings him up to date."""
    broker, client, table, heard = setup()

    def shut_then_admit(_: commands.Command) -> Any:
        broker.publish(door_topic(TABLE), out(ME))
        return commands.Seated(TABLE, 1)

    table.script = [shut_then_admit, lambda _: commands.Resynced(view(), False)]
    reply, fresh, ear = asyncio.run(heard.ask(TABLE, False,
                                              commands.Sit(client.who, TABLE, 1)))
    assert reply == commands.Seated(TABLE, 1) and fresh is not None and ear.admitted
    broker.publish(table_topic(TABLE), frame("later"))
    assert client.got == ["later"]


def test_another_accounts_door_message_changes_nothing() -> None:
    broker, client, table, heard = setup()

    def admit(_: commands.Command) -> Any:
        broker.publish(door_topic(TABLE), out(ME + 1))
        return [frame("snapshot")]

    table.script = [admit]
    _, _, ear = asyncio.run(heard.ask(TABLE, False, commands.Join(client.who, TABLE, False)))
    assert ear.admitted and table.asked == [commands.Join]


def test_after_redis_was_away_each_table_is_asked_again(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(hearing, "RECHECK_SPREAD", 0.0)
    broker, client, table, heard = setup()

    async def run() -> None:
        table.script = [lambda _: [frame("snapshot")]]
        await heard.ask(TABLE, True, commands.Join(client.who, TABLE, True))

        def refuse(_: commands.Command) -> Any:  # the door message was lost: he is out
            raise HallError(Code.NO_SUCH_TABLE, "there is no table 7")

        table.script = [refuse]
        heard.recheck_soon()
        for _ in range(50):
            await asyncio.sleep(0.01)
            if heard.ear(TABLE) is None:
                break

    asyncio.run(run())
    assert heard.ear(TABLE) is None and broker.topics() == []
    left = orjson.loads(client.got[-1])
    assert (left["type"], left["table"], left["account"]) == ("left_table", TABLE, ME)
    assert table.asked == [commands.Join, commands.Resync]



def test_a_heard_table_shut_while_asking_is_asked_again() -> None:
    """He heard the table (seated), his other tab stood up while this one sat down again:
    the door closed this ear during the request; the second look says he sits, so he
    hears the table again."""
    broker, client, table, heard = setup()
    heard.hear_seat(TABLE)

    def stood_elsewhere_then_sat(_: commands.Command) -> Any:
        broker.publish(door_topic(TABLE), LeftTable(table=TABLE, account=ME,
                                                    reason="stood").envelope(account=ME))
        return commands.Seated(TABLE, 2)

    table.script = [stood_elsewhere_then_sat, lambda _: commands.Resynced(view(), False)]
    reply, fresh, ear = asyncio.run(heard.ask(TABLE, False,
                                              commands.Sit(client.who, TABLE, 2)))
    assert reply == commands.Seated(TABLE, 2) and fresh is not None and ear.hears
    assert heard.ear(TABLE) is ear
    broker.publish(table_topic(TABLE), frame("later"))
    assert client.got[-1] == "later"
