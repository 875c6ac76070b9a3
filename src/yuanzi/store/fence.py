"""A table's writes fenced by its lease token (a hall of several nodes, issue 13).

The node that owns a table holds its lease (:mod:`yuanzi.cluster.leases`) with a token
that grows at every change of owner. The table's actor runs with :data:`CURRENT` set to
its :class:`Fence`; every write it queues in the journal — an action, a deal, a game's
start, its settlement — carries that fence (read from the context when the write is
queued, so no port changes its signature), and the journal commits it only if the
token is still the table's, checking it under a share lock in the very transaction of
the write. So a deposed owner (paused, partitioned, slow to notice) cannot write after
another node took the table over, and a takeover waits for a write already under way.

A one-process hall never sets a fence: nothing is checked, nothing costs.
"""

from __future__ import annotations

from collections.abc import Iterable

from sqlalchemy import select
from sqlalchemy.orm import Session

from yuanzi.hall.ports import CURRENT_FENCE as CURRENT, Fence, LeaseLost
from yuanzi.store.models.base import table_of
from yuanzi.store.models.tables import TableLeaseRow

_LEASES = table_of(TableLeaseRow)

__all__ = ["CURRENT", "Fence", "LeaseLost", "check", "lost", "stale"]


def stale(session: Session, fences: Iterable[Fence]) -> set[Fence]:
    """The fences whose token is no longer their table's, checked under a share lock
    held until the caller's transaction ends (PostgreSQL's ``FOR SHARE``)."""
    wanted = set(fences)
    if not wanted:
        return set()
    rows = session.execute(
        select(_LEASES.c.table_id, _LEASES.c.token)
        .where(_LEASES.c.table_id.in_(sorted({f.table_id for f in wanted})))
        .with_for_update(read=True)).all()
    current = {int(r.table_id): int(r.token) for r in rows}
    return {f for f in wanted if current.get(f.table_id) != f.token}


def lost(fence: Fence) -> LeaseLost:
    return LeaseLost(f"table {fence.table_id}: lease token {fence.token} is no longer "
                     "the table's; this node does not own it any more")


def check(session: Session, table_id: int, token: int) -> None:
    """In a write's transaction: share-lock the table's lease and check the token, so the
    write commits only while this node holds the lease (a takeover waits for it). The
    journal does this for every write queued under :data:`CURRENT`."""
    held = Fence(table_id, token)
    if stale(session, [held]):
        raise lost(held)
