"""End-to-end fixtures: a real ``yuanzi serve`` child process on a free port."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from yuanzi.devtools.processes import ServerProcess

FAST_ENV = {
    "YUANZI_ARGON2_TIME_COST": "1",
    "YUANZI_ARGON2_MEMORY_KIB": "64",
    "YUANZI_ARGON2_PARALLELISM": "1",
    "YUANZI_BOT_THINK_SECONDS": "0",
    "YUANZI_REGISTER_PER_IP": "1000",
    "YUANZI_LOGIN_PER_IP": "1000",
    "YUANZI_DISCONNECT_GRACE_SECONDS": "30",
    "YUANZI_HALF_BREAK_SECONDS": "0",
    "YUANZI_WS_MESSAGES_PER_SECOND": "1000",
    "YUANZI_WS_BURST": "1000",
    "YUANZI_SAME_IP_RULE": "false",  # every client comes from 127.0.0.1
}


@pytest.fixture
def make_server(tmp_path: Path) -> Iterator[Callable[..., ServerProcess]]:
    servers: list[ServerProcess] = []

    def make(**env: str) -> ServerProcess:
        server = ServerProcess(tmp_path / "hall.db", env={**FAST_ENV, **env})
        server.start()
        servers.append(server)
        return server

    yield make
    for s in servers:
        s.stop()
