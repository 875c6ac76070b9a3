"""A player's game history (战绩, issue 15): his last games with their public facts —
partner and opponents, outcome, each half's points, the ladder change — and the coins
they moved only for himself and admins; no hands (R41)."""

from __future__ import annotations

from collections.abc import Callable
from contextlib import ExitStack
from typing import Any

from fastapi.testclient import TestClient
from tests.server.economy_helpers import As, make_admin
from tests.server.helpers import four_at_a_betting_table

Account = Callable[[TestClient, str], str]


def play_one(peers: list[Any], table: int) -> dict[str, Any]:
    for p in peers:
        p.call("ready", table=table)
    over: dict[str, Any] = peers[0].until("game_over")
    for p in peers[1:]:
        p.until("game_over")
    return over


def test_the_history_lists_each_game_with_its_facts_and_pages(
        make_client: Callable[..., TestClient], account: Account) -> None:
    client = make_client(turn_seconds=30)
    with ExitStack() as stack:
        peers, players, table = four_at_a_betting_table(stack, client, account, 20)
        for p in peers:
            p.call("auto_play", table=table, on=True)
        first = play_one(peers, table)
        for p in peers:  # 托管 lasts one game (R34)
            p.call("auto_play", table=table, on=True)
        second = play_one(peers, table)
    north, east, south, west = (p.me for p in players)

    mine = players[0].get(f"/api/accounts/{north['id']}/games")
    assert [g["game_id"] for g in mine["games"]] == [second["game_id"], first["game_id"]]
    assert mine["more"] is False
    game = mine["games"][1]
    assert (game["table_id"], game["seat"], game["status"], game["bet"]) == (
        table, 0, "finished", 20)
    assert game["partner"] == {"seat": 2, "account_id": south["id"],
                               "nickname": south["nickname"], "bot": None, "name": None,
                               "name_en": None}
    assert [o["nickname"] for o in game["opponents"]] == [east["nickname"], west["nickname"]]
    result = first["result"]
    assert game["halves"] == [{"us": h["points"]["NS"], "them": h["points"]["EW"]}
                              for h in result["halves"]]
    assert game["kind"] == result["kind"]
    line = first["seats"][0]
    assert (game["score_delta"], game["coins_delta"]) == (line["score_delta"],
                                                          line["coins_delta"])
    won = result["winner"] == "NS"
    assert game["outcome"] == ("draw" if result["winner"] is None else "win" if won else "lose")
    assert game["ended_at"] and "record" not in game and "hands" not in str(game)

    # issue 31: what he may still open, to himself: the last game's record (he still
    # sits at its table, R41), not the one before; no replay saved, no review yet
    assert [(g["record_open"], g["replay_id"], g["reviewed"]) for g in mine["games"]] == [
        (True, None, False), (False, None, False)]

    # another player sees the public facts only; an admin sees the coins too
    seen = players[1].get(f"/api/accounts/{north['id']}/games")["games"][1]
    assert seen["coins_delta"] is None and seen["score_delta"] == line["score_delta"]
    assert not any(g["record_open"] for g in
                   players[1].get(f"/api/accounts/{north['id']}/games")["games"])
    make_admin(client, west["id"])
    assert players[3].get(f"/api/accounts/{north['id']}/games")["games"][1][
        "coins_delta"] == line["coins_delta"]

    # a page at a time, older with ``before``
    page = players[0].get(f"/api/accounts/{north['id']}/games?limit=1")
    assert [g["game_id"] for g in page["games"]] == [second["game_id"]] and page["more"]
    older = players[0].get(
        f"/api/accounts/{north['id']}/games?limit=1&before={second['game_id']}")
    assert [g["game_id"] for g in older["games"]] == [first["game_id"]] and not older["more"]


def test_a_history_of_bots_and_of_nobody(client: TestClient, account: Account) -> None:
    from tests.server.helpers import table_with_bots
    from tests.server.wsclient import connect

    token = account(client, "solo")
    me = As(client, token)
    assert me.get(f"/api/accounts/{me.me['id']}/games") == {"games": [], "more": False}
    with ExitStack() as stack:
        peer = connect(stack, client, token)
        table = table_with_bots(peer)
        peer.call("auto_play", table=table, on=True)
        peer.call("ready", table=table)
        peer.until("game_over")
    game = me.get(f"/api/accounts/{me.me['id']}/games")["games"][0]
    assert game["partner"]["account_id"] is None and game["partner"]["name"]
    assert all(o["bot"] == "random" for o in game["opponents"])
    assert game["coins_delta"] == 0
    assert me.error("GET", "/api/accounts/999999/games") == "no_such_account"
    r = client.get(f"/api/accounts/{me.me['id']}/games?limit=101",
                   headers={"cookie": f"yuanzi_session={token}"})
    assert r.status_code == 422 and r.json()["error"]["code"] == "malformed"
    assert client.get(f"/api/accounts/{me.me['id']}/games").status_code == 401
