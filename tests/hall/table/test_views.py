"""Who hears what of a table (hall/table/views.py, issue 29): every frame is addressed to
an audience in one place, and nothing a job says is sent before the job is over — its
writes done — nor at all if its writes were refused."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest
from tests.hall.table.harness import Recorder, World

from yuanzi.hall.errors import Code, HallError
from yuanzi.hall.events import GameOver, SeatResult
from yuanzi.hall.models import Account, Seat
from yuanzi.hall.ports import LeaseLost
from yuanzi.hall.runtime.pubsub import (
    Envelope,
    LocalBroker,
    account_topic,
    door_topic,
    table_topic,
    watch_topic,
)
from yuanzi.hall.table.views import Outbox

TABLE = 5


def listen(broker: LocalBroker, *topics: str) -> Recorder:
    heard = Recorder()
    for topic in topics:
        broker.subscribe(topic, heard)
    return heard


def frame(n: int) -> Envelope:
    return Envelope("x", f'{{"type":"x","n":{n}}}', TABLE)


def test_each_audience_is_its_topic() -> None:
    broker = LocalBroker()
    everyone, spectators = listen(broker, table_topic(TABLE)), listen(broker, watch_topic(TABLE))
    one, door = listen(broker, account_topic(9)), listen(broker, door_topic(TABLE))
    out = Outbox(broker, TABLE)
    out.everyone(frame(1))
    out.spectators(frame(2))
    out.account(9, frame(3))
    out.door(frame(4))
    assert [[f["n"] for f in r.frames] for r in (everyone, spectators, one, door)] == [
        [1], [2], [3], [4]]


def test_a_jobs_frames_wait_for_its_end_in_order_and_a_refused_job_says_nothing() -> None:
    broker = LocalBroker()
    heard = listen(broker, table_topic(TABLE), account_topic(9))
    out = Outbox(broker, TABLE)
    out.hold()
    out.everyone(frame(1))
    out.account(9, frame(2))
    out.everyone(frame(3))
    assert heard.texts == []
    out.let_go()
    assert [f["n"] for f in heard.frames] == [1, 2, 3]
    out.hold()
    out.everyone(frame(4))
    out.drop()
    out.let_go()
    assert [f["n"] for f in heard.frames] == [1, 2, 3]
    out.everyone(frame(5))  # outside a job (a table being taken up): at once
    assert [f["n"] for f in heard.frames] == [1, 2, 3, 5]


def test_the_games_end_carries_its_record_to_its_players_only() -> None:
    broker = LocalBroker()
    player, spectator = listen(broker, account_topic(7)), listen(broker, watch_topic(TABLE))
    latecomer = listen(broker, account_topic(8))  # seated now, not in the game's seats
    over = GameOver(table=TABLE, game_id=3, status="finished", result=None, escaper=None,
                    record={"deals": []}, seats=[SeatResult(seat=0, account_id=7)])
    out = Outbox(broker, TABLE)
    out.game_over(over, [Seat(account=Account(8, "Late", "player"))])
    assert player.frames[0]["record"] == {"deals": []}
    assert latecomer.frames[0]["record"] == {"deals": []}
    assert spectator.frames[0]["record"] is None and spectator.frames[0]["game_id"] == 3


def test_an_actor_sends_nothing_until_the_job_that_said_it_is_over(hall_world: Any) -> None:
    async def body(w: World) -> None:
        owner = await w.account()
        actor = await w.hall.create_table(owner, "")
        heard = listen(w.broker, table_topic(actor.id))
        written = asyncio.Event()

        async def job() -> str:
            actor.out.everyone(frame(1))  # said before its write is done
            await written.wait()
            return "done"

        pending = asyncio.ensure_future(actor._call(job))
        await asyncio.sleep(0.05)
        assert heard.texts == []  # held while the write is pending
        written.set()
        assert await pending == "done"
        assert [f["n"] for f in heard.frames] == [1]

        async def refused() -> None:
            actor.out.everyone(frame(2))
            raise LeaseLost("another node took the table")

        with pytest.raises(HallError) as moved:
            await actor._call(refused)
        assert moved.value.code == Code.TABLE_MOVED  # it stepped down
        assert [f["n"] for f in heard.frames] == [1]  # its writes were refused: nothing

    hall_world(body)
