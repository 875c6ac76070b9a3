"""The pause between the halves over the WebSocket (issue 31; docs/protocol.md, «Play,
step by step»): the second half's ``game`` frame says ``break_until``, ``go_on`` is 继续,
the table hears ``half_break``; a spectator is not asked and may not press it."""

from __future__ import annotations

import time
from collections.abc import Callable
from contextlib import ExitStack
from typing import Any

import pytest
from fastapi.testclient import TestClient
from tests.server.helpers import current_hand, table_with_bots
from tests.server.wsclient import Peer, connect

Account = Callable[[TestClient, str], str]
PAUSE = 20.0


def next_frame(p: Peer) -> dict[str, Any]:
    """The next frame not yet looked at (:meth:`Peer.until`'s cursor), received or to come."""
    while p.cursor >= len(p.frames):
        p.recv()
    p.cursor += 1
    return p.frames[p.cursor - 1]


def to_second_half(p: Peer, table: int) -> dict[str, Any]:
    """Play seat 0 by the hall's hints through games until one goes on to a second half;
    its ``game`` frame."""
    p.call("ready", table=table)
    version = 0
    while True:
        f = next_frame(p)
        if f["type"] == "game" and f["seat"] == 0:
            version = f["version"]
            if f["view"]["half"] == 1:
                return f
            to_move, top = f["view"]["to_move"], f["view"]["top"]
        elif f["type"] == "played":
            version, to_move, top = f["version"], f["to_move"], f["top"]
        elif f["type"] == "game_over":
            p.call("ready", table=table)  # 双夹 (R30): the next game
            continue
        else:
            continue
        if to_move == 0:  # as the hall's hint says (a weak player loses by 双夹 too often)
            r = p.reply(p.send("hint", table=table, version=version))
            cards = r["data"]["cards"] if r["type"] == "ok" else (
                current_hand(p, 0)[0] if top is None else "pass")
            p.send("play", table=table, version=version, cards=cards)


def test_the_second_half_waits_for_go_on(make_client: Callable[..., TestClient],
                                         account: Account) -> None:
    client = make_client(half_break_seconds=PAUSE, ws_messages_per_second=1000, ws_burst=1000)
    with ExitStack() as stack:
        a = connect(stack, client, account(client, "alice"))
        w = connect(stack, client, account(client, "watcher"))
        table = table_with_bots(a)
        assert a.error("go_on", table=table)["code"] == "no_half_break"  # no game yet
        started = time.monotonic()
        second = to_second_half(a, table)
        assert time.monotonic() - started < 60, "the player was too slow: he timed out"
        assert second["break_until"] == pytest.approx(time.time() + PAUSE, abs=2.0)
        w.call("spectate", table=table)  # coming in during the pause: it says so too
        public = w.until("game", where=lambda f: f["view"]["half"] == 1)
        assert public["break_until"] == second["break_until"] and public["view"]["hand"] is None
        assert w.error("go_on", table=table)["code"] == "not_seated"
        a.call("go_on", table=table)
        over = a.until("half_break")
        assert over["until"] is None and over["waiting"] == []
        # the leader's 30 s (R33) run from now, no longer from the pause's end
        assert 25 < over["deadline"] - time.time() <= 31
        assert w.until("half_break")["until"] is None
        assert a.error("go_on", table=table)["code"] == "no_half_break"
        if second["view"]["to_move"] != 0:  # a bot leads: it plays now, not in 20 s
            a.until("played")
