"""Fixtures for in-process tests of the server: a fresh SQLite hall per test."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from tests.server.pushservice import PushService, running_push_service

from yuanzi.hall.settings import Settings
from yuanzi.server.app import create_app


def fast_settings(tmp_path: Path, **overrides: Any) -> Settings:
    """Settings for tests: a temp database, cheap hashing, instant bots."""
    values: dict[str, Any] = {
        "db_path": tmp_path / "hall.db",
        "database_url": "",  # never a DATABASE_URL from the environment
        "argon2_time_cost": 1,
        "argon2_memory_kib": 64,
        "argon2_parallelism": 1,
        "bot_think_seconds": 0.0,
        "disconnect_grace_seconds": 0.2,
        "half_break_seconds": 0.0,  # the pause between halves is tested where it is set
        "deal_contribution_seconds": 0.0,  # the players' values are tested where it is set
        "register_per_ip": 1000,
        "login_per_ip": 1000,
        "same_ip_rule": False,  # every test client comes from one address
    }
    values.update(overrides)
    return Settings(**values)


@pytest.fixture
def make_client(tmp_path: Path) -> Iterator[Callable[..., TestClient]]:
    clients: list[TestClient] = []

    def make(**overrides: Any) -> TestClient:
        client = TestClient(create_app(fast_settings(tmp_path, **overrides)))
        client.__enter__()
        clients.append(client)
        return client

    yield make
    for c in reversed(clients):
        c.__exit__(None, None, None)


@pytest.fixture
def client(make_client: Callable[..., TestClient]) -> TestClient:
    return make_client()


def _register(client: TestClient, nickname: str, password: str = "tea-house-27") -> dict[str, Any]:
    r = client.post("/api/register", json={"nickname": nickname, "password": password})
    assert r.status_code == 201, r.text
    body: dict[str, Any] = r.json()
    return body


@pytest.fixture
def register() -> Callable[..., dict[str, Any]]:
    """Register an account on a client (which then holds its session cookie)."""
    return _register


@pytest.fixture
def account() -> Callable[[TestClient, str], str]:
    """Register ``nickname`` and return its session token (the client's jar is cleared,
    so one client can hold several players; pass the token to :func:`connect`)."""

    def make(client: TestClient, nickname: str) -> str:
        _register(client, nickname)
        token = client.cookies.get("yuanzi_session")
        assert token
        client.cookies.clear()
        return token

    return make


@pytest.fixture
def push_service() -> Iterator[PushService]:
    """A push service on loopback that keeps what the hall pushes (issue 47)."""
    with running_push_service() as service:
        yield service
