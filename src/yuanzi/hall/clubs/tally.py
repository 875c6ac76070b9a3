"""A club's tally (issue 26): per member, over this week, this month or all time, the
games, wins and points (the sum of R36 base stakes) of the club's sessions — counted
from the last reset by a manager, when that is later. Weeks start on Monday and months
on the 1st, at midnight in 嘉兴 (UTC+8, no daylight saving)."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta, timezone
from typing import Literal

from yuanzi.hall.errors import Code, HallError

Period = Literal["week", "month", "all"]
PERIODS: tuple[Period, ...] = ("week", "month", "all")
HALL_TIME = timezone(timedelta(hours=8))


def period(raw: str) -> Period:
    for p in PERIODS:
        if raw == p:
            return p
    raise HallError(Code.MALFORMED, "a tally's period is week, month or all")


def since(p: Period, now: datetime, reset_at: float | None) -> datetime | None:
    """When the period began (UTC), or the reset if later; None: from the start."""
    local = now.astimezone(HALL_TIME)
    midnight = local.replace(hour=0, minute=0, second=0, microsecond=0)
    start: datetime | None = (
        midnight - timedelta(days=local.weekday()) if p == "week"
        else midnight.replace(day=1) if p == "month" else None)
    reset = None if reset_at is None else datetime.fromtimestamp(reset_at, UTC)
    if start is None:
        return reset
    start = start.astimezone(UTC)
    return start if reset is None or reset < start else reset
