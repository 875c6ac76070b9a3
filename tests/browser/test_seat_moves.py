"""Partners by choice in the browser (issue 31, item 1), with real pages: a friend who
comes in by the room code sits opposite the host; a third player asks him to swap, and he
agrees in the dialog; the host moves to an empty seat with 坐这里. At a laptop's size and
on a phone held upright."""

from __future__ import annotations

from typing import Any

from tests.browser.conftest import shot
from tests.browser.flows import create_private_table, join_by_code, nickname, register, state

LAPTOP = {"width": 1366, "height": 768}
PHONE = {"width": 390, "height": 844}


def names_at(page: Any, table: int) -> list[str | None]:
    names: list[str | None] = state(page, f"s.tables[{table}].seats.map((x) => x.nickname || null)")
    return names


def test_friends_sit_as_partners_and_swap_seats(new_page: Any) -> None:
    host = new_page("seats-host", viewport=LAPTOP)
    host_name = nickname("sho")
    register(host, host_name)
    table = create_private_table(host)
    code = state(host, f"s.tables[{table}].room_code")

    friend = new_page("seats-friend", viewport=PHONE)
    friend_name = nickname("sfr")
    register(friend, friend_name)
    join_by_code(friend, code)
    friend.wait_for_function(
        f"() => window.yuanzi.store.get().tables[{table}]?.seats[2].kind === 'player'")
    assert names_at(friend, table)[2] == friend_name  # opposite the host: partners (R20)
    friend.get_by_role("region", name=f"对家：{host_name}").wait_for()

    third = new_page("seats-third", viewport=LAPTOP)
    third_name = nickname("sth")
    register(third, third_name)
    join_by_code(third, code)
    third.wait_for_function(
        f"() => window.yuanzi.store.get().tables[{table}]?.seats[1].kind === 'player'")
    # the third asks the friend to swap: the friend sees who asks and agrees
    third.get_by_role("button", name=f"换座 · {friend_name}").click()
    third.locator(".toast").filter(has_text="等他回答").wait_for()
    dialog = friend.locator("dialog.confirm-dialog[open]")
    dialog.wait_for()
    assert third_name in dialog.inner_text()
    shot(friend, "seat-swap-asked-phone")
    dialog.get_by_role("button", name="同意换座").click()
    third.locator(".toast").filter(has_text="同意了换座").wait_for()
    host.wait_for_function(
        f"() => window.yuanzi.store.get().tables[{table}].seats[2].nickname === {third_name!r}")
    assert names_at(host, table) == [host_name, friend_name, third_name, None]
    third.get_by_role("region", name=f"对家：{host_name}").wait_for()
    # the host moves to the empty seat with 坐这里
    host.locator(".seat [data-action=move-seat][data-seat='3']").click()
    host.wait_for_function(
        f"() => window.yuanzi.store.get().tables[{table}].seats[3].nickname === {host_name!r}")
    friend.get_by_role("region", name=f"对家：{host_name}").wait_for()  # 1 and 3: partners
    shot(host, "seat-moved-laptop")
    shot(friend, "seat-moved-phone")
