"""Tables' views in one line each, for the tests of the lobby's filter, the lobby feed
and the cluster's directory: ``table(1, four(("player", 3), EMPTY, BOT, BOT))``."""

from __future__ import annotations

from yuanzi.hall.events import SeatView, TableView


def seat(i: int, kind: str = "empty", level: int | None = None) -> SeatView:
    return SeatView(seat=i, kind=kind, level=level,  # type: ignore[arg-type]
                    account_id=100 + i if kind == "player" else None)


def table(table_id: int, seats: list[SeatView], bet: int = 0,
          status: str = "open") -> TableView:
    return TableView(id=table_id, name="t", owner_id=1, owner="o", tablecloth="green",
                     bet=bet, rules={}, turn_seconds=30.0, status=status,  # type: ignore[arg-type]
                     game_id=None, seats=seats)


def four(*kinds: tuple[str, int | None]) -> list[SeatView]:
    return [seat(i, k, lv) for i, (k, lv) in enumerate(kinds)]


EMPTY = ("empty", None)
BOT = ("bot", None)
