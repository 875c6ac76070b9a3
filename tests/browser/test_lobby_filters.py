"""The lobby's filters in the browser (issue 14, item 1): the server sends only the
tables that pass (open seats, a bet), the choice survives a reload, and a filter that
lets nothing through says so."""

from __future__ import annotations

from typing import Any

from tests.browser.conftest import shot
from tests.browser.flows import add_bots, create_table, nickname, register

CARD = ".table-card[data-table='{}']"


def test_lobby_filters_narrow_the_tables_and_are_remembered(new_page: Any) -> None:
    owner = new_page("filter-owner")
    register(owner, nickname("fown"))
    full = create_table(owner)
    add_bots(owner, 3)
    other = new_page("filter-other")
    register(other, nickname("foth"))
    free = create_table(other)

    page = new_page("filter-reader")
    register(page, nickname("frd"))
    page.locator(CARD.format(full)).wait_for()
    page.locator(CARD.format(free)).wait_for()

    page.get_by_label("只看有空位").check()
    page.locator(CARD.format(full)).wait_for(state="detached")
    assert page.locator(CARD.format(free)).count() == 1
    sent = page.evaluate("() => window.yuanzi.store.get().lobbyFilter")
    assert sent == {"free": True, "bet": None, "near": False}
    shot(page, "lobby-filtered")

    # the full table gets a free seat: it comes into the filtered page by itself
    owner.locator("[data-action=remove-bot]").first.click()
    page.locator(CARD.format(full)).wait_for()

    page.get_by_label("押宝", exact=True).select_option("1280")
    page.locator(".empty-note").wait_for()
    assert "没有符合筛选的牌桌" in page.locator(".empty-note").inner_text()

    page.reload()
    page.locator(".lobby-screen").wait_for()
    assert page.get_by_label("只看有空位").is_checked()
    assert page.get_by_label("押宝", exact=True).input_value() == "1280"
    page.locator(".empty-note").wait_for()
    page.get_by_label("押宝", exact=True).select_option("")
    page.get_by_label("只看有空位").uncheck()
    page.locator(CARD.format(full)).wait_for()
    page.locator(CARD.format(free)).wait_for()


def test_the_filter_bar_fits_a_phone(new_page: Any) -> None:
    page = new_page("filter-phone", viewport={"width": 390, "height": 844})
    register(page, nickname("fph"))
    bar = page.locator(".lobby-filters").bounding_box()
    assert bar is not None and bar["width"] <= 390 and bar["height"] < 140
    shot(page, "lobby-filters-phone")
