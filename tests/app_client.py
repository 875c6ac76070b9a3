"""A hall app in a test client, cheap to start: for tests of what the server serves."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from fastapi.testclient import TestClient

from yuanzi.hall.settings import Settings
from yuanzi.server.app import create_app


@contextmanager
def app_client(tmp_path: Path) -> Iterator[TestClient]:
    settings = Settings(db_path=tmp_path / "hall.db", argon2_time_cost=1, argon2_memory_kib=64,
                        argon2_parallelism=1)
    with TestClient(create_app(settings)) as c:
        yield c
