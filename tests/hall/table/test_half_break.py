"""The pause between the halves (hall/table/half_break.py, issue 31): the second half's
clock (R33) and its bots (R34) wait until the players who play themselves have read the
first half's summary — all pressed 继续, the leader played, or the limit ran out."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable
from typing import Any

import pytest
from tests.hall.table.harness import Recorder, World, smallest, until

from yuanzi.engine.cards import parse_cards
from yuanzi.hall.errors import Code
from yuanzi.hall.models import Account
from yuanzi.hall.table import commands as c
from yuanzi.hall.table.commands import Sender
from yuanzi.hall.table.half_break import HalfBreak

Run = Callable[..., None]
PAUSE = 4.0


async def second_half(w: World, players: tuple[Account, ...], heard: Recorder
                      ) -> tuple[int, dict[str, Any]]:
    """Games at a table of ``players`` (the first owns it) and bots, played by the
    smallest moves, until one goes on to its second half: the table, and the first
    player's ``game`` frame of that half."""
    table = await w.playing(players[0], bots=4 - len(players), others=players[1:])
    for _ in range(20):
        while True:
            frame = next((f for f in reversed(heard.of("game")) if f["view"]["half"] == 1), None)
            if frame is not None:
                return table, frame
            if w.status(table) == "open":  # 双夹 (R30): the next game
                for p in players:
                    await w.hall.send(c.Ready(Sender.of(p), table))
                continue
            for p in players:
                await smallest(w, p, table)
            await asyncio.sleep(0)
    raise AssertionError("no game went on to a second half")


def test_the_second_half_waits_until_its_players_read_the_summary(hall_world: Run) -> None:
    """The second half's deal comes with ``break_until``; nothing is played meanwhile
    (a bot leader waits too); each 继续 is heard with who still reads; the last one starts
    the leader's clock (``half_break`` with ``until`` None and his deadline)."""

    async def body(w: World) -> None:
        owner, friend = await w.account(), await w.account()
        heard = Recorder()
        w.broker.subscribe(f"account:{owner.id}", heard)
        table, frame = await second_half(w, (owner, friend), heard)
        w.broker.subscribe(f"table:{table}", heard)
        now = time.time()
        assert frame["break_until"] == pytest.approx(now + PAUSE, abs=1.0)
        turn = w.hall.table(table).clock.turn_seconds
        assert frame["deadline"] == pytest.approx(frame["break_until"] + turn, abs=0.5)
        version = frame["version"]
        await asyncio.sleep(0.3)  # a bot with no thinking time would have played by now
        assert w.hall.table(table).version == version

        await w.hall.send(c.GoOn(Sender.of(owner), table))
        first = await until(lambda: heard.last("half_break"))
        assert first["until"] == frame["break_until"] and first["waiting"] == [1]
        assert w.hall.table(table).version == version  # the friend still reads
        await w.hall.send(c.GoOn(Sender.of(friend), table))
        last = await until(lambda: heard.of("half_break")[1:])
        assert last[0]["until"] is None and last[0]["waiting"] == []
        assert last[0]["deadline"] == pytest.approx(time.time() + turn, abs=1.0)
        assert await w.refused(c.GoOn(Sender.of(owner), table)) == Code.NO_HALF_BREAK
        reply: c.Resynced = await w.hall.send(c.Resync(Sender.of(owner), table))
        assert reply.view.game is not None and reply.view.game.break_until is None

    hall_world(body, half_break_seconds=PAUSE)


def test_the_leaders_play_ends_the_pause_and_the_limit_ends_it_anyway(hall_world: Run) -> None:
    """The leader may play at once (he has read it); else, with nobody pressing 继续, the
    second half goes on when the limit runs out."""

    async def body(w: World) -> None:
        owner, friend = await w.account(), await w.account()
        heard = Recorder()
        w.broker.subscribe(f"account:{owner.id}", heard)
        table, frame = await second_half(w, (owner, friend), heard)
        leader = frame["view"]["to_move"]
        actor = w.hall.table(table)
        if leader in (0, 1):
            player = (owner, friend)[leader]
            game = (await w.hall.send(c.Resync(Sender.of(player), table))).view.game
            cards = (parse_cards(game.view["hand"])[0],)
            await w.hall.send(c.Play(Sender.of(player), table, game.version, cards))
            assert not actor.gameplay.pause.active
        else:  # a bot leads: it plays when the limit has run out, not before
            await asyncio.sleep(PAUSE - 1.5)
            assert actor.version == frame["version"]
            await until(lambda: actor.version > frame["version"], 3.0)
            assert time.time() >= frame["break_until"] - 0.1
        assert await w.refused(c.GoOn(Sender.of(owner), table)) == Code.NO_HALF_BREAK

    hall_world(body, half_break_seconds=PAUSE)


def test_nobody_to_wait_for_means_no_pause(hall_world: Run) -> None:
    """A table whose players are all in 托管 goes on to its second half at once: no
    ``break_until``; a spectator's 继续 is refused as any seated-only command is."""

    async def body(w: World) -> None:
        owner, watcher = await w.account(), await w.account()
        heard = w.listen_account(owner)
        table = await w.table(owner, bots=3)
        await w.hall.connected(owner.id)
        await w.hall.send(c.AutoPlay(Sender.of(owner), table, True))
        for _ in range(20):
            await w.hall.send(c.Ready(Sender.of(owner), table))
            await until(lambda: w.status(table) == "open", 20.0)
            if any(f["view"]["half"] == 1 for f in heard.of("game")):
                break
            await w.hall.send(c.AutoPlay(Sender.of(owner), table, True))
        second = [f for f in heard.of("game") if f["view"]["half"] == 1]
        assert second and all(f["break_until"] is None for f in second)
        assert await w.refused(c.GoOn(Sender.of(watcher), table)) in (
            Code.NOT_SEATED, Code.NO_HALF_BREAK)

    hall_world(body, half_break_seconds=PAUSE)


def test_one_who_goes_away_or_into_tuoguan_is_not_waited_for() -> None:
    """The pause keeps the seats still reading; the last who cannot press any more ends
    it as the last 继续 would."""
    pause = HalfBreak()
    assert pause.begin(10, [0, 2]) == 10
    assert pause.active
    assert not pause.stop_waiting_for(0)
    assert pause.waiting == {2}
    assert pause.stop_waiting_for(2)
    pause.end()
    assert not pause.active
    assert pause.begin(10, []) == 0 and not pause.active
    assert pause.begin(0, [1]) == 0 and not pause.active
