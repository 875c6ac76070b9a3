"""Games settled in-process: ladder, coins, drops, rating, recorder (R35–R44), the 100×
rule at sit and before each game, the same-IP rule, escapes at a betting table."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from contextlib import ExitStack
from typing import Any

from fastapi.testclient import TestClient
from tests.server.economy_helpers import As, audit, make_admin, services
from tests.server.helpers import four_at_a_betting_table
from tests.server.wsclient import connect

from yuanzi.engine import Record, replay
from yuanzi.hall.economy.ladders import ladder_for, title_level as level_of

Account = Callable[[TestClient, str], str]


def expected_delta(result: dict[str, Any], seat: int, multiplier: int = 10) -> int:
    """R36, R38: ± base stake × 10 on the titles ladder, 0 for a draw."""
    if result["winner"] is None:
        return 0
    stake = (2 if result["kind"] == "double" else 1) * multiplier
    won = ("NS", "EW")[seat % 2] == result["winner"]
    return stake if won else -stake


def test_a_finished_game_settles_ladder_drops_rating_and_the_recorder(
        make_client: Callable[..., TestClient], account: Account) -> None:
    client = make_client(drop_item_chance=1.0, drop_gem_chance=1.0)
    token = account(client, "ann")
    ann = As(client, token)
    ann.post("/api/shop/buy", {"item": "recorder", "count": 2})
    assert ann.post("/api/inventory/use", {"slot": 0})["armed"] is True
    with ExitStack() as stack:
        p = connect(stack, client, token)
        table = p.call("create_table")["table"]
        for seat in (1, 2, 3):
            p.call("add_bot", table=table, seat=seat, bot="random")
        p.call("auto_play", table=table, on=True)
        p.call("ready", table=table)
        over = p.until("game_over")
        saved = p.until("replay_saved")
        after = p.until("table", lambda f: f["table"]["status"] == "open")["table"]
    result = over["result"]
    mine = over["seats"][0]
    delta = expected_delta(result, 0)
    assert mine["account_id"] == ann.me["id"] and mine["score_delta"] == delta
    assert (mine["score"], mine["level"], mine["coins"]) == (delta, level_of(delta), None)
    assert ann.me["coins"] == 4400  # his balance is his own (issue 14, item 11)
    assert mine["coins_delta"] == 0  # no bet
    title = ladder_for("titles").title(mine["level"])  # the title in both languages
    assert (mine["title"], mine["title_en"]) == (title.zh, title.en) and title.en != title.zh
    assert after["seats"][0]["level"] == level_of(delta)  # the table shows the new title
    assert all(s["account_id"] is None and s["score"] is None and s["title_en"] is None
               for s in over["seats"][1:])
    upstreams = [h["upstream"] for h in result["halves"]]
    won = delta > 0
    gems = [i for i in mine["items"] if i.startswith("gem_")]
    items = [i for i in mine["items"] if not i.startswith("gem_")]
    assert len(items) == (1 if won else 0)  # R44 at chance 1.0: one item per winning seat
    assert len(gems) == upstreams.count(0)  # and a gem for each half he took 上游 (issue 16)
    inv = ann.get("/api/inventory")
    held: dict[str, int] = {}
    for s in inv["slots"]:
        if s is not None:
            held[s["item"]] = held.get(s["item"], 0) + s["count"]
    want = {"recorder": 1}  # two bought, one spent by the armed recorder
    for code in mine["items"]:
        want[code] = want.get(code, 0) + 1
    assert held == want and inv["armed"] == []
    prof = ann.get(f"/api/accounts/{ann.me['id']}")
    assert prof["games"] == 1 and prof["wins"] == (1 if won else 0)
    assert prof["double_wins"] == (1 if won and result["kind"] == "double" else 0)
    assert prof["skill"]["mu"] != 25.0  # rated (openskill)
    board = ann.get("/api/leaderboard")["rows"]
    assert [r["nickname"] for r in board] == ["ann"] and board[0]["score"] == delta
    assert ann.get("/api/leaderboard?by=skill")["rows"][0]["nickname"] == "ann"
    # the replay: listed, shareable without a session, steppable
    listed = ann.get("/api/me/replays")["replays"]
    assert [r["id"] for r in listed] == [saved["replay"]]
    assert listed[0]["game_id"] == over["game_id"]
    history = ann.get(f"/api/accounts/{ann.me['id']}/games")["games"]  # issue 31: 战绩
    assert (history[0]["game_id"], history[0]["replay_id"]) == (over["game_id"],
                                                                 saved["replay"])
    shared = client.get(f"/api/replays/{saved['replay']}")  # no cookie
    assert shared.status_code == 200
    body = shared.json()
    assert body["record"] == over["record"] and body["owner"]["nickname"] == "ann"
    assert [s["nickname"] or s["bot"] for s in body["seats"]] == ["ann", "random", "random",
                                                                 "random"]
    game = replay(Record.from_json(body["record"]))
    assert body["steps"] == sum(len(h.actions) for h in game.halves)
    first = client.get(f"/api/replays/{saved['replay']}?step=0").json()["position"]
    assert [len(h.split()) for h in first["hands"]] == first["dealt"]  # every hand shown
    last = client.get(f"/api/replays/{saved['replay']}?step={body['steps']}").json()
    assert last["position"]["result"] == result and last["position"]["last"] is not None
    assert client.get("/api/replays/nope").status_code == 404
    assert audit(client)["ok"]


def test_bets_move_coins_between_players_and_the_100x_rule_stands_a_player_up(
        client: TestClient, account: Account) -> None:
    bet = 20
    with ExitStack() as stack:
        peers, players, table = four_at_a_betting_table(stack, client, account, bet)
        for p in peers:
            p.call("auto_play", table=table, on=True)
        for p in peers:
            p.call("ready", table=table)
        over = peers[0].until("game_over")
        deltas = [s["coins_delta"] for s in over["seats"]]
        assert deltas == [bet * expected_delta(over["result"], i) for i in range(4)]  # R40
        assert sum(deltas) == 0
        # a balance is its owner's only (issue 14, item 11): not on the table's frame
        assert [s["coins"] for s in over["seats"]] == [None] * 4
        assert [p.me["coins"] for p in players] == [5000 + d for d in deltas]
        assert audit(client)["ok"] and audit(client)["by_reason"].get("bet", 0) == 0
        # seat 1 drops below 100 × bet between games: stood up before the next one
        boss = As(client, account(client, "boss"))
        make_admin(client, boss.me["id"])
        short = players[1].me["coins"] - (100 * bet - 1)
        boss.post("/api/admin/coins", {"account": players[1].me["id"], "amount": -short,
                                       "reason": "test"})
        for p in peers:
            p.until("table", lambda f: f["table"]["status"] == "open")
            p.call("ready", table=table)
        stood = peers[1].until("stood_up")
        assert stood["reason"] == "coins" and stood["seat"] == 1 and "R40" in stood["message"]
        view = peers[0].until("table", lambda f: f["table"]["seats"][1]["kind"] == "empty")
        assert view["table"]["status"] == "open"
        assert peers[1].error("ready", table=table)["code"] == "not_seated"
        assert peers[1].error("sit", table=table, seat=1)["code"] == "not_enough_coins"
        assert not [f for f in peers[0].frames[-5:] if f["type"] == "game"]


def test_the_100x_rule_at_sit_and_no_bots_at_a_betting_table(
        client: TestClient, account: Account) -> None:
    with ExitStack() as stack:
        owner = connect(stack, client, account(client, "owner"))
        poor_token = account(client, "poor")
        poor = connect(stack, client, poor_token)
        assert owner.error("create_table", bet=80)["code"] == "not_enough_coins"  # 8000
        table = owner.call("create_table", bet=40)["table"]  # 4000 ≤ 5000
        # issue 16: said plainly (it was a vague bad_options)
        assert owner.error("add_bot", table=table, seat=1)["code"] == "bots_do_not_bet"
        boss = As(client, account(client, "boss"))
        make_admin(client, boss.me["id"])
        boss.post("/api/admin/coins", {"account": As(client, poor_token).me["id"],
                                       "amount": -1001, "reason": "test"})
        refused = poor.error("sit", table=table, seat=1)
        assert refused["code"] == "not_enough_coins" and "4000" in refused["message"]
        quick = poor.call("quick_match")  # quick match skips the table he cannot afford
        assert quick["table"] != table and quick["seat"] == 0


def test_same_ip_players_may_not_bet_at_one_table(
        make_client: Callable[..., TestClient], account: Account) -> None:
    client = make_client(same_ip_rule=True)  # every test client has one address
    with ExitStack() as stack:
        a = connect(stack, client, account(client, "alice"))
        b = connect(stack, client, account(client, "bobby"))
        betting = a.call("create_table", bet=10)["table"]
        refused = b.error("sit", table=betting, seat=1)
        assert refused["code"] == "same_ip"
        a.call("stand", table=betting)
        friendly = a.call("create_table", bet=0)["table"]
        assert b.call("sit", table=friendly, seat=1)["seat"] == 1  # no bet: no rule


def test_an_escape_at_a_betting_table_pays_the_other_three(
        client: TestClient, account: Account) -> None:
    bet = 10
    with ExitStack() as stack:
        peers, players, table = four_at_a_betting_table(stack, client, account, bet)
        for p in peers:
            p.call("ready", table=table)
        peers[2].until("game")
        peers[2].call("stand", table=table, escape=True)
        over = peers[0].until("game_over")
    assert over["status"] == "abandoned" and over["escaper"] == 2
    seats = over["seats"]
    # R35: twice a normal win's stake (titles: 2 × 10) on the ladder, bet × that in coins,
    # in shares of 66/67 (the odd coins to the escaper's opponents, next seat first)
    assert [s["score_delta"] for s in seats] == [0, 0, -20, 0]
    assert [s["coins_delta"] for s in seats] == [66, 67, -200, 67]
    assert [p.me["coins"] for p in players] == [5066, 5067, 4800, 5067]
    prof = players[2].get(f"/api/accounts/{players[2].me['id']}")
    assert prof["escapes"] == 1 and prof["games"] == 1 and prof["score"] == -20
    assert prof["title"] == "炮灰"
    t = audit(client)
    assert t["ok"] and t["by_reason"]["escape"] == 0


def test_players_sharing_an_address_are_stood_up_before_a_betting_game(
        make_client: Callable[..., TestClient], account: Account) -> None:
    """An address is checked again before each game: here each player sat while the
    others were away (no live address to compare), then all came back from one."""
    client = make_client(same_ip_rule=True)
    tokens = [account(client, n) for n in ("nn", "ee", "ss", "ww")]
    table = 0
    for i, token in enumerate(tokens):
        with ExitStack() as stack:
            p = connect(stack, client, token)
            if i == 0:
                table = p.call("create_table", bet=10)["table"]
            else:
                p.call("sit", table=table, seat=i)
    with ExitStack() as stack:
        peers = [connect(stack, client, t) for t in tokens]
        for p in peers:
            p.call("ready", table=table)
        for i, p in enumerate(peers):
            stood = p.until("stood_up")
            assert stood["reason"] == "same_ip" and stood["seat"] == i
        assert peers[0].until("table_closed")["table"] == table  # nobody is left
        assert not [f for p in peers for f in p.frames if f["type"] == "game"]


def test_the_owner_changes_the_bet_before_a_game_if_every_seat_can_meet_it(
        make_client: Callable[..., TestClient], account: Account) -> None:
    """R40: POST /api/tables/{id}/bet — the owner only, between games, 0 or the doubling
    series, every seated player holding 100 × the new bet; else nothing changes. A new
    bet un-readies the players, it persists, and the next game is played for it."""
    client = make_client()
    with ExitStack() as stack:
        peers, players, table = four_at_a_betting_table(stack, client, account, bet=0)
        url = f"/api/tables/{table}/bet"
        for p in peers[1:]:
            p.call("ready", table=table)
        assert players[1].error("POST", url, {"bet": 20}) == "not_owner"
        r = client.post(url, json={"bet": 15}, headers=players[0].headers)
        assert r.status_code == 422 and r.json()["error"]["code"] == "bad_options"
        r = client.post(url, json={"bet": 80}, headers=players[0].headers)  # 8000 each
        assert r.status_code == 409 and r.json()["error"]["code"] == "not_enough_coins"
        assert "needs 8000" in r.json()["error"]["message"]
        assert players[0].get("/api/tables")[0]["bet"] == 0  # nothing changed

        assert players[0].post(url, {"bet": 20}) == {"table": table, "bet": 20}
        view = peers[2].until("table", lambda f: f["table"]["bet"] == 20)["table"]
        assert [s["ready"] for s in view["seats"]] == [False] * 4  # agree again
        # a ready sent for the bet the player saw before the change is refused
        assert peers[2].error("ready", table=table, bet=0)["code"] == "bet_changed"
        assert peers[2].call("ready", table=table, bet=20)["ready"] is True
        peers[2].call("ready", table=table, ready=False)
        assert players[0].get("/api/tables")[0]["bet"] == 20
        stored = asyncio.run(services(client).db.store.open_tables())
        assert [t.bet for t in stored] == [20]  # it survives a restart
        # a seat short of 100 × the new bet refuses it; the bet stays
        boss = As(client, account(client, "boss"))
        make_admin(client, boss.me["id"])
        boss.post("/api/admin/coins", {"account": players[3].me["id"], "amount": -1500,
                                       "reason": "test"})  # 3500 < 4000
        r = client.post(url, json={"bet": 40}, headers=players[0].headers)
        assert r.status_code == 409 and "ww has 3500" in r.json()["error"]["message"]
        assert players[0].get("/api/tables")[0]["bet"] == 20
        # the game is played for the bet set; during it the bet cannot change (asked
        # before anyone plays: with instant bots an auto-played game may end first)
        for p in peers:
            p.call("ready", table=table)
        peers[0].until("game", version=0)
        assert players[0].error("POST", url, {"bet": 10}) == "game_in_progress"
        for p in peers:
            p.call("auto_play", table=table, on=True)
        over = peers[0].until("game_over")
        deltas = [s["coins_delta"] for s in over["seats"]]
        assert deltas == [20 * expected_delta(over["result"], i) for i in range(4)]
        # back to no bet; then bots may sit
        peers[0].until("table", lambda f: f["table"]["status"] == "open")
        assert players[0].post(url, {"bet": 0})["bet"] == 0
    assert audit(client)["ok"]


def test_a_bet_is_refused_while_a_bot_sits_at_the_table(
        client: TestClient, account: Account) -> None:
    with ExitStack() as stack:
        token = account(client, "own")
        owner = connect(stack, client, token)
        table = owner.call("create_table")["table"]
        owner.call("add_bot", table=table, seat=2, bot="random")
        assert As(client, token).error("POST", f"/api/tables/{table}/bet",
                                       {"bet": 10}) == "bots_do_not_bet"
        owner.call("remove_bot", table=table, seat=2)
        assert As(client, token).post(f"/api/tables/{table}/bet", {"bet": 10})["bet"] == 10
        assert owner.error("add_bot", table=table, seat=2)["code"] == "bots_do_not_bet"
    assert As(client, token).error("POST", "/api/tables/999/bet", {"bet": 10}) == (
        "no_such_table")
