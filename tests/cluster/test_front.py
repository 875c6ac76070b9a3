"""The hall behind a real HAProxy (Debian's package): three nodes, clients through the
proxy on different nodes, a node killed mid-game and its clients reconnecting through
the proxy, the metrics kept from the public, a forged X-Forwarded-For worth nothing."""

from __future__ import annotations

import asyncio
import contextlib
import subprocess
import urllib.error
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import pytest
from prometheus_client.parser import text_string_to_metric_families
from tests.cluster.diagnose import stalled
from tests.cluster.helpers import need_haproxy, versions_in_order
from tests.cluster.redis_server import redis_url
from tests.e2e.conftest import FAST_ENV
from tests.e2e.forged import register_from
from tests.e2e.helpers import seat_four
from tests.e2e.hiding import SPECTATOR, allowed_by_version, check_frames
from tests.store.pg import pg_schema_url

from yuanzi.devtools.front import haproxy_config
from yuanzi.devtools.launch import LocalCluster
from yuanzi.engine import Record, replay
from yuanzi.loadtest.client import Player, register


def test_the_proxy_configuration_is_valid(tmp_path: Path) -> None:
    binary = need_haproxy()
    config = tmp_path / "haproxy.cfg"
    config.write_text(haproxy_config("127.0.0.1:8000", ["10.0.0.1:8001", "10.0.0.2:8001"],
                                     tmp_path / "haproxy.sock"))
    checked = subprocess.run([binary, "-c", "-f", str(config)], capture_output=True,
                             text=True, timeout=30)
    assert checked.returncode == 0, checked.stdout + checked.stderr
    for name in ("haproxy.cfg", "haproxy-local.cfg"):  # the files docs/deploy.md shows
        deploy = Path(__file__).parents[2] / "deploy" / name
        checked = subprocess.run([binary, "-c", "-f", str(deploy)], capture_output=True,
                                 text=True, timeout=30)
        assert checked.returncode == 0, checked.stdout + checked.stderr


@pytest.fixture(scope="module")
def cluster(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LocalCluster]:
    need_haproxy()
    for url in pg_schema_url():
        # a killed node's leases lapse in 3 s, not the default 6 (the test that kills one
        # asks for the takeover, not for how long it waits)
        cluster = LocalCluster(3, url, redis_url(), env={**FAST_ENV,
                                                          "YUANZI_TURN_SECONDS": "60",
                                                          "YUANZI_LEASE_SECONDS": "3"},
                               workdir=tmp_path_factory.mktemp("front"))
        cluster.start()
        try:
            yield cluster
        finally:
            cluster.stop()


@pytest.fixture
def hall(cluster: LocalCluster) -> LocalCluster:
    """The hall with its three nodes running: a node a test killed is started again."""
    for node in cluster.nodes:
        if node.proc is not None and node.proc.poll() is not None:
            node.start()
    return cluster


def node_metrics(base: str) -> dict[str, float]:
    with urllib.request.urlopen(base + "/metrics", timeout=10) as r:
        return {s.name: s.value for f in text_string_to_metric_families(r.read().decode())
                for s in f.samples}


async def table_through(base: str, prefix: str, watcher: Player | None = None,
                        follow: bool = False) -> list[Player]:
    """Four players and a table, all through the proxy at ``base``."""
    return await seat_four([base] * 4, prefix, watcher, follow)


def test_a_whole_game_through_the_proxy_on_several_nodes(hall: LocalCluster) -> None:
    async def run() -> tuple[list[Player], list[float]]:
        token = await asyncio.to_thread(register, hall.base, "fwatch")
        watcher = Player(hall.base, token, keep_frames=True, act=False)
        await watcher.connect()
        players = await table_through(hall.base, "front", watcher)
        spread = [node_metrics(n.base)["yuanzi_connections"] for n in hall.nodes]
        for p in players:
            await p.wait_over(120)
        await watcher.wait_over(10)
        for p in [*players, watcher]:
            await p.close()
        return [*players, watcher], spread

    everyone, spread = asyncio.run(run())
    assert sum(spread) == 5 and sum(1 for n in spread if n) >= 2  # spread over nodes
    over = everyone[0].games_over[-1]
    assert over["status"] == "finished"
    allowed = allowed_by_version(over["record"])
    for i, p in enumerate(everyone[:4]):
        assert p.errors == []
        assert check_frames(p.frames, i, allowed) > len(allowed) // 2
        versions_in_order(p.frames)
    assert check_frames(everyone[4].frames, SPECTATOR, allowed) > len(allowed) // 2


def test_players_told_their_tables_node_go_there_and_play_with_no_hop(
        hall: LocalCluster) -> None:
    async def run() -> tuple[list[Player], list[float], float]:
        before = [node_metrics(n.base)["yuanzi_connections"] for n in hall.nodes]
        players = await table_through(hall.base, "follow", follow=True)
        for p in players:
            await p.settled()
        await asyncio.sleep(0.3)
        where = [node_metrics(n.base)["yuanzi_connections"] - was
                 for n, was in zip(hall.nodes, before, strict=True)]
        calls = sum(node_metrics(n.base)["yuanzi_forwarded_calls_total"] for n in hall.nodes)
        for p in players:
            await p.wait_over(120)
        calls = sum(node_metrics(n.base)["yuanzi_forwarded_calls_total"]
                    for n in hall.nodes) - calls
        for p in players:
            await p.close()
        return players, where, calls

    players, where, calls = asyncio.run(run())
    assert sorted(where) == [0, 0, 4]  # all four on their table's node
    assert calls == 0  # not one play crossed a node
    assert any(p.node is not None for p in players)  # (the proxy had spread them)
    for p in players:
        assert p.errors == [] and p.games_over[-1]["status"] == "finished"
        versions_in_order(p.frames)


def test_the_metrics_are_not_served_through_the_proxy(hall: LocalCluster) -> None:
    with pytest.raises(urllib.error.HTTPError) as refused:
        urllib.request.urlopen(hall.base + "/metrics", timeout=10)
    assert refused.value.code == 404
    assert node_metrics(hall.nodes[0].base)["yuanzi_nodes_heard"] == 2  # on the node: yes


def test_a_forged_forwarded_address_is_replaced_by_the_proxy(tmp_path: Path) -> None:
    """Registrations are limited per address: behind the proxy a client's own
    X-Forwarded-For changes nothing (the proxy replaces it with the address it sees)."""
    need_haproxy()
    for url in pg_schema_url():
        cluster = LocalCluster(1, url, redis_url(),
                               env={**FAST_ENV, "YUANZI_REGISTER_PER_IP": "2"},
                               workdir=tmp_path)
        cluster.start()
        try:
            through = [register_from(cluster.base, f"px{i}", f"198.51.100.{i}")
                       for i in range(3)]
        finally:
            cluster.stop()
    assert through == [201, 201, 429]


def test_a_node_killed_mid_game_its_clients_reconnect_through_the_proxy(
        hall: LocalCluster) -> None:
    async def run() -> list[Player]:
        before = [node_metrics(n.base)["yuanzi_tables"] for n in hall.nodes]
        players = await table_through(hall.base, "fkill")
        await players[0].wait_version(15, 60)
        owner = next(n for n, was in zip(hall.nodes, before, strict=True)
                     if node_metrics(n.base)["yuanzi_tables"] > was)
        owner.kill9()
        await asyncio.sleep(0.5)
        try:
            for i, p in enumerate(players):
                if not p.connected:  # it was on the dead node: back through the proxy
                    players[i] = Player(hall.base, p.token, keep_frames=True)
                    await players[i].connect()
                    players[i].table = p.table
            try:
                for p in players:
                    await p.wait_over(180)
            except TimeoutError:
                raise AssertionError("the game stopped after the takeover:\n"
                                     + stalled(players, hall.nodes)) from None
        finally:  # (no connection left to the next test, whatever happened)
            for p in players:
                with contextlib.suppress(Exception):
                    await p.close()
        return players

    players = asyncio.run(run())  # the killed node stays down: `hall` starts it if needed
    over = players[0].games_over[-1]
    assert over["status"] == "finished"
    game = replay(Record.from_json(over["record"]))
    assert game.is_over
    for p in players:
        versions_in_order(p.frames)
