"""Tournaments' REST routes (issue 28) on an in-process server: a sit-and-go made, signed
up to, filled with bots by its creator, played to its end while its player watches his
tables over the WebSocket; refusals in words."""

from __future__ import annotations

import time
from collections.abc import Callable
from contextlib import ExitStack
from typing import Any

from fastapi.testclient import TestClient
from tests.server.economy_helpers import As
from tests.server.wsclient import connect

Account = Callable[[TestClient, str], str]


def test_a_sit_and_go_over_rest_and_the_socket(make_client: Callable[..., TestClient],
                                               account: Account) -> None:
    client = make_client(disconnect_grace_seconds=0.0, tournament_pause_seconds=0.0)
    ann, kim = As(client, account(client, "ann")), As(client, account(client, "kim"))
    assert ann.error("POST", "/api/tournaments", {"name": "Cup", "size": 6}) == "malformed"
    t = ann.post("/api/tournaments", {"name": "周末赛", "size": 8, "rounds": 2})
    assert t["status"] == "signup" and t["entries"] == []
    assert ann.post(f"/api/tournaments/{t['id']}/enter")["entries"][0]["name"] == "ann"
    assert ann.error("POST", f"/api/tournaments/{t['id']}/enter") == "already_entered"
    assert kim.error("POST", f"/api/tournaments/{t['id']}/bots") == "forbidden"
    assert kim.error("GET", f"/api/tournaments/{t['id'] + 50}") == "no_such_tournament"
    with ExitStack() as stack:
        peer = connect(stack, client, ann.token)
        started = ann.post(f"/api/tournaments/{t['id']}/bots")
        assert started["status"] == "running" and len(started["entries"]) == 8
        sent = peer.until("tournament")
        assert sent["round"] == 0 and sent["table"] in [x["table_id"] for x in started["tables"]]
        assert peer.error("stand", table=sent["table"])["code"] == "tournament_table"
        peer.call("auto_play", table=sent["table"], on=True)  # 托管 for this game
        over = peer.until("game_over")
        assert over["record"] is None  # the other table still plays these cards
    # gone: 托管 plays his other games (R34)
    end = time.monotonic() + 60
    view: dict[str, Any] = {}
    while time.monotonic() < end:
        view = kim.get(f"/api/tournaments/{t['id']}")
        if view["status"] == "finished":
            break
        time.sleep(0.1)
    assert view["status"] == "finished" and len(view["standings"]) == 8
    assert [s["rank"] for s in view["standings"]] == list(range(1, 9))
    assert any(x["id"] == t["id"] for x in kim.get("/api/tournaments")["tournaments"])
    # the round over, every table's games are open to anyone who sees the tournament
    game = view["tables"][0]["games"][0]["game_id"]
    record = kim.get(f"/api/games/{game}/record")
    assert len(record["halves"][0]["hands"]) == 4 and "fairness" in record["halves"][0]
    assert kim.error("POST", f"/api/tournaments/{t['id']}/enter") == "tournament_closed"
    # and ann's 战绩 keeps every game she played there open to replay (issue 45)
    mine = ann.get(f"/api/accounts/{ann.me['id']}/games")["games"]
    played = {g["game_id"] for table in view["tables"] for g in table["games"]}
    assert {g["game_id"] for g in mine} <= played and len(mine) >= 2
    assert all(g["record_open"] for g in mine)
    assert len(ann.get(f"/api/games/{mine[-1]['game_id']}/record")["halves"]) >= 1


def test_a_scheduled_tournament_and_check_in_over_rest(make_client: Callable[..., TestClient],
                                                       account: Account) -> None:
    client = make_client(tournament_check_in_seconds=600.0)
    ann, kim = As(client, account(client, "ann")), As(client, account(client, "kim"))
    soon = time.time() + 300
    assert ann.error("POST", "/api/tournaments", {"name": "Cup", "starts_at": time.time()}
                     ) == "malformed"  # not in the past
    t = ann.post("/api/tournaments", {"name": "晚场", "size": 8, "rounds": 1,
                                      "starts_at": soon})
    assert abs(t["starts_at"] - soon) < 1 and abs(t["check_in_opens_at"] - (soon - 600)) < 1
    assert kim.error("POST", f"/api/tournaments/{t['id']}/checkin") == "not_entered"
    entered = kim.post(f"/api/tournaments/{t['id']}/enter")  # its check-in is open:
    assert entered["entries"][0]["checked_in"] is True  # signed up is checked in (issue 45)
    assert ann.error("POST", f"/api/tournaments/{t['id']}/bots") == "tournament_closed"
    view = kim.post(f"/api/tournaments/{t['id']}/checkin")
    assert view["entries"][0]["checked_in"] is True and view["status"] == "signup"
    later = ann.post("/api/tournaments", {"name": "明晚", "starts_at": time.time() + 7200})
    assert ann.post(f"/api/tournaments/{later['id']}/enter")["entries"][0]["checked_in"] is False
    assert ann.error("POST", f"/api/tournaments/{later['id']}/checkin") == "check_in_closed"
    assert ann.error("POST", "/api/tournaments", {"name": "Club cup", "club": 77}
                     ) == "not_a_member"


def test_who_comes_online_after_the_check_in_opened_still_hears_of_it(
        make_client: Callable[..., TestClient], account: Account) -> None:
    """The reminder went to those online when the check-in opened; one who connects
    later hears it in his greeting, until he has checked in."""
    from datetime import UTC, datetime, timedelta

    from sqlalchemy import update

    from yuanzi.store.models.tournaments import TournamentRow

    client = make_client(tournament_check_in_seconds=600.0, tournament_tick_seconds=0.05)
    ann, kim = As(client, account(client, "ann")), As(client, account(client, "kim"))
    t = ann.post("/api/tournaments", {"name": "晚场", "starts_at": time.time() + 7200})
    other = ann.post("/api/tournaments", {"name": "明晚", "starts_at": time.time() + 7200})
    for who in (ann, kim):
        for cup in (t, other):
            who.post(f"/api/tournaments/{cup['id']}/enter")

    def greeting(token: str, stack: ExitStack) -> list[dict[str, Any]]:
        peer = connect(stack, client, token)
        peer.send("ping")
        peer.until("pong")  # the greeting is over
        return [f for f in peer.frames if f["type"] == "tournament"]

    with ExitStack() as stack:
        assert greeting(kim.token, stack) == []  # no check-in open yet
        early = connect(stack, client, ann.token)
        db = client.app.state.services.db  # type: ignore[attr-defined]
        with db.sessions() as s:  # the clock comes within 晚场's check-in
            s.execute(update(TournamentRow).where(TournamentRow.id == t["id"])
                      .values(starts_at=datetime.now(UTC) + timedelta(seconds=300)))
            s.commit()
        assert early.until("tournament")["status"] == "check_in"  # online: told at once
    with ExitStack() as stack:
        frame, = greeting(kim.token, stack)  # not 明晚: its check-in is not open
        assert (frame["tournament"], frame["status"], frame["name"]) == (
            t["id"], "check_in", "晚场")
        assert abs(frame["starts_at"] - (time.time() + 300)) < 30
    kim.post(f"/api/tournaments/{t['id']}/checkin")
    with ExitStack() as stack:
        assert greeting(kim.token, stack) == []  # checked in: nothing more to say


def test_a_tournaments_deals_are_its_committed_seeds_and_its_entrants_values(
        make_client: Callable[..., TestClient], account: Account) -> None:
    """Issue 43 (yuanzi-tourney/1): every round's seed commitments are on the page from
    the moment it is made, before anyone signs up. An entrant signs up with his value,
    or with its SHA-256 and reveals the value when the tournament starts (the browser
    does; the review of issue 43: a hall that saw the values while sign-ups were open
    could sign up an entrant of its own with a value picked for the deals it wanted).
    No value is shown while sign-ups are open; a value not revealed in time is left out;
    once the round is over every game's record verifies, each half dealt from its
    committed seed and the values that came. A malformed value is refused and signs
    nobody up; a wrong one is refused and changes nothing."""
    import hashlib
    import threading

    from yuanzi.engine.verify import verify

    client = make_client(disconnect_grace_seconds=0.0, tournament_pause_seconds=0.0,
                         tournament_reveal_seconds=3.0)
    ann, kim = As(client, account(client, "ann")), As(client, account(client, "kim"))
    lee = As(client, account(client, "lee"))
    t = ann.post("/api/tournaments", {"name": "承诺杯", "size": 8, "rounds": 2,
                                      "games_per_round": 2})
    tid = t["id"]
    assert t["scheme"] == "yuanzi-tourney/1"
    commits = t["commits"]
    assert [len(r) for r in commits] == [2, 2] and all(
        len(h) == 64 for r in commits for g in r for h in g)
    for bad in ({"contribution": "XYZ" * 8}, {"contribution": "ab"},
                {"contribution": "a|" * 10}, {"commitment": "ab" * 16},
                {"commitment": "AB" * 32}, {"contribution": "0a" * 8, "commitment": "0a" * 32}):
        assert ann.error("POST", f"/api/tournaments/{tid}/enter", bad) == "malformed"
    assert ann.get(f"/api/tournaments/{tid}")["entries"] == []
    mine, hers, his = "0a1b" * 8, "c3d4" * 6, "e5f6" * 4
    digest = {v: hashlib.sha256(v.encode()).hexdigest() for v in (hers, his)}
    ann.post(f"/api/tournaments/{tid}/enter", {"contribution": mine})
    kim.post(f"/api/tournaments/{tid}/enter", {"commitment": digest[hers]})
    view = lee.post(f"/api/tournaments/{tid}/enter", {"commitment": digest[his]})
    assert [(e["contribution"], e["commitment"]) for e in view["entries"]] == [
        (None, None), (None, digest[hers]), (None, digest[his])]  # nothing shown yet
    assert kim.error("POST", f"/api/tournaments/{tid}/reveal",
                     {"value": hers}) == "tournament_closed"  # (sign-ups are open)
    with ExitStack() as stack:
        peer = connect(stack, client, kim.token)
        filled = threading.Thread(target=ann.post, args=(f"/api/tournaments/{tid}/bots",))
        filled.start()  # (it starts, and waits for the values: kim's comes, lee's not)
        asked = peer.until("tournament_reveal")
        assert asked["tournament"] == tid and asked["commitment"] == digest[hers]
        assert kim.error("POST", f"/api/tournaments/{tid}/reveal",
                         {"value": "ff" * 8}) == "malformed"  # not the committed one
        assert kim.post(f"/api/tournaments/{tid}/reveal", {"value": hers}) == {"ok": True}
        assert kim.error("POST", f"/api/tournaments/{tid}/reveal",
                         {"value": hers}) == "already_entered"
        filled.join(30)
        assert not filled.is_alive()
        asked_at = time.monotonic()
    end = time.monotonic() + 20  # (lee's never comes: dealt when the wait is over)
    view = kim.get(f"/api/tournaments/{tid}")
    while view["round"] < 0 and time.monotonic() < end:
        time.sleep(1.0)  # (its page is read a few times a window at most)
        view = kim.get(f"/api/tournaments/{tid}")
    assert view["status"] in ("running", "finished") and view["round"] >= 0
    assert time.monotonic() - asked_at < 10
    assert [e["contribution"] for e in view["entries"][:3]] == [mine, hers, None]
    assert lee.error("POST", f"/api/tournaments/{tid}/reveal",
                     {"value": his}) == "tournament_closed"  # too late: dealt without it
    end = time.monotonic() + 90
    while time.monotonic() < end:
        view = kim.get(f"/api/tournaments/{tid}")
        if view["status"] == "finished":
            break
        time.sleep(0.1)
    assert view["status"] == "finished" and view["commits"] == commits
    games = [(table["round"], k, g["game_id"]) for table in view["tables"]
             for k, g in enumerate(table["games"])]
    assert len(games) == 2 * 2 * 2  # two rounds, two tables, two games each
    for round_, k, game in games:
        record = kim.get(f"/api/games/{game}/record")
        verdict = verify(record)
        assert verdict.fair, verdict
        for i, half in enumerate(record["halves"]):
            fields = half["fairness"]
            assert fields["scheme"] == "yuanzi-tourney/1"
            assert fields["commits"] == commits[round_][k] and fields["commit"] == \
                commits[round_][k][i]
            assert fields["contributions"] == [mine, hers]


def test_one_account_runs_two_tournaments_and_plays_in_one(
        make_client: Callable[..., TestClient], account: Account) -> None:
    """Issue 44: a third running tournament of one creator is refused (and changes
    nothing); a player in a running tournament is left out of a scheduled one that
    starts meanwhile (its bots take his place), as he would hold two seats at once."""
    from datetime import UTC, datetime, timedelta

    from sqlalchemy import update

    from yuanzi.store.models.tournaments import TournamentRow

    client = make_client(disconnect_grace_seconds=0.0, tournament_pause_seconds=60.0,
                         tournament_check_in_seconds=3600.0, tournament_tick_seconds=0.05)
    ann, kim = As(client, account(client, "ann")), As(client, account(client, "kim"))
    later = kim.post("/api/tournaments", {"name": "晚场", "starts_at": time.time() + 600})
    for who in (kim, ann):
        who.post(f"/api/tournaments/{later['id']}/enter")
        who.post(f"/api/tournaments/{later['id']}/checkin")
    made = [ann.post("/api/tournaments", {"name": f"杯{n}", "size": 8, "rounds": 1,
                                          "games_per_round": 4}) for n in range(3)]
    kim.post(f"/api/tournaments/{made[0]['id']}/enter")
    lee = As(client, account(client, "lee"))  # (issue 45: a person in each, or no bots fill it)
    lee.post(f"/api/tournaments/{made[1]['id']}/enter")
    running = [ann.post(f"/api/tournaments/{t['id']}/bots") for t in made[:2]]
    assert [t["status"] for t in running] == ["running", "running"]
    third = made[2]
    assert ann.error("POST", f"/api/tournaments/{third['id']}/bots") == "forbidden"
    assert ann.get(f"/api/tournaments/{third['id']}")["status"] == "signup"
    assert ann.error("POST", "/api/tournaments", {"name": "杯3"}) == "forbidden"
    db = client.app.state.services.db  # type: ignore[attr-defined]
    with db.sessions() as s:  # 晚场's time has come while kim plays 杯0
        s.execute(update(TournamentRow).where(TournamentRow.id == later["id"])
                  .values(starts_at=datetime.now(UTC) - timedelta(seconds=1)))
        s.commit()
    end = time.monotonic() + 10
    view: dict[str, Any] = {}
    while time.monotonic() < end:
        view = kim.get(f"/api/tournaments/{later['id']}")
        if view["status"] != "signup":
            break
        time.sleep(0.05)
    assert view["status"] == "cancelled"  # kim left out, ann alone: fewer than two came
    assert kim.get(f"/api/tournaments/{running[0]['id']}")["status"] == "running"


def test_a_club_tournaments_table_answers_a_stranger_as_no_table(
        make_client: Callable[..., TestClient], account: Account) -> None:
    """Issue 54: a stranger to a club's tournament who asks for one of its tables while
    its round is played gets, over the socket, the very frame a table id that does not
    exist gets (not ``round_in_play``: that would tell the table is there)."""
    client = make_client(disconnect_grace_seconds=600.0, turn_seconds=600.0,
                         tournament_pause_seconds=0.0)
    ann, bob = As(client, account(client, "ann")), As(client, account(client, "bob"))
    club = ann.post("/api/clubs", {"name": "周末俱乐部"})
    t = ann.post("/api/tournaments", {"name": "俱乐部杯", "size": 8, "rounds": 1,
                                      "club": club["id"]})
    ann.post(f"/api/tournaments/{t['id']}/enter")
    with ExitStack() as stack:
        peer = connect(stack, client, ann.token)
        assert ann.post(f"/api/tournaments/{t['id']}/bots")["status"] == "running"
        table = peer.until("tournament", status="running")["table"]
        peer.call("resync", table=table)  # (the table is there, and mid-round)
        stranger = connect(stack, client, bob.token)

        def said(table_id: int) -> dict[str, Any]:
            frame = stranger.error("spectate", table=table_id)
            return {k: str(v).replace(str(table_id), "N") for k, v in frame.items()
                    if k != "seq"}
        assert said(table) == said(table + 1000)
        assert said(table)["code"] == "no_such_table"
        assert peer.call("resync", table=table)["table"]["id"] == table  # (still in play)


def test_a_copied_commitment_is_refused_over_rest(make_client: Callable[..., TestClient],
                                                  account: Account) -> None:
    """Issue 54: signing up with another entrant's commitment is ``commitment_taken``
    (409), and nobody is signed up by it."""
    import hashlib

    client = make_client()
    ann, kim = As(client, account(client, "ann")), As(client, account(client, "kim"))
    t = ann.post("/api/tournaments", {"name": "承诺杯", "size": 8, "rounds": 1})
    hers = {"commitment": hashlib.sha256(b"c3d4c3d4c3d4c3d4").hexdigest()}
    kim.post(f"/api/tournaments/{t['id']}/enter", hers)
    assert ann.error("POST", f"/api/tournaments/{t['id']}/enter", hers) == "commitment_taken"
    view = ann.get(f"/api/tournaments/{t['id']}")
    assert [e["name"] for e in view["entries"]] == ["kim"]
