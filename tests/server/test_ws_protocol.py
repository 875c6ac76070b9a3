"""Every WebSocket message type, in-process: the happy path and the refusals."""

from __future__ import annotations

import json
import time
from collections.abc import Callable
from contextlib import ExitStack
from typing import Any

import pytest
from fastapi.testclient import TestClient
from starlette.websockets import WebSocketDisconnect
from tests.server.economy_helpers import As, give
from tests.server.helpers import current_hand, my_turn, table_with_bots
from tests.server.wsclient import Peer, connect

Account = Callable[[TestClient, str], str]


def test_unauthenticated_connection_is_refused(client: TestClient) -> None:
    with client.websocket_connect("/ws") as ws:
        frame = ws.receive_json()
        assert frame["type"] == "error" and frame["code"] == "not_logged_in"
        with pytest.raises(WebSocketDisconnect) as e:
            ws.receive_json()
        assert e.value.code == 4401


def test_cross_site_origin_is_refused(client: TestClient, account: Account) -> None:
    token = account(client, "alice")
    with client.websocket_connect("/ws", headers={"cookie": f"yuanzi_session={token}",
                                                  "origin": "http://evil.example"}) as ws:
        assert ws.receive_json()["code"] == "forbidden"


def test_an_origin_of_another_scheme_is_refused(client: TestClient, account: Account) -> None:
    """Issue 14, item 14: host and port alone are not the origin."""
    token = account(client, "alice")
    host = "testserver"
    for origin, ok in ((f"https://{host}", False), (f"http://{host}", True),
                       (f"http://{host}:8443", False)):
        with client.websocket_connect("/ws", headers={"cookie": f"yuanzi_session={token}",
                                                      "origin": origin}) as ws:
            first = ws.receive_json()
            assert (first["type"] == "welcome") is ok, (origin, first)


def test_logging_out_closes_that_logins_sockets_and_no_other(client: TestClient,
                                                             account: Account) -> None:
    """Issue 14, item 7: a socket opened before logout acted after it."""
    account(client, "alice")
    tokens = []
    for _ in range(2):  # two logins: a laptop and a phone
        r = client.post("/api/login", json={"nickname": "alice", "password": "tea-house-27"})
        assert r.status_code == 200
        tokens.append(client.cookies.get("yuanzi_session"))
        client.cookies.clear()
    with ExitStack() as stack:
        laptop, phone = (connect(stack, client, t) for t in tokens)
        laptop.call("lobby")
        r = client.post("/api/logout", headers={"cookie": f"yuanzi_session={tokens[0]}"})
        assert r.status_code == 204
        ended = laptop.until("session_ended")
        assert ended["reason"] == "logged_out"
        with pytest.raises(WebSocketDisconnect) as closed:
            laptop.send("create_table")
            while True:
                laptop.recv()
        assert closed.value.code == 4401
        assert phone.call("create_table")["table"] == 1  # the other login plays on
        assert not [f for f in laptop.frames if f["type"] == "ok" and f.get("seq") == 2]


def test_hello_ping_and_welcome(client: TestClient, account: Account) -> None:
    with ExitStack() as stack:
        p = connect(stack, client, account(client, "alice"))
        assert p.welcome["account"]["nickname"] == "alice"
        assert p.welcome["table"] is None and p.welcome["protocol"] == 1
        assert "random" in p.call("hello", protocol=1)["bots"]
        assert p.error("hello", protocol=99)["code"] == "protocol_version"
        seq = p.send("ping")
        assert p.recv() == {"type": "pong", "seq": seq}


def test_bad_messages_name_the_problem_and_change_nothing(
    make_client: Callable[..., TestClient], account: Account
) -> None:
    client = make_client(ws_max_violations=50)
    with ExitStack() as stack:
        p = connect(stack, client, account(client, "alice"))
        p.ws.send_text("{not json")
        f = p.recv()
        assert f["code"] == "malformed" and "JSON" in f["message"]
        p.ws.send_text(json.dumps({"type": "dance", "seq": 5}))
        f = p.recv()
        assert f == {"type": "error", "seq": 5, "code": "unknown_type",
                     "message": "unknown message type 'dance'"}
        p.ws.send_text(json.dumps({"type": "sit", "seq": 6, "table": 1}))
        f = p.recv()
        assert f["code"] == "malformed" and f["seq"] == 6 and "seat" in f["message"]
        p.ws.send_text(json.dumps({"type": "sit", "seq": 7, "table": 1, "seat": 9}))
        assert p.recv()["code"] == "malformed"
        p.ws.send_text(json.dumps({"type": "ping", "seq": 8, "extra": 1}))
        assert p.recv()["code"] == "malformed"
        p.ws.send_text(json.dumps({"type": "ping", "seq": 9, "pad": "x" * 5000}))
        assert p.recv()["code"] == "malformed"
        p.ws.send_bytes(json.dumps({"type": "ping", "seq": 10}).encode())
        f = p.recv()
        assert f["code"] == "malformed" and "binary" in f["message"]
        p.seq = 10
        assert p.call("lobby") == {}
        assert [f["type"] for f in p.frames].count("ok") == 1  # nothing else was accepted


def test_repeated_seq_is_refused(client: TestClient, account: Account) -> None:
    with ExitStack() as stack:
        p = connect(stack, client, account(client, "alice"))
        p.seq = 2
        assert p.call("create_table")["table"] == 1
        p.seq = 2
        r = p.reply(p.send("create_table"))
        assert r["code"] == "duplicate_seq"
        p.seq = 3
        p.call("lobby")
        tables = next(f for f in p.frames if f["type"] == "lobby")["tables"]
        assert len(tables) == 1  # the repeat created nothing


def test_lobby_create_sit_stand_and_live_updates(client: TestClient, account: Account) -> None:
    with ExitStack() as stack:
        alice = account(client, "alice")
        give(client, As(client, alice).me["id"], "sign")  # R41: a name and a cloth of
        give(client, As(client, alice).me["id"], "tablecloth")  # one's own spend items
        a = connect(stack, client, alice)
        b = connect(stack, client, account(client, "bobby"))
        b.call("lobby")
        assert next(f for f in b.frames if f["type"] == "lobby")["tables"] == []
        table = a.call("create_table", name="晚上好", tablecloth="red", bet=20,
                       rules={"jiefeng": "partner", "turn_seconds": 20})["table"]
        view = b.until("table")["table"]
        assert view["name"] == "晚上好" and view["owner"] == "alice" and view["bet"] == 20
        assert view["rules"] == {"jiefeng": "partner", "turn_seconds": 20}
        assert view["seats"][0]["nickname"] == "alice" and view["seats"][0]["title"] == "弹壳"
        assert [s["kind"] for s in view["seats"]] == ["player", "empty", "empty", "empty"]
        assert b.error("sit", table=table, seat=0)["code"] == "seat_taken"
        assert b.error("sit", table=999, seat=1)["code"] == "no_such_table"
        assert b.call("sit", table=table, seat=2) == {"table": table, "seat": 2}
        assert b.until("table", lambda f: f["table"]["seats"][2]["nickname"] == "bobby")
        assert b.error("sit", table=table, seat=3)["code"] == "already_seated"
        assert b.error("create_table")["code"] == "already_seated"
        assert b.call("ready", table=table)["ready"] is True
        assert b.until("table", lambda f: f["table"]["seats"][2]["ready"])
        b.call("stand", table=table)
        assert b.error("ready", table=table)["code"] == "not_seated"
        assert b.error("stand", table=table)["code"] == "not_seated"
        a.call("stand", table=table)  # the last player leaves: the table closes
        assert b.until("table_closed") == {"type": "table_closed", "table": table}


def test_lobby_changes_gather_the_rows_into_one_frame(client: TestClient,
                                                     account: Account) -> None:
    with ExitStack() as stack:
        a = connect(stack, client, account(client, "alice"))
        b = connect(stack, client, account(client, "bobby"))
        b.call("lobby", subscribe=True, changes=True)
        table = a.call("create_table")["table"]
        got = b.until("lobby_changes", lambda f: any(t["id"] == table for t in f["tables"]))
        row = next(t for t in got["tables"] if t["id"] == table)
        assert row["name"] == "alice的桌" and row["name_default"] and got["closed"] == []
        a.call("stand", table=table)  # the last player leaves: the table closes
        assert b.until("lobby_changes", lambda f: table in f["closed"])
        assert not [f for f in b.frames if f["type"] in ("table", "table_closed")]
        b.call("lobby", subscribe=False)
        b.frames.clear()
        a.call("create_table")
        time.sleep(0.4)  # longer than the lobby's interval
        b.call("lobby", subscribe=False)  # reads every frame that came meanwhile
        assert not [f for f in b.frames if f["type"] == "lobby_changes"]


def test_table_options_are_checked(client: TestClient, account: Account) -> None:
    with ExitStack() as stack:
        a = connect(stack, client, account(client, "alice"))
        assert a.error("create_table", rules={"jiefeng": "up"})["code"] == "bad_options"
        assert a.error("create_table", rules={"colour": 1})["code"] == "bad_options"
        assert a.error("create_table", bet=30)["code"] == "bad_options"
        assert a.error("create_table", tablecloth="Red Velvet")["code"] == "bad_options"


def test_bots_are_the_owners_to_add_and_remove(client: TestClient, account: Account) -> None:
    with ExitStack() as stack:
        a = connect(stack, client, account(client, "alice"))
        b = connect(stack, client, account(client, "bobby"))
        table = a.call("create_table")["table"]
        b.call("sit", table=table, seat=1)
        assert b.error("add_bot", table=table, seat=2)["code"] == "not_owner"
        assert a.error("add_bot", table=table, seat=1)["code"] == "seat_taken"
        assert a.error("add_bot", table=table, seat=2, bot="nobot")["code"] == "unknown_bot"
        assert a.call("add_bot", table=table, seat=2, bot="random")["bot"] == "random"
        seat = a.until("table", lambda f: f["table"]["seats"][2]["kind"] == "bot")
        assert seat["table"]["seats"][2]["ready"] is True
        assert b.error("remove_bot", table=table, seat=2)["code"] == "not_owner"
        a.call("remove_bot", table=table, seat=2)
        assert a.until("table", lambda f: f["table"]["seats"][2]["kind"] == "empty")
        assert a.error("remove_bot", table=table, seat=2)["code"] == "malformed"


def test_an_owner_who_stands_up_hands_the_table_on(client: TestClient,
                                                   account: Account) -> None:
    """Issue 14, item 6: a creator who stood up kept the bet and the bots."""
    with ExitStack() as stack:
        a = connect(stack, client, account(client, "alice"))
        b = connect(stack, client, account(client, "bobby"))
        bobby = b.welcome["account"]["id"]
        table = a.call("create_table")["table"]
        b.call("sit", table=table, seat=2)
        a.call("add_bot", table=table, seat=1, bot="random")
        a.call("stand", table=table)
        b.until("table", lambda f: f["table"]["owner_id"] == bobby)
        assert a.error("add_bot", table=table, seat=3)["code"] == "not_owner"
        assert a.error("remove_bot", table=table, seat=1)["code"] == "not_owner"
        r = client.post(f"/api/tables/{table}/bet", json={"bet": 10},
                        headers={"cookie": f"yuanzi_session={a_token(client, a)}"})
        assert r.status_code == 403 and r.json()["error"]["code"] == "not_owner"
        b.call("remove_bot", table=table, seat=1)  # the new owner may
        lobby = client.get("/api/tables", headers={
            "cookie": f"yuanzi_session={a_token(client, b)}"}).json()
        assert next(t for t in lobby if t["id"] == table)["owner"] == "bobby"


def test_quick_match_seats_players_together_then_opens_a_table(
    client: TestClient, account: Account
) -> None:
    with ExitStack() as stack:
        peers = [connect(stack, client, account(client, f"p{i}x")) for i in range(5)]
        first = peers[0].call("quick_match")
        assert first["seat"] == 0
        seats = [p.call("quick_match") for p in peers[1:4]]
        assert {s["table"] for s in seats} == {first["table"]}
        assert sorted(s["seat"] for s in seats) == [1, 2, 3]
        fifth = peers[4].call("quick_match")
        assert fifth["table"] != first["table"] and fifth["seat"] == 0
        assert peers[4].error("quick_match")["code"] == "already_seated"


def start_game(p: Peer, table: int) -> dict[str, Any]:
    p.call("ready", table=table)
    return p.until("game")


def test_a_game_starts_when_four_seats_are_ready(client: TestClient, account: Account) -> None:
    with ExitStack() as stack:
        a = connect(stack, client, account(client, "alice"))
        w = connect(stack, client, account(client, "watcher"))
        table = table_with_bots(a)
        w.call("spectate", table=table)
        game = start_game(a, table)
        assert game["seat"] == 0 and game["version"] == 0
        assert len(game["view"]["hand"].split()) == game["view"]["cards_left"][0]
        assert game["deadline"] > time.time()
        public = w.until("game")
        assert public["seat"] is None and public["view"]["hand"] is None
        assert a.error("sit", table=table, seat=1)["code"] in ("game_in_progress",
                                                                "already_seated")
        assert a.error("ready", table=table)["code"] == "game_in_progress"
        assert a.error("add_bot", table=table, seat=1)["code"] == "game_in_progress"
        a.call("spectate", table=table)  # at your own table: still your seat's view
        assert a.until("game")["seat"] == 0
        w.call("unwatch", table=table)


def test_play_checks_version_turn_and_rules(
    make_client: Callable[..., TestClient], account: Account
) -> None:
    client = make_client(bot_think_seconds=1.5)
    with ExitStack() as stack:
        a = connect(stack, client, account(client, "alice"))
        table = table_with_bots(a)
        game = start_game(a, table)
        frame = game if game["view"]["to_move"] == 0 else my_turn(a, 0)
        version = frame["version"]
        stale = a.error("play", table=table, version=version + 5, cards="pass")
        assert stale["code"] == "stale_version"
        bad = a.error("play", table=table, version=version, cards="ZZ")
        assert bad["code"] == "illegal_move" and "ZZ" in bad["message"]
        leading = (frame["view"]["top"] if frame["type"] == "game" else frame["top"]) is None
        hand = current_hand(a, 0)
        if leading:
            r = a.error("play", table=table, version=version, cards="pass")
            assert r["code"] == "illegal_move" and "R24" in r["message"]
            foreign = next(f"{r}{s}" for r in ("3", "4", "5", "6", "7", "8", "9", "10", "J",
                                               "Q", "K", "A", "2") for s in "SHCD"
                           if f"{r}{s}" not in hand)  # a card of no copy in the hand
            r = a.error("play", table=table, version=version, cards=foreign)
            assert r["code"] == "illegal_move" and "hand" in r["message"]
        move = hand[-1] if leading else "pass"
        done = a.call("play", table=table, version=version, cards=move)
        assert done["version"] == version + 1
        played = a.until("played", version=version + 1)
        assert played["seat"] == 0 and played["reason"] == "player" and played["cards"] == move
        again = a.error("play", table=table, version=version, cards=move)
        assert again["code"] == "stale_version"  # a repeated action changes nothing
        if played["to_move"] not in (0, None):  # a bot thinks 1.5 s: not our turn
            r = a.error("play", table=table, version=version + 1, cards="pass")
            assert r["code"] == "not_your_turn"
            # bad card text is refused as such only after the table's own checks
            r = a.error("play", table=table, version=version + 1, cards="ZZ")
            assert r["code"] == "not_your_turn"
        r = a.error("play", table=table, version=version, cards="ZZ")
        assert r["code"] == "stale_version"


def test_auto_play_finishes_a_game_and_the_record_is_stored(
    client: TestClient, account: Account
) -> None:
    with ExitStack() as stack:
        a = connect(stack, client, account(client, "alice"))
        table = table_with_bots(a)
        a.call("auto_play", table=table, on=True)
        assert a.until("table", lambda f: f["table"]["seats"][0]["auto"])
        a.call("auto_play", table=table, on=False)  # taken back
        assert a.until("table", lambda f: not f["table"]["seats"][0]["auto"])
        a.call("auto_play", table=table, on=True)
        start_game(a, table)
        over = a.until("game_over")
        assert over["status"] == "finished" and over["result"]["winner"] in ("NS", "EW")
        reasons = {f["reason"] for f in a.frames if f["type"] == "played"}
        assert reasons <= {"auto", "bot"} and "auto" in reasons
        table_after = a.until("table", lambda f: f["table"]["status"] == "open")["table"]
        assert table_after["status"] == "open" and table_after["seats"][0]["ready"] is False
        client.cookies.set("yuanzi_session", a_token(client, a))
        record = client.get(f"/api/games/{over['game_id']}/record").json()
        assert record == over["record"] and len(record["halves"][0]["hands"]) == 4


def a_token(client: TestClient, p: Peer) -> str:
    token = p.ws.scope["headers"]
    for k, v in token:
        if k == b"cookie":
            return v.decode().split("=", 1)[1]
    raise AssertionError("no cookie")


def test_stand_during_a_game_is_an_escape(client: TestClient, account: Account) -> None:
    with ExitStack() as stack:
        a = connect(stack, client, account(client, "alice"))
        table = table_with_bots(a)
        game = start_game(a, table)
        r = a.error("stand", table=table)
        assert r["code"] == "would_escape" and "R35" in r["message"]
        a.call("stand", table=table, escape=True)
        over = a.until("game_over")
        assert over["status"] == "abandoned" and over["escaper"] == 0
        # issue 54: its record ends with the escape, where it happened, and is signed
        assert over["record"]["halves"][-1]["actions"][-1] == [0, "escape"]
        assert "signature" in over["record"]
        stored = client.app.state.services.db.store  # type: ignore[attr-defined]
        import asyncio

        g = asyncio.run(stored.game(game["game_id"]))
        assert g.status == "abandoned"
        assert [s["outcome"] for s in g.seats] == ["escape", "abandoned", "abandoned",
                                                    "abandoned"]
        assert g.seats[0]["base_stake"] == -2


def test_turn_clock_plays_for_a_silent_player(
    make_client: Callable[..., TestClient], account: Account
) -> None:
    client = make_client(turn_seconds=0.3, bot_think_seconds=0.0)
    with ExitStack() as stack:
        a = connect(stack, client, account(client, "alice"))
        table = table_with_bots(a)
        start_game(a, table)
        timed_out = a.until("played", seat=0)
        assert timed_out["reason"] == "timeout"
        assert timed_out["cards"] == "pass" or len(timed_out["cards"].split()) == 1
        db = client.app.state.services.db  # type: ignore[attr-defined]
        from sqlalchemy import select

        from yuanzi.store.models.games import GameAction

        with db.sessions() as s:  # the hall's reason is stored with the action
            stored = s.scalar(select(GameAction).where(
                GameAction.idx == timed_out["version"] - 1))
        assert stored is not None and stored.reason == "timeout" and stored.seat == 0


def test_reconnection_gets_the_full_view_and_disconnection_means_auto_play(
    make_client: Callable[..., TestClient], account: Account
) -> None:
    client = make_client(bot_think_seconds=0.02, disconnect_grace_seconds=0.1)
    token = account(client, "alice")
    with ExitStack() as stack:
        a = connect(stack, client, token)
        table = table_with_bots(a)
        start_game(a, table)
    time.sleep(0.8)  # away: the hall's bot plays seat 0 (R34)
    with ExitStack() as stack:
        a = connect(stack, client, token)
        assert a.welcome["table"] == table
        first = a.recv()
        while first["type"] == "played":  # heard while the table let him in (hearing.py:
            first = a.recv()  # held frames go on before the view; a client drops old ones)
        assert first["type"] == "table"
        game = a.recv()
        if game["type"] == "game_over":
            pytest.skip("the game ended while away")
        assert game["type"] == "game" and game["seat"] == 0 and game["version"] > 0
        assert game["view"]["hand"] is not None
        auto = [a_ for a_ in game["view"]["history"] if a_[0] == 0]
        assert auto, "seat 0 was played while its player was away"


def test_flooding_is_limited_then_disconnected(
    make_client: Callable[..., TestClient], account: Account
) -> None:
    client = make_client(ws_messages_per_second=1, ws_burst=3, ws_max_violations=2)
    with ExitStack() as stack:
        a = connect(stack, client, account(client, "alice"))
        for i in range(10):
            a.ws.send_json({"type": "ping", "seq": i + 1})
        codes = []
        with pytest.raises(WebSocketDisconnect) as e:
            while True:
                codes.append(a.recv().get("code"))
        assert codes.count("rate_limited") >= 2
        assert e.value.code == 1008
        last = a.frames[-1]  # the errors it caused were kept, and the reason said
        assert last["code"] == "rate_limited" and "closed after" in last["message"]


def test_a_broken_bot_does_not_stop_the_table(client: TestClient, account: Account) -> None:
    from yuanzi.bots import Bot, register

    class Broken(Bot):
        def choose(self, obs: Any, legal: Any) -> Any:
            raise RuntimeError("bot bug")

    register("broken-test-bot", Broken)
    with ExitStack() as stack:
        a = connect(stack, client, account(client, "alice"))
        table = a.call("create_table")["table"]
        for seat in (1, 2, 3):
            a.call("add_bot", table=table, seat=seat, bot="broken-test-bot")
        a.call("auto_play", table=table, on=True)
        start_game(a, table)
        for _ in range(8):  # the broken seats still act (as on a timeout, R33)
            a.until("played", lambda f: f["seat"] != 0)


def test_a_search_bot_plays_from_its_worker_and_budgets_are_refused(
        client: TestClient, account: Account) -> None:
    with ExitStack() as stack:
        a = connect(stack, client, account(client, "alice"))
        table = a.call("create_table")["table"]
        err = a.error("add_bot", table=table, seat=1, bot="search@100000")
        assert err["code"] == "unknown_bot" and "budget" in err["message"]
        a.call("add_bot", table=table, seat=1, bot="search")
        for seat in (2, 3):
            a.call("add_bot", table=table, seat=seat, bot="heuristic")
        a.call("auto_play", table=table, on=True)
        start_game(a, table)
        for _ in range(3):  # the search seat's decisions arrive, made by the worker
            a.until("played", lambda f: f["seat"] == 1 and f["reason"] == "bot")
