"""Names on the wire: bots named at the table, in the game's result and in the replay; a
table's default name flagged; titles in both languages; the half results saying where
R29 moved points."""

from __future__ import annotations

from collections.abc import Callable
from contextlib import ExitStack
from typing import Any

from fastapi.testclient import TestClient
from tests.server.economy_helpers import As
from tests.server.wsclient import connect

Account = Callable[[TestClient, str], str]


def adds_up(half: dict[str, Any]) -> bool:
    """A team's points = its tricks + the other team's hands ± 下游's tricks (R29)."""
    tp, hp, d = half["trick_points"], half["hand_points"], half["downstream_points"]
    team = {"NS": tp[0] + tp[2] + hp[1] + hp[3], "EW": tp[1] + tp[3] + hp[0] + hp[2]}
    if d:
        team[("NS", "EW")[half["upstream"] & 1]] += d
        team[("NS", "EW")[half["downstream"] & 1]] -= d
    return team == half["points"]


def test_bots_are_named_at_the_table_in_the_result_and_in_the_replay(
        make_client: Callable[..., TestClient], account: Account) -> None:
    client = make_client()
    token = account(client, "Mei")
    mei = As(client, token)
    me = mei.me
    assert me["title"] and me["title_en"] and me["title_en"] != me["title"]
    mei.post("/api/shop/buy", {"item": "recorder", "count": 1})
    assert mei.post("/api/inventory/use", {"slot": 0})["armed"] is True
    with ExitStack() as stack:
        p = connect(stack, client, token)
        welcome = p.until("welcome")
        assert welcome["account"]["title_en"] == me["title_en"]
        table = p.call("create_table", name="")["table"]
        view = p.until("table", lambda f: f["table"]["id"] == table)["table"]
        assert view["name_default"] is True and view["owner"] == "Mei"
        assert view["seats"][0]["title_en"] == me["title_en"]
        for seat in (1, 2, 3):
            p.call("add_bot", table=table, seat=seat, bot="random")
        view = p.until("table", lambda f: all(s["kind"] == "bot" for s in f["table"]["seats"][1:])
                       )["table"]
        bots = view["seats"][1:]
        names = [(b["name"], b["name_en"], b["avatar"]) for b in bots]
        assert all(n and e and a is not None for n, e, a in names)
        assert len({n for n, _, _ in names}) == len({e for _, e, _ in names}) == 3
        assert [b["bot"] for b in bots] == ["random"] * 3  # the kind, as before
        p.call("auto_play", table=table, on=True)
        p.call("ready", table=table)
        game = p.until("game")
        assert game["view"]["finished"] == []
        over = p.until("game_over")
        p.until("replay_saved")
    assert over["status"] == "finished"
    seats = over["seats"]
    assert [(s["name"], s["name_en"], s["avatar"]) for s in seats[1:]] == names
    assert seats[0]["name"] is None and seats[0]["account_id"] == me["id"]
    for half in over["result"]["halves"]:
        assert adds_up(half)
        assert sum(half["points"].values()) == 300
    # the record is RECORD.md's: no names in it, no new keys but the hall's signature
    # over it (issue 54, docs/fairness.md)
    assert set(over["record"]) <= {"format", "rules", "halves", "signature"}
    replays = mei.get("/api/me/replays")["replays"]
    shared = client.get(f"/api/replays/{replays[0]['id']}").json()
    assert [(s["name"], s["name_en"], s["avatar"]) for s in shared["seats"][1:]] == names
    assert shared["seats"][0]["nickname"] == "Mei" and shared["seats"][0]["name"] is None
    last = client.get(f"/api/replays/{shared['id']}?step={shared['steps']}").json()
    assert last["position"]["result"] == over["result"]


def test_a_rename_ends_the_default_name(make_client: Callable[..., TestClient],
                                        account: Account) -> None:
    client = make_client()
    token = account(client, "Bob")
    bob = As(client, token)
    bob.post("/api/shop/buy", {"item": "sign", "count": 1})
    with ExitStack() as stack:
        p = connect(stack, client, token)
        p.until("welcome")
        table = p.call("create_table", name="")["table"]
        assert p.until("table", lambda f: f["table"]["id"] == table)["table"]["name_default"]
        p.call("rename_table", table=table, name="Tea house")
        view = p.until("table", lambda f: f["table"]["name"] == "Tea house")["table"]
        assert view["name_default"] is False
        lobby = client.get("/api/tables", headers=bob.headers).json()
        assert [(t["name"], t["name_default"]) for t in lobby] == [("Tea house", False)]
