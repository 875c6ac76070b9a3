"""A phone held upright (360 × 740, touch): on every screen the page never scrolls
sideways and every visible control can be scrolled to and tapped (not off-screen, not
covered); a game is played by tapping."""

from __future__ import annotations

from typing import Any

from tests.browser.conftest import PHONE, shot
from tests.browser.flows import (
    MY_TURN,
    add_bots,
    create_table,
    nickname,
    ready,
    register,
    take_turn,
)

REACHABLE = """() => {
  const problems = [];
  const doc = document.documentElement;
  if (doc.scrollWidth > window.innerWidth) {
    problems.push(`the page scrolls sideways: ${doc.scrollWidth} > ${window.innerWidth}`);
  }
  const dialog = document.querySelector('dialog[open]');
  const scope = dialog || document;
  const all = [...scope.querySelectorAll('button, a[href], input, select, summary, [role=button]')];
  const visible = all.filter((el) => {
    const r = el.getBoundingClientRect();
    return r.width > 0 && r.height > 0 && getComputedStyle(el).visibility !== 'hidden';
  });
  for (const el of visible) {
    el.scrollIntoView({ block: 'center', inline: 'nearest' });
    const r = el.getBoundingClientRect();
    const name = (el.getAttribute('aria-label') || el.textContent || el.tagName)
      .trim().slice(0, 30);
    if (r.left < -1 || r.right > window.innerWidth + 1) {
      problems.push(`${name}: off-screen sideways (${Math.round(r.left)}..${Math.round(r.right)})`);
      continue;
    }
    // a card is reached by its top-left corner (the rest may lie under the next card)
    const card = el.classList.contains('card');
    const x = card ? r.left + Math.min(8, r.width / 4) : r.left + r.width / 2;
    const y = card ? r.top + 8 : r.top + r.height / 2;
    const hit = document.elementFromPoint(Math.min(x, window.innerWidth - 1), y);
    if (!hit || !(hit === el || el.contains(hit))) {
      problems.push(`${name}: covered by ${hit ? hit.className || hit.tagName : 'nothing'}`);
    }
  }
  window.scrollTo(0, 0);
  return { problems, checked: visible.length };
}"""


def check(page: Any, name: str, at_least: int = 1) -> None:
    report = page.evaluate(REACHABLE)
    assert not report["problems"], f"{name}: {report['problems']}"
    assert report["checked"] >= at_least, f"{name}: only {report['checked']} controls"
    shot(page, name)


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
