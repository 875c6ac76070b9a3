"""The wire is strict and closed, ids fit the database, and every refusal has the
documented shape (issue 14, items 5 and 12)."""

from __future__ import annotations

from collections.abc import Callable
from contextlib import ExitStack
from typing import Any

import pytest
from fastapi.testclient import TestClient
from tests.server.wsclient import connect

Account = Callable[[TestClient, str], str]
TOO_BIG = 2**63
DEEP = "[" * 2000 + "]" * 2000  # under 4 KiB


def error_code(r: Any) -> str:
    """The documented REST error shape, and its code."""
    body = r.json()
    assert set(body) == {"error"} and set(body["error"]) == {"code", "message"}, body
    code: str = body["error"]["code"]
    return code


@pytest.mark.parametrize("path", [f"/api/accounts/{TOO_BIG}", f"/api/games/{TOO_BIG}/record",
                                  f"/api/accounts/{2**64 + 5}", "/api/accounts/0"])
def test_an_id_beyond_the_database_is_malformed_not_a_crash(
        client: TestClient, register: Callable[..., Any], path: str) -> None:
    register(client, "alice")
    r = client.get(path)
    assert r.status_code == 422 and error_code(r) == "malformed"


def test_the_largest_id_is_simply_not_found(client: TestClient,
                                            register: Callable[..., Any]) -> None:
    register(client, "alice")
    r = client.get(f"/api/accounts/{TOO_BIG - 1}")
    assert r.status_code == 404 and error_code(r) == "no_such_account"
    r = client.get(f"/api/games/{TOO_BIG - 1}/record")
    assert r.status_code == 404 and error_code(r) == "no_such_game"


@pytest.mark.parametrize("body", [
    {"item": "timer", "count": "5"},  # a number as a string
    {"item": "timer", "count": True},  # a boolean as a number
    {"item": "timer", "count": 5.0},  # a float as an integer
    {"item": "timer", "count": TOO_BIG},
    {"item": 5, "count": 1},
    {"item": "timer", "count": 1, "extra": 1},
])
def test_rest_bodies_are_not_coerced(client: TestClient, register: Callable[..., Any],
                                     body: dict[str, Any]) -> None:
    register(client, "alice")
    coins = client.get("/api/session").json()["account"]["coins"]
    r = client.post("/api/shop/buy", json=body)
    assert r.status_code == 422 and error_code(r) == "malformed", r.text
    assert client.get("/api/session").json()["account"]["coins"] == coins  # nothing bought
    assert client.get("/api/inventory").json()["slots"] == [None] * len(
        client.get("/api/inventory").json()["slots"])


def test_a_body_nested_too_deeply_gets_the_error_shape(client: TestClient) -> None:
    r = client.post("/api/login", content=DEEP, headers={"content-type": "application/json"})
    assert 400 <= r.status_code < 500 and error_code(r) == "malformed"


def test_starlettes_own_refusals_have_the_error_shape(client: TestClient) -> None:
    r = client.get("/api/no-such-route")
    assert r.status_code == 404 and error_code(r) == "not_found"
    r = client.delete("/api/login")
    assert r.status_code == 405 and error_code(r) == "method_not_allowed"


@pytest.mark.parametrize("message", [
    {"type": "lobby", "subscribe": "yes"},
    {"type": "lobby", "subscribe": 1},
    {"type": "sit", "table": "1", "seat": 0},
    {"type": "sit", "table": TOO_BIG, "seat": 0},
    {"type": "sit", "table": 1, "seat": True},
    {"type": "play", "table": 1, "version": 1.0, "cards": "pass"},
    {"type": "create_table", "bet": "0"},
])
def test_websocket_messages_are_not_coerced(client: TestClient, account: Account,
                                            message: dict[str, Any]) -> None:
    with ExitStack() as stack:
        p = connect(stack, client, account(client, "alice"))
        p.ws.send_json({**message, "seq": 1})
        f = p.recv()
        assert f["type"] == "error" and f["code"] == "malformed" and f["seq"] == 1, f
        p.seq = 1
        lobby = p.call("lobby")
        assert lobby == {}
        assert next(f for f in p.frames if f["type"] == "lobby")["tables"] == []


def test_a_message_nested_too_deeply_is_an_error_not_a_hang_up(client: TestClient,
                                                                account: Account) -> None:
    with ExitStack() as stack:
        p = connect(stack, client, account(client, "alice"))
        p.ws.send_text(DEEP)
        f = p.recv()
        assert f["type"] == "error" and f["code"] == "malformed" and "deep" in f["message"]
        assert p.call("lobby") == {}  # still connected, still served
