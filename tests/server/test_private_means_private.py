"""Private means private (issue 27), the details, on an in-process hall: a private table
answers every message of one who did not come in as a missing table does; an invitation
ends with the friendship; requests and invitations are limited per target; a message is
reported once per account; the owner's block and his sending a spectator away."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from contextlib import ExitStack
from typing import Any

import pytest
from fastapi.testclient import TestClient
from tests.server.economy_helpers import services
from tests.server.helpers import private_table
from tests.server.wsclient import Peer, connect

Account = Callable[[TestClient, str], str]


def befriend(a: Peer, b: Peer) -> None:
    a.call("friend_request", nickname=b.welcome["account"]["nickname"])
    b.call("friend_answer", account=a.welcome["account"]["id"])


def heard(p: Peer, since: int, table: int) -> list[dict[str, Any]]:
    """Frames about the table from index ``since`` on (after a round trip)."""
    p.call("hello")
    return [f for f in p.frames[since:] if f["type"] not in ("ok", "error") and (
        f.get("table") == table or (isinstance(f.get("table"), dict)
                                    and f["table"]["id"] == table))]


@pytest.mark.parametrize(("kind", "fields"), [
    ("sit", {"seat": 1}), ("spectate", {}), ("resync", {}), ("ready", {}), ("stand", {}),
    ("play", {"version": 0, "cards": "pass"}), ("hint", {"version": 0}),
    ("auto_play", {"on": True}), ("add_bot", {"seat": 2}), ("remove_bot", {"seat": 2}),
    ("lock_table", {"locked": True}), ("remove_player", {"seat": 0}),
    ("give_owner", {"account": 1}), ("chat", {"kind": "phrase", "body": "hello"}),
    ("unwatch", {}), ("remove_spectator", {"account": 1})])
def test_a_private_table_is_not_there_for_a_stranger(
        client: TestClient, account: Account, kind: str, fields: dict[str, Any]) -> None:
    """Whatever a stranger sends about a private table, the answer is the one a table
    that does not exist gets, word for word (only the number differs)."""
    with ExitStack() as stack:
        owner = connect(stack, client, account(client, "owner"))
        table = private_table(owner)["id"]
        stranger = connect(stack, client, account(client, "stranger"))
        refused = stranger.error(kind, table=table, **fields)
        missing = stranger.error(kind, table=table + 1000, **fields)
        assert refused["code"] == missing["code"] == "no_such_table"
        assert refused["message"] == missing["message"].replace(str(table + 1000), str(table))


def test_a_strangers_rest_request_finds_no_private_table(
        client: TestClient, account: Account) -> None:
    with ExitStack() as stack:
        owner = connect(stack, client, account(client, "owner"))
        table = private_table(owner)["id"]
        token = account(client, "stranger")
        r = client.post(f"/api/tables/{table}/bet", json={"bet": 10},
                        headers={"cookie": f"yuanzi_session={token}"})
        assert r.status_code == 404 and r.json()["error"] == {
            "code": "no_such_table", "message": f"there is no table {table}"}


def test_an_invitation_ends_with_the_friendship(client: TestClient, account: Account) -> None:
    with ExitStack() as stack:
        host = connect(stack, client, account(client, "host"))
        guest = connect(stack, client, account(client, "visitor"))
        befriend(host, guest)
        table = private_table(host)["id"]
        host.call("invite", table=table, account=guest.welcome["account"]["id"])
        guest.until("invited")
        host.call("unfriend", account=guest.welcome["account"]["id"])
        assert guest.error("accept_invite", table=table)["code"] == "private_table"
        befriend(host, guest)  # friends again: the invitation stands while it lasts
        assert guest.call("accept_invite", table=table) == {"table": table, "seat": 2}  # opposite


def test_requests_and_invitations_to_one_player_are_limited(
        client: TestClient, account: Account) -> None:
    """Issue 27: 30 friend requests or invitations to one person reached him 27 times.
    Now one sender reaches one player 3 times per 10 minutes; and he is told of 10
    requests from everyone, the others waiting in his list (no sender is refused for
    what others did, so a crowd cannot keep a friend's request from him)."""
    with ExitStack() as stack:
        token = account(client, "popular")
        target = connect(stack, client, token)
        since = len(target.frames)
        pest = connect(stack, client, account(client, "pest"))
        codes = [pest.reply(pest.send("friend_request", nickname="popular"))
                 for _ in range(30)]
        assert sum(r["type"] == "ok" for r in codes) == 3
        assert {r["code"] for r in codes if r["type"] == "error"} == {"rate_limited"}
        crowd = [connect(stack, client, account(client, f"fan{i}")) for i in range(12)]
        answers = [p.reply(p.send("friend_request", nickname="popular")) for p in crowd]
        assert all(r["type"] == "ok" for r in answers)
        target.call("hello")
        asked = [f for f in target.frames[since:] if f["type"] == "friend_request"]
        assert len(asked) == 10
        r = client.get("/api/friends", headers={"cookie": f"yuanzi_session={token}"})
        assert len(r.json()["incoming"]) == 13  # every request is his to answer


def test_a_message_is_reported_once_per_account(client: TestClient, account: Account) -> None:
    with ExitStack() as stack:
        owner = connect(stack, client, account(client, "talker"))
        table = owner.call("create_table")["table"]
        said = owner.call("chat", table=table, kind="text", body="hello there")["id"]
        reporter = connect(stack, client, account(client, "reporter"))
        for _ in range(6):
            assert reporter.call("report_chat", message=said, reason="spam") == {
                "message": said}
        reports = asyncio.run(services(client).db.store.chat_reports(100))
        assert [(r.message_id, r.reporter_id) for r in reports] == [
            (said, reporter.welcome["account"]["id"])]


def test_a_blocked_spectator_is_out_at_once_and_a_player_between_games(
        client: TestClient, account: Account) -> None:
    with ExitStack() as stack:
        owner = connect(stack, client, account(client, "owner"))
        view = private_table(owner)
        table, code = view["id"], view["room_code"]
        player = connect(stack, client, account(client, "player"))
        player.call("join_code", code=code)
        for seat in (1, 3):
            owner.call("add_bot", table=table, seat=seat, bot="random")
        watcher = connect(stack, client, account(client, "watcher"))
        assert watcher.call("join_code", code=code)["seat"] is None
        seen = owner.call("resync", table=table)["table"]["watchers"]
        assert seen == [{"account_id": watcher.welcome["account"]["id"],
                         "nickname": "watcher"}]
        owner.call("block", account=watcher.welcome["account"]["id"])
        left = watcher.until("left_table")
        assert (left["table"], left["reason"]) == (table, "blocked")
        out = len(watcher.frames)
        owner.call("block", account=player.welcome["account"]["id"])  # between games
        stood = player.until("stood_up")
        assert stood["reason"] == "blocked" and player.until("left_table")["table"] == table
        out_player = len(player.frames)
        owner.call("chat", table=table, kind="text", body="gone")
        assert heard(watcher, out, table) == [] and heard(player, out_player, table) == []
        assert owner.call("resync", table=table)["table"]["watchers"] == []
        for p in (watcher, player):
            assert p.error("join_code", code=code)["code"] == "private_table"
            assert p.error("resync", table=table)["code"] == "no_such_table"


def test_sending_a_spectator_away_is_the_owners_of_a_private_table(
        client: TestClient, account: Account) -> None:
    with ExitStack() as stack:
        owner = connect(stack, client, account(client, "owner"))
        view = private_table(owner)
        table, code = view["id"], view["room_code"]
        guest = connect(stack, client, account(client, "visitor"))
        guest.call("join_code", code=code)  # seated
        watcher = connect(stack, client, account(client, "watcher"))
        owner.call("add_bot", table=table, seat=1, bot="random")
        owner.call("add_bot", table=table, seat=3, bot="random")
        watcher.call("join_code", code=code)
        me = watcher.welcome["account"]["id"]
        assert guest.error("remove_spectator", table=table, account=me)["code"] == "not_owner"
        assert owner.error("remove_spectator", table=table,
                           account=guest.welcome["account"]["id"])["code"] == "not_watching"
        public = connect(stack, client, account(client, "public"))
        other = public.call("create_table")["table"]
        assert public.error("remove_spectator", table=other, account=me)["code"] == (
            "bad_options")
        assert owner.call("remove_spectator", table=table, account=me) == {"table": table}
        assert watcher.until("left_table")["reason"] == "removed"
        assert watcher.error("chat", table=table, kind="text", body="hi")["code"] == (
            "no_such_table")
        assert watcher.call("join_code", code=code)["seat"] is None  # the door is open


def test_every_connection_of_one_who_stood_up_stops_hearing(
        client: TestClient, account: Account) -> None:
    """His other tab too: standing on one connection is out on all."""
    token = account(client, "twotabs")
    with ExitStack() as stack:
        owner = connect(stack, client, account(client, "host"))
        view = private_table(owner)
        table = view["id"]
        first = connect(stack, client, token)
        first.call("join_code", code=view["room_code"])
        second = connect(stack, client, token)  # sits there: hears the table
        second.until("table", lambda f: f["table"]["id"] == table)
        first.call("stand", table=table)
        assert second.until("left_table")["reason"] == "stood"
        since = len(second.frames)
        owner.call("add_bot", table=table, seat=1, bot="random")
        owner.call("chat", table=table, kind="text", body="after")
        assert heard(second, since, table) == []


def test_a_watcher_with_two_tabs_stays_listed_and_is_out_on_both(
        client: TestClient, account: Account) -> None:
    """One tab closing does not take him off the watchers' list; sent away, blocked or
    not, he is out on every tab (the door speaks for his account)."""
    token = account(client, "twotabs")
    with ExitStack() as stack:
        owner = connect(stack, client, account(client, "owner"))
        view = private_table(owner)
        table, code = view["id"], view["room_code"]
        for seat in (1, 2, 3):
            owner.call("add_bot", table=table, seat=seat, bot="random")
        me = 0
        with ExitStack() as first:
            one = connect(first, client, token)
            me = one.welcome["account"]["id"]
            assert one.call("join_code", code=code)["seat"] is None
            two = connect(stack, client, token)
            two.call("spectate", table=table)
        # the first tab closed; the second still watches, and is listed
        assert [w["account_id"] for w in owner.call("resync", table=table)["table"][
            "watchers"]] == [me]
        owner.call("block", account=me)
        assert two.until("left_table")["reason"] == "blocked"
        since = len(two.frames)
        owner.call("chat", table=table, kind="text", body="secret")
        assert heard(two, since, table) == []


def test_a_private_table_closing_is_not_told_to_the_lobby(
        client: TestClient, account: Account) -> None:
    with ExitStack() as stack:
        stranger = connect(stack, client, account(client, "lobbyist"))
        stranger.call("lobby", subscribe=True)
        owner = connect(stack, client, account(client, "owner"))
        table = private_table(owner)["id"]
        owner.call("stand", table=table)  # the last player: the table closes
        public = owner.call("create_table")["table"]  # (a public one does reach the lobby)
        stranger.until("table", lambda f: f["table"]["id"] == public)
        owner.call("stand", table=public)
        stranger.until("table_closed", table=public)
        assert [f for f in stranger.frames if f.get("table") == table] == []


def test_a_removed_inviters_invitations_end(client: TestClient, account: Account) -> None:
    with ExitStack() as stack:
        host = connect(stack, client, account(client, "host"))
        view = private_table(host)
        table = view["id"]
        ann = connect(stack, client, account(client, "ann"))
        ann.call("join_code", code=view["room_code"])
        kim = connect(stack, client, account(client, "kim"))
        befriend(ann, kim)
        ann.call("invite", table=table, account=kim.welcome["account"]["id"])
        kim.until("invited")
        host.call("remove_player", table=table, seat=2)  # ann is out: her word is no more
        assert kim.error("accept_invite", table=table)["code"] == "private_table"


def test_a_block_that_missed_the_table_is_kept_at_its_door(
        client: TestClient, account: Account) -> None:
    """The owner's block reached the store but not the table (it was moving between
    nodes, say): the blocked one, admitted before, is refused at the door and loses his
    admission there."""
    with ExitStack() as stack:
        host = connect(stack, client, account(client, "host"))
        view = private_table(host)
        table = view["id"]
        pest = connect(stack, client, account(client, "pest"))
        assert pest.call("join_code", code=view["room_code"])["seat"] == 2
        pest.call("stand", table=table)
        store = services(client).db.store
        asyncio.run(store.set_block(host.welcome["account"]["id"],
                                    pest.welcome["account"]["id"], True))
        assert pest.error("join_code", code=view["room_code"])["code"] == "private_table"
        assert pest.error("resync", table=table)["code"] == "no_such_table"
