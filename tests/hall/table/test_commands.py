"""The command seam (issue 11): a table is reached only by typed commands in its inbox;
each says who sent it, and the table — not the transport — decides what he may do. The
commands and replies are plain values (they could cross a process), and a reply's fields
are exactly the ``ok`` data of docs/protocol.md."""

from __future__ import annotations

import asyncio
import dataclasses
import json
import typing
from pathlib import Path
from typing import Any

import pytest

from yuanzi.hall.core.hall import Hall
from yuanzi.hall.errors import Code, HallError
from yuanzi.hall.runtime.pubsub import LocalBroker, table_topic
from yuanzi.hall.settings import Settings
from yuanzi.hall.table import commands as c
from yuanzi.hall.table.commands import Sender, ok_data
from yuanzi.store.setup import open_database

SAMPLES: dict[str, Any] = {"int": 3, "str": "x", "bool": True, "Sender": Sender(7, "player"),
                           "tuple": (1, 2)}


def sample(cls: type) -> Any:
    """An instance with a value of the right kind in every field."""
    values = {}
    for f in dataclasses.fields(cls):
        kind = str(f.type)
        key = next((k for k in ("Sender", "tuple", "bool", "int", "str") if k in kind), "int")
        if "Literal" in kind:
            values[f.name] = typing.get_args(typing.get_type_hints(cls)[f.name])[0]
        else:
            values[f.name] = SAMPLES[key]
    return cls(**values)


def all_classes() -> list[type]:
    return [v for v in vars(c).values()
            if isinstance(v, type) and dataclasses.is_dataclass(v) and v.__module__ == c.__name__]


@pytest.mark.parametrize("cls", all_classes(), ids=lambda cls: cls.__name__)
def test_every_command_and_reply_is_a_plain_frozen_value(cls: type) -> None:
    value = sample(cls)
    assert dataclasses.is_dataclass(value) and cls.__dataclass_params__.frozen  # type: ignore[attr-defined]
    text = json.dumps(dataclasses.asdict(value))  # plain data: it could cross a process
    back = json.loads(text)
    rebuilt = {k: tuple(v) if isinstance(v, list) else v for k, v in back.items()}
    if "sender" in rebuilt:
        rebuilt["sender"] = Sender(**rebuilt["sender"])
    assert cls(**rebuilt) == value


def test_a_reply_is_the_ok_data_of_the_protocol() -> None:
    assert ok_data(c.Seated(4, 2)) == {"table": 4, "seat": 2}
    assert ok_data(c.HintGiven(4, 9, "pass", "partner_winning", ("KS KH KC KD",))) == {
        "table": 4, "version": 9, "cards": "pass", "reason": "partner_winning",
        "beats": ["KS KH KC KD"]}
    assert ok_data(c.Kicked(4, "after_game")) == {"table": 4, "done": "after_game"}


@pytest.fixture
def settings(tmp_path: Path) -> Settings:
    return Settings(db_path=str(tmp_path / "hall.db"), bot_think_seconds=0)


def test_the_table_decides_what_a_sender_may_do(settings: Settings) -> None:
    async def run() -> None:
        db = open_database(settings)
        try:
            owner = await db.store.create_account("Own", "own", "h", "player")
            other = await db.store.create_account("Oth", "oth", "h", "player")
            admin = await db.store.create_account("Adm", "adm", "h", "admin")
            hall = Hall(settings, db.store, LocalBroker(), db.economy)
            await hall.resume()
            table = (await hall.create_table(owner, "")).id

            async def refused(command: c.Command) -> Code:
                with pytest.raises(HallError) as e:
                    await hall.send(command)
                return e.value.code

            # a kick or an admin rename: the table asks who sends it, not the transport
            assert await refused(c.Kick(Sender.of(other), table, owner.id, "kicked")) \
                == Code.FORBIDDEN
            assert await refused(c.AdminRename(Sender.of(owner), table, "Mine")) \
                == Code.FORBIDDEN
            assert await refused(c.AddBot(Sender.of(other), table, 1, "random")) \
                == Code.NOT_OWNER
            assert await refused(c.Ready(Sender.of(other), table)) == Code.NOT_SEATED
            # the same commands from who may send them
            assert await hall.send(c.AddBot(Sender.of(admin), table, 1, "random")) == \
                c.BotAdded(table, 1, "random")
            assert await hall.send(c.AdminRename(Sender.of(admin), table, "Renamed")) == \
                c.AdminRenamed(table, "Renamed")
            assert await hall.send(c.Sit(Sender.of(other), table, 2)) == c.Seated(table, 2)
            assert await hall.send(c.Kick(Sender.of(admin), table, other.id, "kicked")) == \
                c.Kicked(table, "stood")
            # a command for a table that does not exist is refused by the hall
            assert await refused(c.Ready(Sender.of(owner), table + 100)) == Code.NO_SUCH_TABLE
            await hall.close()
        finally:
            db.close()

    asyncio.run(run())


def test_every_command_a_sender_sends_has_its_handler() -> None:
    """The actor dispatches through :data:`HANDLERS` (issue 29): a command added to the
    union without a handler would be refused as unknown at the table."""
    from yuanzi.hall.table.handlers import HANDLERS
    assert set(typing.get_args(c.Command)) - {c.Announce} == set(HANDLERS)


def test_a_reply_is_heard_at_once_after_its_frames_before_the_caller_wakes(
        settings: Settings) -> None:
    """``at_once`` (issue 30): the table tells it the reply in its own turn, once the
    command's frames went out and before the sender's task wakes; a refusal never calls
    it; a hook that fails costs the table nothing."""

    async def run() -> None:
        db = open_database(settings)
        try:
            owner = await db.store.create_account("Own", "own", "h", "player")
            broker = LocalBroker()
            hall = Hall(settings, db.store, broker, db.economy)
            await hall.resume()
            table = (await hall.create_table(owner, "")).id
            frames: list[str] = []

            class Ear:
                def deliver(self, envelope: Any) -> None:
                    frames.append(envelope.kind)

            broker.subscribe(table_topic(table), Ear())
            heard: list[tuple[Any, list[str], bool]] = []
            woke = False

            def hook(reply: Any) -> None:
                heard.append((reply, list(frames), woke))

            reply = await hall.send(c.AddBot(Sender.of(owner), table, 1, "random"), hook)
            woke = True
            assert len(heard) == 1
            told, seen_then, woken_then = heard[0]
            assert told == reply == c.BotAdded(table, 1, "random")
            assert "table" in seen_then and not woken_then  # after its frames, before us

            with pytest.raises(HallError):  # the seat is taken: refused, not heard
                await hall.send(c.AddBot(Sender.of(owner), table, 1, "random"), hook)
            assert len(heard) == 1

            def failing(reply: Any) -> None:
                raise RuntimeError("a hook that fails")

            assert await hall.send(c.AddBot(Sender.of(owner), table, 2, "random"),
                                   failing) == c.BotAdded(table, 2, "random")
            assert await hall.send(c.AddBot(Sender.of(owner), table, 3, "random")) == \
                c.BotAdded(table, 3, "random")
            await hall.close()
        finally:
            db.close()

    asyncio.run(run())
