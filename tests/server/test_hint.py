"""The `hint` message over the WebSocket (issue 10, docs/protocol.md): the advice (`cards`,
unchanged), its `reason`, and `beats`, the plays that beat the top, smallest first."""

from __future__ import annotations

import random
from collections.abc import Callable
from contextlib import ExitStack
from typing import Any

import pytest
from fastapi.testclient import TestClient
from tests.engine.scenario import make_deal
from tests.server.wsclient import connect

from yuanzi.engine import Deal, Rules

Account = Callable[[TestClient, str], str]

HANDS = ("3S 3H 3C 3D 4S 9H",  # North leads four 3s (blade card 7H is his, R23)
         "6S 8D",
         "KS KH KC KD 5S 6H 8C 9D 10S JH QH AS",  # South, North's partner: a K bomb
         "6C 8H")


def scripted_deal(rng: random.Random, rules: Rules, first_drawer: int | None = None) -> Deal:
    return make_deal(HANDS, blade_card="7H", blade_holder=0, first_drawer=0)


def test_partner_winning_hint_says_so_and_lists_the_bomb(
        client: TestClient, account: Account, monkeypatch: pytest.MonkeyPatch) -> None:
    """North (South's partner) leads four 3s, East passes; South holds four Ks. The hint
    advises pass with the reason partner_winning, and lists the K bomb as what beats
    (R16); once North wins the trick and leads, the hint is a lead with nothing listed."""
    monkeypatch.setattr("yuanzi.hall.table.play.deal_half", scripted_deal)
    with ExitStack() as stack:
        peers = [connect(stack, client, account(client, n)) for n in ("nn", "ee", "ss", "ww")]
        table = peers[0].call("create_table")["table"]
        for seat in (1, 2, 3):
            peers[seat].call("sit", table=table, seat=seat)
        for p in peers:
            p.call("ready", table=table)
        view = peers[2].until("game")["view"]
        assert view["hand"] is not None and view["to_move"] == 0
        peers[0].call("play", table=table, version=0, cards="3S 3H 3C 3D")
        peers[1].call("play", table=table, version=1, cards="pass")
        south = peers[2]
        south.until("played", version=2)
        hint: dict[str, Any] = south.call("hint", table=table, version=2)
        assert hint == {"table": table, "version": 2, "cards": "pass",
                        "reason": "partner_winning", "beats": ["KS KH KC KD"]}
        assert peers[3].error("hint", table=table, version=2)["code"] == "not_your_turn"
        south.call("play", table=table, version=2, cards="pass")
        peers[3].call("play", table=table, version=3, cards="pass")
        north = peers[0]
        north.until("played", version=4)
        lead = north.call("hint", table=table, version=4)
        assert lead["reason"] == "lead" and lead["beats"] == []
        assert lead["cards"] != "pass"
        north.call("play", table=table, version=4, cards=lead["cards"])  # legal as given
