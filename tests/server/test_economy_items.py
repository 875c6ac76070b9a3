"""Items in play (R41): the timer firing on its owner's timeout, the card counter (checked
like R45 on every frame), signs with their protection, the tablecloth; and an admin's
kick and ban reaching a live table."""

from __future__ import annotations

import json
import time
from collections import Counter
from collections.abc import Callable
from contextlib import ExitStack
from typing import Any

import pytest
from fastapi.testclient import TestClient
from starlette.websockets import WebSocketDisconnect
from tests.e2e.hiding import SPECTATOR, allowed_by_version, check_frames
from tests.server.economy_helpers import As, audit, give, item_uses, make_admin
from tests.server.helpers import four_at_a_betting_table, my_turn
from tests.server.wsclient import connect

from yuanzi.engine import Game, Record, Rules
from yuanzi.engine.cards import TEXT

Account = Callable[[TestClient, str], str]


def test_an_armed_timer_fires_on_its_owners_timeout(
        make_client: Callable[..., TestClient], account: Account) -> None:
    client = make_client(turn_seconds=0.4)
    with ExitStack() as stack:
        peers, players, table = four_at_a_betting_table(stack, client, account, bet=0)
        owner = 2
        players[owner].post("/api/shop/buy", {"item": "timer", "count": 2})
        players[owner].post("/api/inventory/use", {"slot": 0})  # armed
        shown = peers[0].until("table", lambda f: f["table"]["seats"][owner]["armed"])
        assert shown["table"]["seats"][owner]["armed"] == ["timer"]  # at his seat, to all
        for i, p in enumerate(peers):
            if i != owner:
                p.call("auto_play", table=table, on=True)
        for p in peers:
            p.call("ready", table=table)
        fired = peers[0].until("timer")
        spent = peers[0].until("table")  # right after the timer frame: no longer armed
        assert spent["table"]["seats"][owner]["armed"] == []
        assert (fired["seat"], fired["seconds"], fired["fee"]) == (owner, 90, 270)  # R41
        # everyone hears who paid whom (issue 16: it fired silently)
        assert (fired["paid"], fired["each"], fired["unpaid_bots"]) == ([0, 1, 3], 90, [])
        assert fired["deadline"] == pytest.approx(time.time() + 90, abs=5)
        assert abs(fired["now"] - time.time() * 1000) < 5000
        # the owner's turn did not time out: no timeout action of his since
        assert not [f for f in peers[0].frames if f["type"] == "played"
                    and f["seat"] == owner and f["reason"] == "timeout"]
        coins = [p.me["coins"] for p in players]
        assert coins == [5090, 5090, 5000 - 1000 - 270, 5090]  # 270 → 3 × 90
        inv = players[owner].get("/api/inventory")
        assert inv["slots"][0]["count"] == 1 and inv["armed"] == []  # spent, disarmed
        entries = players[owner].get("/api/me/ledger")["entries"]
        assert entries[0]["reason"] == "timer" and entries[0]["amount"] == -270
        assert audit(client)["ok"]


def hands_by_version(record_json: dict[str, Any]) -> list[list[Counter[str]]]:
    """``out[v][s]``: the cards seat s holds after v actions (for the checks only)."""
    record = Record.from_json(record_json)
    game = Game(record.rules or Rules(), record.halves[0].deal)

    def now() -> list[Counter[str]]:
        return [Counter(TEXT[c] for c in game.half.hands[s].cards()) for s in range(4)]

    out = [now()]
    for i, half in enumerate(record.halves):
        if i == 1:
            game.start_second_half(half.deal)
            out[-1] = now()
        for _seat, cards in half.actions:
            game.apply(cards)
            out.append(now())
    return out


def test_the_card_counter_shows_its_owner_the_other_three_together_and_nothing_more(
        client: TestClient, account: Account) -> None:
    with ExitStack() as stack:
        owner_t, other_t, watch_t = (account(client, n) for n in ("owner", "other", "watch"))
        As(client, owner_t).post("/api/shop/buy", {"item": "card_counter"})
        owner = connect(stack, client, owner_t)
        other = connect(stack, client, other_t)
        watcher = connect(stack, client, watch_t)
        table = owner.call("create_table")["table"]
        other.call("sit", table=table, seat=2)
        for seat in (1, 3):
            owner.call("add_bot", table=table, seat=seat, bot="random")
        watcher.call("spectate", table=table)
        owner.call("auto_play", table=table, on=True)
        other.call("auto_play", table=table, on=True)
        other.call("ready", table=table)
        owner.call("ready", table=table)
        owner.until("game")
        assert owner.call("use_item", slot=0) == {"table": table, "used": "card_counter"}
        assert owner.error("use_item", slot=0)["code"] == "bad_slot"  # spent
        over = owner.until("game_over")
        other.until("game_over")
        watcher.until("game_over")
    hands = hands_by_version(over["record"])
    counters = [f for f in owner.frames if f["type"] == "counter"]
    assert len(counters) > 20  # one after every action from its use to the end
    for f in counters:
        held = hands[f["version"]]
        shown = Counter(f["cards"].split())
        together = held[1] + held[2] + held[3]
        assert shown == together and f["count"] == sum(together.values())
        assert set(f) == {"type", "table", "game_id", "version", "seat", "cards", "count",
                          "now"}  # no per-seat breakdown on the wire
        if sum(1 for s in (1, 2, 3) if held[s]) >= 2:
            assert all(shown != held[s] for s in (1, 2, 3))
    # nobody else ever gets a counter frame, and their frames still hide every hand (R45)
    assert not [f for p in (other, watcher) for f in p.frames if f["type"] == "counter"]
    allowed = allowed_by_version(over["record"])
    start = next(i for i, f in enumerate(other.frames) if f["type"] == "game")
    assert check_frames([json.dumps(f) for f in other.frames[start:]], 2, allowed) > 10
    start = next(i for i, f in enumerate(watcher.frames) if f["type"] == "game")
    assert check_frames([json.dumps(f) for f in watcher.frames[start:]], SPECTATOR,
                        allowed) > 10


def test_signs_rename_the_table_with_protection_and_a_tablecloth_changes_it_for_all(
        client: TestClient, account: Account) -> None:
    with ExitStack() as stack:
        ann_t, bob_t, boss_t = (account(client, n) for n in ("ann", "bob", "boss"))
        ann, bob, boss = As(client, ann_t), As(client, bob_t), As(client, boss_t)
        make_admin(client, boss.me["id"])
        ann.post("/api/shop/buy", {"item": "sign", "count": 2})
        ann.post("/api/shop/buy", {"item": "tablecloth"})
        give(client, bob.me["id"], "gold_sign")  # 10,000 coins in the shop
        a = connect(stack, client, ann_t)
        b = connect(stack, client, bob_t)
        table = a.call("create_table")["table"]
        assert b.error("rename_table", table=table, name="x")["code"] == "not_seated"
        b.call("sit", table=table, seat=2)
        done = a.call("rename_table", table=table, name="老张的桌")
        assert done["used"] == "sign" and done["protect_hours"] == 1
        view = b.until("table", lambda f: f["table"]["name"] == "老张的桌")["table"]
        assert view["name_protected_until"] == pytest.approx(time.time() + 3600, abs=60)
        refused = b.error("rename_table", table=table, name="mine")
        assert refused["code"] == "name_protected" and "admin" in refused["message"]
        assert bob.get("/api/inventory")["slots"][0]["item"] == "gold_sign"  # not spent
        assert boss.post(f"/api/admin/tables/{table}/rename", {"name": "cleaned"}) == {
            "table": table, "name": "cleaned"}
        assert b.until("table", lambda f: f["table"]["name"] == "cleaned")["table"][
            "name_protected_until"] is None
        done = bob.post("/api/inventory/use", {"slot": 0, "name": "金字招牌"})
        assert done["protect_hours"] == 24
        assert a.until("table", lambda f: f["table"]["name"] == "金字招牌")["table"][
            "name_protected_until"] == pytest.approx(time.time() + 86400, abs=60)
        assert a.error("rename_table", table=table, name="again")["code"] == "name_protected"
        assert ann.error("POST", "/api/inventory/use", {"slot": 1}) == "malformed"  # no pattern
        ann.post("/api/inventory/use", {"slot": 1, "pattern": "blue"})
        assert b.until("table", lambda f: f["table"]["tablecloth"] == "blue")
        inv = ann.get("/api/inventory")
        assert [s and (s["item"], s["count"]) for s in inv["slots"][:2]] == [("sign", 1), None]
        log = boss.get("/api/admin/audit")["entries"]
        assert [e["action"] for e in log] == ["rename_table"]
        assert log[0]["detail"] == {"from": "老张的桌", "to": "cleaned"}


def test_a_name_or_cloth_of_ones_own_at_creation_spends_a_sign_or_a_tablecloth(
        make_client: Callable[..., TestClient], account: Account) -> None:
    """R41 [choice]: a new table is «nickname的桌» on green; another name spends a sign
    (protecting it as a rename does), another cloth a tablecloth, in the transaction that
    stores the table: a refusal spends nothing."""
    client = make_client(max_tables=1)
    with ExitStack() as stack:
        ann_t, bob_t = account(client, "ann"), account(client, "bob")
        ann = As(client, ann_t)
        a, b = connect(stack, client, ann_t), connect(stack, client, bob_t)
        for asked in ({"name": "老王茶馆"}, {"tablecloth": "blue"}):
            refused = a.error("create_table", **asked)
            assert refused["code"] == "needs_item" and "shop" in refused["message"]
        assert a.error("create_table", name="x", sign="timer")["code"] == "malformed"
        assert ann.get("/api/tables") == []  # nothing was opened
        give(client, ann.me["id"], "sign")
        give(client, ann.me["id"], "gold_sign")
        give(client, ann.me["id"], "tablecloth")
        held = ann.get("/api/inventory")["slots"][:3]
        table = b.call("create_table")["table"]  # the hall's only table
        assert a.error("create_table", name="老王茶馆", tablecloth="wood")["code"] == \
            "too_many_tables"
        assert ann.get("/api/inventory")["slots"][:3] == held  # refused: nothing spent
        b.call("stand", table=table)
        same = a.call("create_table", name="ann的桌")["table"]  # the default name: free
        view = a.until("table", lambda f: f["table"]["id"] == same)["table"]
        assert view["name_default"] and view["name_protected_until"] is None
        assert ann.get("/api/inventory")["slots"][:3] == held
        a.call("stand", table=same)
        mine = a.call("create_table", name="老王茶馆", tablecloth="wood",
                      sign="gold_sign")["table"]
        view = a.until("table", lambda f: f["table"]["id"] == mine)["table"]
        assert (view["name"], view["tablecloth"], view["name_default"]) == (
            "老王茶馆", "wood", False)
        assert view["name_protected_until"] == pytest.approx(time.time() + 86400, abs=60)
        left = [s and s["item"] for s in ann.get("/api/inventory")["slots"][:3]]
        assert left == ["sign", None, None]  # the gold sign and the tablecloth are spent
        assert a.error("rename_table", table=mine, name="new")["code"] == "name_protected"
        uses = {u["item"]: u for u in item_uses(client, ann.me["id"])}
        assert uses["gold_sign"]["table_id"] == mine == uses["tablecloth"]["table_id"]
        assert uses["gold_sign"]["detail"] == {"to": "老王茶馆", "at": "creation"}
        a.call("stand", table=mine)
        plain = a.call("create_table", name="第二家")["table"]  # no sign said: the plain one
        view = a.until("table", lambda f: f["table"]["id"] == plain)["table"]
        assert view["name_protected_until"] == pytest.approx(time.time() + 3600, abs=60)
        assert ann.get("/api/inventory")["slots"][0] is None
        a.call("stand", table=plain)
        assert a.error("create_table", name="第三家")["code"] == "needs_item"


def test_kick_during_a_game_lets_the_bot_finish_then_stands_the_player_up(
        client: TestClient, account: Account) -> None:
    with ExitStack() as stack:
        ann_t = account(client, "ann")
        boss = As(client, account(client, "boss"))
        make_admin(client, boss.me["id"])
        a = connect(stack, client, ann_t)
        table = a.call("create_table")["table"]
        for seat in (1, 2, 3):
            a.call("add_bot", table=table, seat=seat, bot="random")
        a.call("ready", table=table)
        game = a.until("game")
        kicked = boss.post("/api/admin/kick", {"account": As(client, ann_t).me["id"],
                                               "reason": "test"})
        assert kicked == {"table": table, "done": "after_game"}
        refused = a.error("play", table=table, version=game["version"], cards="pass")
        assert refused["code"] in ("not_seated", "stale_version")
        assert a.error("auto_play", table=table, on=False)["code"] == "not_seated"
        over = a.until("game_over")
        assert over["status"] == "finished"  # not an escape (R35)
        stood = a.until("stood_up")
        assert stood["reason"] == "kicked" and stood["seat"] == 0
        assert a.until("table_closed")["table"] == table  # the only player left


def test_a_ban_ends_the_session_and_its_connection(client: TestClient,
                                                   account: Account) -> None:
    with ExitStack() as stack:
        ann_t = account(client, "ann")
        boss = As(client, account(client, "boss"))
        make_admin(client, boss.me["id"])
        a = connect(stack, client, ann_t)
        a.call("create_table")
        boss.post("/api/admin/ban", {"account": As(client, ann_t).me["id"],
                                     "reason": "collusion"})
        with pytest.raises(WebSocketDisconnect) as closed:
            while True:
                frame = a.recv()
                if frame["type"] == "session_ended":
                    assert "collusion" in frame["message"]
        assert closed.value.code == 4401
    with client.websocket_connect("/ws", headers={"cookie": f"yuanzi_session={ann_t}"}) as ws:
        assert ws.receive_json()["code"] == "not_logged_in"


def test_hint_resync_now_and_features_for_the_web_client(
        make_client: Callable[..., TestClient], account: Account) -> None:
    client = make_client(bot_think_seconds=0.2)
    with ExitStack() as stack:
        a = connect(stack, client, account(client, "ann"))
        assert {"hint", "resync"} <= set(a.call("hello", protocol=1)["features"])
        table = a.call("create_table")["table"]
        for seat in (1, 2, 3):
            a.call("add_bot", table=table, seat=seat, bot="random")
        a.call("ready", table=table)
        game = a.until("game")
        assert abs(game["now"] - time.time() * 1000) < 5000
        frame = game if game["view"]["to_move"] == 0 else my_turn(a, 0)
        version = frame["version"]
        hint = a.call("hint", table=table, version=version)
        assert hint["version"] == version and hint["cards"]
        assert a.error("hint", table=table, version=version + 3)["code"] == "stale_version"
        sync = a.call("resync", table=table)
        assert sync["table"]["id"] == table and sync["game"]["seat"] == 0
        assert sync["game"]["version"] == version and sync["counter"] is None
        hand = sync["game"]["view"]["hand"].split()
        if hint["cards"] != "pass":
            assert not Counter(hint["cards"].split()) - Counter(hand)  # from my hand
        a.call("play", table=table, version=version, cards=hint["cards"])  # and legal
        played = a.until("played", version=version + 1)
        assert played["cards"] == hint["cards"] and abs(played["now"] - time.time() * 1000) < 5000
        if played["to_move"] != 0:
            r = a.error("hint", table=table, version=version + 1)
            assert r["code"] == "not_your_turn"


def test_armed_items_show_at_their_owners_seat_and_a_card_counter_never(
        client: TestClient, account: Account) -> None:
    """R41, R45: that a timer or a recorder is armed is public at the table; the seats
    show it as it changes (REST or the socket); a running card counter is not shown."""
    with ExitStack() as stack:
        peers, players, table = four_at_a_betting_table(stack, client, account, bet=0)
        ann = players[1]
        ann.post("/api/shop/buy", {"item": "timer"})
        ann.post("/api/shop/buy", {"item": "recorder"})
        ann.post("/api/shop/buy", {"item": "card_counter"})

        def seat_armed(where: Callable[[list[str]], bool]) -> list[str]:
            frame = peers[3].until("table", lambda f: where(f["table"]["seats"][1]["armed"]))
            armed: list[str] = frame["table"]["seats"][1]["armed"]
            return armed

        ann.post("/api/inventory/use", {"slot": 0})  # REST: the timer
        assert seat_armed(lambda a: bool(a)) == ["timer"]
        peers[1].call("use_item", slot=1)  # the socket: the recorder
        assert seat_armed(lambda a: len(a) == 2) == ["recorder", "timer"]
        ann.post("/api/inventory/use", {"slot": 0})  # disarmed again
        assert seat_armed(lambda a: a == ["recorder"]) == ["recorder"]
        # what a reconnecting player or a spectator is sent shows the same
        assert peers[0].call("resync", table=table)["table"]["seats"][1]["armed"] == [
            "recorder"]
        for p in peers:
            p.call("auto_play", table=table, on=True)
            p.call("ready", table=table)
        peers[1].call("use_item", slot=2, table=table)  # a card counter runs
        peers[3].until("game_over")
        after = peers[3].until("table", lambda f: f["table"]["status"] == "open")["table"]
        assert after["seats"][1]["armed"] == []  # the recorder saved the game: spent
        assert all(s["armed"] == [] for s in after["seats"])
        for f in peers[3].frames:  # no frame to another seat names the card counter
            if f["type"] == "table":
                assert all("card_counter" not in s["armed"] for s in f["table"]["seats"])
        peers[1].until("counter")  # its owner gets counter frames
        for i in (0, 2):
            peers[i].until("game_over")  # every frame of the game read
        for i in (0, 2, 3):  # and no other seat ever gets one (R41, R45)
            assert not any(f["type"] == "counter" for f in peers[i].frames), i


def test_a_timer_at_a_table_with_bots_says_no_one_was_paid_for_them(
        make_client: Callable[..., TestClient], account: Account) -> None:
    """R41 with bots: the owner pays only the other players; the frame says so."""
    client = make_client(turn_seconds=0.4)
    with ExitStack() as stack:
        token = account(client, "owner")
        owner = connect(stack, client, token)
        me = As(client, token)
        table = owner.call("create_table")["table"]
        friend = connect(stack, client, account(client, "friend"))
        friend.call("sit", table=table, seat=1)
        for seat in (2, 3):
            owner.call("add_bot", table=table, seat=seat, bot="random")
        me.post("/api/shop/buy", {"item": "timer"})
        me.post("/api/inventory/use", {"slot": 0})
        friend.call("auto_play", table=table, on=True)
        for p in (owner, friend):
            p.call("ready", table=table)
        fired = friend.until("timer")
        assert (fired["seat"], fired["fee"], fired["paid"], fired["each"],
                fired["unpaid_bots"]) == (0, 90, [1], 90, [2, 3])
