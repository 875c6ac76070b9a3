"""Session rooms through the WebSocket and REST (issue 26), on an in-process server: a
private table opened for a session of four games plays it to its end (the tally in every
``table`` frame), its summary for its player and not for a stranger; a club that fixes
its tables' session length and house rules, its tally by period, reset by a manager, and
its latest sessions; and clear refusals that change nothing."""

from __future__ import annotations

from collections.abc import Callable
from contextlib import ExitStack
from typing import Any

from fastapi.testclient import TestClient
from tests.server.economy_helpers import As
from tests.server.helpers import table_with_bots
from tests.server.wsclient import Peer, connect

Account = Callable[[TestClient, str], str]


def play_session_to_its_end(peer: Peer, table: int, games: int) -> dict[str, Any]:
    """The owner (alone with bots) plays every game in 托管; the ended session."""
    for _ in range(games):
        peer.call("auto_play", table=table, on=True)
        peer.call("ready", table=table)
        peer.until("game_over")
    frame = peer.until("table", lambda f: (f["table"]["session"] or {}).get("status")
                       == "ended")
    session: dict[str, Any] = frame["table"]["session"]
    return session


def test_a_private_session_of_four_games_and_its_summary(client: TestClient,
                                                         account: Account) -> None:
    ann, kim = As(client, account(client, "ann")), As(client, account(client, "kim"))
    with ExitStack() as stack:
        peer = connect(stack, client, ann.token)
        assert "sessions" in peer.call("hello", protocol=1)["features"]
        assert peer.error("create_table", session=4)["code"] == "not_private"
        assert peer.error("create_table", private=True, session=5)["code"] \
            == "malformed"
        table = table_with_bots(peer, private=True, session=4)
        first = peer.until("table", lambda f: f["table"]["session"] is not None)
        assert first["table"]["session"]["status"] == "running"
        assert first["table"]["session"]["games"] == 4
        assert peer.error("open_session", table=table, games=8)["code"] \
            == "session_running"
        session = play_session_to_its_end(peer, table, 4)
    assert session["played"] == 4 and session["reason"] == "games"
    assert sum(p["total"] for p in session["players"]) == 0
    summary = ann.get(f"/api/sessions/{session['id']}")
    assert summary == session  # the same view after the fact
    assert kim.error("GET", f"/api/sessions/{session['id']}") == "no_such_session"
    assert kim.error("GET", f"/api/sessions/{session['id'] + 99}") == "no_such_session"
    history = ann.get(f"/api/accounts/{ann.me['id']}/games")
    assert {g["game_id"] for g in history["games"]} >= {
        line["game_id"] for line in session["lines"]}  # each game: its history entry


def test_votes_and_refusals_over_the_wire(client: TestClient, account: Account) -> None:
    ann, bob = As(client, account(client, "ann")), As(client, account(client, "bob"))
    with ExitStack() as stack:
        a, b = connect(stack, client, ann.token), connect(stack, client, bob.token)
        table = table_with_bots(a, bots=(2, 3), private=True)
        code = a.until("table")["table"]["room_code"]
        assert b.error("end_session", table=table)["code"] == "no_such_table"
        b.call("join_code", code=code)
        assert b.error("end_session", table=table)["code"] == "no_session"
        assert b.error("open_session", table=table, games=4)["code"] == "not_owner"
        assert a.error("open_session", table=table, games=6)["code"] == "malformed"
        assert a.error("open_session", table=table, games="8")["code"] \
            == "malformed"
        assert a.call("open_session", table=table, games=0)["status"] == "running"
        assert b.call("end_session", table=table)["status"] == "running"
        voted = b.until("table", lambda f: (f["table"]["session"] or {}).get("votes"))
        assert voted["table"]["session"]["votes"] == [1]
        done = a.call("end_session", table=table)  # the owner, between games
        assert done["status"] == "ended"


def test_a_club_fixes_its_tables_and_keeps_a_tally(client: TestClient,
                                                   account: Account) -> None:
    boss, mate, kid = (As(client, account(client, n)) for n in ("boss", "mate", "kid"))
    club = boss.post("/api/clubs", {"name": "老友"})
    cid = club["id"]
    boss.client.patch(f"/api/clubs/{cid}", json={"open_join": True}, headers=boss.headers)
    mate.post("/api/clubs/join", {"code": club["join_code"]})
    bad = mate.client.patch(f"/api/clubs/{cid}", json={"house": {"session_games": 4}},
                            headers=mate.headers)
    assert bad.status_code == 403 and bad.json()["error"]["code"] == "not_club_manager"
    bad = boss.client.patch(f"/api/clubs/{cid}", json={"house": {"session_games": 3}},
                            headers=boss.headers)
    assert bad.status_code == 422 and bad.json()["error"]["code"] == "malformed"
    fixed = boss.client.patch(f"/api/clubs/{cid}", json={"house": {
        "session_games": 4, "rules": {"turn_seconds": 25}}}, headers=boss.headers).json()
    assert fixed["session_games"] == 4 and fixed["house_rules"]["turn_seconds"] == 25
    with ExitStack() as stack:
        peer = connect(stack, client, mate.token)
        table = table_with_bots(peer, club=cid, rules={"turn_seconds": 60})
        view = peer.until("table", lambda f: f["table"]["session"] is not None)["table"]
        assert view["session"]["games"] == 4 and view["session"]["club"] == cid
        assert view["rules"]["turn_seconds"] == 25  # the club's house rules
        session = play_session_to_its_end(peer, table, 4)
    tally = kid.error("GET", f"/api/clubs/{cid}/tally")
    assert tally == "not_a_member"
    week = boss.get(f"/api/clubs/{cid}/tally?period=week")
    assert week["period"] == "week" and week["since"] is not None
    rows = {r["nickname"]: r for r in week["rows"]}
    mine = next(p for p in session["players"] if p["account_id"] == mate.me["id"])
    assert rows["mate"]["games"] == 4 and rows["mate"]["total"] == mine["total"]
    assert rows["mate"]["wins"] == mine["wins"]
    assert boss.get(f"/api/clubs/{cid}/tally?period=all")["rows"] == week["rows"]
    assert boss.error("GET", f"/api/clubs/{cid}/tally?period=year") == "malformed"
    listed = mate.get(f"/api/clubs/{cid}/sessions")["sessions"]
    assert [s["id"] for s in listed] == [session["id"]]
    assert [(p["key"], p["total"], p["wins"]) for p in listed[0]["players"]] == [
        (p["key"], p["total"], p["wins"]) for p in session["players"]]
    assert listed[0]["lines"] == session["lines"]
    assert boss.get(f"/api/sessions/{session['id']}")["id"] == session["id"]  # a member
    assert kid.error("GET", f"/api/sessions/{session['id']}") == "no_such_session"
    mate_reset = mate.client.patch(f"/api/clubs/{cid}", json={"reset_tally": True},
                                   headers=mate.headers)
    assert mate_reset.status_code == 403
    reset = boss.client.patch(f"/api/clubs/{cid}", json={"reset_tally": True},
                              headers=boss.headers).json()
    assert reset["tally_since"] is not None
    assert boss.get(f"/api/clubs/{cid}/tally?period=all")["rows"] == []
    assert len(mate.get(f"/api/clubs/{cid}/sessions")["sessions"]) == 1  # kept
