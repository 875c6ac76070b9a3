"""Clubs and tournaments hold under abuse (issue 44), on a real ``yuanzi serve``: a club's
table has no door a guesser could hit — no room code or invite link of its own, and one
drawn before answers exactly as a code or link that opens nothing."""

from __future__ import annotations

import asyncio
import json
import re
import sqlite3
import urllib.error
import urllib.request
from collections.abc import Iterator
from typing import Any

import pytest
from tests.e2e.conftest import FAST_ENV
from tests.e2e.privacy import connected

from yuanzi.devtools.processes import ServerProcess
from yuanzi.loadtest.client import HallRefused, Player


@pytest.fixture(scope="module")
def hall(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    env = {**FAST_ENV, "YUANZI_ROOM_CODE_TRIES": "1000"}
    server = ServerProcess(tmp_path_factory.mktemp("club-abuse") / "hall.db", env=env)
    server.start()
    yield server
    server.stop()


def rest(base: str, method: str, path: str, token: str | None,
         body: dict[str, Any] | None = None) -> tuple[int, Any]:
    """Any route: its status and its JSON."""
    req = urllib.request.Request(f"{base}{path}", method=method,
                                 data=None if body is None else json.dumps(body).encode())
    req.add_header("content-type", "application/json")
    if token:
        req.add_header("cookie", f"yuanzi_session={token}")
    try:
        with urllib.request.urlopen(req, timeout=30) as resp:
            return resp.status, json.loads(resp.read() or b"null")
    except urllib.error.HTTPError as e:
        return e.code, json.loads(e.read() or b"null")


async def refusal(p: Player, kind: str, **fields: Any) -> str:
    with pytest.raises(HallRefused) as e:
        await p.call(kind, **fields)
    return str(e.value)


def test_a_club_tables_door_tells_a_guesser_nothing(hall: ServerProcess) -> None:
    async def run() -> None:
        founder = await connected(hall.base, "doorboss")
        guesser = await connected(hall.base, "doorguess")
        _, club = rest(hall.base, "POST", "/api/clubs", founder.token, {"name": "暗门"})
        table = (await founder.call("create_table", club=club["id"]))["table"]
        view = (await founder.call("resync", table=table))["table"]
        assert view["room_code"] is None and view["invite"] is None  # nothing to guess
        # a club table of before, with a code and a link of its own: they open nothing
        code, token = "73519246", "k" * 22
        with sqlite3.connect(hall.db_path) as db:
            db.execute("UPDATE hall_tables SET room_code = ?, invite_token = ? WHERE id = ?",
                       (code, token, table))
        dead_code, dead_token = "73519247", "j" * 22
        hit = await refusal(guesser, "join_code", code=code)
        miss = await refusal(guesser, "join_code", code=dead_code)
        assert hit.startswith("no_such_code") and hit == miss.replace(dead_code, code)
        assert "there is no table" not in hit
        hit = await refusal(guesser, "join_link", token=token)
        assert hit == await refusal(guesser, "join_link", token=dead_token)
        for who in (guesser.token, None):  # the invite page, logged in or not
            assert rest(hall.base, "GET", f"/api/invites/{token}", who) == \
                rest(hall.base, "GET", f"/api/invites/{dead_token}", who)
        status, body = rest(hall.base, "GET", f"/api/invites/{token}", None)
        assert status == 404 and body["error"]["code"] == "no_such_code"
        assert not re.search(r"club|暗门|doorboss", json.dumps(body, ensure_ascii=False))
        for p in (founder, guesser):
            await p.close()

    asyncio.run(run())


@pytest.fixture(scope="module")
def small_hall(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    """A hall of six tables at most, whose tables wait for slow humans (the turn clock is
    long), so that tournaments' tables stay open while the test looks."""
    env = {**FAST_ENV, "YUANZI_MAX_TABLES": "6", "YUANZI_TURN_SECONDS": "120",
           "YUANZI_TOURNAMENT_PAUSE_SECONDS": "30", "YUANZI_BOT_THINK_SECONDS": "0.2",
           "YUANZI_TOURNAMENT_PAGE_READS": "5"}
    server = ServerProcess(tmp_path_factory.mktemp("small-hall") / "hall.db", env=env)
    server.start()
    yield server
    server.stop()


def test_tournaments_keep_within_the_halls_caps(small_hall: ServerProcess) -> None:
    """Issue 44: one account filled a hall of six tables with tournaments of bots, and
    everyone else got too_many_tables. Now tournaments' tables take at most half of the
    hall (the rest stays everyone's), and nobody holds a seat in two tournaments at once."""
    base = small_hall.base

    async def run() -> None:
        boss, other, busy = [await connected(base, name)
                             for name in ("capboss", "capother", "capbusy")]

        def make(who: Player, size: int = 8) -> dict[str, Any]:
            status, t = rest(base, "POST", "/api/tournaments", who.token,
                             {"name": "满桌", "size": size, "rounds": 1})
            assert status == 200, t
            return t

        def refused_with(who: Player, path: str) -> str:
            status, body = rest(base, "POST", path, who.token)
            assert status >= 400, body
            return str(body["error"]["code"])

        big = make(boss, 16)  # four tables: more than half of six
        assert refused_with(boss, f"/api/tournaments/{big['id']}/bots") == "too_many_tables"
        first = make(boss)
        assert rest(base, "POST", f"/api/tournaments/{first['id']}/enter", busy.token)[0] == 200
        waiting = make(other)  # a second sit-and-go while he waits for the first: refused
        assert refused_with(busy, f"/api/tournaments/{waiting['id']}/enter") \
            == "in_another_tournament"
        assert rest(base, "POST", f"/api/tournaments/{first['id']}/bots", boss.token)[0] == 200
        assert refused_with(busy, f"/api/tournaments/{waiting['id']}/enter") \
            == "in_another_tournament"  # he plays the first one now
        second = make(boss)
        assert refused_with(boss, f"/api/tournaments/{second['id']}/bots") \
            == "too_many_tables"  # 2 + 2 tables: more than half of six
        assert (await other.call("create_table"))["seat"] == 0  # the rest is everyone's
        assert rest(base, "GET", f"/api/tournaments/{second['id']}", boss.token)[1][
            "status"] == "signup"  # (refused: nothing changed)
        for p in (boss, other, busy):
            await p.close()

    asyncio.run(run())


def test_a_tournaments_page_is_read_so_often_per_account(small_hall: ServerProcess) -> None:
    """Issue 44: eight loops of one account took 16 CPU-seconds in 15 s. Now one account
    reads a page five times a window here (the hall's default is twenty); another reads
    on."""
    base = small_hall.base

    async def run() -> None:
        looper, other = [await connected(base, name) for name in ("pageloop", "pageother")]
        _, t = rest(base, "POST", "/api/tournaments", looper.token, {"name": "看看"})
        path = f"/api/tournaments/{t['id']}"
        assert [rest(base, "GET", path, looper.token)[0] for _ in range(5)] == [200] * 5
        status, body = rest(base, "GET", path, looper.token)
        assert (status, body["error"]["code"]) == (429, "rate_limited")
        assert rest(base, "GET", path, other.token)[0] == 200
        for p in (looper, other):
            await p.close()

    asyncio.run(run())


def test_a_body_sent_where_none_is_read_is_refused_and_nothing_happens(
        hall: ServerProcess) -> None:
    """Issue 44: ``leave`` with a body was read as a plain leave. Now a route that reads no
    body refuses one, unread (nothing changes); the same request without it is done; and
    checking in to a tournament you did not enter says so (it said check_in_closed)."""
    async def run() -> None:
        boss, kim = [await connected(hall.base, name) for name in ("bodyboss", "bodykim")]
        _, t = rest(hall.base, "POST", "/api/tournaments", boss.token, {"name": "有话说"})
        path = f"/api/tournaments/{t['id']}"
        assert rest(hall.base, "POST", f"{path}/enter", kim.token)[0] == 200
        status, body = rest(hall.base, "POST", f"{path}/leave", kim.token, {"keep": True})
        assert (status, body["error"]["code"]) == (422, "malformed")
        assert [e["name"] for e in rest(hall.base, "GET", path, kim.token)[1]["entries"]] \
            == ["bodykim"]  # still signed up
        assert rest(hall.base, "POST", f"{path}/leave", kim.token, {})[0] == 200  # ({}: says
        assert rest(hall.base, "GET", path, kim.token)[1]["entries"] == []  # nothing)
        status, body = rest(hall.base, "POST", f"{path}/checkin", boss.token)
        assert (status, body["error"]["code"]) == (409, "not_entered")
        for p in (boss, kim):
            await p.close()

    asyncio.run(run())
