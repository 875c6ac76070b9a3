"""Every open table of the hall as its owner last announced it: the lobby hall-wide.

Each node's tables publish their row on the ``lobby`` topic (``table`` frames, at most
one per table an interval, and ``table_closed``: :mod:`yuanzi.hall.lobby.board`). A node
listens to that topic itself and keeps the latest row of every table, so that a client on
any node gets the whole hall's lobby, may open any table by its id, and quick match
can offer another node's free seats. A node that starts (or gets Redis back after a
loss) asks the others to announce their tables again (:mod:`.gossip`), and a table taken
over after its node died is announced by its new owner; rows are parsed only when the
lobby is asked for.
"""

from __future__ import annotations

import logging
from collections.abc import Container
from typing import Any

import orjson
from pydantic import ValidationError

from yuanzi.hall.events import TableView
from yuanzi.hall.runtime.pubsub import Broker, Envelope, lobby_topic

log = logging.getLogger(__name__)


class TableDirectory:
    """A subscriber of the ``lobby`` topic (this node's tables included)."""

    def __init__(self, broker: Broker) -> None:
        self.broker = broker
        self._rows: dict[int, dict[str, Any]] = {}
        self._views: dict[int, TableView] = {}
        """Rows parsed since they last changed."""
        self._texts: dict[int, str] = {}
        """Rows encoded since they last changed (the whole lobby joins these)."""

    def start(self) -> None:
        self.broker.subscribe(lobby_topic(), self)

    def stop(self) -> None:
        self.broker.unsubscribe(lobby_topic(), self)

    def deliver(self, envelope: Envelope) -> None:
        text = envelope.text
        try:
            frame = orjson.loads(text)
            kind = frame.get("type")
            if kind == "table":
                row = frame["table"]
                table_id = int(row["id"])
                if row.get("status") == "closed":
                    self._forget(table_id)
                else:
                    self._rows[table_id] = row
                    self._views.pop(table_id, None)
                    self._texts.pop(table_id, None)
            elif kind == "table_closed":
                self._forget(int(frame["table"]))
        except (orjson.JSONDecodeError, KeyError, TypeError, ValueError, AttributeError):
            log.warning("directory: a lobby frame it cannot read: %.200s", text)

    def knows(self, table_id: int) -> bool:
        return table_id in self._rows

    def tables(self) -> list[TableView]:
        out = []
        for table_id, row in list(self._rows.items()):
            view = self._views.get(table_id)
            if view is None:
                try:
                    view = self._views[table_id] = TableView.model_validate(row)
                except ValidationError:
                    log.warning("directory: table %s's row does not parse", table_id)
                    self._forget(table_id)
                    continue
            out.append(view)
        return out

    def texts(self, skip: Container[int] = ()) -> list[str]:
        """Every row as JSON (a ``TableView``'s), but those in ``skip``; encoded once per
        change of the row, not once per whole lobby asked for (issue 14)."""
        out = []
        for table_id, view in [(v.id, v) for v in self.tables() if v.id not in skip]:
            text = self._texts.get(table_id)
            if text is None:
                text = self._texts[table_id] = view.model_dump_json()
            out.append(text)
        return out

    def _forget(self, table_id: int) -> None:
        self._rows.pop(table_id, None)
        self._views.pop(table_id, None)
        self._texts.pop(table_id, None)
