"""The phone table breathes (issue 31, item 2): during a game a private table's code,
link, lock and watchers fold into one chip, so the head takes two rows upright and the
title stays readable sideways; the invite link box does not stay on screen; and every card
of a full hand shows a strip a finger can tap (24 px at least) at 360 and 390 px wide."""

from __future__ import annotations

from typing import Any

import pytest
from tests.browser.conftest import shot
from tests.browser.flows import (
    MY_TURN,
    add_bots,
    create_private_table,
    nickname,
    ready,
    register,
    toast_covers,
)

SIZES = {"phone-360x740": (360, 740), "phone-390x844": (390, 844),
         "phone-844x390": (844, 390), "phone-740x360": (740, 360)}

# each card's own strip: its step to the next card of its row, and whether a tap at the
# middle of that strip (below the row above's cover) lands on the card itself
STRIPS = """() => {
  const cards = [...document.querySelectorAll('.hand .card')];
  const boxes = cards.map((c) => c.getBoundingClientRect());
  const out = [];
  boxes.forEach((b, i) => {
    const next = boxes[i + 1];
    const step = next && Math.abs(next.top - b.top) < 2 ? next.left - b.left : b.width;
    const hit = document.elementFromPoint(b.left + Math.min(step, b.width) / 2, b.top + 10);
    out.push({ step, hit: !!hit && cards[i].contains(hit) });
  });
  return out;
}"""


# each of the head's buttons: does a tap at its middle land on it (not on a message)?
HEAD_TAPS = """() => {
  const buttons = [...document.querySelectorAll('.table-head button, .table-head summary')]
    .filter((b) => b.checkVisibility({ checkOpacity: true, checkVisibilityCSS: true }));
  const missed = buttons.filter((b) => {
    const r = b.getBoundingClientRect();
    const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
    return !hit || !b.contains(hit);
  }).map((b) => {
    const r = b.getBoundingClientRect();
    const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
    const under = hit ? hit.className || hit.tagName : 'nothing';
    return `${b.textContent.trim() || b.className} under ${under}`;
  });
  return { buttons: buttons.length, missed };
}"""


@pytest.mark.parametrize("name", list(SIZES))
def test_the_phone_table_head_folds_and_every_card_can_be_tapped(new_page: Any,
                                                                  name: str) -> None:
    width, height = SIZES[name]
    page = new_page(f"phone-table-{name}", viewport={"width": width, "height": height},
                    has_touch=True, is_mobile=True)
    register(page, nickname("ph"))
    create_private_table(page)
    page.locator(".private-bar [data-action=copy-invite]").click()
    add_bots(page, 3)
    ready(page)
    page.wait_for_function(MY_TURN, timeout=30000, polling=50)
    page.wait_for_function("() => !document.querySelector('.hand.dealing')", timeout=10000)
    page.wait_for_timeout(700)  # the deal's last cards land

    # the head: one chip for the private table, no link box, two rows upright at most
    assert page.locator(".private-bar.folded .private-fold .room-code-chip").count() == 1
    assert not page.locator(".invite-link").is_visible()
    assert not page.locator("[data-action=copy-invite]").is_visible()  # inside the fold
    head = page.locator(".table-head").bounding_box()
    assert head is not None and head["height"] <= (72 if width < 600 else 40), head
    title = page.locator(".table-title").bounding_box()
    assert title is not None and title["width"] >= 150, title  # not "牌…"
    page.locator(".private-fold summary").click()
    page.locator(".private-pop [data-action=copy-invite]").wait_for()
    pop = page.locator(".private-pop").bounding_box()
    assert pop is not None and pop["x"] >= 0 and pop["x"] + pop["width"] <= width
    page.locator(".private-fold summary").click()  # folded again

    strips = page.evaluate(STRIPS)
    assert len(strips) >= 40
    assert min(s["step"] for s in strips) >= 24, [round(s["step"]) for s in strips]
    assert all(s["hit"] for s in strips), [i for i, s in enumerate(strips) if not s["hit"]]
    felt = page.locator(".felt").bounding_box()
    assert felt is not None and felt["height"] >= 0.3 * height  # the table keeps its room
    shot(page, f"97-phone-table-{name}")

    # a message (a tournament's next round: 6 s) leaves the head's buttons usable:
    # a tap goes through it, and it has no × of its own there (it goes by itself)
    page.evaluate("() => window.yuanzi.app.toast('第 2 轮开始了', 'info', 6000)")
    toast = page.locator(".toast", has_text="第 2 轮开始了")
    toast.wait_for()
    covered = page.evaluate(HEAD_TAPS)
    assert covered["buttons"] >= 2 and not covered["missed"], covered
    assert toast_covers(page) == []  # issue 45: on the felt, not over its head or seats
    shot(page, f"97-phone-table-{name}-toast")
    # a second at once: a phone's felt holds the newest only (the other goes by itself)
    page.evaluate("() => window.yuanzi.app.toast('对家已准备', 'info', 6000)")
    page.locator(".toast", has_text="对家已准备").wait_for()
    assert not toast.is_visible()
    covered = page.evaluate(HEAD_TAPS)
    assert covered["buttons"] >= 2 and not covered["missed"], covered
    shot(page, f"97-phone-table-{name}-two-toasts")
    # one that offers a button stays while newer ones come (hidden, it would be lost)
    page.evaluate("""() => window.yuanzi.app.toast('周末杯开始签到了', 'info', 6000,
                                                  { label: '签到', run: () => {} })""")
    page.evaluate("() => window.yuanzi.app.toast('对家已准备', 'info', 6000)")
    assert page.locator(".toast", has_text="周末杯开始签到了").is_visible()

    if width == 360:  # the narrowest, in English (longer words): still two rows
        page.evaluate("() => localStorage.setItem('yuanzi.lang', 'en')")
        page.reload()
        page.wait_for_function(MY_TURN, timeout=30000, polling=50)
        page.locator(".private-fold .room-code-chip").wait_for()
        head = page.locator(".table-head").bounding_box()
        assert head is not None and head["height"] <= 72, head
        shot(page, f"97-phone-table-{name}-english")
