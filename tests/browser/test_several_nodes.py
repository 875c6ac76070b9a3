"""The browser in a hall of several nodes behind HAProxy: sitting at a table that runs on
another node, it is told the table's node and reconnects there, its view intact."""

from __future__ import annotations

import json
import time
import urllib.request
from collections.abc import Iterator
from typing import Any

import pytest
from prometheus_client.parser import text_string_to_metric_families
from tests.browser.conftest import DESKTOP
from tests.browser.flows import nickname, register
from tests.cluster.helpers import need_haproxy
from tests.cluster.redis_server import redis_url
from tests.e2e.conftest import FAST_ENV
from tests.store.pg import pg_schema_url
from websockets.sync.client import connect

from yuanzi.devtools.launch import LocalCluster
from yuanzi.loadtest.client import register as register_api


@pytest.fixture(scope="module")
def two_node_hall(browser_available: None, tmp_path_factory: pytest.TempPathFactory
                  ) -> Iterator[LocalCluster]:
    need_haproxy()
    for url in pg_schema_url():
        cluster = LocalCluster(2, url, redis_url(), env=FAST_ENV,
                               workdir=tmp_path_factory.mktemp("browser-nodes"))
        cluster.start()
        try:
            yield cluster
        finally:
            cluster.stop()


def connections(base: str) -> float:
    with urllib.request.urlopen(base + "/metrics", timeout=10) as r:
        return next(s.value for f in text_string_to_metric_families(r.read().decode())
                    for s in f.samples if s.name == "yuanzi_connections")


def test_the_browser_follows_its_table_to_its_node(browser: Any,
                                                    two_node_hall: LocalCluster) -> None:
    hall = two_node_hall
    ctx = browser.new_context(viewport=DESKTOP, base_url=hall.base, locale="zh-CN")
    ctx.set_default_timeout(15000)
    page = ctx.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    register(page, nickname("近"))
    counts = [connections(n.base) for n in hall.nodes]
    assert sorted(counts) == [0, 1]  # the browser, on the node the proxy chose
    other = hall.nodes[counts.index(0)]
    # the owner opens the table on the other node, connected to it directly, with a
    # plain synchronous client (the browser's driver has this thread's event loop)
    token = register_api(other.base, nickname("远"))
    owner = connect("ws" + other.base[4:] + "/ws",
                    additional_headers={"cookie": f"yuanzi_session={token}"})
    try:
        assert json.loads(owner.recv(timeout=10))["type"] == "welcome"
        owner.send(json.dumps({"type": "create_table", "seq": 1}))
        table = next(f["data"]["table"] for f in map(json.loads, iter(
            lambda: owner.recv(timeout=10), None)) if f["type"] == "ok")
        page.evaluate(f"() => window.yuanzi.socket.request('sit', {{table: {table}, seat: 1}})")
        page.wait_for_function("() => window.yuanzi.socket.url.includes('node=')")
        page.wait_for_function("() => window.yuanzi.store.get().conn.status === 'online'")
        page.wait_for_function(f"() => window.yuanzi.store.get().myTable === {table}")
        page.locator(".table-screen").wait_for()
        for _ in range(50):  # the old connection's close reaches its node
            if connections(other.base) == 2:
                break
            time.sleep(0.1)
        assert [connections(n.base) for n in hall.nodes].count(2.0) == 1
        assert connections(other.base) == 2  # both at the table's node now
        assert errors == []
    finally:
        owner.close()
        ctx.close()
