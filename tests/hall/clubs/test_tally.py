"""hall/clubs/tally.py: a club tally's period starts on Monday or the 1st at midnight in
嘉兴 (UTC+8), or at a manager's reset when that is later."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest
from hypothesis import given, strategies as st

from yuanzi.hall.clubs.tally import HALL_TIME, period, since
from yuanzi.hall.errors import Code, HallError

# Wednesday 2026-12-02, 17:30 in 嘉兴 (09:30 UTC)
NOW = datetime(2026, 12, 2, 9, 30, tzinfo=UTC)


def test_the_week_and_the_month_begin_at_midnight_in_jiaxing() -> None:
    assert since("week", NOW, None) == datetime(2026, 11, 30, 0, 0, tzinfo=HALL_TIME)
    assert since("month", NOW, None) == datetime(2026, 12, 1, 0, 0, tzinfo=HALL_TIME)
    assert since("all", NOW, None) is None
    # 23:30 UTC on Sunday is already Monday in 嘉兴: a new week
    sunday = datetime(2026, 12, 6, 16, 30, tzinfo=UTC)
    assert since("week", sunday, None) == datetime(2026, 12, 7, 0, 0, tzinfo=HALL_TIME)


def test_a_reset_counts_when_it_is_later_than_the_period_start() -> None:
    reset = datetime(2026, 12, 1, 12, 0, tzinfo=UTC)
    assert since("week", NOW, reset.timestamp()) == reset
    assert since("all", NOW, reset.timestamp()) == reset
    early = datetime(2026, 11, 2, tzinfo=UTC).timestamp()
    assert since("month", NOW, early) == datetime(2026, 12, 1, 0, 0, tzinfo=HALL_TIME)


@given(st.datetimes(min_value=datetime(2000, 1, 1), max_value=datetime(2100, 1, 1),
                    timezones=st.just(UTC)))
def test_a_period_never_starts_after_now(now: datetime) -> None:
    for p in ("week", "month"):
        start = since(p, now, None)  # type: ignore[arg-type]
        assert start is not None and start <= now
        assert (now - start).days < (7 if p == "week" else 31)
        assert start.astimezone(HALL_TIME).hour == 0


def test_an_unknown_period_is_refused() -> None:
    assert period("month") == "month"
    with pytest.raises(HallError) as e:
        period("year")
    assert e.value.code == Code.MALFORMED
