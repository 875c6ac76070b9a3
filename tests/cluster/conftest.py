"""Fixtures of the several-node tests: two real ``yuanzi serve`` nodes of one hall."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from tests.cluster.redis_server import redis_url
from tests.e2e.conftest import FAST_ENV
from tests.store.pg import pg_schema_url

from yuanzi.devtools.processes import ServerProcess

PUSH_ENV = {"YUANZI_PUSH_INSECURE_ENDPOINTS": "true"}
"""Pushes may go to a push service on loopback (tests/server/pushservice.py)."""


@pytest.fixture(scope="module")
def two_nodes(tmp_path_factory: pytest.TempPathFactory
              ) -> Iterator[tuple[ServerProcess, ServerProcess]]:
    """Shared by the module's tests (each uses accounts of its own): starting two nodes
    on a fresh schema is the slow part."""
    tmp_path = tmp_path_factory.mktemp("nodes")
    redis = redis_url()
    for url in pg_schema_url():  # a fresh schema: a hall of its own, dropped afterwards
        env = {**FAST_ENV, **PUSH_ENV, "YUANZI_DATABASE_URL": url, "REDIS_URL": redis}
        nodes: list[ServerProcess] = []
        try:
            for i in range(2):  # one after the other: the first one migrates
                node = ServerProcess(tmp_path / f"node{i}.db", env=env)
                node.start()
                nodes.append(node)
            yield nodes[0], nodes[1]
        finally:
            for node in nodes:
                node.stop()
