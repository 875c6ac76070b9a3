"""End to end: a real server process, real WebSocket clients, whole games.

Also the information-hiding check (R45) on every frame, and kill -9 with a resume.
"""

from __future__ import annotations

import asyncio
import json
import time
from collections.abc import Callable, Iterator
from typing import Any

import pytest
from tests.e2e.conftest import FAST_ENV
from tests.e2e.helpers import seat_four
from tests.e2e.hiding import SPECTATOR, allowed_by_version, check_frames

from yuanzi.devtools.processes import ServerProcess
from yuanzi.engine import Record, replay
from yuanzi.loadtest.client import Player, http_json, register

MakeServer = Callable[..., ServerProcess]


@pytest.fixture(scope="module")
def hall(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    """One server for the tests that only play on it (each at a table of its own, with
    accounts of its own); a test that kills or stops its server starts its own."""
    server = ServerProcess(tmp_path_factory.mktemp("e2e-hall") / "hall.db", env=FAST_ENV)
    server.start()
    try:
        yield server
    finally:
        server.stop()


def test_four_clients_play_a_whole_game_and_see_only_their_own_cards(
    hall: ServerProcess,
) -> None:
    server = hall

    async def run() -> tuple[list[Player], dict[str, Any]]:
        token = await asyncio.to_thread(register, server.base, "watcher")
        watcher = Player(server.base, token, keep_frames=True, act=False)
        await watcher.connect()
        players = await seat_four([server.base] * 4, ["north", "east", "south", "west"], watcher)
        overs = [await p.wait_over(120) for p in players]
        await watcher.wait_over(10)
        players.append(watcher)
        assert all(o["game_id"] == overs[0]["game_id"] for o in overs)
        assert all(p.errors == [] for p in players), [p.errors for p in players]
        stored, _ = await asyncio.to_thread(
            http_json, server.base, f"/api/games/{overs[0]['game_id']}/record", None,
            players[0].token)
        for p in players:
            await p.close()
        assert isinstance(stored, dict)
        return players, stored

    players, record = asyncio.run(run())
    over = players[0].games_over[-1]
    assert over["status"] == "finished" and record == over["record"]
    game = replay(Record.from_json(record))
    assert game.is_over and over["result"]["winner"] in ("NS", "EW")
    reasons = {json.loads(f)["reason"] for p in players for f in p.frames
               if f.startswith('{"type":"played"')}
    assert reasons == {"player"}  # every turn was taken by its client, none timed out
    allowed = allowed_by_version(record)
    total = sum(check_frames(p.frames, i, allowed) for i, p in enumerate(players[:4]))
    assert total > 4 * len(allowed) // 2  # every seat saw (and was checked on) the game
    watched = check_frames(players[4].frames, SPECTATOR, allowed)
    assert watched > len(allowed) // 2  # the spectator saw the game, and no hand of it


def test_one_human_and_three_bots(hall: ServerProcess) -> None:
    server = hall

    async def run() -> dict[str, Any]:
        token = await asyncio.to_thread(register, server.base, "solo")
        p = Player(server.base, token, keep_frames=True)
        await p.connect()
        table = (await p.call("create_table"))["table"]
        p.table = table
        for seat in (1, 2, 3):
            await p.call("add_bot", table=table, seat=seat)  # the hall's default bot
        await p.call("ready", table=table)
        over = await p.wait_over(180)
        await p.close()
        allowed = allowed_by_version(over["record"])
        assert check_frames(p.frames, 0, allowed) > 10
        return over

    over = asyncio.run(run())
    assert over["status"] == "finished"
    assert replay(Record.from_json(over["record"])).is_over


def test_kill_9_mid_game_and_resume(make_server: MakeServer) -> None:
    server = make_server()

    async def first_life() -> tuple[list[str], int, int]:
        players = await seat_four([server.base] * 4, ["k0", "k1", "k2", "k3"])
        await players[0].wait_version(25, 60)
        for p in players:  # stop acting, then crash the server mid-game
            p.act = False
        await asyncio.sleep(0.3)
        seen = max(p.version for p in players)
        assert players[0].table is not None
        server.kill9()
        for p in players:
            await p.abort()
        return [p.token for p in players], seen, players[0].table

    tokens, seen, table = asyncio.run(first_life())
    server.start()  # same port, same database file

    restarted = time.time()

    async def second_life() -> dict[str, Any]:
        players = [Player(server.base, t, keep_frames=True) for t in tokens]
        for p in players:
            await p.connect()
            assert p.welcome is not None and p.welcome["table"] == table
        for p in players:
            await p.wait_version(seen, 10)
            assert p.version >= seen  # nothing a client saw was lost
        first = json.loads(next(f for f in players[0].frames if '"type":"game"' in f))
        assert first["deadline"] > restarted  # the clock started afresh
        overs = [await p.wait_over(120) for p in players]
        for p in players:
            await p.close()
        return overs[0]

    over = asyncio.run(second_life())
    game = replay(Record.from_json(over["record"]))
    assert game.is_over and over["status"] == "finished"
    assert sum(len(h.actions) for h in game.halves) >= seen


def test_a_strong_bot_thinks_in_a_worker_of_a_real_server(make_server: MakeServer) -> None:
    """A search bot (高手) at a table of a real ``python -m yuanzi serve``: its moves come
    from a spawned worker process of the hall, and the server answers meanwhile."""
    import urllib.request
    from pathlib import Path

    server = make_server()
    assert server.proc is not None
    pid = server.proc.pid

    def children() -> list[str]:
        return Path(f"/proc/{pid}/task/{pid}/children").read_text().split()

    def health() -> float:
        started = time.perf_counter()
        with urllib.request.urlopen(server.base + "/healthz", timeout=10) as r:
            assert r.status == 200
        return time.perf_counter() - started

    async def run() -> tuple[list[dict[str, Any]], list[str]]:
        token = await asyncio.to_thread(register, server.base, "strong")
        p = Player(server.base, token, keep_frames=True, act=False)
        await p.connect()
        table = (await p.call("create_table"))["table"]
        p.table = table
        await p.call("add_bot", table=table, seat=1, bot="search")
        for seat in (2, 3):
            await p.call("add_bot", table=table, seat=seat, bot="heuristic")
        assert children() == []  # the worker starts with the first decision
        await p.call("auto_play", table=table, on=True)
        await p.call("ready", table=table)
        deadline = time.monotonic() + 120
        played: list[dict[str, Any]] = []
        while time.monotonic() < deadline:
            played = [json.loads(f) for f in p.frames if '"type":"played"' in f]
            if sum(f["seat"] == 1 for f in played) >= 3:
                break
            assert await asyncio.to_thread(health) < 5  # the loop is not held up
            await asyncio.sleep(0.1)
        workers = children()
        await p.close()
        return played, workers

    played, workers = asyncio.run(run())
    mine = [f for f in played if f["seat"] == 1]
    assert len(mine) >= 3 and all(f["reason"] == "bot" for f in mine)
    assert len(workers) >= 1  # the spawned process the search bot thinks in
    # a clean stop: the workers exit and nothing is left for the interpreter to clean up
    server.stop()
    time.sleep(1)  # the pool's resource tracker, if it must clean up, says so as it exits
    assert "leaked semaphore" not in server.log_path.read_text(errors="replace")
