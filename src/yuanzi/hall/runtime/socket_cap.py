"""At most so many WebSockets per account (issue 14, item 1): a new one beyond the cap
closes the oldest, so a reconnect is never refused. One node counts its own here; a hall
of several counts them hall-wide (:mod:`yuanzi.cluster.sockets`)."""

from __future__ import annotations

from collections import defaultdict, deque
from typing import Protocol


class Closable(Protocol):
    def close(self, code: int, last: str | None = None, keep: bool = False) -> None: ...


class SocketCap:
    """At most ``cap`` WebSockets per account on this node; the oldest gives way (a hall
    of several counts them hall-wide: :mod:`yuanzi.cluster.sockets`)."""

    def __init__(self, cap: int) -> None:
        self.cap = cap
        self._open: defaultdict[int, deque[Closable]] = defaultdict(deque)

    def member(self, conn_id: int) -> str:
        """The socket's name in the hall (one node: its number)."""
        return str(conn_id)

    async def admit(self, account_id: int, conn_id: int, conn: Closable) -> list[Closable]:
        return self.opened(account_id, conn)

    async def release(self, account_id: int, conn_id: int, conn: Closable) -> None:
        self.closed(account_id, conn)

    def opened(self, account_id: int, conn: Closable) -> list[Closable]:
        """Count a new connection; returns the ones it pushes out (to be closed)."""
        mine = self._open[account_id]
        mine.append(conn)
        out = []
        while len(mine) > self.cap:
            out.append(mine.popleft())
        return out

    def closed(self, account_id: int, conn: Closable) -> None:
        mine = self._open.get(account_id)
        if mine is not None:
            if conn in mine:
                mine.remove(conn)
            if not mine:
                del self._open[account_id]
