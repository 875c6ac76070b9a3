"""The lobby's news, gathered hall-wide and sent at most once an interval.

Everyone on the lobby page hears every table's changes, so each change is multiplied by
the lobby's audience: a game's readies, its start and its end were six frames to each
of hundreds of idle browsers (issue 12 measured 6,300 frames a second to 200 lobby
clients from 200 fast tables, and a hall of 1,000 tables setting up buried its lobby
clients under a backlog). The board keeps, for the whole hall, the latest row of every
table that changed and the tables that closed, and sends them together:

- at once when nothing was sent in the last :data:`LOBBY_INTERVAL`, else when it ends,
  so a row is never older than the interval and a burst is its last state; after a
  large bundle the next waits longer, so that the lobby costs each of its clients at
  most :data:`LOBBY_BYTES_PER_SECOND` (a thousand tables starting at once — a hall
  resuming — would otherwise be a megabyte a second to every idle browser, and the
  longer wait only folds more changes into each table's latest row);
- to the ``lobby_changes`` topic as **one** ``lobby_changes`` frame (every changed row and
  every closed id since the last one): what the browser subscribes to, whatever the
  number of tables;
- to the ``lobby`` topic as before, one ``table`` frame per changed row (a table's row
  at most once an interval) and a ``table_closed`` frame at once.

The players at a table are not throttled: their ``table`` frames go to the table's own
topic, unchanged.
"""

from __future__ import annotations

import asyncio

import orjson

from yuanzi.hall.events import TableClosed
from yuanzi.hall.runtime.pubsub import Broker, Envelope, lobby_changes_topic, lobby_topic
from yuanzi.hall.table.frames import table_frame_text

LOBBY_INTERVAL = 0.25
"""Seconds between two lobby frames at least, and a row's age at most while the lobby's
news fits :data:`LOBBY_BYTES_PER_SECOND`."""
LOBBY_BYTES_PER_SECOND = 50_000
"""The ``lobby_changes`` bytes a lobby client is sent a second at most, on average."""

def changes_text(rows: list[str], closed: list[int]) -> str:
    """One ``lobby_changes`` frame from encoded rows and closed ids."""
    return ('{"type":"lobby_changes","tables":[' + ",".join(rows) + '],"closed":'
            + orjson.dumps(closed).decode() + "}")


class LobbyBoard:
    def __init__(self, broker: Broker, interval: float = LOBBY_INTERVAL,
                 bytes_per_second: int = LOBBY_BYTES_PER_SECOND) -> None:
        self.broker = broker
        self.interval = interval
        self.bytes_per_second = bytes_per_second
        self._rows: dict[int, str] = {}
        self._closed: list[int] = []
        self.version = 0
        """Raised by every change of this node's tables (the hall's whole-lobby cache)."""
        self._next_at = 0.0
        self._timer: asyncio.TimerHandle | None = None

    def changed(self, table_id: int, view_json: str) -> None:
        """Table ``table_id``'s row is now ``view_json`` (a ``TableView``, encoded)."""
        self._rows[table_id] = view_json
        self.version += 1
        self._soon()

    def closed(self, table_id: int) -> None:
        """The table closed: ``table_closed`` at once on ``lobby``; in the next bundle."""
        self._rows.pop(table_id, None)
        self._closed.append(table_id)
        self.version += 1
        self.broker.publish(lobby_topic(), TableClosed(table=table_id).envelope())
        self._soon()

    def cancel(self) -> None:
        """Drop what is pending (the hall is closing)."""
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None
        self._rows.clear()
        self._closed.clear()

    def _soon(self) -> None:
        if self._timer is not None:
            return
        loop = asyncio.get_running_loop()
        if loop.time() >= self._next_at:
            self._flush()
        else:
            self._timer = loop.call_at(self._next_at, self._flush)

    def _flush(self) -> None:
        self._timer = None
        rows, self._rows = self._rows, {}
        closed, self._closed = self._closed, []
        if not rows and not closed:
            return
        for table_id, view_json in rows.items():
            self.broker.publish(lobby_topic(),
                                Envelope("table", table_frame_text(view_json), table_id))
        text = changes_text(list(rows.values()), closed)
        self.broker.publish(lobby_changes_topic(), Envelope("lobby_changes", text))
        wait = max(self.interval, len(text) / self.bytes_per_second)
        self._next_at = asyncio.get_running_loop().time() + wait
