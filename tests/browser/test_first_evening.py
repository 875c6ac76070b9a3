"""What a new player meets on a first evening (issue 31, item 6): quick match with nobody
waiting says so and offers bots; the lobby says why its ways in are greyed out while he
sits at a table; it never says 0 are online when he is; the profile explains 技术分 in
words; the menu's open ☰ stays readable."""

from __future__ import annotations

from typing import Any

from tests.browser.conftest import shot
from tests.browser.flows import nickname, register


def test_quick_match_alone_offers_bots_and_the_lobby_says_why(new_page: Any) -> None:
    page = new_page("first-evening", viewport={"width": 390, "height": 844})
    register(page, nickname("eve"))
    online = page.locator(".online-count")
    online.wait_for()
    page.wait_for_function("() => document.querySelector('.online-count').textContent !== ''")
    assert not online.inner_text().startswith("0 ")

    # nobody waits (the browser tier's hall may have open tables of others: leave them)
    page.evaluate("""() => window.yuanzi.store.set((s) => ({ tables: {} }))""")
    page.get_by_role("button", name="快速匹配").click()
    page.locator(".table-screen").wait_for()
    table = page.evaluate("() => window.yuanzi.store.get().myTable")
    seats = page.evaluate(f"() => window.yuanzi.store.get().tables[{table}]?.seats")
    alone = seats is not None and all(s["kind"] == "empty" for s in seats[1:])
    if alone:  # a new table of his own: told so, bots offered
        dialog = page.locator(".confirm-dialog[open]")
        dialog.wait_for()
        assert "没有人在等" in dialog.inner_text()
        shot(page, "99-quick-match-alone-phone")
        dialog.locator("[data-action=confirm-yes]").click()
        page.wait_for_function(f"() => window.yuanzi.store.get().tables[{table}].seats"
                               ".every((s) => s.kind !== 'empty')")

    page.goto("/#/lobby")
    why = page.locator(".seated-why")
    why.wait_for()
    assert "一次只能坐一张桌" in why.inner_text()
    assert page.get_by_role("button", name="快速匹配").get_attribute("title") == why.inner_text()

    page.goto("/#/profile")
    explain = page.locator(".skill-explain")
    explain.wait_for()
    assert "赢强手" in explain.inner_text()

    menu = page.locator(".menu-btn")
    menu.click()
    colours = menu.evaluate(
        "(e) => [getComputedStyle(e).color, getComputedStyle(e).backgroundColor]")
    assert colours[0] != colours[1] and colours[1] not in ("rgb(255, 255, 255)",)
    shot(page, "99-menu-open-phone")
