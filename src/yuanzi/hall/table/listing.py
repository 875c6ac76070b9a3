"""A table's row in the lobby, published at most every :data:`LOBBY_INTERVAL` seconds.

Everyone on the lobby page hears every table's changes, so each change is multiplied by
the lobby's audience: a game's four readies, its start and its end were six frames to
each of hundreds of idle browsers (issue 12 measured 6,300 frames a second to 200 lobby
clients from 200 fast tables). The first change goes out at once; changes within the
interval after it are folded into one frame with the latest row when the interval ends.
A closed table is said at once. The players at the table are not throttled: their
``table`` frames go to the table's own topic as before.
"""

from __future__ import annotations

import asyncio

from yuanzi.hall.pubsub import Broker, lobby_topic

LOBBY_INTERVAL = 0.25
"""Seconds between two lobby frames of one table at most (a row is never older)."""


class LobbyListing:
    def __init__(self, broker: Broker, interval: float = LOBBY_INTERVAL) -> None:
        self.broker = broker
        self.interval = interval
        self._next_at = 0.0
        self._pending: str | None = None
        self._timer: asyncio.TimerHandle | None = None

    def changed(self, text: str) -> None:
        """The table's row is now ``text`` (a ``table`` frame)."""
        loop = asyncio.get_running_loop()
        now = loop.time()
        if self._timer is None and now >= self._next_at:
            self._publish(text, now)
            return
        self._pending = text
        if self._timer is None:
            self._timer = loop.call_at(self._next_at, self._flush)

    def closed(self, text: str) -> None:
        """The table closed (``table_closed``): said now; a pending row is dropped."""
        self.cancel()
        self.broker.publish(lobby_topic(), text)

    def cancel(self) -> None:
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None
        self._pending = None

    def _flush(self) -> None:
        self._timer = None
        text, self._pending = self._pending, None
        if text is not None:
            self._publish(text, asyncio.get_running_loop().time())

    def _publish(self, text: str, now: float) -> None:
        self._next_at = now + self.interval
        self.broker.publish(lobby_topic(), text)
