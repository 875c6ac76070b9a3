"""Which tables a lobby client asked to see (issue 14): open seats, a bet, a level range.

One filter serves the REST page (``GET /api/tables``), the ``lobby`` message's page and
a filtered lobby subscription (:mod:`yuanzi.server.lobby_feed`), so the three can never
disagree. Rows are matched as views (the REST page, the first frame) or as the decoded
JSON of a ``lobby_changes`` frame (the subscription: no view is rebuilt per change).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from yuanzi.hall.events import TableView

LOBBY_PAGE = 200
"""The most tables one page of the lobby holds (REST, the ``lobby`` message)."""
MAX_LEVEL = 10_000
"""The highest level a filter may name (levels have no top, R37; this is far above any)."""


@dataclass(frozen=True)
class LobbyFilter:
    free_seats: bool = False
    """Only tables waiting for players with an empty seat (not playing)."""
    bet: int | None = None
    """Only tables of this bet (0: tables without one)."""
    min_level: int | None = None
    max_level: int | None = None
    """Only tables whose seated players all have a level in this range (bots and empty
    seats aside): the tables a player of that level would feel at home at."""

    @property
    def is_everything(self) -> bool:
        return (not self.free_seats and self.bet is None and self.min_level is None
                and self.max_level is None)

    def matches(self, view: TableView) -> bool:
        return self._matches(view.status, view.bet,
                             ((s.kind, s.level) for s in view.seats))

    def matches_row(self, row: Mapping[str, Any]) -> bool:
        """The same test on a row as decoded from JSON (a ``TableView``'s fields)."""
        seats = row.get("seats") or ()
        return self._matches(row.get("status"), row.get("bet"),
                             ((s.get("kind"), s.get("level")) for s in seats))

    def _matches(self, status: object, bet: object,
                 seats: Iterable[tuple[object, object]]) -> bool:
        if status == "closed":
            return False
        if self.bet is not None and bet != self.bet:
            return False
        if not self.free_seats and self.min_level is None and self.max_level is None:
            return True
        low = self.min_level if self.min_level is not None else -1
        high = self.max_level if self.max_level is not None else 1 << 62
        empty = False
        for kind, level in seats:
            if kind == "empty":
                empty = True
            elif kind == "player" and isinstance(level, int) and not low <= level <= high:
                return False
        return not self.free_seats or (status == "open" and empty)


def lobby_page(views: Iterable[TableView], lobby_filter: LobbyFilter, offset: int,
               limit: int) -> tuple[list[TableView], int]:
    """The rows ``offset`` to ``offset + limit`` of those that match, and how many match."""
    rows = [v for v in views if lobby_filter.matches(v)]
    return rows[offset:offset + limit], len(rows)
