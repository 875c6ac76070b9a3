"""Web Push at the table (issue 47): "your turn" only to a seated player none of whose
tabs shows the table (its ``view`` messages; a client that never says is counted as
there while it is connected), once per absence; "3 of 4 seated" to those a private table
is for and to a club's members, once in a while however often the last seat empties;
"a club session starts" to the club's members not seated. Each arrives encrypted for
its subscription, with its time to live and topic, naming no card."""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from contextlib import ExitStack
from typing import Any

import pytest
from fastapi.testclient import TestClient
from tests.engine.scenario import make_deal
from tests.server.economy_helpers import As
from tests.server.pushservice import Browser, PushService, as_
from tests.server.wsclient import Peer, connect

from yuanzi.engine import Deal, Rules

Account = Callable[[TestClient, str], str]

HANDS = ("3S 3H 3C 3D 4S 9H",  # North leads, trick after trick; the others pass
         "6S 8D",
         "5S 6H",
         "6C 8H")


def scripted_deal(rng: random.Random, rules: Rules, first_drawer: int | None = None) -> Deal:
    return make_deal(HANDS, blade_card="7H", blade_holder=0, first_drawer=0)


def subscribe(client: TestClient, token: str, browser: Browser, kinds: list[str],
              lang: str = "zh-CN") -> None:
    status, _ = as_(client, token, "POST", "/api/push/subscriptions",
                    {**browser.subscription(kinds), "lang": lang})
    assert status == 200


def quiet(service: PushService, n: int) -> list[dict[str, Any]]:
    """What arrived, after a moment in which nothing more may come."""
    time.sleep(0.4)
    assert len(service.received) == n, [p["path"] for p in service.received]
    return service.received


def test_your_turn_only_when_no_tab_shows_the_table_and_once_per_absence(
        make_client: Callable[..., TestClient], account: Account,
        push_service: PushService, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("yuanzi.hall.table.play.deal_half", scripted_deal)
    client = make_client(push_insecure_endpoints=True)
    names = ("nn", "ee", "ss", "ww")
    tokens = {n: account(client, n) for n in names}
    phones = {n: Browser(f"{push_service.base}/p/{n}") for n in names}
    for n in names:
        subscribe(client, tokens[n], phones[n], ["turn"], "en" if n == "ee" else "zh-CN")
    with ExitStack() as stack:
        nn, ee, ss, ww = peers = [connect(stack, client, tokens[n]) for n in names]
        assert "view" in nn.call("hello")["features"]
        table = nn.call("create_table")["table"]
        assert nn.until("table", lambda f: f["table"]["id"] == table)["table"]["name_default"]
        for seat, p in enumerate(peers[1:], 1):
            p.call("sit", table=table, seat=seat)
        nn.call("view", table=table)  # his tab shows the table
        ee.call("view", table=table)
        ee.call("view", table=None)   # ... hidden: the table hears it
        ss.call("view", table=table)  # ww never says: connected, he counts as there
        for p in peers:
            p.call("ready", table=table)
        assert nn.until("game")["view"]["to_move"] == 0
        version = 0

        def play(p: Peer, cards: str) -> None:
            nonlocal version
            p.call("play", table=table, version=version, cards=cards)
            version += 1

        play(nn, "3S 3H 3C 3D")  # East's turn: his tab is hidden
        pushes = push_service.wait(1)
        assert [p["path"] for p in pushes] == ["/p/ee"]
        headers = pushes[0]["headers"]
        assert (headers["ttl"], headers["topic"], headers["urgency"]) == (
            "90", f"table-{table}", "high")
        assert phones["ee"].read(pushes[0]) == {
            "kind": "turn", "title": "Atom: your turn",
            "body": "“nn's table” waits for your play",  # (its default name, in English)
            "url": f"/#/table/{table}", "tag": f"table-{table}"}
        for p in (ee, ss, ww):
            play(p, "pass")
        play(nn, "4S")  # East's turn again, still away: told once is enough
        quiet(push_service, 1)
        ee.call("view", table=table)  # he looked ...
        ee.call("view", table=None)   # ... and went again
        for p in (ee, ss, ww):
            play(p, "pass")
        play(nn, "9H")  # North is out; East's turn: a new absence, a new push
        pushes = push_service.wait(2)
        assert [p["path"] for p in pushes] == ["/p/ee", "/p/ee"]
        ss.ws.close()  # South's last tab closes: away, his turn is pushed
        south = ss.welcome["account"]["id"]
        ee.until("table", lambda f: f["table"]["seats"][2].get("account_id") == south
                 and not f["table"]["seats"][2]["connected"])
        play(ee, "pass")
        pushes = push_service.wait(3)
        assert pushes[2]["path"] == "/p/ss"
        assert phones["ss"].read(pushes[2])["title"] == "原子：轮到你出牌"
    assert all(p["path"] != "/p/ww" and p["path"] != "/p/nn" for p in push_service.received)


def test_a_tab_that_said_it_shows_no_table_is_pushed_its_turn_when_seated(
        make_client: Callable[..., TestClient], account: Account,
        push_service: PushService, monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 54: a tab that reconnected hidden says ``view null`` without ever naming a
    table; seated later (a tournament, a friend's table), the table's view reaching it
    tells the table it is away there, and its turn is pushed."""
    monkeypatch.setattr("yuanzi.hall.table.play.deal_half", scripted_deal)
    client = make_client(push_insecure_endpoints=True)
    names = ("nn", "ee", "ss", "ww")
    tokens = {n: account(client, n) for n in names}
    phone = Browser(f"{push_service.base}/p/ee")
    subscribe(client, tokens["ee"], phone, ["turn"])
    with ExitStack() as stack:
        nn, ee, ss, ww = peers = [connect(stack, client, tokens[n]) for n in names]
        ee.call("view", table=None)  # hidden from the start: it names no table
        table = nn.call("create_table")["table"]
        for seat, p in enumerate(peers[1:], 1):
            p.call("sit", table=table, seat=seat)
        for p in peers:
            p.call("ready", table=table)
        assert ee.until("game")["view"]["to_move"] == 0
        nn.call("play", table=table, version=0, cards="3S 3H 3C 3D")  # East's turn
        pushes = push_service.wait(1)
        assert [p["path"] for p in pushes] == ["/p/ee"]
        assert phone.read(pushes[0])["kind"] == "turn"
        del ss, ww


def test_a_private_table_with_one_seat_left_tells_the_friend_invited_once(
        make_client: Callable[..., TestClient], account: Account,
        push_service: PushService) -> None:
    client = make_client(push_insecure_endpoints=True)
    ann, bob, cat = (account(client, n) for n in ("ann", "bob", "cat"))
    bob_phone, cat_phone = Browser(f"{push_service.base}/p/bob"), Browser(
        f"{push_service.base}/p/cat")
    subscribe(client, bob, bob_phone, ["table_filling"])
    subscribe(client, cat, cat_phone, ["table_filling"])  # not invited: never told
    with ExitStack() as stack:
        a, b = connect(stack, client, ann), connect(stack, client, bob)
        b.call("friend_request", nickname="ann")
        a.call("friend_answer", account=b.welcome["account"]["id"])
        table = a.call("create_table", private=True)["table"]
        a.call("invite", table=table, account=b.welcome["account"]["id"])
        a.call("add_bot", table=table, seat=1, bot="random")
        quiet(push_service, 0)  # two of four: nothing yet
        a.call("add_bot", table=table, seat=3, bot="random")
        pushes = push_service.wait(1)
        assert [p["path"] for p in pushes] == ["/p/bob"]
        assert pushes[0]["headers"]["topic"] == f"table-{table}"
        assert pushes[0]["headers"]["ttl"] == "600"
        assert bob_phone.read(pushes[0]) == {
            "kind": "table_filling", "title": "原子：牌桌快满了",
            "body": "「ann的桌」已坐 3 人，就差你了，点这里入座", "url": f"/#/table/{table}",
            "tag": f"table-{table}"}
        a.call("remove_bot", table=table, seat=3)
        a.call("add_bot", table=table, seat=3, bot="random")  # three again: not again
        quiet(push_service, 1)


def test_a_club_session_and_a_club_table_filling_reach_its_members(
        make_client: Callable[..., TestClient], account: Account,
        push_service: PushService) -> None:
    client = make_client(push_insecure_endpoints=True)
    ming, hua, li, out = (As(client, account(client, n)) for n in ("ming", "hua", "li", "out"))
    club = ming.post("/api/clubs", {"name": "嘉兴老友"})
    ming.client.patch(f"/api/clubs/{club['id']}", json={"open_join": True},
                      headers=ming.headers)
    for p in (hua, li):
        assert p.post("/api/clubs/join", {"code": club["join_code"]})["status"] == "member"
    phones = {n: Browser(f"{push_service.base}/p/{n}") for n in ("ming", "hua", "li", "out")}
    subscribe(client, ming.token, phones["ming"], ["club_session", "table_filling"])
    subscribe(client, hua.token, phones["hua"], ["club_session", "table_filling"])
    subscribe(client, li.token, phones["li"], ["table_filling"], "en")  # no sessions
    subscribe(client, out.token, phones["out"], ["club_session", "table_filling"])
    with ExitStack() as stack:
        owner = connect(stack, client, ming.token)
        table = owner.call("create_table", club=club["id"], session=8)["table"]
        pushes = push_service.wait(1)
        assert [p["path"] for p in quiet(push_service, 1)] == ["/p/hua"]  # not the owner
        assert phones["hua"].read(pushes[0]) == {
            "kind": "club_session", "title": "原子：嘉兴老友 开局了",
            "body": "「ming的桌」开了 8 局的一场，点这里入座", "url": f"/#/table/{table}",
            "tag": f"table-{table}"}
        owner.call("add_bot", table=table, seat=1, bot="random")
        owner.call("add_bot", table=table, seat=2, bot="random")
        pushes = push_service.wait(3)
        filling = {p["path"]: p for p in quiet(push_service, 3)[1:]}
        assert set(filling) == {"/p/hua", "/p/li"}
        assert phones["li"].read(filling["/p/li"])["body"] \
            == "3 of 4 seated at “ming's table”: tap to take the last seat"
