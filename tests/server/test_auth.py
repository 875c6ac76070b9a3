"""REST accounts: register, log in, log out, the cookie, nickname rules, rate limits."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from fastapi.testclient import TestClient

Reg = Callable[..., dict[str, Any]]



def test_register_sets_an_httponly_samesite_cookie_and_me_works(client: TestClient) -> None:
    r = client.post("/api/register", json={"nickname": "小明", "password": "tea-house-27"})
    assert r.status_code == 201
    cookie = r.headers["set-cookie"]
    assert "HttpOnly" in cookie and "SameSite=lax" in cookie
    me = client.get("/api/me").json()
    assert me["nickname"] == "小明" and me["role"] == "player"
    assert me["coins"] == 5000 and me["title"] == "弹壳"


def test_login_logout_round_trip(client: TestClient, register: Reg) -> None:
    register(client, "alice")
    client.post("/api/logout")
    assert client.get("/api/me").status_code == 401
    assert client.get("/api/me").json()["error"]["code"] == "not_logged_in"
    r = client.post("/api/login", json={"nickname": "ALICE", "password": "tea-house-27"})
    assert r.status_code == 200 and r.json()["nickname"] == "alice"
    assert client.get("/api/me").status_code == 200


def test_logout_revokes_the_session_server_side(client: TestClient, register: Reg) -> None:
    register(client, "alice")
    token = client.cookies.get("yuanzi_session")
    client.post("/api/logout")
    client.cookies.set("yuanzi_session", token or "")
    assert client.get("/api/me").status_code == 401


def test_wrong_password_and_unknown_name_give_the_same_error(
    client: TestClient, register: Reg
) -> None:
    register(client, "alice")
    a = client.post("/api/login", json={"nickname": "alice", "password": "wrongpass"})
    b = client.post("/api/login", json={"nickname": "nobody", "password": "wrongpass"})
    assert a.status_code == b.status_code == 401
    assert a.json() == b.json()
    assert a.json()["error"]["code"] == "wrong_credentials"


def test_nickname_rules_and_taken_names(client: TestClient, register: Reg) -> None:
    register(client, "alice")
    cases = {
        "Alice": "nickname_taken",
        "a": "bad_nickname",
        "x" * 17: "bad_nickname",
        "bad name": "bad_nickname",
        "_under": "bad_nickname",
        "admin": "bad_nickname",
    }
    for name, code in cases.items():
        r = client.post("/api/register", json={"nickname": name, "password": "tea-house-27"})
        assert r.status_code in (409, 422), name
        assert r.json()["error"]["code"] == code, name
        assert r.json()["error"]["message"]
    r = client.post("/api/register", json={"nickname": "bob", "password": "short"})
    assert r.json()["error"]["code"] == "bad_password"
    r = client.post("/api/register", json={"nickname": "bob"})
    assert r.status_code == 422 and r.json()["error"]["code"] == "malformed"


def test_a_new_name_may_not_look_like_an_existing_one(client: TestClient,
                                                     register: Reg) -> None:
    """Issue 14, item 9: ``аlice`` (a Cyrillic а) next to ``alice``; ``аdmin`` reserved."""
    register(client, "alice")
    register(client, "bob_1")
    for name, code in (("\u0430lice", "nickname_too_similar"), ("ALICE", "nickname_taken"),
                       ("bob_l", "nickname_too_similar"), ("\u0430dmin", "bad_nickname"),
                       ("ａｌｉｃｅ", "nickname_taken")):  # full-width: NFKC makes it alice
        r = client.post("/api/register", json={"nickname": name, "password": "tea-house-27"})
        assert r.json()["error"]["code"] == code, (name, r.json())
    register(client, "alicia")  # merely close is fine


def test_a_weak_password_is_refused_and_nothing_is_created(client: TestClient) -> None:
    r = client.post("/api/register", json={"nickname": "weakling", "password": "password1"})
    assert r.status_code == 422 and r.json()["error"]["code"] == "weak_password"
    r = client.post("/api/login", json={"nickname": "weakling", "password": "password1"})
    assert r.json()["error"]["code"] == "wrong_credentials"  # no such account


def test_login_is_rate_limited_per_account(
    make_client: Callable[..., TestClient], register: Reg
) -> None:
    client = make_client(login_per_account=3)
    register(client, "alice")
    codes = [client.post("/api/login", json={"nickname": "alice", "password": "nope-nope"})
             .status_code for _ in range(5)]
    assert codes[:3] == [401, 401, 401]
    assert codes[3:] == [429, 429]
    r = client.post("/api/login", json={"nickname": "alice", "password": "tea-house-27"})
    assert r.json()["error"]["code"] == "rate_limited"


def test_registration_is_rate_limited_per_ip(
    make_client: Callable[..., TestClient], register: Reg
) -> None:
    client = make_client(register_per_ip=2)
    register(client, "alice")
    register(client, "bobby")
    r = client.post("/api/register", json={"nickname": "carol", "password": "tea-house-27"})
    assert r.status_code == 429 and r.json()["error"]["code"] == "rate_limited"


def test_login_is_rate_limited_per_ip(make_client: Callable[..., TestClient]) -> None:
    client = make_client(login_per_ip=2)
    for name in ("a1", "a2", "a3"):
        client.post("/api/login", json={"nickname": name, "password": "whatever1"})
    r = client.post("/api/login", json={"nickname": "a4", "password": "whatever1"})
    assert r.status_code == 429


def test_passwords_are_stored_as_argon2_hashes(client: TestClient, register: Reg) -> None:
    register(client, "alice", "sekrit-password")
    db = client.app.state.services.db  # type: ignore[attr-defined]
    from sqlalchemy import select

    from yuanzi.store.models.accounts import Account

    with db.sessions() as s:
        row = s.scalar(select(Account))
    assert row is not None and row.password_hash.startswith("$argon2id$")
    assert "sekrit" not in row.password_hash
