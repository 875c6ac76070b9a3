"""Private means private (issue 27), on a real ``yuanzi serve``: a stranger knocking at a
private table, a removed, kicked or blocked player and a spectator sent away hear nothing
of the table — no ``played``, no ``table`` (with its room code and invite token), no
``game``, no ``game_over``, no chat — from the moment the table refuses them or they are
out, on every one of their connections."""

from __future__ import annotations

import asyncio
import json
from collections.abc import Iterator
from pathlib import Path

import pytest
from tests.e2e.conftest import FAST_ENV
from tests.e2e.privacy import (
    connected,
    heard_after,
    knock,
    make_admin,
    play_a_game,
    private_table,
    until,
)

from yuanzi.devtools.processes import ServerProcess
from yuanzi.loadtest.client import HallRefused, Player, http_json


def private_hall(tmp: Path, think: str) -> Iterator[ServerProcess]:
    env = {**FAST_ENV, "YUANZI_BOT_THINK_SECONDS": think, "YUANZI_CHAT_MESSAGES": "100",
           "YUANZI_WS_MESSAGES_PER_SECOND": "20", "YUANZI_WS_BURST": "40",
           "YUANZI_ROOM_CODE_TRIES": "1000"}
    server = ServerProcess(tmp / "hall.db", env=env)
    server.start()
    yield server
    server.stop()


@pytest.fixture(scope="module")
def hall(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    """A hall for the tests that need a game under way for a while (each test uses
    accounts of its own): bots that think a little, so that a game lasts long enough to
    be knocked at, or to block a player in the middle of it."""
    yield from private_hall(tmp_path_factory.mktemp("private"), "0.02")


@pytest.fixture(scope="module")
def quick_hall(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    """A hall whose bots play at once, for the tests where someone is out before the game
    starts: what they must not hear is the same whole game, in a fraction of the time."""
    yield from private_hall(tmp_path_factory.mktemp("private-quick"), "0")


def test_a_stranger_knocking_through_a_whole_game_hears_nothing(hall: ServerProcess) -> None:
    async def run() -> None:
        owner = await connected(hall.base, "knocked")
        stranger = await connected(hall.base, "knocker")
        table, code, invite = await private_table(owner)
        stop = asyncio.Event()
        knocking = asyncio.create_task(knock(stranger, table, stop))
        over = await play_a_game(owner, table, (1, 2, 3))
        for i in range(32):  # between games: the table's chat
            await owner.call("chat", table=table, kind="text", body=f"line {i}")
        stop.set()
        knocks = await knocking
        assert knocks >= 20, knocks  # (through the whole game: it knocked until its end)
        assert over["status"] == "finished"
        played = sum(json.loads(t)["type"] == "played" for t in owner.frames)
        assert played > 100  # (the game the stranger knocked through)
        assert heard_after(stranger, 0, table, (code, invite)) == []
        await stranger.close()
        await owner.close()

    asyncio.run(run())


def test_a_removed_player_hears_nothing_on_any_connection(quick_hall: ServerProcess) -> None:
    hall = quick_hall

    async def run() -> None:
        owner = await connected(hall.base, "remover")
        friend = await connected(hall.base, "removed")
        table, code, invite = await private_table(owner)
        assert (await friend.call("join_code", code=code))["seat"] == 2  # opposite
        tab = Player(hall.base, friend.token, keep_frames=True, act=False)  # a second tab
        await tab.connect()
        assert tab.table == table
        await owner.call("remove_player", table=table, seat=2)
        await owner.call("lock_table", table=table, locked=True)
        for p in (friend, tab):
            await until(p, lambda f: f["type"] == "left_table" and f["table"] == table)
        out = [next(i for i, t in enumerate(p.frames) if '"stood_up"' in t)
               for p in (friend, tab)]
        await play_a_game(owner, table, (1, 2, 3))
        for i in range(8):
            await owner.call("chat", table=table, kind="text", body=f"after {i}")
        await friend.call("hello", protocol=1)  # (what was sent before it has arrived)
        await tab.call("hello", protocol=1)
        for p, start in zip((friend, tab), out, strict=True):
            assert heard_after(p, start, table, (code, invite), ("left_table", "stood_up")) == []
        with pytest.raises(HallRefused, match="table_locked"):
            await friend.call("join_code", code=code)
        for p in (owner, friend, tab):
            await p.close()

    asyncio.run(run())


def test_a_kicked_player_hears_nothing(quick_hall: ServerProcess) -> None:
    hall = quick_hall
    admin = make_admin(hall, "warden")

    async def run() -> None:
        owner = await connected(hall.base, "kickhost")
        guest = await connected(hall.base, "kicked")
        table, code, invite = await private_table(owner)
        await guest.call("join_code", code=code)
        account = guest.welcome["account"]["id"] if guest.welcome else 0
        done, _ = await asyncio.to_thread(http_json, hall.base, "/api/admin/kick",
                                          {"account": account, "reason": "test"}, admin)
        assert isinstance(done, dict) and done["done"] == "stood"
        await until(guest, lambda f: f["type"] == "left_table")
        start = next(i for i, t in enumerate(guest.frames) if '"stood_up"' in t)
        await play_a_game(owner, table, (1, 2, 3))
        await guest.call("hello", protocol=1)
        assert heard_after(guest, start, table, (code, invite), ("left_table", "stood_up")) == []
        await owner.close()
        await guest.close()

    asyncio.run(run())


def test_blocked_means_out(hall: ServerProcess) -> None:
    """A blocked spectator is out at once; a blocked player sitting at the table plays
    the game to its end and is out then; neither comes back by the room code."""
    async def run() -> None:
        owner = await connected(hall.base, "blocker")
        seated = await connected(hall.base, "blockseat")
        watcher = await connected(hall.base, "blockwatch")
        table, code, invite = await private_table(owner)
        await seated.call("join_code", code=code)
        for seat in (1, 3):
            await owner.call("add_bot", table=table, seat=seat, bot="random")
        assert (await watcher.call("join_code", code=code))["seat"] is None
        await owner.call("ready", table=table)
        await seated.call("ready", table=table)
        await until(seated, lambda f: f["type"] == "game")
        await owner.call("auto_play", table=table, on=True)
        await seated.call("auto_play", table=table, on=True)
        for p in (seated, watcher):
            account = p.welcome["account"]["id"] if p.welcome else 0
            await owner.call("block", account=account, on=True)
        await until(watcher, lambda f: f["type"] == "left_table")
        gone = len(watcher.frames)
        with pytest.raises(HallRefused, match="no_such_table"):
            await watcher.call("chat", table=table, kind="text", body="still here?")
        over = await seated.wait_over(120)  # he plays on to the game's end...
        assert over["status"] == "finished"
        stood = await until(seated, lambda f: f["type"] == "stood_up")
        assert stood["reason"] == "blocked"  # ...and is out then
        await until(seated, lambda f: f["type"] == "left_table")
        start = next(i for i, t in enumerate(seated.frames) if '"stood_up"' in t)
        for i in range(4):
            await owner.call("chat", table=table, kind="text", body=f"bye {i}")
        for p in (seated, watcher):
            with pytest.raises(HallRefused, match="private_table"):
                await p.call("join_code", code=code)
        await watcher.call("hello", protocol=1)
        await seated.call("hello", protocol=1)
        assert heard_after(watcher, gone, table, (code, invite)) == []
        assert heard_after(seated, start, table, (code, invite), ("left_table", "stood_up")) == []
        for p in (owner, seated, watcher):
            await p.close()

    asyncio.run(run())


def test_the_owner_sends_a_spectator_away(quick_hall: ServerProcess) -> None:
    hall = quick_hall

    async def run() -> None:
        owner = await connected(hall.base, "usher")
        guest = await connected(hall.base, "ushered")
        table, code, invite = await private_table(owner)
        for seat in (1, 2, 3):
            await owner.call("add_bot", table=table, seat=seat, bot="random")
        assert (await guest.call("join_code", code=code))["seat"] is None
        view = await owner.call("resync", table=table)
        account = guest.welcome["account"]["id"] if guest.welcome else 0
        assert view["table"]["watchers"] == [{"account_id": account,
                                              "nickname": "ushered"}]
        await owner.call("remove_spectator", table=table, account=account)
        left = await until(guest, lambda f: f["type"] == "left_table")
        assert left["reason"] == "removed"
        gone = len(guest.frames)
        await owner.call("chat", table=table, kind="text", body="gone")
        await owner.call("ready", table=table)
        await owner.call("auto_play", table=table, on=True)
        await owner.wait_over(120)
        await guest.call("hello", protocol=1)
        assert heard_after(guest, gone, table, (code, invite)) == []
        # admitted no more: he comes in again by the code (the table is not locked)
        assert (await guest.call("join_code", code=code))["seat"] is None
        await owner.close()
        await guest.close()

    asyncio.run(run())

