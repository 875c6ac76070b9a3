"""The coach in the hall (issue 17): a player has his seat of a game he may see in full
reviewed; progress and the end come as frames, the review is stored and answered again,
and it stays his after the record's window (R41) closes; others are refused."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from contextlib import ExitStack
from datetime import UTC, datetime, timedelta
from typing import Any

import pytest
from fastapi.testclient import TestClient
from tests.server.economy_helpers import As, services
from tests.server.helpers import my_turn, played_and_watched
from tests.server.wsclient import Peer

from yuanzi.hall.errors import HallError
from yuanzi.hall.models import Seat, TableSpec

Account = Callable[[TestClient, str], str]


def own_then_auto(a: Peer, table: int, choices: int) -> set[int]:
    """Seat 0 plays by the hall's hint until it made ``choices`` real choices (turns with
    something besides a pass), then turns 托管 on; the plies (versions) it played."""
    own: set[int] = set()
    while choices:
        version = my_turn(a, 0)["version"]
        hint = a.call("hint", table=table, version=version)
        a.call("play", table=table, version=version, cards=hint["cards"])
        own.add(version)
        choices -= hint["reason"] != "cannot_beat"
    a.call("auto_play", table=table, on=True)
    return own


@pytest.mark.parametrize("workers", [0, 1], ids=["thread", "process"])
def test_a_player_has_his_game_reviewed_and_keeps_the_review(
        make_client: Callable[..., TestClient], account: Account, workers: int) -> None:
    client = make_client(review_workers=workers, review_worlds=3)
    with ExitStack() as stack:
        tokens = {n: account(client, n) for n in ("ann", "bob", "kim")}
        ann, bob, kim = (As(client, tokens[n]) for n in tokens)
        a, b, _, table = played_and_watched(stack, client, tokens, auto=(1,))
        own = own_then_auto(a, table, choices=2)  # then 托管 plays her seat (R34)
        game = a.until("game_over")["game_id"]
        path = f"/api/games/{game}/review"

        assert kim.error("POST", path, {}) == "forbidden"  # he watched: no hands, no review
        assert ann.get(path) == {"game_id": game, "seat": 0, "status": "none",
                                 "review": None}  # her own seat, not reviewed yet
        asked = ann.post(path, {})
        assert (asked["game_id"], asked["seat"], asked["status"]) == (game, 0, "queued")
        ready = a.until("review_ready")
        assert ready == {"type": "review_ready", "game_id": game, "seat": 0, "ok": True}
        progress = [f for f in a.frames if f["type"] == "review_progress"]
        assert [f["done"] for f in progress] == list(range(1, progress[0]["total"] + 1))
        assert not [f for f in b.frames if f["type"].startswith("review")]  # his only
        done = ann.get(path)
        review = done["review"]
        assert done["status"] == "done" and review["seat"] == 0 and review["team"] == "NS"
        assert review["settings"]["worlds"] == 3 and 0 <= review["accuracy"] <= 100
        assert review["decisions"] and {d["mark"] for d in review["decisions"]} <= {
            "good", "inaccuracy", "mistake", "blunder"}
        assert sum(review["counts"].values()) == len(review["decisions"])
        # issue 31: her own choices graded, 托管's moves listed as its, never graded
        assert {d["ply"] for d in review["decisions"]} <= own
        assert len(review["decisions"]) >= 2
        assert review["played_for"] and {p["by"] for p in review["played_for"]} == {"auto"}
        assert not own & {p["ply"] for p in review["played_for"]}
        assert all(d["hint"] for d in review["decisions"])
        assert ann.post(path, {}) == done  # stored: answered again at once, the same
        history = ann.get(f"/api/accounts/{ann.me['id']}/games")["games"]  # issue 31: 战绩
        assert (history[0]["game_id"], history[0]["reviewed"]) == (game, True)
        assert bob.get(path, params={"seat": 0}) == done  # a player of the game
        assert kim.error("GET", path + "?seat=0") == "forbidden"
        assert ann.error("POST", path, {"seat": 5}) == "malformed"

        b.call("stand", table=table)  # his record's window closes; the review stays
        assert bob.error("POST", path, {}) == "forbidden"
        assert bob.get(path, params={"seat": 0}) == done
        a.call("add_bot", table=table, seat=1, bot="random")
        a.call("ready", table=table)  # the next game: the last one's window closes
        a.until("game", lambda f: f["game_id"] != game)
        assert ann.get(path) == done
        assert ann.error("POST", f"/api/games/{game + 1}/review", {}) == "game_in_progress"


def test_one_review_per_player_and_a_hall_wide_cap(
        make_client: Callable[..., TestClient], account: Account) -> None:
    client = make_client()
    ids = [As(client, account(client, n)).me["id"] for n in ("ann", "bob", "cat")]
    store = services(client).db.store
    spec = _spec(store, ids[0])
    game = asyncio.run(store.start_game(asyncio.run(store.create_table(spec)), {},
                                        spec.seats))
    fresh = datetime.now(UTC) - timedelta(minutes=15)

    def queue(seat: int, who: int, cap: int = 2) -> object:
        return asyncio.run(store.queue_review(game, seat, 8, 1, who, cap, fresh))

    first = queue(0, ids[0])
    assert queue(0, ids[1]) == first  # the same review, under way: not queued twice
    with pytest.raises(HallError) as busy:
        queue(1, ids[0])
    assert busy.value.code == "review_busy"
    queue(1, ids[1])
    with pytest.raises(HallError) as full:
        queue(2, ids[2])
    assert full.value.code == "review_queue_full"
    later = datetime.now(UTC) + timedelta(seconds=1)  # both now stale (a stopped node)
    again = asyncio.run(store.queue_review(game, 2, 8, 1, ids[2], 2, later))
    assert again.status == "queued" and again.requested_by == ids[2]


def _spec(store: Any, owner_id: int) -> TableSpec:
    account = asyncio.run(store.account(owner_id))
    spec = TableSpec(0, "t", account, "green", 0, {})
    spec.seats = [Seat(account=account)] + [Seat(bot="random") for _ in range(3)]
    return spec


def test_each_player_has_his_share_of_the_coachs_hour(
        make_client: Callable[..., TestClient], account: Account) -> None:
    """Issue 27: a few accounts playing free bot games kept the queue full for everyone;
    now each asks at most ``review_per_hour`` reviews an hour (admins aside)."""
    client = make_client()
    ann, bob = (As(client, account(client, n)).me["id"] for n in ("ann", "bob"))
    store = services(client).db.store
    spec = _spec(store, ann)
    table = asyncio.run(store.create_table(spec))
    games = [asyncio.run(store.start_game(table, {}, spec.seats)) for _ in range(3)]
    stale = datetime.now(UTC) + timedelta(seconds=1)  # each one done with at once

    def queue(game: int, who: int) -> object:
        return asyncio.run(store.queue_review(game, 0, 8, 1, who, 10, stale, per_hour=2))

    queue(games[0], ann)
    queue(games[1], ann)
    with pytest.raises(HallError) as limited:
        queue(games[2], ann)
    assert limited.value.code == "rate_limited"
    assert asyncio.run(store.queue_review(games[2], 0, 8, 1, bob, 10, stale, per_hour=2))
