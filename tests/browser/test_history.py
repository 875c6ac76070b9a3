"""The game history (战绩, issue 15) on the profile screen: a finished game with its
facts (result, partner, opponents, each half's points, the ladder change)."""

from __future__ import annotations

import json
from typing import Any

from tests.browser.conftest import shot
from tests.browser.flows import add_bots, create_table, nickname, ready, register, state


def test_the_history_lists_a_finished_game_with_its_facts(new_page: Any) -> None:
    page = new_page("history")
    register(page, nickname("hist"))
    create_table(page)
    add_bots(page, 3)
    ready(page)
    page.locator("[data-action=auto]").click()  # 托管: the hall's bot plays my seat
    page.locator(".over-dialog[open]").wait_for(timeout=90000)
    over = state(page, "s.over")
    page.locator("[data-action=close-over]").click()

    page.goto("/#/profile")
    row = page.locator(f".history-table tbody tr[data-game='{over['game_id']}']")
    row.wait_for()
    cells = row.locator("td").all_inner_texts()
    result = over["result"]
    outcome = "平" if result["winner"] is None else "胜" if result["winner"] == "NS" else "负"
    assert cells[1].startswith(outcome)
    assert cells[2] == over["seats"][2]["name"]  # the partner: the bot at seat 2
    first = result["halves"][0]["points"]
    assert f"第 1 半局 {first['NS']}:{first['EW']}" in cells[4]  # (as the table says: issue 45)
    delta = over["seats"][0]["score_delta"]
    assert cells[5] == (f"+{delta}" if delta > 0 else str(delta))
    assert page.locator(".history-table th").count() == 7  # my own: the coins column too
    shot(page, "history-profile")

    phone = new_page("history-phone", viewport={"width": 390, "height": 844})
    register(phone, nickname("hph"))
    phone.goto(f"/#/profile/{state(page, 's.account.id')}")
    phone.locator(f".history-table tbody tr[data-game='{over['game_id']}']").wait_for()
    assert phone.locator(".history-table th").count() == 6  # another's: no coins
    shot(phone, "history-profile-phone")


def test_a_games_hands_are_its_players_and_its_replay_names_them(new_page: Any,
                                                                 console: Any) -> None:
    """R41: the player's end panel opens the game's replay, seats named (not 1 号位…);
    a spectator's panel offers no replay, and the record refuses him in words."""
    console.allowed.append("403 (Forbidden) @")  # the browser's own log of the refusal
    page = new_page("hands")
    register(page, nickname("hand"))
    table = create_table(page)
    add_bots(page, 3)
    watcher = new_page("hands-watcher")
    register(watcher, nickname("look"))
    watcher.get_by_role("button", name=f"观战 #{table}").click()
    watcher.locator(".table-screen").wait_for()
    ready(page)
    page.locator("[data-action=auto]").click()
    page.locator(".over-dialog[open]").wait_for(timeout=90000)
    watcher.locator(".over-dialog[open]").wait_for(timeout=30000)
    assert watcher.locator(".over-dialog [data-action=replay]").count() == 0
    assert state(watcher, "s.over.record") is None
    over = state(page, "s.over")
    names = [state(page, f"s.tables[{table}].seats[{k}]") for k in range(4)]
    page.locator(".over-dialog [data-action=replay]").click()
    page.locator(".replay-seat h3").first.wait_for()
    heads = page.locator(".replay-seat h3").all_inner_texts()
    assert heads[0].startswith(names[0]["nickname"])
    assert all(heads[k].startswith(names[k]["name"]) for k in (1, 2, 3))  # the bots' names
    assert not any("号位" in h for h in heads)
    shot(page, "replay-named")

    watcher.locator("[data-action=close-over]").click()
    watcher.goto(f"/#/replays/{over['game_id']}")
    watcher.get_by_text("只给本局玩家看").wait_for()
    shot(watcher, "replay-refused")


def _game(game_id: int) -> dict[str, Any]:
    """A game of a history as the hall answers it (views.HistoryEntry)."""
    bot = {"seat": 1, "account_id": None, "nickname": None, "bot": "heuristic",
           "name": "阿旺", "name_en": "Wang"}
    return {"game_id": game_id, "table_id": 1, "ended_at": "2026-12-01T20:00:00+00:00",
            "status": "finished", "seat": 0, "outcome": "win", "kind": None,
            "partner": {**bot, "seat": 2}, "opponents": [bot, {**bot, "seat": 3}],
            "halves": [{"us": 200, "them": 100}], "score_delta": 3, "coins_delta": None,
            "bet": 0}


def test_more_of_the_history_appends_the_older_games_in_order(new_page: Any,
                                                               console: Any) -> None:
    """更早的牌局 (more) asks for the games before the last one shown and adds them
    below (a refusal is said and the button stays to ask again); the button goes once
    the hall says there are no more. The hall's two pages
    are answered at the network (a history of 21 games is not played here; its paging
    is the hall's own tests')."""
    console.allowed.append("429 (Too Many Requests) @")  # the browser's own log of the refusal
    page = new_page("history-more")
    register(page, nickname("more"))
    newest = [_game(n) for n in range(40, 20, -1)]
    asked: list[str] = []

    def answer(route: Any) -> None:
        asked.append(route.request.url)
        if "before=21" not in route.request.url:
            body: dict[str, Any] = {"games": newest, "more": True}
        elif sum("before=21" in url for url in asked) == 1:  # the first ask refused
            route.fulfill(status=429, content_type="application/json", body=json.dumps(
                {"error": {"code": "rate_limited", "message": "slow down"}}))
            return
        else:
            body = {"games": [_game(20), _game(19)], "more": False}
        route.fulfill(status=200, content_type="application/json", body=json.dumps(body))

    page.route("**/api/accounts/*/games*", answer)
    page.goto("/#/profile")
    rows = page.locator(".history-table tbody tr")
    rows.nth(19).wait_for()
    more = page.get_by_role("button", name="更早的牌局")
    more.click()  # refused: said, the rows kept, and the button there to ask again
    page.locator(".history > p.muted:not([hidden])").wait_for()
    assert page.locator(".history > p.muted").inner_text() != "还没有打完的牌局"
    assert rows.count() == 20 and more.is_visible()
    more.click()
    page.locator(".history-table tbody tr[data-game='19']").wait_for()
    assert [int(x) for x in rows.evaluate_all("(rs) => rs.map((r) => r.dataset.game)")] == \
        list(range(40, 18, -1))
    assert more.is_hidden() and page.locator(".history > p.muted").is_hidden()
    assert sum("before=21" in url for url in asked) == 2


def test_the_next_account_in_a_tab_sees_nothing_read_for_the_last(new_page: Any) -> None:
    """The screens draw what the store keeps of the hall's answers: logging out forgets
    every one of them (a profile, a history, saved replays, reviews), so the next account
    in the same tab — or a public page opened after — shows nothing of the last one's."""
    page = new_page("history-next-account")
    first = nickname("prev")
    register(page, first)
    mine = state(page, "s.account.id")
    page.goto("/#/profile")
    page.locator(".profile dd[data-field=nickname]").wait_for()
    page.goto("/#/replays")
    page.locator(".my-replays .replay-list li").first.wait_for()
    read = set(state(page, "Object.keys(s.reads)"))
    assert {f"profile/{mine}", f"history/{mine}", "myReplays"} <= read
    page.get_by_role("button", name="退出").click()
    page.locator(".login-form").wait_for()
    assert state(page, "Object.keys(s.reads)") == [] and state(page, "s.account") is None
    page.get_by_role("button", name="没有账号？注册").click()
    second = nickname("next")
    page.fill("#nickname", second)
    page.fill("#password", "tea-house-27")
    page.locator(".login-form button[type=submit]").click()
    page.locator(".lobby-screen").wait_for()
    page.goto("/#/profile")
    page.locator(".profile dd[data-field=nickname]").wait_for()
    assert page.locator(".profile dd[data-field=nickname]").inner_text() == second
    assert not [k for k in state(page, "Object.keys(s.reads)") if str(mine) in k.split("/")]
