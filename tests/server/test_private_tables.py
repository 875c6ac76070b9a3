"""Private tables (好友房, issues 15 and 27): out of the lobby and of quick match, reached by
an eight-digit room code or an invite link, not there for anyone else; the owner locks it,
removes a player between games and hands it on; codes are rate-limited per guesser (never
for the whole hall) and freed."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from contextlib import ExitStack
from typing import Any

import pytest
from fastapi.testclient import TestClient
from tests.server.economy_helpers import services
from tests.server.helpers import private_table
from tests.server.wsclient import connect

from yuanzi.hall.errors import Code, HallError
from yuanzi.hall.opening.doors import PrivateDoors
from yuanzi.hall.runtime.ratelimit import LocalLimits
from yuanzi.hall.settings import Settings

Account = Callable[[TestClient, str], str]


def test_a_private_table_is_in_no_lobby_and_refuses_strangers(
        client: TestClient, account: Account) -> None:
    with ExitStack() as stack:
        owner = connect(stack, client, account(client, "owner"))
        view = private_table(owner)
        table = view["id"]
        assert view["private"] and len(view["room_code"]) == 8 and view["room_code"].isdigit()
        assert len(view["invite"]) >= 22  # 128 bits, URL-safe
        token = account(client, "stranger")
        r = client.get("/api/tables", headers={"cookie": f"yuanzi_session={token}"})
        assert table not in [t["id"] for t in r.json()]
        stranger = connect(stack, client, token)
        stranger.call("lobby")
        lobby = stranger.until("lobby")
        assert table not in [t["id"] for t in lobby["tables"]]
        for kind, fields in (("sit", {"seat": 1}), ("spectate", {}), ("resync", {})):
            assert stranger.error(kind, table=table, **fields)["code"] == "no_such_table"
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
        assert friend.error("join_code", code="12a45678")["code"] == "malformed"
        wrong = str((int(code) - 10_000_000 + 1) % 90_000_000 + 10_000_000)
        assert friend.error("join_code", code=wrong)["code"] == "no_such_code"
        assert friend.call("join_code", code=code) == {"table": table, "seat": 2}  # opposite
        friend.until("table", lambda f: f["table"]["id"] == table)
        cousin = connect(stack, client, account(client, "cousin"))
        assert cousin.error("join_link", token="x" * 30)["code"] == "no_such_code"
        assert cousin.call("join_link", token=invite) == {"table": table, "seat": 1}
        owner.call("add_bot", table=table, seat=3, bot="random")
        guest = connect(stack, client, account(client, "visitor"))  # full: he watches
        assert guest.call("join_code", code=code) == {"table": table, "seat": None}
        seen = guest.until("table", lambda f: f["table"]["id"] == table)["table"]
        assert seen["spectators"] == 1 and seen["seats"][2]["nickname"] == "friend"
        # once in, in for good: he may look again and sit when a seat frees
        assert guest.call("resync", table=table)["table"]["id"] == table
        friend.call("stand", table=table)
        assert guest.call("sit", table=table, seat=2) == {"table": table, "seat": 2}


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
        assert owner.call("remove_player", table=table, seat=2) == {"table": table}
        stood = peers[0].until("stood_up")
        assert stood["reason"] == "removed"
        assert peers[0].error("sit", table=table, seat=1)["code"] == "no_such_table"
        assert owner.error("remove_player", table=table, seat=0)["code"] == "bad_options"
        assert peers[1].error("remove_player", table=table, seat=3)["code"] == "not_owner"
        # locked: no one new comes in; the removed one neither
        assert owner.call("lock_table", table=table, locked=True) == {
            "table": table, "locked": True}
        assert late.error("join_code", code=code)["code"] == "table_locked"
        assert peers[0].error("join_code", code=code)["code"] == "table_locked"
        owner.call("lock_table", table=table, locked=False)
        assert late.call("join_code", code=code)["seat"] == 2
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
        for seat in (1, 3):
            owner.call("add_bot", table=table, seat=seat, bot="random")
        for p in (owner, friend):
            p.call("ready", table=table)
        owner.until("game")
        assert owner.error("remove_player", table=table, seat=2)["code"] == "game_in_progress"


def test_room_codes_are_limited_per_guesser_never_for_the_hall_and_freed_at_close(
        make_client: Callable[..., TestClient], account: Account) -> None:
    """Issue 27: guessers spend their own allowance (per account, per address), never a
    friend's: however many codes the hall's strangers miss, the right one lets him in."""
    client = make_client(room_code_tries=3, room_code_tries_hour=5, room_code_hall_tries=2)
    with ExitStack() as stack:
        owner = connect(stack, client, account(client, "owner"))
        view = private_table(owner)
        code = view["room_code"]
        miss = "99999999" if code != "99999999" else "99999998"
        guesser = connect(stack, client, account(client, "guesser"))
        for _ in range(3):
            assert guesser.error("join_code", code=miss)["code"] == "no_such_code"
        assert guesser.error("join_code", code=code)["code"] == "rate_limited"  # his own
        assert services(client).hall.doors.misses == 3  # past the hall's alarm of 2 …
        friend = connect(stack, client, account(client, "friend"))  # (the same address)
        assert friend.call("join_code", code=f"{code[:4]} {code[4:]}")["seat"] == 2  # … in
        owner.call("stand", table=view["id"])
        friend.call("stand", table=view["id"])  # the last player leaves: the table closes
        store = services(client).db.store
        assert asyncio.run(store.private_table(room_code=view["room_code"])) is None
        assert asyncio.run(store.private_table(invite_token=view["invite"])) is None


def test_a_botnet_spends_its_own_allowance_not_a_friends() -> None:
    """Issue 27, as found: 30 throwaway accounts on 15 addresses guessing as fast as they
    may; a friend on another address with the right code still comes in."""
    doors = PrivateDoors(OneTable("12345678"), LocalLimits(), Settings())
    refused = 0
    for bot in range(30):
        for _ in range(40):
            try:
                asyncio.run(doors.by_code(100 + bot, f"10.0.0.{bot // 2}", "87654321"))
            except HallError as e:
                refused += e.code == Code.RATE_LIMITED
    assert refused > 0 and doors.misses <= 15 * 20  # each address: twice 10 a minute
    assert asyncio.run(doors.by_code(7, "192.0.2.7", "1234 5678")) == 1


def test_room_codes_an_hour_are_limited_too() -> None:
    """A guesser who waits out each minute still meets the hour's allowance: 20 an hour
    (after a first burst of 20), not the 600 the minute's limit alone would let by."""
    now = [0.0]
    limits = LocalLimits(clock=lambda: now[0])
    settings = Settings(room_code_tries=10, room_code_tries_hour=20)
    doors = PrivateDoors(NoTables(), limits, settings, clock=lambda: now[0])
    allowed = 0
    for minute in range(180):
        now[0] = minute * 60.0
        for _ in range(10):
            try:
                asyncio.run(doors.by_code(7, "10.0.0.1", "12345678"))
            except HallError as e:
                assert e.code in (Code.RATE_LIMITED, Code.NO_SUCH_CODE)
                allowed += e.code == Code.NO_SUCH_CODE
    assert 20 + 3 * 20 - 1 <= allowed <= 20 + 3 * 20  # the burst, then 20 an hour


class NoTables:
    """A store with no private table (the doors read nothing else)."""

    async def private_table(self, room_code: str | None = None,
                            invite_token: str | None = None) -> int | None:
        return None


class OneTable(NoTables):
    """A store with one private table, number 1."""

    def __init__(self, code: str) -> None:
        self.code = code

    async def private_table(self, room_code: str | None = None,
                            invite_token: str | None = None) -> int | None:
        return 1 if room_code == self.code else None


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


@pytest.mark.parametrize("bad", [{"code": 12345678}, {"code": "1" * 17}, {"code": "1234567"},
                                 {}])
def test_a_malformed_code_message_is_refused(client: TestClient, account: Account,
                                             bad: dict[str, Any]) -> None:
    with ExitStack() as stack:
        p = connect(stack, client, account(client, "typo"))
        assert p.error("join_code", **bad)["code"] == "malformed"


def test_an_invite_link_says_who_invites_to_which_table_before_login(
        make_client: Callable[..., TestClient], account: Account) -> None:
    """Issue 31: the login page says who invited you to which table — the link's holder
    is the one invited; a wrong or malformed link says nothing, and costs the address
    its room-code allowance like a code tried."""
    client = make_client(room_code_tries=3)
    with ExitStack() as stack:
        owner = connect(stack, client, account(client, "owner"))
        view = private_table(owner)
        anonymous = TestClient(client.app)  # no session cookie
        said = anonymous.get(f"/api/invites/{view['invite']}")
        assert said.status_code == 200
        assert said.json() == {"table": view["name"], "name_default": True, "owner": "owner",
                               "free_seats": 3, "across_free": True}
        assert anonymous.get("/api/invites/not-a-link").json()["error"]["code"] == "malformed"
        for _ in range(2):  # misses count against the address (3 a minute here, 6 per address)
            r = anonymous.get(f"/api/invites/{'x' * 30}")
            assert r.status_code == 404 and r.json()["error"]["code"] == "no_such_code"
        codes = [anonymous.get(f"/api/invites/{'y' * 30}").json()["error"]["code"]
                 for _ in range(6)]
        assert codes[-1] == "rate_limited" and "room_code" not in str(codes)
