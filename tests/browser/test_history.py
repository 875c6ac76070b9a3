"""The game history (战绩, issue 15) on the profile screen: a finished game with its
facts (result, partner, opponents, each half's points, the ladder change)."""

from __future__ import annotations

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
