"""R41 in the create dialog: a name of one's own and another cloth are offered only to a
player who owns a sign or a tablecloth, and creating the table spends them."""

from __future__ import annotations

from typing import Any

from tests.browser.conftest import shot
from tests.browser.flows import buy, create_table, nickname, register


def test_the_dialog_offers_what_the_player_owns_and_creating_spends_it(new_page: Any) -> None:
    page = new_page("create-items")
    register(page, nickname("ci"))
    page.get_by_role("button", name="创建牌桌").click()
    dialog = page.locator(".create-dialog[open]")
    dialog.wait_for()
    page.wait_for_function("() => window.yuanzi.store.get().inventory !== null")
    assert page.locator("#ct-name").is_disabled()
    assert "需要招牌" in page.locator("#ct-name-hint").inner_text()
    assert page.locator("#ct-sign").is_hidden()
    assert page.locator("#ct-cloth option[value=blue]").is_disabled()
    assert not page.locator("#ct-cloth option[value=green]").is_disabled()
    assert "桌布道具" in page.locator("#ct-cloth-hint").inner_text()
    shot(page, "90-create-without-items")
    page.locator(".create-dialog [type=button]").filter(has_text="取消").click()

    page.goto("/#/shop")
    page.locator(".shop-item").first.wait_for()
    for item in ("sign", "sign", "tablecloth"):  # a gold sign is 10,000: not for a newcomer
        buy(page, item)
    page.goto("/#/lobby")
    page.locator(".lobby-screen").wait_for()
    page.get_by_role("button", name="创建牌桌").click()
    page.locator("#ct-name:not([disabled])").wait_for()
    options = page.locator("#ct-sign option").all_inner_texts()
    assert options == ["招牌（剩 2 个，桌名保护 1 小时）"]
    assert "会用掉一个招牌" in page.locator("#ct-name-hint").inner_text()
    page.fill("#ct-name", "老王茶馆")
    page.select_option("#ct-cloth", "wood")
    shot(page, "91-create-with-items")
    page.locator(".create-dialog button[type=submit]").click()
    page.locator(".table-screen").wait_for()
    page.locator(".table-title").filter(has_text="老王茶馆").wait_for()
    page.wait_for_function(
        "() => document.querySelector('.felt').classList.contains('cloth-wood')")
    page.locator(".chip.protected").wait_for()  # the sign protects the name (1 h)
    page.wait_for_function("() => !window.yuanzi.store.get().inventory.slots"
                           ".some((s) => s && s.item === 'tablecloth')")
    assert page.evaluate("() => window.yuanzi.store.get().inventory.slots"
                         ".find((s) => s && s.item === 'sign').count") == 1
    page.locator("[data-action=leave]").first.click()
    page.locator(".lobby-screen").wait_for()
    # one sign is left: the name is offered, the other cloths no longer are
    page.get_by_role("button", name="创建牌桌").click()
    page.locator("#ct-name:not([disabled])").wait_for()
    assert page.locator("#ct-cloth option[value=red]").is_disabled()
    page.locator(".create-dialog [type=button]").filter(has_text="取消").click()
    create_table(page, "第二家")
    page.locator(".table-title").filter(has_text="第二家").wait_for()
    page.wait_for_function("() => !window.yuanzi.store.get().inventory.slots"
                           ".some((s) => s && s.item === 'sign')")
