"""The moment between everyone ready and the deal (issue 28): the hall commits to its
secret seeds, the seated players' clients contribute random values, and the deal is drawn
from both (:mod:`yuanzi.engine.fairness`) — so neither the hall nor any player can choose
the cards.

A :class:`DealDraw` belongs to one table and runs inside its actor. It waits for the
players who are here (seated and connected) at most ``deal_contribution_seconds``; bots,
absent seats and whoever did not answer in time get the hall's value, so nobody can stall
a deal — a value the committed seed fixes (``yuanzi-deal/2``, issue 43), so the hall,
which sees the players' values first, has nothing left to choose but to drop a value
it was sent (a player's browser remembers what it sent, and its replay says so). Who is
asked is announced with the commitment and written in the record (``asked``): no
seat outside it can have a player's value. Nothing of the moment
is stored: a crash during it leaves the table with everyone ready and no game, and the
next ready starts it afresh with new seeds.
"""

from __future__ import annotations

import secrets
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import Any, Protocol

from yuanzi.engine.fairness import CONTRIBUTION, SCHEME_2, commit_of
from yuanzi.hall.errors import Code, HallError
from yuanzi.hall.events import DealCommit
from yuanzi.hall.models import DealFairness, TableSpec
from yuanzi.hall.table.context import TableContext
from yuanzi.hall.table.views import Outbox

Job = Callable[[], Awaitable[None]]


class DealHost(Protocol):
    spec: TableSpec
    ctx: TableContext
    out: Outbox

    @property
    def id(self) -> int: ...
    def later(self, delay: float, job: Job) -> None: ...


@dataclass(slots=True)
class Pending:
    seeds: tuple[bytes, bytes]
    waiting: set[int]
    contributions: dict[int, str] = field(default_factory=dict)


class DealDraw:
    def __init__(self, table: DealHost) -> None:
        self.table = table
        self.pending: Pending | None = None

    @property
    def drawing(self) -> bool:
        return self.pending is not None

    def begin(self, due: Job) -> bool:
        """Draw the seeds and ask the players here; True when there is nobody to wait
        for (deal now), else ``due`` runs when the wait is over."""
        t = self.table
        seconds = t.ctx.settings.deal_contribution_seconds
        waiting = {i for i, s in enumerate(t.spec.seats)
                   if s.account is not None and t.ctx.is_connected(s.account.id)}
        if seconds <= 0:
            waiting = set()
        pending = self.pending = Pending((secrets.token_bytes(32), secrets.token_bytes(32)),
                                         waiting)
        until = time.time() + seconds if waiting else None
        t.out.everyone(DealCommit(table=t.id, commits=[commit_of(s) for s in pending.seeds],
                                  until=until, waiting=sorted(waiting),
                                  scheme=SCHEME_2).envelope())
        if not waiting:
            return True

        async def when_due() -> None:
            if self.pending is pending:  # (not dealt meanwhile, nor called off)
                await due()

        t.later(seconds, when_due)
        return False

    def contribute(self, seat: int, value: Any) -> bool:
        """``seat``'s random value; True when every player asked has answered."""
        pending = self.pending
        if pending is None or seat not in pending.waiting:
            raise HallError(Code.NO_DEAL_PENDING, "no deal is waiting for your value")
        if not isinstance(value, str) or not CONTRIBUTION.fullmatch(value):
            raise HallError(Code.MALFORMED, "a contribution is 16 to 64 lowercase hex digits")
        if seat in pending.contributions:
            raise HallError(Code.NO_DEAL_PENDING, "your value is in already")
        pending.contributions[seat] = value
        return pending.waiting <= set(pending.contributions)

    def cancel(self) -> None:
        """Someone is no longer ready: no deal (the next one draws new seeds)."""
        self.pending = None

    def take(self) -> DealFairness:
        """The fairness of the deal about to be made (``yuanzi-deal/2``): the players'
        values; a seat with none gets the hall's, which its committed seed fixes (issue
        43: drawn after the players' values came, it let the hall choose the deal)."""
        pending = self.pending
        assert pending is not None
        self.pending = None
        values = [pending.contributions.get(i) for i in range(4)]
        return DealFairness(pending.seeds, tuple(v or "" for v in values),
                            tuple("player" if v else "hall" for v in values), SCHEME_2,
                            tuple(sorted(pending.waiting)))


def with_fairness(record: dict[str, Any], fairness: DealFairness | None) -> dict[str, Any]:
    """An ended game's record with each half's fairness fields (RECORD.md). (Where a seat
    escaped, R35, the record says so itself: its last action, issue 54.)"""
    if fairness is not None:
        for i, half in enumerate(record.get("halves", [])):
            half["fairness"] = fairness.fields(i)
    return record
