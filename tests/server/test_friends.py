"""Friends (issue 15): asked by nickname and accepted (or both asking), listed with their
presence and table; invited to one's table — a private one opens to the invitation; and
blocks: a blocked player cannot befriend, invite, write to you or sit at your private
table."""

from __future__ import annotations

import time
from collections.abc import Callable
from contextlib import ExitStack
from typing import Any

from fastapi.testclient import TestClient
from tests.server.wsclient import Peer, connect

Account = Callable[[TestClient, str], str]


def friends_of(client: TestClient, token: str) -> dict[str, Any]:
    r = client.get("/api/friends", headers={"cookie": f"yuanzi_session={token}"})
    assert r.status_code == 200
    data: dict[str, Any] = r.json()
    return data


def names(rows: list[dict[str, Any]]) -> list[str]:
    return [r["nickname"] for r in rows]


def pair(stack: ExitStack, client: TestClient, account: Account
         ) -> tuple[Peer, str, Peer, str]:
    ta, tb = account(client, "alice"), account(client, "bobby")
    return connect(stack, client, ta), ta, connect(stack, client, tb), tb


def test_asked_accepted_and_listed_with_presence(client: TestClient, account: Account) -> None:
    with ExitStack() as stack:
        a, ta, b, tb = pair(stack, client, account)
        assert a.call("friend_request", nickname=" BOBBY ") == {"status": "requested"}
        asked = b.until("friend_request")
        assert asked["sender"] == {"id": a.welcome["account"]["id"], "nickname": "alice"}
        assert names(friends_of(client, ta)["outgoing"]) == ["bobby"]
        assert names(friends_of(client, tb)["incoming"]) == ["alice"]
        b.call("friend_answer", account=a.welcome["account"]["id"])
        a.until("friends_changed")
        table = b.call("create_table")["table"]
        mine = friends_of(client, ta)
        assert mine["incoming"] == mine["outgoing"] == []
        bob = mine["friends"][0]
        assert (bob["nickname"], bob["online"], bob["table"]) == ("bobby", True, table)
        assert friends_of(client, tb)["friends"][0]["table"] is None  # alice sits nowhere
        a.call("unfriend", account=b.welcome["account"]["id"])
        assert friends_of(client, tb)["friends"] == []


def test_both_asking_makes_friends_and_refusals_are_clear(
        client: TestClient, account: Account) -> None:
    with ExitStack() as stack:
        a, ta, b, _ = pair(stack, client, account)
        a.call("friend_request", nickname="bobby")
        assert b.call("friend_request", nickname="alice") == {"status": "friends"}
        assert names(friends_of(client, ta)["friends"]) == ["bobby"]
        assert a.error("friend_request", nickname="nobody")["code"] == "no_such_account"
        assert a.error("friend_request", nickname="alice")["code"] == "malformed"
        assert a.error("friend_answer", account=b.welcome["account"]["id"])["code"] == (
            "no_such_request")
        carol = connect(stack, client, account(client, "carol"))
        carol.call("friend_request", nickname="alice")
        a.call("friend_answer", account=carol.welcome["account"]["id"], accept=False)
        assert friends_of(client, ta)["incoming"] == []


def test_an_invitation_seats_a_friend_at_a_private_table(
        client: TestClient, account: Account) -> None:
    with ExitStack() as stack:
        a, _, b, _ = pair(stack, client, account)
        a.call("friend_request", nickname="bobby")
        b.call("friend_answer", account=a.welcome["account"]["id"])
        bob = b.welcome["account"]["id"]
        assert a.error("invite", table=1, account=bob)["code"] == "no_such_table"
        table = a.call("create_table", private=True)["table"]
        # uninvited: the private table is not there for him (issue 27)
        assert b.error("accept_invite", table=table)["code"] == "no_such_table"
        assert a.call("invite", table=table, account=bob) == {"table": table, "account": bob}
        invited = b.until("invited")
        assert (invited["table"], invited["private"], invited["sender"]["nickname"]) == (
            table, True, "alice")
        assert b.call("accept_invite", table=table) == {"table": table, "seat": 2}  # opposite
        stranger = connect(stack, client, account(client, "dave"))
        assert a.error("invite", table=table, account=stranger.welcome["account"]["id"])[
            "code"] == "not_friends"


def test_a_blocked_player_gets_nothing_through(client: TestClient, account: Account) -> None:
    with ExitStack() as stack:
        a, _, b, tb = pair(stack, client, account)
        a.call("friend_request", nickname="bobby")
        b.call("friend_answer", account=a.welcome["account"]["id"])
        alice = a.welcome["account"]["id"]
        b.call("block", account=alice)
        assert b.until("mutes")["accounts"] == [alice]
        since = len(b.frames)
        assert friends_of(client, tb)["friends"] == [] and names(
            friends_of(client, tb)["blocked"]) == ["alice"]
        # no request, no invitation, no message, no seat at his private table
        assert a.call("friend_request", nickname="bobby") == {"status": "requested"}
        assert friends_of(client, tb)["incoming"] == []
        view = b.call("create_table", private=True)
        code = b.until("table", lambda f: f["table"]["id"] == view["table"])["table"][
            "room_code"]
        assert a.error("join_code", code=code)["code"] == "private_table"
        b.call("hello")
        heard = [f for f in b.frames[since:] if f["type"] in ("friend_request", "invited")]
        assert heard == []
        b.call("block", account=alice, on=False)
        assert friends_of(client, tb)["blocked"] == []
        assert b.error("block", account=b.welcome["account"]["id"])["code"] == "malformed"
        assert b.error("block", account=999_999)["code"] == "no_such_account"


def test_the_hall_says_how_many_players_are_online(client: TestClient,
                                                  account: Account) -> None:
    token = account(client, "first")
    cookie = {"cookie": f"yuanzi_session={token}"}
    assert client.get("/api/online", headers=cookie).json() == {"players": 0}
    with ExitStack() as stack:
        connect(stack, client, token)
        connect(stack, client, token)  # one player, two connections
        connect(stack, client, account(client, "second"))
        assert client.get("/api/online", headers=cookie).json() == {"players": 2}
    assert client.get("/api/online").status_code == 401


def told_of_friends(peer: Peer) -> int:
    """How many ``friends_changed`` frames came since the last look: a request's answer
    comes after every frame already sent to this connection, so none is missed."""
    before = len(peer.frames)
    peer.call("hello", protocol=1)
    return sum(f["type"] == "friends_changed" for f in peer.frames[before:])


def online(client: TestClient, token: str) -> bool:
    status: bool = friends_of(client, token)["friends"][0]["online"]
    return status


def test_a_friend_coming_and_going_shows_at_once(client: TestClient, account: Account) -> None:
    """No waiting for the next look at the list: the first connection of a friend, and
    his last one closing, tell his friends (``friends_changed``) on the spot; a second
    connection, or the first of two closing, tells nobody."""
    with ExitStack() as stack:
        alice_token = account(client, "alice")
        alice = connect(stack, client, alice_token)
        carol_token = account(client, "carol")
        with ExitStack() as carols:
            carol = connect(carols, client, carol_token)
            alice.call("friend_request", nickname="carol")
            carol.call("friend_answer", account=alice.welcome["account"]["id"])
            assert told_of_friends(alice) == 1  # the friendship itself
            assert online(client, alice_token)
            with ExitStack() as phone:
                connect(phone, client, carol_token)  # a second connection: no news
            carol.call("hello", protocol=1)  # the phone's end is behind us
            assert online(client, alice_token)
            assert told_of_friends(alice) == 0
        for _ in range(200):  # her last connection closed: its end runs on the server
            if not online(client, alice_token):
                break
            time.sleep(0.01)
        assert not online(client, alice_token)
        assert told_of_friends(alice) == 1
        connect(stack, client, carol_token)
        assert online(client, alice_token)
        assert told_of_friends(alice) == 1  # and she is back
