"""The whole hall on PostgreSQL (DATABASE_URL): accounts, a table, a game to its end."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import ExitStack
from pathlib import Path

import pytest
from fastapi.testclient import TestClient
from tests.server.conftest import fast_settings
from tests.server.wsclient import Peer
from tests.store.pg import pg_schema_url

from yuanzi.server.app import create_app


@pytest.fixture
def pg_url() -> Iterator[str]:
    yield from pg_schema_url()


def test_a_game_on_postgresql(pg_url: str, tmp_path: Path,
                              account: Callable[[TestClient, str], str]) -> None:
    with TestClient(create_app(fast_settings(tmp_path, database_url=pg_url))) as client:
        token = account(client, "pgplayer")
        with ExitStack() as stack:
            ws = stack.enter_context(client.websocket_connect(
                "/ws", headers={"cookie": f"yuanzi_session={token}"}))
            p = Peer(ws)
            table = p.call("create_table")["table"]
            for seat in (1, 2, 3):
                p.call("add_bot", table=table, seat=seat, bot="random")
            p.call("auto_play", table=table, on=True)
            p.call("ready", table=table)
            over = p.until("game_over")
        client.cookies.set("yuanzi_session", token)
        record = client.get(f"/api/games/{over['game_id']}/record").json()
        assert record == over["record"] and over["status"] == "finished"
