"""R41: a game's full record goes to its players at its end — in their ``game_over`` and
from ``GET /api/games/{id}/record`` until the next game starts at the table or they leave
it — and to nobody else; its public facts (who played, the result) to anyone."""

from __future__ import annotations

from collections.abc import Callable
from contextlib import ExitStack

from fastapi.testclient import TestClient
from tests.server.economy_helpers import As, make_admin
from tests.server.helpers import played_and_watched

from yuanzi.signing import verify_signed

Account = Callable[[TestClient, str], str]


def test_the_record_is_its_players_until_the_next_game_or_they_leave(
        client: TestClient, account: Account) -> None:
    with ExitStack() as stack:
        tokens = {n: account(client, n) for n in ("ann", "bob", "kim", "zed", "boss")}
        ann, bob, kim, zed, boss = (As(client, tokens[n]) for n in tokens)
        make_admin(client, boss.me["id"])
        a, b, watcher, table = played_and_watched(stack, client, tokens)
        over = a.until("game_over")
        game = over["game_id"]
        assert over["status"] == "finished" and over["record"]["halves"][0]["hands"]
        assert b.until("game_over")["record"] == over["record"]
        watched = watcher.until("game_over")  # R41: the result, not the hands
        assert watched["record"] is None
        assert (watched["result"], watched["seats"]) == (over["result"], over["seats"])
        assert not any(f["type"] == "game_over" and f["record"] for f in watcher.frames)

        path = f"/api/games/{game}/record"
        assert ann.get(path) == over["record"] == bob.get(path) == boss.get(path)
        # issue 54: signed by the key the hall publishes, to anyone (no login)
        key = client.get("/api/records/key", headers={"cookie": ""})
        assert key.status_code == 200 and key.json()["alg"] == "Ed25519"
        assert verify_signed(over["record"], key.json()["key"]).signed_by == key.json()["key"]
        for stranger in (kim, zed):  # the spectator and someone else
            assert stranger.error("GET", path) == "forbidden"
        r = client.get(path, headers=kim.headers)
        assert r.status_code == 403 and "recorder" in r.json()["error"]["message"]
        facts = kim.get(f"/api/games/{game}")  # the public facts: names, no hands
        assert [s.get("nickname") for s in facts["seats"][:2]] == ["ann", "bob"]
        assert all(s["bot"] == "random" and s["name"] for s in facts["seats"][2:])
        assert facts["result"] == over["result"] and "record" not in facts
        assert sorted(facts["outcomes"]) == ["lose", "lose", "win", "win"] or \
            facts["outcomes"] == ["draw"] * 4
        assert zed.error("GET", "/api/games/999999") == "no_such_game"

        b.call("stand", table=table)  # he left the table: the hands are no longer his
        assert bob.error("GET", path) == "forbidden"
        assert ann.get(path) == over["record"]
        a.call("add_bot", table=table, seat=1, bot="random")
        a.call("ready", table=table)  # the next game starts: the last one's window closes
        a.until("game", lambda f: f["game_id"] != game)
        assert ann.error("GET", path) == "forbidden"
        assert boss.get(path) == over["record"]  # an admin always
        assert ann.error("GET", f"/api/games/{game + 1}/record") == "game_in_progress"
