"""What a kill -9 must not take from the players (issue 14, item 3): a seat in 托管 is
still played by the hall after the restart, also once its player is back — 托管 chosen
before the game too (issue 29, item 2)."""

from __future__ import annotations

import asyncio
import json
import time
from collections.abc import Callable

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
