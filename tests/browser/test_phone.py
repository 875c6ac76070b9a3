"""A phone held upright (360 × 740, touch): on every screen the page never scrolls
sideways and every visible control can be scrolled to and tapped (not off-screen, not
covered); a game is played by tapping."""

from __future__ import annotations

from typing import Any

from tests.browser.conftest import PHONE
from tests.browser.flows import (
    MY_TURN,
    add_bots,
    create_table,
    nickname,
    ready,
    register,
    take_turn,
)
from tests.browser.reachable import check


def test_phone_screens_fit_and_every_control_is_reachable(new_page: Any) -> None:
    page = new_page("phone", viewport=PHONE, is_mobile=True, has_touch=True)
    page.goto("/")
    page.locator(".login-form").wait_for()
    check(page, "30-phone-login", 3)
    register(page, nickname("ph"))
    check(page, "31-phone-lobby", 3)
    page.get_by_role("button", name="菜单").tap()
    page.locator(".nav-link").first.wait_for(state="visible")
    check(page, "32-phone-menu", 6)
    page.get_by_role("button", name="菜单").tap()

    page.get_by_role("button", name="创建牌桌").tap()
    page.locator(".create-dialog[open]").wait_for()
    page.locator(".rules-options summary").tap()
    check(page, "33-phone-create-table", 5)
    page.get_by_role("button", name="取消").tap()

    create_table(page)
    add_bots(page, 3)
    check(page, "34-phone-table-before-the-game", 3)
    ready(page)
    page.wait_for_function(MY_TURN, polling=50, timeout=30000)
    page.locator(".hand .card").last.tap()
    assert page.locator(".hand .card.selected").count() == 1
    page.locator(".hand .card").last.tap()
    assert page.locator(".hand .card.selected").count() == 0
    check(page, "35-phone-table-my-turn", 20)
    for _ in range(3):
        page.wait_for_function(MY_TURN, polling=50, timeout=30000)
        take_turn(page)
    page.wait_for_function(MY_TURN, polling=50, timeout=30000)
    page.locator("[data-action=hint]").tap()
    check(page, "36-phone-table-hint", 20)

    for screen in ("items", "shop", "leaderboard", "profile", "replays"):
        page.goto(f"/#/{screen}")
        page.locator(f".{screen}-screen").wait_for()
        check(page, f"37-phone-{screen}", 1)
