"""What a table taken up from the store does first, before any command (a restart, or
another node's table taken over): what the hall was doing when it stopped is carried
through, so nothing waits for a player to ask again."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Protocol

from yuanzi.engine import Game
from yuanzi.hall.models import TableSpec
from yuanzi.hall.table.play import TablePlay
from yuanzi.hall.table.privacy import TablePrivacy
from yuanzi.hall.table.seating import Seating

Job = Callable[[], Awaitable[None]]


class TakenUp(Protocol):
    spec: TableSpec
    game: Game | None
    gameplay: TablePlay
    seating: Seating
    privacy: TablePrivacy


def first_jobs(t: TakenUp) -> list[Job]:
    """Settle a game stored without its end; a tournament's next game (its table plays
    by itself); stand up a player an admin removed, the hall stopping before he was; deal
    when all four were ready (the hall stopped while the players' values were awaited,
    issue 44) — the first of these that applies; and at a club's table, ask the club who
    is still a member (issue 44: a removal's word lost with a node keeps nobody in)."""
    jobs: list[Job] = []
    if t.gameplay.finish_due:
        jobs.append(t.gameplay.finish_if_due)
    elif t.game is None and t.spec.tournament is not None:
        jobs.append(t.gameplay.maybe_start)
    elif t.game is None and any(s.leaving for s in t.spec.seats):
        jobs.append(t.seating.leave_now)
    elif t.game is None and all(not s.empty and s.ready for s in t.spec.seats):
        jobs.append(t.gameplay.maybe_start)
    if t.spec.club_id is not None:
        jobs.append(t.privacy.recheck_club)
    return jobs
