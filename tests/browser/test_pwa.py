"""The hall as an installable app (issue 47), in Chromium: the page names its manifest,
the service worker takes the page once it has settled and keeps the shell, and with no
network the app still opens — on a phone upright — with a plain "no connection" screen,
then opens the hall by itself when the network is back."""

from __future__ import annotations

import json
from typing import Any

from tests.browser.conftest import shot
from tests.browser.flows import create_table, nickname, register

PHONE = {"width": 390, "height": 844}
CONTROLLED = "() => !!navigator.serviceWorker.controller"


def test_the_app_opens_without_a_network_and_says_so(new_page: Any, console: Any) -> None:
    console.allowed.append("ERR_INTERNET_DISCONNECTED")  # (the hall asked, offline)
    page = new_page("pwa-phone", viewport=PHONE, is_mobile=True, has_touch=True,
                    service_workers="allow")
    register(page, nickname("pwa"))
    manifest = page.evaluate("() => document.querySelector('link[rel=manifest]').href")
    assert manifest.endswith("/manifest.webmanifest")
    page.wait_for_function(  # registered once the page has settled, and active
        "async () => !!(await navigator.serviceWorker.getRegistration('/'))?.active",
        timeout=20000, polling=250)
    page.reload()  # (a worker controls the pages opened after it took over)
    page.wait_for_function(CONTROLLED, timeout=15000)
    page.locator(".lobby-screen").wait_for()

    page.context.set_offline(True)
    page.reload()
    offline = page.locator(".offline-screen")
    offline.wait_for()
    assert offline.get_by_role("heading").inner_text() == "没有网络连接"
    assert offline.get_by_role("button", name="重试").is_visible()
    box = offline.locator(".offline-card").bounding_box()
    assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= PHONE["width"]
    shot(page, "pwa-offline-phone")

    page.context.set_offline(False)  # back online: the hall opens by itself
    page.locator(".lobby-screen").wait_for(timeout=15000)
    assert page.locator(".offline-screen").count() == 0


def test_the_profile_offers_notifications_kind_by_kind(new_page: Any, console: Any) -> None:
    """Issue 47: one's own profile shows 通知 — the kinds to opt in to, each on its own,
    and 开启通知; with the permission granted, the browser subscribes through the service
    worker (or, with its push service out of reach, says so plainly)."""
    # (a Playwright context is a private window: Chromium has no Push API there, and this
    # machine reaches no push service; the panel must then say so, not fail)
    console.allowed.append("does not support the Push API in incognito mode")
    page = new_page("pwa-notify", viewport={"width": 1366, "height": 768}, service_workers="allow",
                    permissions=["notifications"])
    register(page, nickname("ntf"))
    page.goto("/#/profile")
    panel = page.locator(".notifications")
    panel.wait_for()
    boxes = panel.locator(".push-kinds input[type=checkbox]")
    boxes.first.wait_for()
    assert boxes.count() == 6 and all(b.is_checked() for b in boxes.all())
    assert panel.locator(".push-kinds").inner_text().count("\n") >= 2
    turn_on = panel.get_by_role("button", name="开启通知")
    assert turn_on.is_visible()
    shot(page, "pwa-notifications-laptop")
    turn_on.click()
    status = panel.locator(".push-status")
    page.wait_for_function("""() => {
      const s = document.querySelector('.push-status').textContent;
      return s.includes('已开启') || s.includes('连不上');
    }""", timeout=20000)
    said = status.inner_text()
    subscribed = "已开启" in said
    if subscribed:  # the hall keeps it: its own list names this browser
        offer = page.evaluate("() => window.yuanzi.app.api.push.offer()")
        assert len(offer["subscriptions"]) == 1
        assert panel.get_by_role("button", name="关闭通知").is_visible()
    else:
        assert "推送服务" in said
    shot(page, "pwa-notifications-after")


def test_the_tab_tells_the_hall_which_table_it_shows(new_page: Any, console: Any) -> None:
    """Issue 47: a player's turn is pushed only when no tab of his shows his table, so the
    page says which table it shows in front — on the table's page, again when it is
    hidden and shown, and none on another page — over its one socket."""
    page = new_page("pwa-view", viewport={"width": 1366, "height": 768}, service_workers="allow")
    said: list[Any] = []

    def heard(ws: Any) -> None:
        def sent(payload: Any) -> None:
            msg = json.loads(payload) if isinstance(payload, str) else {}
            if msg.get("type") == "view":
                said.append(msg["table"])
        ws.on("framesent", sent)

    page.on("websocket", heard)
    register(page, nickname("view"))
    table = create_table(page)
    flip = """(state) => {
      Object.defineProperty(document, 'visibilityState', { value: state, configurable: true });
      document.dispatchEvent(new Event('visibilitychange'));
    }"""

    def until(values: list[Any]) -> None:
        end = 100
        while said[-len(values):] != values and end:
            page.wait_for_timeout(50)
            end -= 1
        assert said[-len(values):] == values, said

    until([table])
    page.evaluate(flip, "hidden")
    until([table, None])
    page.evaluate(flip, "visible")
    until([table, None, table])
    page.goto("/#/profile")
    until([None, table, None])
