"""What a client hears of a private table, as the tests of issue 27 look at it: frames
that tell anything of a table, a stranger knocking at it, a whole game played there."""

from __future__ import annotations

import asyncio
import json
import subprocess
import sys
from collections.abc import Callable
from typing import Any

import pytest

from yuanzi.devtools.processes import ServerProcess
from yuanzi.loadtest.client import HallRefused, Player, http_json, register

KNOCKS_PER_SECOND = 15
"""Within the documented flood limit (20 messages a second)."""


def about(text: str, table: int, secrets: tuple[str, ...]) -> bool:
    """Whether a frame tells anything of the table: it names it, or holds its room code
    or its invite token. A refusal (``error``) names no table."""
    if any(s in text for s in secrets):
        return True
    f = json.loads(text)
    if f["type"] in ("ok", "error"):
        return False
    named = f.get("table")
    return named == table or (isinstance(named, dict) and named.get("id") == table)


def heard_after(p: Player, start: int, table: int, secrets: tuple[str, ...],
                allowed: tuple[str, ...] = ()) -> list[str]:
    """The frames about the table the player got from index ``start`` on (but those of
    the ``allowed`` types: the news that he is out)."""
    return [t for t in p.frames[start:] if about(t, table, secrets)
            and json.loads(t)["type"] not in allowed]


async def connected(base: str, name: str, act: bool = False) -> Player:
    p = Player(base, await asyncio.to_thread(register, base, name), keep_frames=True,
               act=act)
    await p.connect()
    return p


async def private_table(owner: Player) -> tuple[int, str, str]:
    """A private table of the owner: its id, room code and invite token."""
    table = (await owner.call("create_table", private=True))["table"]
    owner.table = table  # (he plays there, if he acts)
    view = await owner.call("resync", table=table)
    return table, view["table"]["room_code"], view["table"]["invite"]


async def play_a_game(owner: Player, table: int, bots: tuple[int, ...]) -> dict[str, Any]:
    """Bots at ``bots``, the owner ready and in 托管: a whole game played by the hall."""
    for seat in bots:
        await owner.call("add_bot", table=table, seat=seat, bot="random")
    await owner.call("ready", table=table)
    await owner.call("auto_play", table=table, on=True)
    return await owner.wait_over(120)


async def knock(p: Player, table: int, stop: asyncio.Event) -> int:
    """Ask to look at the table, 15 times a second, in every way, until ``stop``; every
    request must be refused."""
    asks = [("resync", {}), ("spectate", {}), ("sit", {"seat": 1}), ("sit", {"seat": 3})]
    sent = 0
    while not stop.is_set():
        kind, fields = asks[sent % len(asks)]
        with pytest.raises(HallRefused, match="no_such_table"):
            await p.call(kind, table=table, **fields)
        sent += 1
        await asyncio.sleep(1 / KNOCKS_PER_SECOND)
    return sent


async def until(p: Player, where: Callable[[dict[str, Any]], bool],
                timeout: float = 10) -> dict[str, Any]:
    """The first frame the player got (or gets) that ``where`` likes."""
    async def look() -> dict[str, Any]:
        while True:
            for text in p.frames:
                f = json.loads(text)
                if where(f):
                    return f
            await asyncio.sleep(0.02)

    return await asyncio.wait_for(look(), timeout)


def make_admin(server: ServerProcess, nickname: str) -> str:
    """An admin account of the server's hall (``yuanzi admin create``), logged in."""
    env = {**server.env, "YUANZI_ADMIN_PASSWORD": "admin-pass-27"}
    subprocess.run([sys.executable, "-m", "yuanzi", "admin", "create", nickname],
                   env=env, check=True, capture_output=True)
    _, token = http_json(server.base, "/api/login",
                         {"nickname": nickname, "password": "admin-pass-27"})
    assert token is not None
    return token
