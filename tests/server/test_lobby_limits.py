"""What one account may cost through the lobby (issue 14, item 1): the whole lobby sent
at most so often, a page at a time over REST, and at most so many sockets per account."""

from __future__ import annotations

import json
from collections.abc import Callable
from contextlib import ExitStack
from typing import Any

import pytest
from fastapi.testclient import TestClient
from starlette.websockets import WebSocketDisconnect
from tests.server.wsclient import connect

Account = Callable[[TestClient, str], str]


def rest(client: TestClient, token: str, path: str) -> tuple[int, Any]:
    r = client.get(path, headers={"cookie": f"yuanzi_session={token}"})
    return r.status_code, r.json()


def test_the_whole_lobby_is_sent_so_often_per_account(
        make_client: Callable[..., TestClient], account: Account) -> None:
    client = make_client(lobby_reads=3, lobby_window_seconds=60)
    token = account(client, "alice")
    with ExitStack() as stack:
        p = connect(stack, client, token)
        p.call("lobby")
        p.call("lobby", changes=True)
        assert rest(client, token, "/api/tables")[0] == 200  # one budget for both ways
        assert p.error("lobby")["code"] == "rate_limited"
        status, body = rest(client, token, "/api/tables")
        assert status == 429 and body["error"]["code"] == "rate_limited"
        other = connect(stack, client, account(client, "bobby"))
        other.call("lobby")  # another account is not held up


def test_the_lobby_comes_a_page_at_a_time_with_filters(
        client: TestClient, account: Account) -> None:
    with ExitStack() as stack:
        owners = [connect(stack, client, account(client, f"owner{i}")) for i in range(3)]
        tables = [o.call("create_table")["table"] for i, o in enumerate(owners)]
        for seat in (1, 2, 3):  # the first table is full
            owners[0].call("add_bot", table=tables[0], seat=seat, bot="random")
        token = account(client, "reader")
        page = [t["id"] for t in rest(client, token, "/api/tables?limit=2")[1]]
        rest_of = [t["id"] for t in rest(client, token, "/api/tables?offset=2")[1]]
        assert page + rest_of == tables and len(page) == 2
        free = [t["id"] for t in rest(client, token, "/api/tables?free_seats=true")[1]]
        assert free == tables[1:]
        assert rest(client, token, "/api/tables?bet=10")[1] == []
        assert rest(client, token, "/api/tables?limit=201")[0] == 422


def test_a_socket_beyond_the_cap_closes_the_oldest(
        make_client: Callable[..., TestClient], account: Account) -> None:
    client = make_client(ws_max_per_account=2)
    token = account(client, "alice")
    with ExitStack() as stack:
        first = connect(stack, client, token)
        second = connect(stack, client, token)
        third = connect(stack, client, token)  # a reconnect is never refused
        with pytest.raises(WebSocketDisconnect) as closed:
            while True:
                first.recv()
        assert closed.value.code == 4409
        assert "another connection" in first.frames[-1]["message"]
        assert first.frames[-1]["code"] == "replaced"
        assert second.call("lobby") == {} and third.call("lobby") == {}


def test_the_whole_lobby_from_published_rows_is_the_lobby(client: TestClient,
                                                           account: Account) -> None:
    """The cached rows say what the views say (issue 14: they were rebuilt per request)."""
    from yuanzi.hall.events import LobbyFrame

    with ExitStack() as stack:
        owners = [connect(stack, client, account(client, f"owner{i}")) for i in range(3)]
        tables = [o.call("create_table")["table"] for i, o in enumerate(owners)]
        owners[1].call("add_bot", table=tables[1], seat=2, bot="random")
        owners[2].call("stand", table=tables[2])  # closed
        hall = client.app.state.services.hall  # type: ignore[attr-defined]
        fresh = json.loads(LobbyFrame(tables=hall.listing.fresh()).text())
        assert json.loads(hall.listing.text()) == fresh
        assert [t["id"] for t in fresh["tables"]] == tables[:2]
        assert [t.id for t in hall.listing.views()] == tables[:2]
        p = connect(stack, client, account(client, "reader"))
        p.call("lobby")
        assert next(f for f in p.frames if f["type"] == "lobby") == fresh


def test_a_filtered_subscription_hears_only_the_tables_it_shows(
        client: TestClient, account: Account) -> None:
    with ExitStack() as stack:
        owners = [connect(stack, client, account(client, f"owner{i}")) for i in range(3)]
        full = owners[0].call("create_table")["table"]
        for seat in (1, 2, 3):
            owners[0].call("add_bot", table=full, seat=seat, bot="random")
        free = owners[1].call("create_table")["table"]
        reader = connect(stack, client, account(client, "reader"))
        reader.call("lobby", free_seats=True, limit=2)
        first = reader.until("lobby")
        assert [t["id"] for t in first["tables"]] == [free] and first["total"] == 1
        new = owners[2].call("create_table")["table"]
        reader.until("lobby_changes", where=lambda f: new in [t["id"] for t in f["tables"]])
        for seat in (1, 2, 3):  # the free table fills: it leaves the reader's page
            owners[1].call("add_bot", table=free, seat=seat, bot="random")
            if seat == 1:  # heard changed while it has room (the board bundles a table's
                # quick changes into its last state: under load, only the full table)
                reader.until("lobby_changes",
                             where=lambda f: free in [t["id"] for t in f["tables"]])
        gone = reader.until("lobby_changes", where=lambda f: bool(f["gone"]))
        assert gone["gone"] == [free] and free not in [t["id"] for t in gone["tables"]]
        owners[0].call("remove_bot", table=full, seat=3)  # not on the page, which has room
        reader.until("lobby_changes", where=lambda f: full in [t["id"] for t in f["tables"]])
        heard = {t["id"] for f in reader.frames if f["type"] == "lobby_changes"
                 for t in f["tables"]}
        assert heard == {free, new, full}  # and never the full table while it was full
        assert all(t["seats"][3]["kind"] == "empty" for f in reader.frames
                   if f["type"] == "lobby_changes" for t in f["tables"])
        reader.call("lobby", subscribe=False, free_seats=True)  # stops, never refused
        assert reader.frames[-1]["type"] == "ok"
        bad = reader.error("lobby", min_level=-1)
        assert bad["code"] == "malformed"


def test_the_rest_page_filters_by_level_and_counts_what_matches(
        client: TestClient, account: Account) -> None:
    with ExitStack() as stack:
        owner = connect(stack, client, account(client, "owner"))
        owner.call("create_table")
        token = account(client, "reader")
        r = client.get("/api/tables", headers={"cookie": f"yuanzi_session={token}"})
        level = r.json()[0]["seats"][0]["level"]
        assert r.headers["x-total-count"] == "1"
        for query, found in ((f"min_level={level}", 1), (f"max_level={level}", 1),
                             (f"min_level={level + 1}", 0)):
            r = client.get(f"/api/tables?{query}",
                           headers={"cookie": f"yuanzi_session={token}"})
            assert len(r.json()) == found and r.headers["x-total-count"] == str(found)
