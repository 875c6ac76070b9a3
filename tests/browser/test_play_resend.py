"""A play refused with ``table_moved`` (a hall of several nodes: the table was changing
nodes and nothing was done, docs/protocol.md) is sent again by the client, unchanged and
without troubling the player; he sees the error only when every resend was refused.

The refusal is played by a route on the page's WebSocket, between a real client and a
real hall: a takeover is hard to time to one click, the client's answer to it is not."""

from __future__ import annotations

import json
import re
from typing import Any

from tests.browser.flows import (
    MY_TURN,
    add_bots,
    create_table,
    nickname,
    ready,
    register,
    state,
    take_turn,
)

MOVED_TEXT = "这张桌正在换到另一台服务器"


def refusing_plays(page: Any, refuse: int) -> list[dict[str, Any]]:
    """Answer the first ``refuse`` plays with ``table_moved`` instead of sending them to
    the hall; returns the list of every play the page sent."""
    plays: list[dict[str, Any]] = []

    def route(ws: Any) -> None:
        server = ws.connect_to_server()

        def from_page(message: str | bytes) -> None:
            frame = json.loads(message)
            if frame.get("type") == "play":
                plays.append(frame)
                if len(plays) <= refuse:
                    ws.send(json.dumps({"type": "error", "seq": frame["seq"],
                                        "code": "table_moved",
                                        "message": "the table is moving; nothing was done"}))
                    return
            server.send(message)

        ws.on_message(from_page)

    page.route_web_socket(re.compile(r"/ws(\?|$)"), route)
    return plays


def my_turn_at_a_game(page: Any) -> int:
    register(page, nickname("搬"))
    create_table(page)
    add_bots(page, 3)
    ready(page)
    page.wait_for_function(MY_TURN, polling=50, timeout=30000)
    version: int = state(page, "s.game.version")
    return version


def test_a_play_refused_as_table_moved_is_sent_again(new_page: Any) -> None:
    page = new_page("moved-once")
    plays = refusing_plays(page, refuse=1)
    version = my_turn_at_a_game(page)
    take_turn(page)
    page.wait_for_function(f"() => window.yuanzi.store.get().game.version > {version}",
                           timeout=15000, polling=50)
    assert len(plays) == 2
    assert plays[0]["version"] == plays[1]["version"] == version
    assert plays[0]["cards"] == plays[1]["cards"]
    assert plays[0]["seq"] < plays[1]["seq"]  # a new message, not a repeated seq
    assert page.locator(".toast").filter(has_text=MOVED_TEXT).count() == 0


def test_the_player_hears_of_it_when_every_resend_is_refused(new_page: Any) -> None:
    page = new_page("moved-always")
    plays = refusing_plays(page, refuse=10**6)
    version = my_turn_at_a_game(page)
    take_turn(page)
    page.locator(".toast.error").filter(has_text=MOVED_TEXT).wait_for(timeout=15000)
    assert len(plays) == 4  # the play and three resends
    assert {p["version"] for p in plays} == {version}
    assert state(page, "s.game.version") == version  # nothing was played
    page.wait_for_function(MY_TURN, polling=50, timeout=5000)  # and he may try again
