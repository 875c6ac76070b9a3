"""Private tables in the browser (issue 15): one player opens a 好友房; a friend opens its
invite link logged out, registers and lands in a seat; another types its room code in
the lobby; a stranger's lobby never shows it; the owner locks it."""

from __future__ import annotations

from typing import Any

from tests.browser.conftest import shot
from tests.browser.flows import (
    create_private_table,
    join_by_code,
    nickname,
    register,
    state,
)


def test_a_private_table_by_link_logged_out_and_by_code(new_page: Any) -> None:
    owner = new_page("private-owner")
    register(owner, nickname("pown"))
    table = create_private_table(owner)
    view = state(owner, f"s.tables[{table}]")
    assert view["private"] and view["room_code"] in owner.locator(".private-bar").inner_text()
    shot(owner, "private-table-owner")

    # a friend opens the link logged out: through registration straight to a seat
    friend = new_page("private-friend")
    friend.goto(f"/#/join/{view['invite']}")
    friend.locator(".login-form").wait_for()
    invited = friend.locator(".invited")  # issue 31: who invites to which table
    invited.wait_for()
    owner_name = state(owner, "s.account.nickname")
    assert owner_name in invited.inner_text() and f"{owner_name}的桌" in invited.inner_text()
    shot(friend, "98-invited-login")
    friend.get_by_role("button", name="没有账号？注册").click()
    friend.fill("#nickname", nickname("pfr"))
    friend.fill("#password", "tea-house-27")
    friend.locator(".login-form button[type=submit]").click()
    friend.locator(".table-screen").wait_for()
    friend.wait_for_function(f"() => window.yuanzi.store.get().myTable === {table}")
    assert state(friend, f"s.tables[{table}].seats[2].kind") == "player"  # opposite him
    # issue 45: once the seat opposite the owner is taken, the link promises it no more
    late = new_page("private-late", viewport={"width": 390, "height": 844})
    late.goto(f"/#/join/{view['invite']}")
    late.locator(".invited").filter(has_text="对面的座位已经有人").wait_for()
    assert "对面坐的就是" not in late.locator(".invited").inner_text()
    shot(late, "private-invite-taken-phone")
    late.context.close()

    # another types the room code in the lobby
    cousin = new_page("private-cousin", viewport={"width": 390, "height": 844})
    register(cousin, nickname("pco"))
    assert cousin.locator(f".table-card[data-table='{table}']").count() == 0  # not listed
    shot(cousin, "private-lobby-code-phone")
    cousin.get_by_label("房间号").fill("12")
    cousin.get_by_role("button", name="进入").click()
    cousin.locator(".toast").filter(has_text="8 位数字").wait_for()
    cousin.get_by_label("房间号").fill(view["room_code"])
    cousin.get_by_role("button", name="进入").click()
    cousin.locator(".table-screen").wait_for()
    cousin.wait_for_function(f"() => window.yuanzi.store.get().myTable === {table}")
    assert state(cousin, f"s.tables[{table}].seats[1].kind") == "player"

    # the owner locks it: everyone at it sees so
    owner.locator(".private-bar [data-action=lock]").click()
    friend.locator(".private-bar .chip.locked").wait_for()
    stranger = new_page("private-stranger")
    register(stranger, nickname("pst"))
    stranger.get_by_label("房间号").fill(view["room_code"])
    stranger.get_by_role("button", name="进入").click()
    stranger.locator(".toast").filter(has_text="锁桌").wait_for()
    assert stranger.locator(".lobby-screen").count() == 1
    # the owner removes the cousin between games
    owner.locator(".seat [data-action=remove-player][data-seat='1']").click()
    owner.wait_for_function(
        f"() => window.yuanzi.store.get().tables[{table}].seats[1].kind === 'empty'")
    shot(owner, "private-table-locked")


def test_the_owner_sends_a_spectator_away(new_page: Any) -> None:
    """Issue 27: the owner sees who watches his private table and sends one away; the
    spectator is back in the lobby, told why, and hears the table no more."""
    owner = new_page("private-usher")
    register(owner, nickname("pus"))
    table = create_private_table(owner)
    for seat in (1, 2, 3):
        owner.evaluate(f"() => window.yuanzi.app.act.addBot({table}, {seat}, 'random')")
    owner.wait_for_function(
        f"() => window.yuanzi.store.get().tables[{table}].seats[3].kind === 'bot'")
    code = state(owner, f"s.tables[{table}].room_code")
    watcher = new_page("private-ushered", viewport={"width": 390, "height": 844})
    name = nickname("pwa")
    register(watcher, name)
    join_by_code(watcher, f"{code[:4]} {code[4:]}")  # as it is said aloud
    chip = owner.locator(".private-bar .watcher").filter(has_text=name)
    chip.wait_for()
    shot(owner, "private-table-watchers")
    chip.get_by_role("button", name=f"请 {name} 离开").click()
    watcher.locator(".lobby-screen").wait_for()
    watcher.locator(".toast").filter(has_text="桌主请你离开了这张好友房").wait_for()
    shot(watcher, "private-sent-away-phone")
    owner.locator(".private-bar .watcher").wait_for(state="detached")
    assert state(watcher, "s.watching") is None
    assert watcher.evaluate(f"() => {table} in window.yuanzi.store.get().tables") is False
