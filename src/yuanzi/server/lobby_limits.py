"""What one client may cost the hall through the lobby (issue 14, item 1).

At 172 tables one whole lobby was ~144 KB and 8 ms of the server's CPU; one account
asking in a loop over REST and WebSockets took the server from 5 % to 83 %. So the whole
lobby is sent at most so often per account and per address (hall-wide on a node of
several), and one account holds at most so many WebSockets: a new one beyond the cap
closes the oldest, so a reconnect is never refused.
"""

from __future__ import annotations

from collections import defaultdict, deque
from typing import Protocol

from yuanzi.hall.errors import Code, HallError
from yuanzi.hall.ratelimit import Limits
from yuanzi.hall.settings import Settings


class LobbyLimits:
    def __init__(self, limits: Limits, settings: Settings) -> None:
        window = settings.lobby_window_seconds
        self._account = limits.limiter("lobby_account", settings.lobby_reads, window)
        self._address = limits.limiter("lobby_address", 2 * settings.lobby_reads, window)

    async def check(self, account_id: int, address: str | None) -> None:
        """Refuse (``rate_limited``) a whole lobby asked for too often."""
        if not await self._account.check(str(account_id)) or (
                address is not None and not await self._address.check(address)):
            raise HallError(Code.RATE_LIMITED, "the lobby was sent to you a moment ago; "
                                               "its changes follow by themselves")


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
