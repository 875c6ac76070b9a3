"""/metrics: a node's figures in Prometheus' text format, for the operator only."""

from __future__ import annotations

import time
from contextlib import ExitStack
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from prometheus_client.parser import text_string_to_metric_families
from tests.server.conftest import fast_settings
from tests.server.wsclient import Peer

from yuanzi.server.app import create_app
from yuanzi.server.metrics import allowed, networks_of


def samples(text: str) -> dict[str, float]:
    return {s.name: s.value for family in text_string_to_metric_families(text)
            for s in family.samples}


@pytest.mark.parametrize(("address", "networks", "ok"), [
    ("127.0.0.1", "127.0.0.1,::1", True),
    ("::1", "127.0.0.1,::1", True),
    ("::ffff:127.0.0.1", "127.0.0.1", True),  # a dual-stack listener
    ("10.1.2.3", "10.0.0.0/8", True),
    ("203.0.113.9", "127.0.0.1,::1", False),
    ("testclient", "127.0.0.1", False),  # not an address at all
    (None, "127.0.0.1", False),
])
def test_who_may_read_the_metrics(address: str | None, networks: str, ok: bool) -> None:
    assert allowed(address, networks_of(networks)) is ok
    assert not allowed(address, networks_of(networks), forwarded=True)


def test_a_bad_network_is_said_at_start_up() -> None:
    with pytest.raises(ValueError, match="'nonsense' is not an address"):
        networks_of("127.0.0.1, nonsense")


def test_the_operator_reads_live_figures(tmp_path: Path, account: Any) -> None:
    # bots think a little, so that a busy machine still samples the game while it is
    # played (160 instant moves could end it between two samples)
    app = create_app(fast_settings(tmp_path, bot_think_seconds=0.02))
    with TestClient(app, client=("127.0.0.1", 50000)) as c, ExitStack() as stack:
        token = account(c, "alice")
        c.cookies.set("yuanzi_session", token)
        peer = Peer(stack.enter_context(c.websocket_connect("/ws")))
        table = peer.call("create_table")["table"]
        r = c.get("/metrics")
        assert r.status_code == 200 and r.headers["content-type"].startswith("text/plain")
        got = samples(r.text)
        assert got["yuanzi_connections"] == 1
        assert got["yuanzi_tables"] == 1
        assert got["yuanzi_games_playing"] == 0
        assert got["yuanzi_actions_total"] == 0
        assert got["yuanzi_journal_commits_total"] >= 2  # the account, the table
        assert got["yuanzi_journal_commit_seconds_count"] >= 1
        assert "yuanzi_redis_published_total" not in got  # one process: no Redis
        assert got["yuanzi_room_code_misses_total"] == 0
        assert peer.error("join_code", code="123456")["code"] == "no_such_code"
        assert samples(c.get("/metrics").text)["yuanzi_room_code_misses_total"] == 1
        for seat in (1, 2, 3):
            peer.call("add_bot", table=table, seat=seat, bot="random")
        peer.call("ready", table=table)
        peer.call("auto_play", table=table, on=True)  # the hall's bot plays alice's seat
        for _ in range(200):
            got = samples(c.get("/metrics").text)
            if got["yuanzi_actions_total"] >= 20:
                break
            time.sleep(0.05)
        assert got["yuanzi_actions_total"] >= 20 and got["yuanzi_games_playing"] == 1


def test_anyone_else_gets_a_404(tmp_path: Path) -> None:
    with TestClient(create_app(fast_settings(tmp_path)),
                    client=("203.0.113.9", 50000)) as c:
        r = c.get("/metrics")
        assert r.status_code == 404
        assert "yuanzi" not in r.text
    with TestClient(create_app(fast_settings(tmp_path, metrics_from="203.0.113.0/24")),
                    client=("203.0.113.9", 50000)) as c:
        assert c.get("/metrics").status_code == 200
        # through a proxy that forwards the player's address: never
        assert c.get("/metrics", headers={"X-Forwarded-For": "203.0.113.9"}).status_code \
            == 404
