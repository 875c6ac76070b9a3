"""Where a player's table runs, on a hall of several nodes: the node to name to his client
(it may reconnect there, so its frames cross no node), and — when the node running it
died — its takeover (issue 44): another node takes the table once its lease lapses, a
few seconds on; a greeting waits for that, then joins, so that the table and the game
reach the player together (he got the game's views from the takeover, and its table
frame only some hundred plays later)."""

from __future__ import annotations

import asyncio

from yuanzi.hall.core.routing import Router
from yuanzi.hall.events import NodeHint

TAKEOVER_WAIT = 20.0
"""Seconds a greeting waits for the table to be taken over (a lease of 6 s lapses, and
each node looks for lapsed ones every few seconds)."""


def node_hint(router: Router, table_id: int) -> NodeHint | None:
    """The node running the table, when it is another one."""
    node = router.home_of(table_id)
    return None if node is None else NodeHint(table=table_id, node=node)


async def taken_up(router: Router, table_id: int, wait: float = TAKEOVER_WAIT) -> bool:
    """Whether the table runs somewhere, after waiting at most ``wait`` seconds for its
    takeover if it runs nowhere now; at once on a hall of one node (a table not running
    there is closed)."""
    if router.is_open(table_id) or not router.peers.several:
        return router.is_open(table_id)
    loop = asyncio.get_running_loop()
    deadline = loop.time() + wait
    while True:
        if router.is_open(table_id) or await router.peers.exists(table_id):
            return True
        if loop.time() >= deadline:
            return False
        await asyncio.sleep(0.2)
