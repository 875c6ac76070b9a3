"""A filtered lobby subscription: each client hears only the tables it can display.

Issue 14: the whole lobby grows with the hall (2,000 tables), and a phone shows a screen
of them. A client may ask for a page of the tables matching a filter (open seats, a bet,
a level range: :mod:`yuanzi.hall.lobby.filter`) and then hear only about *its* tables:

- the node holds one subscription to the hall's ``lobby_changes`` topic for all its
  filtered clients, and decodes each bundle once;
- each client keeps the ids it shows; a bundle becomes, for that client, the rows of its
  tables that changed and still match, new matching tables while its page has room, the
  ids of its tables that closed (``closed``) and of those that stopped matching
  (``gone``), in one ``lobby_changes`` frame, or nothing at all;
- when its tables leave and other matching tables exist, the page is filled again from
  the node's lobby rows, so a client never shows an empty page while there are tables
  to show.

Unfiltered subscribers keep the plain topics (one frame encoded once for all).
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import Any, Protocol

import orjson

from yuanzi.hall.events import LobbyPage, TableView
from yuanzi.hall.lobby.filter import LobbyFilter, lobby_page
from yuanzi.hall.runtime.pubsub import Broker, Envelope, lobby_changes_topic

log = logging.getLogger(__name__)


class Listener(Protocol):
    def deliver(self, envelope: Envelope) -> None: ...


class LobbyWatch:
    """One client's filtered view of the lobby: the ids it shows, and whether more
    matching tables exist than its page holds."""

    def __init__(self, listener: Listener, lobby_filter: LobbyFilter, limit: int,
                 shown: list[int], more: bool) -> None:
        self.listener = listener
        self.filter = lobby_filter
        self.limit = limit
        self.shown = set(shown)
        self.more = more

    def update(self, rows: list[tuple[int, dict[str, Any], bytes]], verdicts: list[bool],
               closed: list[int]) -> tuple[list[bytes], list[int], list[int]]:
        """What of a bundle concerns this client: rows to show, ids closed, ids gone
        (``verdicts``: whether each row matches this client's filter)."""
        out: list[bytes] = []
        gone: list[int] = []
        for (table_id, _, encoded), matches in zip(rows, verdicts, strict=True):
            if matches:
                if table_id in self.shown:
                    out.append(encoded)
                elif len(self.shown) < self.limit:
                    self.shown.add(table_id)
                    out.append(encoded)
                else:
                    self.more = True
            elif table_id in self.shown:
                self.shown.discard(table_id)
                gone.append(table_id)
        mine = [t for t in closed if t in self.shown]
        self.shown.difference_update(mine)
        return out, mine, gone


class LobbyFeed:
    def __init__(self, broker: Broker, views: Callable[[], list[TableView]]) -> None:
        self.broker = broker
        self.views = views
        """The hall's lobby rows as last published (to fill a page again)."""
        self._watches: dict[Listener, LobbyWatch] = {}

    def __len__(self) -> int:
        return len(self._watches)

    def watch(self, listener: Listener, lobby_filter: LobbyFilter, offset: int,
              limit: int, subscribe: bool) -> str:
        """The first page (a ``lobby`` frame with ``total``), and with ``subscribe`` the
        changes of its tables from now on."""
        page, total = lobby_page(self.views(), lobby_filter, offset, limit)
        if subscribe:
            if not self._watches:
                self.broker.subscribe(lobby_changes_topic(), self)
            self._watches[listener] = LobbyWatch(listener, lobby_filter, limit,
                                                 [v.id for v in page], total > len(page))
        else:
            self.unwatch(listener)
        return LobbyPage(tables=page, total=total).text()

    def unwatch(self, listener: Listener) -> None:
        if self._watches.pop(listener, None) is not None and not self._watches:
            self.broker.unsubscribe(lobby_changes_topic(), self)

    def deliver(self, envelope: Envelope) -> None:
        """A ``lobby_changes`` bundle of the hall: each watcher its part of it."""
        text = envelope.text
        try:
            frame = orjson.loads(text)
            rows = [(int(r["id"]), r, orjson.dumps(r)) for r in frame.get("tables", ())]
            closed = [int(t) for t in frame.get("closed", ())]
        except (orjson.JSONDecodeError, KeyError, TypeError, ValueError, AttributeError):
            log.warning("lobby feed: a lobby_changes frame it cannot read: %.200s", text)
            return
        views: list[TableView] | None = None
        verdicts: dict[LobbyFilter, list[bool]] = {}  # clients share a few filters
        for watch in list(self._watches.values()):
            matches = verdicts.get(watch.filter)
            if matches is None:
                matches = verdicts[watch.filter] = [watch.filter.matches_row(r)
                                                    for _, r, _ in rows]
            out, gone_closed, gone = watch.update(rows, matches, closed)
            if watch.more and len(watch.shown) < watch.limit and (gone or gone_closed):
                if views is None:
                    views = self.views()
                out.extend(self._refill(watch, views, closed))
            if out or gone_closed or gone:
                watch.listener.deliver(Envelope(
                    "lobby_changes",
                    '{"type":"lobby_changes","tables":[' + b",".join(out).decode()
                    + '],"closed":' + orjson.dumps(gone_closed).decode()
                    + ',"gone":' + orjson.dumps(gone).decode() + "}"))

    @staticmethod
    def _refill(watch: LobbyWatch, views: list[TableView], closed: list[int]) -> list[bytes]:
        """Fill a page that lost tables with others that match (none left: no more)."""
        room = watch.limit - len(watch.shown)
        added: list[bytes] = []
        for view in views:
            if (view.id not in watch.shown and view.id not in closed
                    and watch.filter.matches(view)):
                if len(added) == room:
                    return added  # still more beyond the page
                watch.shown.add(view.id)
                added.append(view.model_dump_json().encode())
        watch.more = False
        return added
