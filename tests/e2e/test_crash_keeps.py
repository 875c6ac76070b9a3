"""What a kill -9 must not take from the players (issue 14, item 3): a seat in 托管 is
still played by the hall after the restart, also once its player is back — 托管 chosen
before the game too (issue 29, item 2)."""

from __future__ import annotations

import asyncio
import json
import time
from collections.abc import Callable
from typing import Any

from yuanzi.devtools.processes import ServerProcess
from yuanzi.loadtest.client import Player, register


def seat_auto(p: Player) -> bool | None:
    """Seat 0's ``auto`` in the last table frame the player got."""
    for text in reversed(p.frames):
        f = json.loads(text)
        if f["type"] == "table":
            auto: bool = f["table"]["seats"][0]["auto"]
            return auto
    return None


def test_tuoguan_survives_a_kill_and_the_players_return(
        make_server: Callable[..., ServerProcess]) -> None:
    server = make_server(YUANZI_BOT_THINK_SECONDS="0.4", YUANZI_TURN_SECONDS="60")
    token = register(server.base, "sleepy")

    async def before() -> int:
        p = Player(server.base, token, keep_frames=True, act=False)
        await p.connect()
        table: int = (await p.call("create_table"))["table"]
        for seat in (1, 2, 3):
            await p.call("add_bot", table=table, seat=seat, bot="random")
        await p.call("ready", table=table)
        await p.call("auto_play", table=table, on=True)
        await p.wait_version(6, 30)
        await p.abort()
        return table

    table = asyncio.run(before())
    server.kill9()
    server.start()

    async def after() -> tuple[Player, float]:
        p = Player(server.base, token, keep_frames=True, act=False)
        await p.connect()
        assert p.table == table
        await p.wait_version(p.version + 1, 10)  # not playing himself: the game goes on
        start, version = time.monotonic(), p.version
        await p.wait_version(version + 8, 30)  # his turns too, long before the 60 s clock
        await p.close()
        return p, time.monotonic() - start

    p, took = asyncio.run(after())
    assert took < 20, took
    assert seat_auto(p) is True


def test_tuoguan_chosen_before_ready_survives_a_kill(
        make_server: Callable[..., ServerProcess]) -> None:
    """托管 on after the bots came and before anyone is ready; kill -9. Back, the player
    finds his seat in 托管, and the game he then starts is played for him: his turns
    (``auto``) long before the 60 s clock, to its end."""
    server = make_server(YUANZI_TURN_SECONDS="60")
    token = register(server.base, "early")

    async def before() -> int:
        p = Player(server.base, token, act=False)
        await p.connect()
        table: int = (await p.call("create_table"))["table"]
        for seat in (1, 2, 3):
            await p.call("add_bot", table=table, seat=seat, bot="random")
        await p.call("auto_play", table=table, on=True)
        await p.abort()
        return table

    table = asyncio.run(before())
    server.kill9()
    server.start()

    async def after() -> Player:
        p = Player(server.base, token, keep_frames=True, act=False)
        await p.connect()
        assert p.table == table
        async with asyncio.timeout(10):  # his coming back is heard with the table
            while seat_auto(p) is None:
                await asyncio.sleep(0.01)
        assert seat_auto(p) is True
        await p.call("ready", table=table)
        await p.wait_over(20)
        await p.close()
        return p

    p = asyncio.run(after())
    mine = [f for f in map(json.loads, p.frames) if f["type"] == "played" and f["seat"] == 0]
    assert mine and {f["reason"] for f in mine} == {"auto"}


def last_session(p: Player) -> dict[str, Any] | None:
    """The session in the last table frame the player got."""
    for text in reversed(p.frames):
        f = json.loads(text)
        if f["type"] == "table":
            session: dict[str, Any] | None = f["table"]["session"]
            return session
    return None


def test_a_session_room_goes_on_after_a_kill(
        make_server: Callable[..., ServerProcess]) -> None:
    """A session of four games (issue 26): killed -9 during its third game, the hall that
    comes back has its tally as it was — the same two games, the same totals — plays the
    third game on where it stood and ends the session after the fourth."""
    server = make_server()
    token = register(server.base, "host")

    async def before() -> tuple[int, dict[str, Any]]:
        p = Player(server.base, token, keep_frames=True, auto_ready=True)
        await p.connect()
        table: int = (await p.call("create_table", private=True, session=4))["table"]
        p.table = table  # (the client plays at the table its welcome named)
        for seat in (1, 2, 3):
            await p.call("add_bot", table=table, seat=seat, bot="random")
        await p.call("ready", table=table)
        async with asyncio.timeout(60):  # well into the third game, and its table frame
            while len(p.games_over) < 2 or p.version < 3 or (  # (sent after the second
                    (last_session(p) or {}).get("played", 0) < 2):  # game's tally) in
                await asyncio.sleep(0.01)
        session = last_session(p)
        assert session is not None and session["played"] == 2
        assert len(p.games_over) == 2
        await p.abort()
        return table, session

    table, was = asyncio.run(before())
    server.kill9()
    server.start()

    async def after() -> dict[str, Any]:
        p = Player(server.base, token, keep_frames=True, auto_ready=True)
        await p.connect()
        assert p.table == table
        view = await p.call("resync", table=table)
        now = view["table"]["session"]
        assert (now["id"], now["played"], now["status"]) == (was["id"], 2, "running")
        assert now["lines"] == was["lines"] and now["players"] == was["players"]
        async with asyncio.timeout(60):
            while (last_session(p) or {}).get("status") != "ended":
                await asyncio.sleep(0.02)
        await p.close()
        ended = last_session(p)
        assert ended is not None
        return ended

    ended = asyncio.run(after())
    assert ended["played"] == 4 and ended["reason"] == "games"
    assert ended["lines"][:2] == was["lines"]
    assert sum(p["total"] for p in ended["players"]) == 0


def test_a_kill_while_the_deal_awaits_values_deals_after_the_restart(
        make_server: Callable[..., ServerProcess]) -> None:
    """Issue 44: everyone ready, the hall awaiting the player's value (he keeps it to
    himself), kill -9. Back, the table showed four seats ready and no deal until someone
    readied again; now it deals by itself."""
    server = make_server(YUANZI_DEAL_CONTRIBUTION_SECONDS="10", YUANZI_TURN_SECONDS="60")
    token = register(server.base, "holder")

    async def before() -> int:
        p = Player(server.base, token, keep_frames=True, act=False)
        await p.connect()
        table: int = (await p.call("create_table"))["table"]
        p.table = -1  # (so it sends no value: the deal waits)
        for seat in (1, 2, 3):
            await p.call("add_bot", table=table, seat=seat, bot="random")
        await p.call("ready", table=table)
        async with asyncio.timeout(10):
            while not any('"deal_commit"' in t for t in p.frames):
                await asyncio.sleep(0.01)
        await p.abort()
        return table

    table = asyncio.run(before())
    server.kill9()
    server.env["YUANZI_DEAL_CONTRIBUTION_SECONDS"] = "1"
    server.start()

    async def after() -> None:
        p = Player(server.base, token, keep_frames=True, act=False)
        await p.connect()
        assert p.table == table
        async with asyncio.timeout(15):  # dealt with nobody readying again
            while not any('"type":"game"' in t.replace(" ", "") for t in p.frames):
                await asyncio.sleep(0.05)
        await p.close()

    asyncio.run(after())
