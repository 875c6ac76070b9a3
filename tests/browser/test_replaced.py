"""Opened elsewhere (issue 14, item 1): when the account's sockets pass the cap, the
oldest window says so and stops retrying, and "在这里继续" takes the account back."""

from __future__ import annotations

import contextlib
from typing import Any

from tests.browser.conftest import shot
from tests.browser.flows import nickname, register
from websockets.sync.client import connect

ONLINE = "() => window.yuanzi.store.get().conn.status === 'online'"


def test_a_window_pushed_out_by_others_can_continue_here(new_page: Any, server: str) -> None:
    page = new_page("replaced")
    register(page, nickname("repl"))
    cookie = next(c for c in page.context.cookies() if c["name"] == "yuanzi_session")
    url = "ws" + server[len("http"):] + "/ws"
    with contextlib.ExitStack() as stack:
        others = [stack.enter_context(connect(
            url, additional_headers={"cookie": f"yuanzi_session={cookie['value']}"}))
            for _ in range(4)]  # the cap is 4: the browser's socket is the oldest
        for ws in others:
            assert '"welcome"' in str(ws.recv(timeout=10))
        page.wait_for_function(
            "() => window.yuanzi.store.get().conn.status === 'replaced'", timeout=10000)
        banner = page.get_by_text("这个账号在别的窗口打开了")
        banner.wait_for()
        assert page.get_by_role("button", name="立即重连").is_hidden()
        assert page.locator(".toast").count() == 0  # said once, in the banner
        shot(page, "replaced-banner")
        page.get_by_role("button", name="在这里继续").click()
        page.wait_for_function(ONLINE, timeout=10000)
        assert page.get_by_role("button", name="在这里继续").is_hidden()
        page.locator(".lobby-screen").wait_for()
