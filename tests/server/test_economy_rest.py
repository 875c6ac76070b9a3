"""The economy's REST routes in-process: session, shop, inventory, relief, gems and the
gem cap, leaderboard and profiles, admin actions and their audit log (R40–R44)."""

from __future__ import annotations

from collections.abc import Callable

from fastapi.testclient import TestClient
from sqlalchemy import update
from tests.server.economy_helpers import As, audit, give, make_admin, services

from yuanzi.hall.runtime.ratelimit import RateLimiter
from yuanzi.store.models.accounts import Account as AccountRow

Account = Callable[[TestClient, str], str]


def player(client: TestClient, account: Account, name: str) -> As:
    return As(client, account(client, name))


def test_session_answers_200_logged_in_or_not(client: TestClient, account: Account) -> None:
    r = client.get("/api/session")
    assert r.status_code == 200 and r.json() == {"account": None}
    ann = player(client, account, "ann")
    assert ann.get("/api/session")["account"]["nickname"] == "ann"
    assert client.get("/api/me").status_code == 401  # /api/me still refuses


def test_shop_sells_items_not_gems_and_the_ledger_records_it(
        client: TestClient, account: Account) -> None:
    ann = player(client, account, "ann")
    shelf = {i["item"]: i["price"] for i in ann.get("/api/shop")["items"]}
    assert shelf == {"sign": 1000, "gold_sign": 10000, "timer": 500, "card_counter": 300,
                     "tablecloth": 2000, "recorder": 300}  # R44
    out = ann.post("/api/shop/buy", {"item": "timer", "count": 3})
    assert out["coins"] == 3500 and out["slots"][0] == {
        "item": "timer", "count": 3, "zh": "定时器", "en": "Timer", "armed": False}
    assert ann.error("POST", "/api/shop/buy", {"item": "gem_shard"}) == "not_for_sale"
    assert ann.error("POST", "/api/shop/buy", {"item": "pony"}) == "no_such_item"
    assert ann.error("POST", "/api/shop/buy", {"item": "gold_sign"}) == "not_enough_coins"
    assert ann.error("POST", "/api/shop/buy", {"item": "timer", "count": 0}) == "malformed"
    assert ann.me["coins"] == 3500  # the refusals took nothing
    entries = ann.get("/api/me/ledger")["entries"]
    assert [(e["reason"], e["amount"], e["item"]) for e in entries] == [
        ("purchase", -1500, "timer"), ("new_account", 5000, None)]
    assert audit(client)["ok"]


def test_inventory_moves_swaps_merges_and_a_full_one_receives_nothing(
        make_client: Callable[..., TestClient], account: Account) -> None:
    client = make_client(inventory_slots=3)
    ann = player(client, account, "ann")
    ann.post("/api/shop/buy", {"item": "timer"})
    ann.post("/api/shop/buy", {"item": "recorder"})
    inv = ann.get("/api/inventory")
    assert inv["size"] == 3 and [s and s["item"] for s in inv["slots"]] == [
        "timer", "recorder", None]
    inv = ann.post("/api/inventory/move", {"from": 0, "to": 2})  # onto an empty slot
    assert [s and s["item"] for s in inv["slots"]] == [None, "recorder", "timer"]
    inv = ann.post("/api/inventory/move", {"from": 1, "to": 2})  # onto another item: swap
    assert [s and s["item"] for s in inv["slots"]] == [None, "timer", "recorder"]
    give(client, ann.me["id"], "timer", 98)  # joins the stack: 99
    inv = ann.post("/api/shop/buy", {"item": "card_counter"})
    assert inv["free"] == 0 and inv["slots"][1]["count"] == 99
    assert ann.error("POST", "/api/shop/buy", {"item": "timer"}) == "inventory_full"
    assert ann.error("POST", "/api/shop/buy", {"item": "sign"}) == "inventory_full"
    assert ann.me["coins"] == 5000 - 500 - 300 - 300  # a full inventory cost nothing
    assert ann.error("POST", "/api/inventory/move", {"from": 5, "to": 0}) == "bad_slot"
    ann.post("/api/inventory/use", {"slot": 1})  # arm the timer
    inv = ann.get("/api/inventory")
    assert inv["armed"] == ["timer"] and inv["slots"][1]["armed"] is True
    ann.post("/api/inventory/use", {"slot": 1})  # a second double-click disarms
    assert ann.get("/api/inventory")["armed"] == []
    assert ann.error("POST", "/api/inventory/use", {"slot": 0}) == "not_seated"  # a counter


def test_relief_tops_up_to_1000_once_a_day(client: TestClient, account: Account) -> None:
    ann = player(client, account, "ann")
    boss = player(client, account, "boss")
    make_admin(client, boss.me["id"])
    assert ann.get("/api/relief")["available"] == 0
    assert ann.error("POST", "/api/relief") == "relief_refused"  # 5000 is not under 1000
    boss.post("/api/admin/coins", {"account": ann.me["id"], "amount": -4700,
                                   "reason": "test"})
    assert ann.get("/api/relief")["available"] == 700
    assert ann.post("/api/relief") == {"granted": 700, "coins": 1000}
    boss.post("/api/admin/coins", {"account": ann.me["id"], "amount": -500, "reason": "again"})
    assert ann.error("POST", "/api/relief") == "relief_refused"  # claimed today
    assert ann.me["coins"] == 500
    t = audit(client)
    assert t["ok"] and t["by_reason"]["relief"] == 700 and t["by_reason"]["admin_take"] == -5200


def test_gems_add_points_only_under_the_cap(client: TestClient, account: Account) -> None:
    ann = player(client, account, "ann")
    boss = player(client, account, "boss")
    make_admin(client, boss.me["id"])
    me = ann.me["id"]
    give(client, me, "gem_perfect")
    give(client, me, "gem_shard", 2)
    inv = ann.get("/api/inventory")
    assert [s and (s["item"], s["count"]) for s in inv["slots"][:3]] == [
        ("gem_perfect", 1), ("gem_shard", 1), ("gem_shard", 1)]  # never stacked (R42)
    assert ann.get("/api/gem-cap") == {"cap": None, "admin_cap": None}  # < 100 players
    out = ann.post("/api/inventory/use", {"slot": 0})
    assert out["points"] == 100 and out["score"] == 100 and out["title"] == "钢刀"
    boss.put("/api/admin/gem-cap", {"cap": 101})
    assert ann.post("/api/inventory/use", {"slot": 1})["score"] == 101  # 100 < 101
    assert ann.error("POST", "/api/inventory/use", {"slot": 2}) == "gem_cap"  # 101 ≥ 101
    assert ann.get("/api/inventory")["slots"][2]["item"] == "gem_shard"  # kept
    boss.put("/api/admin/gem-cap", {"cap": None})
    assert ann.post("/api/inventory/use", {"slot": 2})["score"] == 102
    assert ann.me["coins"] == 5000  # gems never touch coins


def test_admin_routes_are_for_admins_and_every_action_is_audited(
        client: TestClient, account: Account) -> None:
    ann = player(client, account, "ann")
    boss = player(client, account, "boss")
    assert ann.error("GET", "/api/admin/audit") == "forbidden"
    assert ann.error("POST", "/api/admin/coins",
                     {"account": 1, "amount": 5, "reason": "x"}) == "forbidden"
    make_admin(client, boss.me["id"])
    ann_id = ann.me["id"]
    assert boss.post("/api/admin/coins", {"account": ann_id, "amount": 250,
                                          "reason": "tournament prize"})["coins"] == 5250
    assert boss.error("POST", "/api/admin/coins",
                      {"account": ann_id, "amount": -6000, "reason": "x"}) == "not_enough_coins"
    assert boss.error("POST", "/api/admin/coins",
                      {"account": ann_id, "amount": 5, "reason": ""}) == "malformed"
    assert boss.error("POST", "/api/admin/coins",
                      {"account": 999, "amount": 5, "reason": "x"}) == "no_such_account"
    boss.put("/api/admin/gem-cap", {"cap": 500})
    boss.post("/api/admin/kick", {"account": ann_id, "reason": "testing"})
    boss.post("/api/admin/ban", {"account": ann_id, "reason": "cheating"})
    assert client.get("/api/me", headers=ann.headers).status_code == 401  # sessions revoked
    r = client.post("/api/login", json={"nickname": "ann", "password": "tea-house-27"})
    assert r.status_code == 403 and r.json()["error"]["code"] == "banned"
    r = client.post("/api/login", json={"nickname": "ann", "password": "wrong-pass"})
    assert r.json()["error"]["code"] == "wrong_credentials"  # no hint without the password
    boss.post("/api/admin/unban", {"account": ann_id, "reason": "appeal"})
    assert client.post("/api/login", json={"nickname": "ann", "password": "tea-house-27"}
                       ).status_code == 200
    assert boss.error("POST", "/api/admin/ban", {"account": boss.me["id"]}) == "forbidden"
    log = boss.get("/api/admin/audit")["entries"]
    assert [e["action"] for e in log] == ["unban", "ban", "kick", "set_gem_cap", "grant_coins"]
    assert log[-1]["detail"] == {"amount": 250, "reason": "tournament prize"}
    assert log[1]["target_account"] == ann_id and log[1]["admin_id"] == boss.me["id"]
    ledger = boss.get(f"/api/admin/accounts/{ann_id}/ledger")["entries"]
    assert ledger[0]["reason"] == "admin_grant" and ledger[0]["note"] == "tournament prize"
    assert boss.get("/api/admin/ledger")["ok"]


def test_profiles_and_leaderboards_need_games(client: TestClient, account: Account) -> None:
    ann = player(client, account, "ann")
    prof = ann.get(f"/api/accounts/{ann.me['id']}")
    assert prof["title"] == "弹壳" and prof["level"] == 1 and prof["points_to_next"] == 100
    assert (prof["games"], prof["wins"], prof["double_wins"], prof["double_losses"],
            prof["escapes"], prof["coins"]) == (0, 0, 0, 0, 0, 5000)
    assert prof["skill"]["ordinal"] == 0.0
    assert ann.get("/api/leaderboard")["rows"] == []  # nobody has played yet
    assert ann.get("/api/leaderboard?by=skill")["by"] == "skill"
    assert ann.error("GET", "/api/leaderboard?by=coins") == "malformed"
    assert ann.error("GET", "/api/accounts/999") == "no_such_account"


def test_a_profile_shows_coins_role_and_ban_only_to_its_player_and_admins(
        client: TestClient, account: Account) -> None:
    """Issue 14, item 11: public are standing, title, rating and games; coins, role and
    ban are private, as the leaderboard keeps them."""
    ann, bob, boss = (player(client, account, n) for n in ("ann", "bob", "boss"))
    make_admin(client, boss.me["id"])
    seen_by_bob = bob.get(f"/api/accounts/{ann.me['id']}")
    assert (seen_by_bob["coins"], seen_by_bob["role"], seen_by_bob["banned"]) == (
        None, None, None)
    assert seen_by_bob["nickname"] == "ann" and seen_by_bob["level"] == 1
    assert seen_by_bob["skill"]["ordinal"] == 0.0 and seen_by_bob["games"] == 0
    admin_view = bob.get(f"/api/accounts/{boss.me['id']}")
    assert admin_view["role"] is None  # an admin is not pointed out either
    for viewer in (ann, boss):
        full = viewer.get(f"/api/accounts/{ann.me['id']}")
        assert (full["coins"], full["role"], full["banned"]) == (5000, "player", False)


def played(client: TestClient, account_id: int) -> None:
    """As if the account had played a game (the board lists players who have)."""
    with services(client).db.sessions.begin() as s:
        s.execute(update(AccountRow).where(AccountRow.id == account_id)
                  .values(games_played=1, wins=1, ladder_score=20))


PUBLIC_ROW = {"rank", "id", "nickname", "level", "title", "title_en", "score", "standing",
              "rating", "games", "wins"}


def test_the_leaderboard_is_public_and_shows_nothing_private(
        client: TestClient, account: Account) -> None:
    ann = player(client, account, "ann")
    played(client, ann.me["id"])
    for by in ("ladder", "skill"):
        r = client.get(f"/api/leaderboard?by={by}")  # no cookie
        assert r.status_code == 200, r.text
        body = r.json()
        assert body["by"] == by and body["ladder"] == "titles"
        assert [row["nickname"] for row in body["rows"]] == ["ann"]
        assert set(body["rows"][0]) == PUBLIC_ROW  # no coins, role, ban, skill details
    assert client.get("/api/leaderboard?by=coins").json()["error"]["code"] == "malformed"
    assert client.get(f"/api/accounts/{ann.me['id']}").status_code == 401  # profiles: not public


def test_anonymous_leaderboard_reads_are_rate_limited_per_address(
        client: TestClient, account: Account) -> None:
    ann = player(client, account, "ann")
    services(client).hall.standings.public_reads = RateLimiter(3, 60.0)
    assert [client.get("/api/leaderboard").status_code for _ in range(3)] == [200] * 3
    r = client.get("/api/leaderboard")
    assert r.status_code == 429 and r.json()["error"]["code"] == "rate_limited"
    for _ in range(5):  # a logged-in player reads as before
        assert ann.get("/api/leaderboard")["by"] == "ladder"


def test_a_quantity_is_bought_at_once_or_not_at_all(
        make_client: Callable[..., TestClient], account: Account) -> None:
    client = make_client(inventory_slots=2)
    ann = player(client, account, "ann")
    out = ann.post("/api/shop/buy", {"item": "card_counter", "count": 7})  # 7 × 300
    assert (out["coins"], out["item"], out["count"]) == (5000 - 2100, "card_counter", 7)
    assert out["slots"][0]["count"] == 7
    ledger = ann.get("/api/me/ledger")["entries"]
    assert (ledger[0]["reason"], ledger[0]["amount"], ledger[0]["note"]) == (
        "purchase", -2100, "x7")  # one row for the whole quantity

    def unchanged() -> None:
        inv = ann.get("/api/inventory")
        assert inv["coins"] == 2900 and [s and (s["item"], s["count"]) for s in inv["slots"]] == [
            ("card_counter", 7), None]
        assert len(ann.get("/api/me/ledger")["entries"]) == 2  # new_account, the purchase

    # too few coins for price × count: nothing moves (one recorder would fit)
    r = client.post("/api/shop/buy", json={"item": "recorder", "count": 10},
                    headers=ann.headers)
    assert r.status_code == 409 and r.json()["error"]["code"] == "not_enough_coins"
    assert "needs 3000 coins, has 2900" in r.json()["error"]["message"]
    unchanged()
    # no room: the stack holds 97 and the other slot a timer; 3 more do not fit, 2 would
    ann.post("/api/shop/buy", {"item": "timer", "count": 1})
    give(client, ann.me["id"], "card_counter", 90)
    assert ann.error("POST", "/api/shop/buy", {"item": "card_counter", "count": 3}) == (
        "inventory_full")
    inv = ann.get("/api/inventory")
    assert inv["coins"] == 2400 and inv["slots"][0]["count"] == 97
    # out of range: a clear 422, nothing bought
    for bad in (0, 100, -5):
        r = client.post("/api/shop/buy", json={"item": "timer", "count": bad},
                        headers=ann.headers)
        assert r.status_code == 422, r.text
        assert r.json()["error"] == {"code": "malformed",
                                     "message": f"count: buy 1 to 99 at a time, not {bad}"}
    r = client.post("/api/shop/buy", json={"item": "timer", "count": "many"},
                    headers=ann.headers)
    assert r.status_code == 422 and r.json()["error"]["code"] == "malformed"
    assert ann.get("/api/inventory")["coins"] == 2400
    assert audit(client)["ok"]
