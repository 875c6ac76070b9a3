"""Table chat in the browser (issue 15): both ways, free text shown as text, a quick
phrase in the list and in a bubble at the speaker's seat, and a mute that hides him."""

from __future__ import annotations

from typing import Any

from tests.browser.conftest import shot
from tests.browser.flows import create_table, nickname, register


def test_chat_both_ways_a_phrase_at_the_seat_and_a_mute(new_page: Any) -> None:
    owner = new_page("chat-owner")
    register(owner, nickname("cown"))
    table = create_table(owner)
    friend = new_page("chat-friend", viewport={"width": 390, "height": 844})
    friend_name = nickname("cfr")
    register(friend, friend_name)
    friend.locator(f".table-card[data-table='{table}'] .seat-chip.empty").first.click()
    friend.locator(".table-screen").wait_for()

    owner.locator("[data-action=chat]").click()
    owner.locator(".chat-input").fill("你好 <b>朋友</b>")
    owner.get_by_role("button", name="发送").click()
    friend.locator("[data-action=chat] .chat-unread").wait_for()  # unread, panel closed
    friend.locator("[data-action=chat]").click()
    line = friend.locator(".chat-line").filter(has_text="你好")
    line.wait_for()
    assert line.locator(".chat-body").inner_text() == "你好 <b>朋友</b>"  # text, not markup
    assert friend.locator(".chat-line b").count() == 0

    friend.locator(".chat-phrases [data-phrase=nice_bomb]").click()
    owner.locator(".chat-line").filter(has_text="好炸！").wait_for()
    owner.locator(".chat-bubbles .chat-bubble").filter(has_text="好炸！").wait_for()
    friend.locator(".chat-emotes [data-emote=laugh]").click()
    owner.locator(".chat-bubbles .chat-bubble.emote svg").wait_for()  # drawn, not a font's
    shot(owner, "chat-owner-panel")
    shot(friend, "chat-friend-phone")

    owner.locator(".chat-line").filter(has_text="好炸！").get_by_role("button", name="屏蔽").click()
    owner.wait_for_function("() => window.yuanzi.store.get().mutes.length === 1")
    shown = owner.locator(".chat-line.emote").count()
    owner.wait_for_function("() => window.yuanzi.store.get().mutes.length === 1")
    friend.locator(".chat-emotes [data-emote=tea]").click()
    friend.locator(".chat-line.emote").filter(has_text="喝茶").wait_for()  # he sees his own
    owner.locator(".chat-input").fill("还在吗")
    owner.get_by_role("button", name="发送").click()
    friend.locator(".chat-line").filter(has_text="还在吗").wait_for()
    assert shown == 0  # muted: his messages are hidden, the earlier ones too
    assert owner.locator(".chat-line").filter(has_text="好炸！").count() == 0
    assert friend.locator(".chat-line.emote").count() == 2
