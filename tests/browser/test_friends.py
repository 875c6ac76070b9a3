"""Friends in the browser (issue 15): a request and its acceptance, an invitation that
reaches a friend and seats him at a private table, and a block that keeps a player out."""

from __future__ import annotations

from typing import Any

from tests.browser.conftest import shot
from tests.browser.flows import nickname, register, state


def test_a_friend_invited_to_a_private_table_and_a_blocked_player_kept_out(
        new_page: Any) -> None:
    alice, bob, carol = (new_page(n) for n in ("fr-alice", "fr-bob", "fr-carol"))
    names = [nickname(p) for p in ("fal", "fbo", "fca")]
    for page, name in zip((alice, bob, carol), names, strict=True):
        register(page, name)
    alice.goto("/#/friends")
    alice.get_by_label("好友的昵称").fill(names[1])
    alice.get_by_role("button", name="加好友").click()
    alice.locator(".friend-section[data-list=outgoing] .friend").wait_for()
    bob.locator(".toast").filter(has_text="想加你为好友").get_by_role("button", name="查看").click()
    bob.locator(".friends-screen").wait_for()
    bob.locator(".friend-section[data-list=incoming] [data-action=accept]").click()
    alice.locator(".friend-section[data-list=friends] .friend.online").wait_for()

    # alice opens a private table and invites bob from her friends screen
    alice.goto("/#/lobby")
    alice.get_by_role("button", name="创建牌桌").click()
    alice.get_by_label("好友房（不在大厅显示）").check()
    alice.locator(".create-dialog button[type=submit]").click()
    alice.locator(".table-screen").wait_for()
    table = state(alice, "s.myTable")
    code = state(alice, f"s.tables[{table}].room_code")
    alice.goto("/#/friends")
    alice.locator(".friend-section[data-list=friends] [data-action=invite]").click()
    shot(alice, "friends-screen")
    bob.locator(".toast").filter(has_text="邀请你去牌桌").get_by_role("button", name="加入").click()
    bob.locator(".table-screen").wait_for()
    bob.wait_for_function(f"() => window.yuanzi.store.get().myTable === {table}")

    # carol asks alice; alice blocks her: carol's room code no longer opens the table
    carol.goto("/#/friends")
    carol.get_by_label("好友的昵称").fill(names[0])
    carol.get_by_role("button", name="加好友").click()
    alice.locator(".friend-section[data-list=incoming] [data-action=block]").wait_for()
    alice.locator(".friend-section[data-list=incoming] [data-action=block]").click()
    alice.locator(".friend-section[data-list=blocked] .friend").wait_for()
    carol.goto("/#/lobby")
    carol.get_by_label("房间号").fill(code)
    carol.get_by_role("button", name="进入").click()
    carol.locator(".toast").filter(has_text="好友房").wait_for()
    assert state(carol, "s.myTable") is None
