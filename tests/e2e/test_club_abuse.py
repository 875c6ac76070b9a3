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
