"""The admin's desk in the browser: a reported chat message reaches it, one click silences
its author (and the audit log says so), a grant of coins shows in the player's ledger, the
ledger's audit balances — and a player who is not an admin neither sees the desk's link
nor gets anything from it."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

from tests.browser.conftest import PHONE, shot
from tests.browser.flows import log_in, nickname, register
from websockets.sync.client import ClientConnection, connect

from yuanzi.loadtest.client import register as register_api


class Socket:
    """A player on the hall's WebSocket, without a browser: numbered requests."""

    def __init__(self, base: str, token: str) -> None:
        self.ws: ClientConnection = connect(
            "ws" + base[len("http"):] + "/ws",
            additional_headers={"cookie": f"yuanzi_session={token}"})
        self.seq = 0
        self.welcome = json.loads(self.ws.recv())

    def answer(self, type_: str, **fields: Any) -> dict[str, Any]:
        """The ok or error frame answering this request."""
        self.seq += 1
        self.ws.send(json.dumps({"type": type_, "seq": self.seq, **fields}))
        while True:
            frame: dict[str, Any] = json.loads(self.ws.recv(timeout=10))
            if frame.get("seq") == self.seq and frame["type"] in ("ok", "error"):
                return frame

    def call(self, type_: str, **fields: Any) -> dict[str, Any]:
        frame = self.answer(type_, **fields)
        assert frame["type"] == "ok", frame
        data: dict[str, Any] = frame.get("data", {})
        return data


def test_the_admin_desk_handles_a_report(new_page: Any, server: str,
                                         make_admin: Callable[[str, str], None]) -> None:
    # (names in ASCII and the table left at the end: other tests of the package's hall
    # read its lobby in English)
    rude_name, polite_name = nickname("rude"), nickname("polite")
    rude = Socket(server, register_api(server, rude_name))
    polite = Socket(server, register_api(server, polite_name))
    table = rude.call("create_table")["table"]
    try:
        polite.call("sit", table=table, seat=1)
        said = rude.call("chat", table=table, body="难听的话")
        polite.call("report_chat", message=said["id"], reason="骂人")

        boss = nickname("管")
        make_admin(boss, "tea-house-27")
        page = new_page("admin")
        log_in(page, boss)
        page.get_by_role("link", name="管理").click()
        page.locator(".admin-screen").wait_for()
        row = page.locator("tr[data-report]").filter(has_text="难听的话")
        row.wait_for()
        assert rude_name in row.inner_text() and "骂人" in row.inner_text()
        page.locator(".admin-ledger [data-ok=true]").wait_for()  # R44: the books balance
        shot(page, "admin-desk")

        row.locator("[data-action=silence-day]").click()
        page.locator(".toast").filter(has_text=f"已禁言 {rude_name}").wait_for()
        page.locator("tr[data-audit=silence]").first.wait_for()
        assert rude.answer("chat", table=table, body="还说")["code"] == "silenced"

        row.locator("[data-action=open-player]").click()
        page.locator(".admin-player").filter(has_text=rude_name).wait_for()
        page.fill("#admin-amount", "500")
        page.locator("[data-action=coins]").click()  # no reason yet: asked for one
        page.locator(".toast").filter(has_text="请先写明原因").wait_for()
        page.fill("#admin-reason", "补偿断线")
        page.locator("[data-action=coins]").click()
        page.locator(".toast").filter(has_text=f"已调整 {rude_name} 的金币").wait_for()
        page.locator(".admin-section[data-section=player] tbody tr").filter(
            has_text="500").first.wait_for()
        page.locator("tr[data-audit=grant_coins]").first.wait_for()
        page.locator(".admin-ledger [data-ok=true]").wait_for()  # a grant is a source: balanced
        shot(page, "admin-desk-player")

        phone = new_page("admin-phone", viewport=PHONE)
        log_in(phone, boss)
        phone.goto("/#/admin")
        phone.locator("tr[data-report]").first.wait_for()
        shot(phone, "admin-desk-phone")
    finally:
        for player in (polite, rude):
            player.answer("stand", table=table)
            player.ws.close()


def test_a_player_gets_nothing_from_the_desk(new_page: Any) -> None:
    page = new_page("not-admin")
    asked: list[str] = []
    page.on("request", lambda r: asked.append(r.url) if "/api/admin" in r.url else None)
    register(page, nickname("民"))
    assert page.get_by_role("link", name="管理").count() == 0  # hidden from him
    page.goto("/#/admin")
    page.locator(".admin-screen .form-error[role=alert]").filter(has_text="没有权限").wait_for()
    assert page.locator("tr[data-report]").count() == 0
    assert asked == []  # the server would refuse it all (tests/server: forbidden)
