"""Which node owns a table: a lease with a fencing token, in PostgreSQL.

Why PostgreSQL and not Redis: the token must fence the *writes* of a table (its actions,
its settlement), and those land in PostgreSQL. There a writer can read and share-lock
its lease row in the very transaction of its write (:mod:`yuanzi.store.fence`), so a node that lost
its lease (paused, partitioned) cannot commit after another node took the table over,
and the takeover waits for a write already under way. The counter is a column of a
durable table, so no restart (of Redis or of anything) resets it, and the lease's expiry
is the database's clock, so the nodes' clocks need not agree.

A lease lasts :data:`LEASE_SECONDS` and its holder renews it every third of that from
:class:`LeaseKeeper`, a thread with a connection of its own: a node whose event loop
stalls under load for a few seconds still renews (only a process that stops altogether —
killed, paused — lets its leases lapse), and a lapsed lease is taken within the 10 s
that failover allows.
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable, Iterable
from dataclasses import dataclass

from sqlalchemy import Connection, Engine, bindparam, text

from yuanzi.hall.ports import LeaseLost

log = logging.getLogger(__name__)

__all__ = ["Holder", "LeaseBook", "LeaseKeeper", "LeaseLost"]

LEASE_SECONDS = 6.0
"""How long a lease lasts unless renewed: long enough to ride out a loaded machine's
hiccups, short enough that a dead node's tables move well within 10 s."""

_ACQUIRE = text("""
    INSERT INTO table_leases (table_id, node, token, expires_at)
    VALUES (:table_id, :node, 1, now() + make_interval(secs => :ttl))
    ON CONFLICT (table_id) DO UPDATE
       SET node = excluded.node,
           token = table_leases.token + CASE WHEN table_leases.node = excluded.node
                                             THEN 0 ELSE 1 END,
           expires_at = excluded.expires_at
     WHERE table_leases.node = excluded.node OR table_leases.expires_at < now()
    RETURNING token
""")
"""Take a free or lapsed lease (a new token), or extend one's own (the same token)."""

_RENEW = text("""
    UPDATE table_leases SET expires_at = now() + make_interval(secs => :ttl)
     WHERE node = :node AND table_id IN :ids
    RETURNING table_id, token
""").bindparams(bindparam("ids", expanding=True))

_RELEASE = text("""
    UPDATE table_leases SET expires_at = now() - interval '1 second'
     WHERE node = :node AND table_id IN :ids
""").bindparams(bindparam("ids", expanding=True))

_HOLDER = text("""
    SELECT node, token, expires_at > now() AS live FROM table_leases WHERE table_id = :table_id
""")

_LAPSED = text("""
    SELECT t.id FROM hall_tables t LEFT JOIN table_leases l ON l.table_id = t.id
     WHERE t.status <> 'closed'
       AND (l.expires_at < now()
            OR (l.table_id IS NULL AND t.created_at < now() - make_interval(secs => :fresh)))
     ORDER BY t.id
""")

FRESH_SECONDS = 10.0
"""A table without a lease row younger than this is being opened by its node (which
takes its lease right after storing it): not lapsed."""


@dataclass(frozen=True, slots=True)
class Holder:
    node: str
    token: int
    live: bool


class LeaseBook:
    """One node's view of the leases (synchronous: called from threads)."""

    def __init__(self, engine: Engine, node: str, ttl: float = LEASE_SECONDS) -> None:
        if engine.dialect.name != "postgresql":
            raise ValueError("table leases live in PostgreSQL (a hall of several nodes)")
        self.engine = engine
        self.node = node
        self.ttl = ttl

    def acquire(self, table_id: int) -> int | None:
        """The table's fencing token if this node holds its lease now, else None."""
        with self.engine.begin() as conn:
            token = conn.execute(_ACQUIRE, {"table_id": table_id, "node": self.node,
                                            "ttl": self.ttl}).scalar()
        return None if token is None else int(token)

    def renew(self, tokens: dict[int, int], conn: Connection | None = None) -> set[int]:
        """Renew the leases held with these tokens; the tables whose lease is lost (taken
        over, or a token that is no longer the table's)."""
        if not tokens:
            return set()
        params = {"node": self.node, "ttl": self.ttl, "ids": sorted(tokens)}
        if conn is None:
            with self.engine.begin() as fresh:
                rows = fresh.execute(_RENEW, params).all()
        else:
            with conn.begin():
                rows = conn.execute(_RENEW, params).all()
        kept = {int(r.table_id) for r in rows if tokens[int(r.table_id)] == r.token}
        return set(tokens) - kept

    def release(self, table_ids: Iterable[int]) -> None:
        """Let the tables go now (a node shutting down hands them over at once)."""
        ids = sorted(table_ids)
        if ids:
            with self.engine.begin() as conn:
                conn.execute(_RELEASE, {"node": self.node, "ids": ids})

    def holder(self, table_id: int) -> Holder | None:
        with self.engine.connect() as conn:
            row = conn.execute(_HOLDER, {"table_id": table_id}).first()
        return None if row is None else Holder(row.node, int(row.token), bool(row.live))

    def lapsed(self) -> list[int]:
        """Open tables whose lease lapsed or that never had one: free to take."""
        with self.engine.connect() as conn:
            return [int(r.id) for r in conn.execute(_LAPSED, {"fresh": FRESH_SECONDS})]


class LeaseKeeper:
    """Renews a node's leases from a thread of its own, every third of their time.

    ``on_lost`` is called (from the thread) with the tables whose lease was lost; the
    node must stop them. A renewal that fails (the database unreachable) is retried at
    the next tick; the leases lapse only if that lasts longer than their time.
    """

    def __init__(self, book: LeaseBook, on_lost: Callable[[set[int]], None]) -> None:
        self.book = book
        self.on_lost = on_lost
        self._held: dict[int, int] = {}
        self._released: set[int] = set()
        """Tables released while a renewal was under way: released again after it."""
        self._lock = threading.Lock()
        """Guards ``_held`` and ``_released`` only, never a database call, so the event
        loop's :meth:`hold` and :meth:`drop` never wait for the database."""
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, name="yuanzi-leases", daemon=True)
        self.renewals = 0

    def hold(self, table_id: int, token: int) -> None:
        with self._lock:
            self._held[table_id] = token

    def drop(self, table_id: int) -> None:
        """Stop renewing the table (its actor stopped); with a release after it, hands
        it over at once."""
        with self._lock:
            self._held.pop(table_id, None)

    def release(self, table_id: int) -> None:
        """Hand one table over now (a database call: from a thread, not the loop). A
        renewal under way that still counted it releases it again when it ends."""
        with self._lock:
            self._held.pop(table_id, None)
            self._released.add(table_id)
        self.book.release([table_id])

    def held(self) -> dict[int, int]:
        with self._lock:
            return dict(self._held)

    def start(self) -> None:
        self._thread.start()

    def stop(self, release: bool = True) -> None:
        """Stop renewing; with ``release``, hand every table over at once."""
        self._stop.set()
        if self._thread.is_alive():
            self._thread.join(self.book.ttl)
        if release:
            try:
                self.book.release(self.held())
            except Exception:
                log.warning("leases: could not release at shutdown", exc_info=True)

    def _run(self) -> None:
        conn: Connection | None = None
        while not self._stop.wait(self.book.ttl / 3):
            try:
                if conn is None:
                    conn = self.book.engine.connect()
                with self._lock:
                    held = dict(self._held)
                    self._released.clear()
                lost = self.book.renew(held, conn)
                with self._lock:
                    for table_id in lost:  # only if not held again with a newer token
                        if self._held.get(table_id) == held[table_id]:
                            del self._held[table_id]
                    again = self._released & set(held)
                if again:  # released while this renewal extended them: let them go
                    self.book.release(again)
                self.renewals += 1
            except Exception:
                log.warning("leases: renewal failed; retrying", exc_info=True)
                if conn is not None:
                    conn.close()
                    conn = None
                continue
            if lost:
                self.on_lost(lost)
        if conn is not None:
            conn.close()
