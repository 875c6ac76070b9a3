"""Web Push in a real Chromium (issue 47): with the notification permission granted, the
profile's 通知 panel subscribes this browser through the app's service worker
(``PushManager.subscribe`` with the hall's VAPID key), the hall keeps the subscription
with the kinds ticked, a kind unticked narrows it, and 关闭通知 removes it.

Chromium's push service is Google's (GCM / FCM), which this machine cannot reach; and a
Playwright context is a private window, where Chromium offers no Push API. So this test
runs Chromium with a profile of its own and points its GCM client at a stand-in on
loopback through Chromium's own switches (``--gcm-checkin-url``,
``--gcm-registration-url``): the check-in answers an Android id and token, the
registration a token, and the browser's subscribe() then really runs, end to end, as it
does against Google. Delivery to the browser is not tested here (that would need GCM's
own connection protocol): the pushes' encryption and signature are tested against a
push service of our own (tests/server/test_push.py)."""

from __future__ import annotations

import struct
import threading
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

import pytest
from tests.browser.conftest import CHROMIUM, Console, shot
from tests.browser.flows import nickname, register

TOKEN = "yuanzi-test-registration-token"
CONTROLLED = "async () => !!(await navigator.serviceWorker.getRegistration('/'))?.active"


@pytest.fixture
def gcm() -> Iterator[tuple[str, list[str]]]:
    """A stand-in for GCM's check-in and registration: its base URL, and the paths asked."""
    asked: list[str] = []

    class Handler(BaseHTTPRequestHandler):
        def do_POST(self) -> None:
            self.rfile.read(int(self.headers.get("content-length", "0")))
            asked.append(self.path)
            if self.path.startswith("/checkin"):  # AndroidCheckinResponse: stats_ok, id, token
                body = (b"\x08\x01" + b"\x39" + struct.pack("<Q", 4_242_424_242)
                        + b"\x41" + struct.pack("<Q", 2_727_272_727))
            else:
                body = f"token={TOKEN}".encode()
            self.send_response(200)
            self.send_header("content-length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)

        def log_message(self, *args: Any) -> None:
            pass

    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    yield f"http://127.0.0.1:{server.server_address[1]}", asked
    server.shutdown()


def test_a_real_browser_subscribes_through_its_service_worker(
        browser: Any, server: str, console: Console, gcm: tuple[str, list[str]],
        tmp_path: Path) -> None:
    base, asked = gcm
    ctx = browser.browser_type.launch_persistent_context(
        str(tmp_path / "profile"), executable_path=CHROMIUM, headless=True,
        args=["--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--no-first-run",
              f"--gcm-checkin-url={base}/checkin",
              f"--gcm-registration-url={base}/c2dm/register3",
              "--gcm-mcs-endpoint=https://127.0.0.1:9"],  # (no messages come: see above)
        permissions=["notifications"], base_url=server, locale="zh-CN",
        viewport={"width": 1366, "height": 768})
    try:
        ctx.set_default_timeout(15000)
        page = ctx.new_page()
        console.watch(page, "push-real")
        register(page, nickname("psh"))
        page.wait_for_function(CONTROLLED, timeout=20000, polling=250)  # (once settled)
        page.goto("/#/profile")
        panel = page.locator(".notifications")
        boxes = panel.locator(".push-kinds input[type=checkbox]")
        boxes.first.wait_for()
        assert boxes.count() == 6
        panel.get_by_role("button", name="开启通知").click()
        page.wait_for_function(
            "() => document.querySelector('.push-status').textContent.includes('已开启')",
            timeout=20000)
        assert "/checkin" in asked and any(p.startswith("/c2dm/register3") for p in asked)
        offer = page.evaluate("() => window.yuanzi.app.api.push.offer()")
        [mine] = offer["subscriptions"]
        assert mine["endpoint"].startswith("https://") and mine["endpoint"].endswith(
            f"/fcm/send/{TOKEN}")  # the browser's own subscription, kept by the hall
        assert mine["kinds"] == ["invite", "table_filling", "club_session", "turn",
                                 "tournament", "friend_request"]
        assert panel.get_by_role("button", name="关闭通知").is_visible()
        shot(page, "pwa-notifications-subscribed")

        panel.locator(".push-kinds input[value=turn]").uncheck()  # one kind off: kept so
        page.wait_for_function("""async () => {
          const { subscriptions: [s] } = await window.yuanzi.app.api.push.offer();
          return s && !s.kinds.includes('turn') && s.kinds.length === 5;
        }""", timeout=10000, polling=200)

        panel.get_by_role("button", name="关闭通知").click()
        page.wait_for_function("""async () =>
          (await window.yuanzi.app.api.push.offer()).subscriptions.length === 0""",
                               timeout=10000, polling=200)
        # the browser's own, gone too (the page drops it once the hall has: wait for it)
        page.wait_for_function("""async () => (await (await navigator.serviceWorker.ready)
          .pushManager.getSubscription()) === null""", timeout=10000, polling=200)
    finally:
        ctx.close()
