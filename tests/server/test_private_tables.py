"""Private tables (好友房, issue 15): out of the lobby and of quick match, reached by a
six-digit room code or an invite link, refused to everyone else; the owner locks it,
removes a player between games and hands it on; codes are rate-limited and freed."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from contextlib import ExitStack
from typing import Any

import pytest
from fastapi.testclient import TestClient
from tests.server.economy_helpers import services
from tests.server.test_ws_protocol import connect
from tests.server.wsclient import Peer

Account = Callable[[TestClient, str], str]


def private_table(owner: Peer, **options: Any) -> dict[str, Any]:
    table = owner.call("create_table", private=True, **options)["table"]
    view: dict[str, Any] = owner.until("table", lambda f: f["table"]["id"] == table)["table"]
    return view


def test_a_private_table_is_in_no_lobby_and_refuses_strangers(
        client: TestClient, account: Account) -> None:
    with ExitStack() as stack:
        owner = connect(stack, client, account(client, "owner"))
        view = private_table(owner)
        table = view["id"]
        assert view["private"] and len(view["room_code"]) == 6 and view["room_code"].isdigit()
        assert len(view["invite"]) >= 22  # 128 bits, URL-safe
        token = account(client, "stranger")
        r = client.get("/api/tables", headers={"cookie": f"yuanzi_session={token}"})
        assert table not in [t["id"] for t in r.json()]
        stranger = connect(stack, client, token)
        stranger.call("lobby")
        lobby = stranger.until("lobby")
        assert table not in [t["id"] for t in lobby["tables"]]
        for kind, fields in (("sit", {"seat": 1}), ("spectate", {}), ("resync", {})):
            assert stranger.error(kind, table=table, **fields)["code"] == "private_table"
        # quick match never seats a stranger there: it opens a table of its own
        assert stranger.call("quick_match")["table"] != table
        owner.call("add_bot", table=table, seat=3, bot="random")  # news of the table...
        owner.until("table", lambda f: f["table"]["id"] == table
                    and f["table"]["seats"][3]["kind"] == "bot")
        stranger.call("hello")  # (a round trip: anything sent before it has arrived)
        heard = [f for f in stranger.frames if f["type"] == "table"]  # ...reach no stranger
        assert heard and all(f["table"]["id"] != table for f in heard)


def test_in_by_code_and_by_link_seated_then_watching(
        make_client: Callable[..., TestClient], account: Account) -> None:
    client = make_client(room_code_tries=50)
    with ExitStack() as stack:
        owner = connect(stack, client, account(client, "owner"))
        view = private_table(owner)
        table, code, invite = view["id"], view["room_code"], view["invite"]
        friend = connect(stack, client, account(client, "friend"))
        assert friend.error("join_code", code="12a456")["code"] == "malformed"
        wrong = str((int(code) - 100_000 + 1) % 900_000 + 100_000)
        assert friend.error("join_code", code=wrong)["code"] == "no_such_code"
        assert friend.call("join_code", code=code) == {"table": table, "seat": 1}
        friend.until("table", lambda f: f["table"]["id"] == table)
        cousin = connect(stack, client, account(client, "cousin"))
        assert cousin.error("join_link", token="x" * 30)["code"] == "no_such_code"
        assert cousin.call("join_link", token=invite) == {"table": table, "seat": 2}
        owner.call("add_bot", table=table, seat=3, bot="random")
        guest = connect(stack, client, account(client, "visitor"))  # full: he watches
        assert guest.call("join_code", code=code) == {"table": table, "seat": None}
        seen = guest.until("table", lambda f: f["table"]["id"] == table)["table"]
        assert seen["spectators"] == 1 and seen["seats"][1]["nickname"] == "friend"
        # once in, in for good: he may look again and sit when a seat frees
        assert guest.call("resync", table=table)["table"]["id"] == table
        friend.call("stand", table=table)
        assert guest.call("sit", table=table, seat=1) == {"table": table, "seat": 1}


def test_no_spectators_a_locked_table_and_the_owners_hand(
        client: TestClient, account: Account) -> None:
    with ExitStack() as stack:
        owner = connect(stack, client, account(client, "owner"))
        view = private_table(owner, spectators=False)
        table, code = view["id"], view["room_code"]
        assert view["spectators_allowed"] is False
        peers = [connect(stack, client, account(client, n)) for n in ("aa", "bb", "cc")]
        for p in peers:
            p.call("join_code", code=code)
        late = connect(stack, client, account(client, "late"))
        assert late.error("join_code", code=code)["code"] == "table_full"
        # the owner removes a player between games: stood up, and out
        assert owner.call("remove_player", table=table, seat=1) == {"table": table}
        stood = peers[0].until("stood_up")
        assert stood["reason"] == "removed"
        assert peers[0].error("sit", table=table, seat=1)["code"] == "private_table"
        assert owner.error("remove_player", table=table, seat=0)["code"] == "bad_options"
        assert peers[1].error("remove_player", table=table, seat=3)["code"] == "not_owner"
        # locked: no one new comes in; the removed one neither
        assert owner.call("lock_table", table=table, locked=True) == {
            "table": table, "locked": True}
        assert late.error("join_code", code=code)["code"] == "table_locked"
        assert peers[0].error("join_code", code=code)["code"] == "table_locked"
        owner.call("lock_table", table=table, locked=False)
        assert late.call("join_code", code=code)["seat"] == 1
        # the owner hands the table on; then he is an owner no more
        heir = late.welcome["account"]["id"]
        assert owner.call("give_owner", table=table, account=heir) == {
            "table": table, "owner": heir}
        assert owner.error("lock_table", table=table)["code"] == "not_owner"
        assert owner.error("give_owner", table=table, account=heir)["code"] == "not_owner"
        assert late.error("give_owner", table=table, account=999)["code"] == "not_seated"
        # a public table has no lock
        other = connect(stack, client, account(client, "public"))
        public = other.call("create_table")["table"]
        assert other.error("lock_table", table=public)["code"] == "bad_options"


def test_a_player_is_not_removed_during_a_game(client: TestClient, account: Account) -> None:
    with ExitStack() as stack:
        owner = connect(stack, client, account(client, "owner"))
        view = private_table(owner)
        friend = connect(stack, client, account(client, "friend"))
        friend.call("join_code", code=view["room_code"])
        table = view["id"]
        for seat in (2, 3):
            owner.call("add_bot", table=table, seat=seat, bot="random")
        for p in (owner, friend):
            p.call("ready", table=table)
        owner.until("game")
        assert owner.error("remove_player", table=table, seat=1)["code"] == "game_in_progress"


def test_room_codes_are_limited_per_account_and_hall_wide_and_freed_at_close(
        make_client: Callable[..., TestClient], account: Account) -> None:
    client = make_client(room_code_tries=3, room_code_hall_tries=4)
    with ExitStack() as stack:
        owner = connect(stack, client, account(client, "owner"))
        view = private_table(owner)
        guesser = connect(stack, client, account(client, "guesser"))
        for _ in range(3):
            guesser.error("join_code", code="999999" if view["room_code"] != "999999"
                          else "999998")
        assert guesser.error("join_code", code=view["room_code"])["code"] == "rate_limited"
        other = connect(stack, client, account(client, "other"))
        other.error("join_code", code="100000" if view["room_code"] != "100000" else "100001")
        assert other.error("join_code", code="100002")["code"] == "rate_limited"  # hall-wide
        assert services(client).hall.doors.misses == 4
        owner.call("stand", table=view["id"])  # the last player leaves: the table closes
        store = services(client).db.store
        assert asyncio.run(store.private_table(room_code=view["room_code"])) is None
        assert asyncio.run(store.private_table(invite_token=view["invite"])) is None


def test_a_private_table_comes_back_private_after_a_restart(
        make_client: Callable[..., TestClient], account: Account) -> None:
    client = make_client()
    with ExitStack() as stack:
        owner = connect(stack, client, account(client, "owner"))
        view = private_table(owner, spectators=False)
        friend = connect(stack, client, account(client, "friend"))
        friend.call("join_code", code=view["room_code"])
        owner.call("lock_table", table=view["id"])
    spec = next(s for s in asyncio.run(services(client).db.store.open_tables())
                if s.id == view["id"])
    assert (spec.private, spec.room_code, spec.invite_token, spec.locked,
            spec.spectators_allowed) == (True, view["room_code"], view["invite"], True, False)
    assert spec.admitted == {owner.welcome["account"]["id"], friend.welcome["account"]["id"]}


@pytest.mark.parametrize("bad", [{"code": 123456}, {"code": "1" * 17}, {}])
def test_a_malformed_code_message_is_refused(client: TestClient, account: Account,
                                             bad: dict[str, Any]) -> None:
    with ExitStack() as stack:
        p = connect(stack, client, account(client, "typo"))
        assert p.error("join_code", **bad)["code"] == "malformed"
