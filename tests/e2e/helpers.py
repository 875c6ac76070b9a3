"""Helpers shared by the end-to-end and the cluster tiers: four real clients seated at a
table of real server processes."""

from __future__ import annotations

import asyncio
from collections.abc import Sequence

from yuanzi.devtools.processes import ServerProcess
from yuanzi.loadtest.client import HallRefused, Player, register


async def seat_four(at: Sequence[ServerProcess | str], names: str | Sequence[str],
                    watcher: Player | None = None, follow: bool = False) -> list[Player]:
    """Four players, the i-th connected to ``at[i]`` (a node, or a base URL such as one
    server's or the proxy's) and named ``names[i]``, or ``f"{names}{i}"`` when ``names``
    is a prefix; the first opens the table (on his node), the others sit, ``watcher``
    spectates, all get ready. ``follow``: the players follow the ``node`` frame."""
    players = []
    for i, where in enumerate(at):
        base = where if isinstance(where, str) else where.base
        name = f"{names}{i}" if isinstance(names, str) else names[i]
        token = await asyncio.to_thread(register, base, name)
        p = Player(base, token, keep_frames=True, follow_node=follow)
        await p.connect()
        players.append(p)
    table = (await players[0].call("create_table"))["table"]
    for i, p in enumerate(players):
        p.table = table
        if i:
            await p.call("sit", table=table, seat=i)
    if watcher is not None:
        await watcher.call("spectate", table=table)
    for p in players:
        await ready(p, table)
    return players


async def ready(p: Player, table: int) -> None:
    """Ready — after a move to the table's node is done: a call on the old connection
    while moving is refused on the client's side ("moved to another node") though the
    hall may have taken it, so it is asked again (ready twice is ready; the last one
    may have started the game)."""
    for _ in range(5):
        await p.settled()
        try:
            await p.call("ready", table=table)
            return
        except HallRefused as e:
            if str(e).startswith("game_in_progress"):
                return
            if "moved to another node" not in str(e):
                raise
    raise AssertionError("ready was refused five times while moving between nodes")
