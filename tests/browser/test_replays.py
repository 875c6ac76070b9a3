"""Replays within reach (issue 31, item 5): a game of one's 战绩 opens as a replay and as
its 复盘 without knowing its number; the viewer lays the game out as a table (the viewer
at the bottom, 下家 on the right, each hand a fan, the trick in the middle, the controls at
hand) at a laptop and on a phone; once the record's window closes (R41) the stored review
still opens, alone."""

from __future__ import annotations

from typing import Any

from tests.browser.conftest import shot
from tests.browser.flows import add_bots, create_table, nickname, ready, register, state


def _box(page: Any, selector: str) -> dict[str, float]:
    box = page.locator(selector).bounding_box()
    assert box is not None, selector
    return box  # type: ignore[no-any-return]


def test_a_game_of_the_history_opens_as_a_table_and_its_review(new_page: Any,
                                                                console: Any) -> None:
    console.allowed.append("403 (Forbidden) @")  # the record refused once the window closed
    page = new_page("replays-history")
    register(page, nickname("rep"))
    table = create_table(page)
    add_bots(page, 3)
    ready(page)
    page.locator("[data-action=auto]").click()
    page.locator(".over-dialog[open]").wait_for(timeout=90000)
    game = state(page, "s.over.game_id")
    page.locator(".over-dialog [data-action=review]").click()
    page.locator(".over-dialog [data-action=see-review]").wait_for(timeout=60000)
    page.locator("[data-action=close-over]").click()

    # 录像 lists my games to open, no number to type (issue 45)
    page.goto("/#/replays")
    mine = page.locator(f".my-games .my-game[data-game='{game}']")
    mine.wait_for()
    assert mine.locator("[data-open=replay]").count() == 1
    assert f"第 {game} 局" in mine.inner_text()
    shot(page, "96-replays-my-games")

    page.goto("/#/profile")
    row = page.locator(f".history-table tbody tr[data-game='{game}']")
    row.wait_for()
    row.locator("[data-open=replay]").click()
    page.wait_for_url(f"**/#/replays/{game}")
    page.locator(".replay-board .replay-seat").first.wait_for()
    for _ in range(8):
        page.locator("[data-action=replay-step]").click()
    # a table: me (seat 0) at the bottom, 下家 (seat 1) right, 对家 top, 上家 left
    me, right, top, left = (_box(page, f".replay-seat[data-seat='{s}']") for s in range(4))
    assert top["y"] < right["y"] < me["y"] and top["y"] < left["y"] < me["y"]
    assert left["x"] < right["x"]
    centre = _box(page, ".replay-center")
    assert left["x"] + left["width"] <= centre["x"] + 1
    assert centre["x"] + centre["width"] <= right["x"] + 1
    assert _box(page, ".replay-board")["height"] <= 768  # the whole table at a glance
    shot(page, "96-replay-table-laptop")
    page.set_viewport_size({"width": 1366, "height": 768})  # issue 45: cards large enough
    fan = page.locator(".replay-seat[data-seat='0'] .replay-cards.fan .mini-card")
    first, second = fan.nth(0).bounding_box(), fan.nth(1).bounding_box()
    assert first is not None and second is not None
    assert first["height"] >= 48 and second["x"] - first["x"] >= 17, (first, second)
    assert _box(page, ".replay-board")["height"] <= 768
    shot(page, "96-replay-table-1366")

    phone = new_page("replays-phone", viewport={"width": 390, "height": 844})
    phone.context.add_cookies(page.context.cookies())
    phone.goto(f"/#/replays/{game}")
    phone.locator(".replay-board .replay-seat").first.wait_for()
    board = _box(phone, ".replay-board")
    assert board["width"] <= 390 and board["height"] <= 844 * 1.1, board  # not 1,763 px
    controls = phone.locator(".replay-controls")
    assert controls.evaluate("(e) => getComputedStyle(e).position") == "sticky"
    for s in range(4):  # every card of every hand is drawn within the screen's width
        box = _box(phone, f".replay-seat[data-seat='{s}'] .replay-cards")
        assert box["x"] >= 0 and box["x"] + box["width"] <= 390
    shot(phone, "96-replay-table-phone")

    # he leaves the table: the record's window closes (R41); his review still opens
    page.goto(f"/#/table/{table}")
    page.locator("[data-action=leave]").first.click()
    page.locator(".lobby-screen").wait_for()
    page.goto("/#/profile")
    row = page.locator(f".history-table tbody tr[data-game='{game}']")
    row.wait_for()
    assert row.locator("[data-open=replay]").count() == 0
    row.locator("[data-open=review]").click()
    page.locator(".review-only").wait_for()
    page.locator(".coach-summary").wait_for()
    assert page.locator(".replay-board").count() == 0
    shot(page, "96-review-only")

    # 录像's line says the record is closed now; the review still opens
    phone.goto("/#/replays")
    line = phone.locator(f".my-games .my-game.closed[data-game='{game}']")
    line.wait_for()
    assert line.locator("[data-open=replay]").count() == 0
    assert line.locator("[data-open=review]").count() == 1
    box = line.bounding_box()
    assert box is not None and box["x"] + box["width"] <= 390
    shot(phone, "96-replays-my-games-phone")

    phone.goto("/#/profile")
    card = phone.locator(f".history-table tbody tr[data-game='{game}']")
    card.wait_for()
    for cell in card.locator("td").all():  # a card per game: no column cut off
        box = cell.bounding_box()
        assert box is not None and box["x"] + box["width"] <= 390, cell.inner_text()
    shot(phone, "96-history-phone")
