"""The hall as an installable app (issue 47), in Chromium: the page names its manifest,
the service worker takes the page once it has settled and keeps the shell, and with no
network the app still opens — on a phone upright — with a plain "no connection" screen,
then opens the hall by itself when the network is back."""

from __future__ import annotations

from typing import Any

from tests.browser.conftest import shot
from tests.browser.flows import nickname, register

PHONE = {"width": 390, "height": 844}
CONTROLLED = "() => !!navigator.serviceWorker.controller"


def test_the_app_opens_without_a_network_and_says_so(new_page: Any) -> None:
    page = new_page("pwa-phone", viewport=PHONE, is_mobile=True, has_touch=True)
    register(page, nickname("pwa"))
    manifest = page.evaluate("() => document.querySelector('link[rel=manifest]').href")
    assert manifest.endswith("/manifest.webmanifest")
    page.evaluate("() => navigator.serviceWorker.ready")  # registered after the load
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
