"""The hall on each ASGI server it may run on (``YUANZI_ASGI_SERVER``, issue 30): a real
``yuanzi serve`` on uvicorn (its default direct writes everywhere else; here also its
coalescing writes and uvicorn's plain sans-I/O protocol), granian and
hypercorn plays a whole game with a player over the WebSocket, every action's frame once
and in order, and the game stored as it was sent."""

from __future__ import annotations

import asyncio
from collections.abc import Callable

import pytest
from tests.cluster.helpers import versions_in_order

from yuanzi.devtools.processes import ServerProcess
from yuanzi.loadtest.client import Player, http_json, register

CHOICES = [{"YUANZI_ASGI_SERVER": "uvicorn", "YUANZI_WS_IMPL": "coalescing"},
           {"YUANZI_ASGI_SERVER": "uvicorn", "YUANZI_WS_IMPL": "websockets-sansio"},
           {"YUANZI_ASGI_SERVER": "granian"},
           {"YUANZI_ASGI_SERVER": "hypercorn"}]


@pytest.mark.parametrize("env", CHOICES, ids=lambda e: "-".join(e.values()))
def test_a_whole_game_on_each_server(make_server: Callable[..., ServerProcess],
                                     env: dict[str, str]) -> None:
    server = make_server(**env)
    token = register(server.base, "solo")

    async def play() -> Player:
        p = Player(server.base, token, keep_frames=True)
        await p.connect()
        table: int = (await p.call("create_table"))["table"]
        p.table = table
        for seat in (1, 2, 3):
            await p.call("add_bot", table=table, seat=seat, bot="random")
        await p.call("ready", table=table)
        await p.wait_over(60)
        await p.close()
        return p

    p = asyncio.run(play())
    over = p.games_over[-1]
    assert p.errors == [] and over["status"] == "finished"
    versions_in_order(p.frames)  # every action once, in order
    stored, _ = http_json(server.base, f"/api/games/{over['game_id']}/record", token=token)
    assert isinstance(stored, dict)
    assert stored["halves"] == over["record"]["halves"]  # stored as sent
