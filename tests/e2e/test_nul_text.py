"""No text holds a NUL (issue 44), on a real ``yuanzi serve`` over SQLite and over
PostgreSQL: a NUL in a login, a registration, a friend request, a chat line, a club's
name, a tournament's name or a replay's code is a clear ``malformed``, changes nothing,
and the next request on the same connection is answered as usual (PostgreSQL's driver
refused it with a 500 that spoiled the connection)."""

from __future__ import annotations

import asyncio
import http.client
import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from tests.e2e.conftest import FAST_ENV
from tests.e2e.privacy import connected
from tests.store.pg import pg_schema_url

from yuanzi.devtools.processes import ServerProcess
from yuanzi.loadtest.client import HallRefused

NUL = "\u0000"


@pytest.fixture(scope="module", params=["sqlite", "postgresql"])
def hall(request: pytest.FixtureRequest,
         tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    tmp: Path = tmp_path_factory.mktemp(f"nul-{request.param}")
    urls = [""] if request.param == "sqlite" else pg_schema_url()
    for url in urls:
        env = {**FAST_ENV, **({"YUANZI_DATABASE_URL": url} if url else {})}
        server = ServerProcess(tmp / "hall.db", env=env)
        server.start()
        try:
            yield server
        finally:
            server.stop()


class Connection:
    """One HTTP connection kept alive, as a browser's."""

    def __init__(self, server: ServerProcess, token: str | None = None) -> None:
        self.conn = http.client.HTTPConnection("127.0.0.1", server.port, timeout=30)
        self.token = token

    def ask(self, method: str, path: str, body: Any = None) -> tuple[int, Any]:
        headers = {"content-type": "application/json"}
        if self.token:
            headers["cookie"] = f"yuanzi_session={self.token}"
        self.conn.request(method, path, None if body is None else json.dumps(body),
                          headers)
        resp = self.conn.getresponse()
        raw = resp.read()
        assert resp.getheader("content-type", "").startswith("application/json"), raw
        return resp.status, json.loads(raw or b"null")


def test_a_nul_is_malformed_and_the_connection_goes_on(hall: ServerProcess) -> None:
    anon = Connection(hall)
    for path, body in (("/api/login", {"nickname": f"x{NUL}", "password": "whatever-1"}),
                       ("/api/register", {"nickname": f"nul{NUL}", "password": "pass-word-9"}),
                       ("/api/login", {"nickname": "x", f"pass{NUL}": "y"})):
        status, said = anon.ask("POST", path, body)
        assert (status, said["error"]["code"]) == (422, "malformed"), said
        assert "NUL" in said["error"]["message"]
        assert anon.ask("GET", "/healthz") == (200, {"ok": True, "protocol": 1})
    status, said = anon.ask("POST", "/api/register",
                            {"nickname": "nulfree", "password": "pass-word-9"})
    assert status == 201, said
    status, said = anon.ask("POST", "/api/login",
                            {"nickname": "nulfree", "password": "pass-word-9"})
    assert status == 200 and said["nickname"] == "nulfree"

    async def run() -> None:
        p = await connected(hall.base, "nulchat")
        me = Connection(hall, p.token)
        for path, body in (("/api/clubs", {"name": f"圈{NUL}"}),
                           ("/api/tournaments", {"name": f"杯{NUL}"})):
            status, said = me.ask("POST", path, body)
            assert (status, said["error"]["code"]) == (422, "malformed"), said
        status, said = me.ask("GET", "/api/replays/ab%00cd")
        assert (status, said["error"]["code"]) == (422, "malformed"), said
        assert me.ask("GET", "/api/clubs")[1] == {"clubs": [], "pending": []}  # nothing made
        assert me.ask("GET", "/api/tournaments")[1] == {"tournaments": []}
        table = (await p.call("create_table"))["table"]
        for kind, fields in (("friend_request", {"nickname": f"nulfree{NUL}"}),
                             ("chat", {"table": table, "kind": "text", "body": f"hi{NUL}"}),
                             ("create_table", {"name": f"桌{NUL}"})):
            with pytest.raises(HallRefused, match=r"^malformed: .*NUL"):
                await p.call(kind, **fields)
        said = await p.call("chat", table=table, kind="text", body="a \\u0000 written out")
        assert said["table"] == table  # (only a real NUL is refused)
        await p.close()

    asyncio.run(run())
