"""Bots do not play for coins (issue 16, R40): a betting table does not offer them; the
same table without a bet does."""

from __future__ import annotations

from typing import Any

from tests.browser.flows import nickname, register


def test_a_betting_table_offers_no_bots(new_page: Any) -> None:
    page = new_page("betbots")
    register(page, nickname("bb"))
    page.get_by_role("button", name="创建牌桌").click()
    page.locator(".create-dialog[open]").wait_for()
    page.locator("#ct-bet").select_option("10")
    page.locator(".create-dialog button[type=submit]").click()
    page.locator(".table-screen").wait_for()
    page.locator(".seat.vacant").first.wait_for()
    assert page.locator("[data-action=add-bot], [data-action=add-strong-bot]").count() == 0
    page.locator("[data-action=set-bet]").select_option("0")
    page.locator("[data-action=add-bot]").first.wait_for()
    assert page.locator("[data-action=add-strong-bot]").count() == 3
