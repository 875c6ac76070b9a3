"""What one client may cost the hall through the lobby (issue 14, item 1).

At 172 tables one whole lobby was ~144 KB and 8 ms of the server's CPU; one account
asking in a loop over REST and WebSockets took the server from 5 % to 83 %. So the whole
lobby is sent at most so often per account and per address (hall-wide on a node of
several). (One account's WebSockets are capped by :mod:`yuanzi.hall.runtime.socket_cap`.)
"""

from __future__ import annotations

from yuanzi.hall.errors import Code, HallError
from yuanzi.hall.runtime.ratelimit import Limits
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
