"""The journal: every write of the hall, committed in groups by one writer thread.

Why one thread: SQLite has one writer at a time, and a commit (an fsync at worst) is
the expensive part of storing an action. The event loop hands a job (a function of a
:class:`~sqlalchemy.orm.Session`) to :meth:`Journal.submit` and awaits its future; the
thread takes every job queued at that moment, runs them in **one** transaction, commits
once and then resolves all their futures. Under load a commit carries hundreds of
actions; when idle a job is committed alone within a millisecond. An operator may
trade latency for CPU: while writes come together (the last batch held more than one),
the thread then waits a moment (``gather``) before it takes them, so each commit and
each wake-up serves more actions; a lone table's writes never wait. Off by default: at
1000 tables 2 ms of it made every action 3 ms slower and the p99 burstier (issue 30,
docs/hall.md). A table awaits its
action's future before it broadcasts the action or accepts the next one, so nothing a
client has seen can be lost by a crash (docs/hall.md).

If a job of a batch raises, the batch is rolled back and run again with each job in a
savepoint, so one bad job (a taken nickname) fails alone and the others still commit.
A job that fails only because PostgreSQL chose it as a deadlock victim or could not
serialise it (several hall processes on one database) is tried again, after a short
random pause, in a **fresh transaction** — never inside the one that failed: that one
still holds the locks of the batch's other jobs (the very locks the other side of the
deadlock waits for) and keeps its snapshot (so a serialization failure would repeat).
These errors are the database's way of saying "once more", not a refusal. SQLite's own
busy timeout is its retry. A job may therefore run several times: jobs must not change
anything outside the session before they return (they are pure functions of it).
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import contextlib
import queue
import random
import threading
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import Any, TypeVar

from sqlalchemy import Connection, Dialect, Engine, Table, insert
from sqlalchemy.orm import Session, sessionmaker

from yuanzi.store.fence import CURRENT, Fence, lost, stale
from yuanzi.store.insert_plan import InsertPlan

T = TypeVar("T")

TRANSIENT_SQLSTATES = frozenset({"40001", "40P01"})
"""PostgreSQL's serialization_failure and deadlock_detected: retry, don't report."""
RETRIES = 4
"""Fresh transactions tried after a transient failure, before its error is final."""


def is_transient(error: BaseException) -> bool:
    """Whether a fresh attempt of the same write may well succeed."""
    orig = getattr(error, "orig", error)
    return getattr(orig, "sqlstate", None) in TRANSIENT_SQLSTATES


def _pause(attempt: int) -> None:
    """A short, jittered, growing pause, so two victims do not collide again in step."""
    time.sleep(random.uniform(0.005, 0.02) * (2 ** attempt))


@dataclass(slots=True)
class _Job:
    fn: Callable[[Session], Any] | None
    """The write; None for a plain row insert (``table``/``row``), which is batched."""
    loop: asyncio.AbstractEventLoop | None
    """The event loop awaiting ``future``; None for a thread waiting in :meth:`run_sync`."""
    future: asyncio.Future[Any] | concurrent.futures.Future[Any]
    table: Table | None = None
    row: dict[str, Any] | None = None
    fence: Fence | None = field(default_factory=CURRENT.get)
    """The lease token the write needs (the context's when it was queued: a table's
    actor on a node of several); None for an unfenced write."""

    def run(self, session: Session) -> Any:
        """The write alone (the slow path, in a savepoint), its fence checked first."""
        if self.fence is not None and stale(session, [self.fence]):
            raise lost(self.fence)
        if self.fn is not None:
            return self.fn(session)
        assert self.table is not None and self.row is not None
        session.execute(insert(self.table), [self.row])
        return None


_STOP = object()


class Journal:
    """A single writer thread with group commit."""

    def __init__(self, sessions: sessionmaker[Session], max_batch: int = 512,
                 gather: float = 0.0) -> None:
        self._sessions = sessions
        self._engine: Engine | None = sessions.kw.get("bind")
        self._writer: Session | None = None
        self._plans: dict[Table, InsertPlan] = {}
        self._connection: Connection | None = None
        self._max_batch = max_batch
        self._gather = gather
        """Seconds the thread waits for more writes before a batch, while they come
        together (0: never)."""
        self._queue: queue.SimpleQueue[Any] = queue.SimpleQueue()
        self._thread = threading.Thread(target=self._run, name="yuanzi-journal", daemon=True)
        self._started = False
        self.commits = 0
        self.jobs = 0
        self.on_commit: Callable[[float], None] | None = None
        """Called (in the writer thread) with each group commit's seconds: metrics."""

    def start(self) -> None:
        if not self._started:
            self._started = True
            self._thread.start()

    def submit(self, fn: Callable[[Session], T]) -> asyncio.Future[T]:
        """Queue a write; the future resolves once it is committed (call from the loop).
        ``fn`` may run more than once (a batch re-run, a retry): it must only write
        through the session it is given."""
        loop = asyncio.get_running_loop()
        future: asyncio.Future[T] = loop.create_future()
        self._queue.put(_Job(fn, loop, future))
        return future

    def insert(self, table: Table, row: dict[str, Any]) -> asyncio.Future[None]:
        """Queue one row insert; inserts into one table queued together are written with a
        single executemany (the hot path: one row per action played)."""
        loop = asyncio.get_running_loop()
        future: asyncio.Future[None] = loop.create_future()
        self._queue.put(_Job(None, loop, future, table, row))
        return future

    async def run(self, fn: Callable[[Session], T]) -> T:
        """Queue a write and wait until it is durable; its result or its error."""
        return await self.submit(fn)

    def run_sync(self, fn: Callable[[Session], T]) -> T:
        """Do a write from a thread that is not the event loop (CLI, tests)."""
        if not self._started:
            with self._sessions.begin() as session:
                return fn(session)
        future: concurrent.futures.Future[T] = concurrent.futures.Future()
        self._queue.put(_Job(fn, None, future))
        return future.result()

    def close(self) -> None:
        """Commit what is queued, then stop the thread."""
        if self._started:
            self._queue.put(_STOP)
            self._thread.join()
            self._started = False

    # -- the writer thread -----------------------------------------------------------------

    def _run(self) -> None:
        together = False
        while True:
            first = self._queue.get()
            if first is _STOP:
                return
            if together and self._gather > 0:
                time.sleep(self._gather)  # the loop queues meanwhile, waking nobody
            batch = [first]
            stop = False
            while len(batch) < self._max_batch:
                try:
                    item = self._queue.get_nowait()
                except queue.Empty:
                    break
                if item is _STOP:
                    stop = True
                    break
                batch.append(item)
            together = len(batch) > 1
            self._commit(batch)
            if stop:
                self._drop_writer()
                return

    def _writer_session(self) -> Session:
        """The writer thread's own session on one connection it keeps: checking a
        connection out of the pool and resetting it for every commit would cost more
        than the commit itself."""
        if self._writer is None:
            if self._engine is None:
                return self._sessions()
            self._connection = self._engine.connect()
            self._writer = Session(bind=self._connection, expire_on_commit=False)
        return self._writer

    def _drop_writer(self) -> None:
        """Forget the writer's connection (after an error, or at the end)."""
        if self._writer is not None:
            self._writer.close()
            self._writer = None
        if self._connection is not None:
            with contextlib.suppress(Exception):
                self._connection.close()
            self._connection = None

    def _insert_rows(self, dbapi: Any, dialect: Dialect, jobs: list[_Job]) -> None:
        """One executemany on the DBAPI cursor for a run of inserts into one table, in
        the transaction under way.

        The statement is compiled once per table and the column types' bind processors
        applied by hand: SQLAlchemy's per-execute machinery costs several times the
        insert itself on this path, which runs once per action played.
        """
        table = jobs[0].table
        assert table is not None
        plan = self._plan(table, dialect)
        cursor = dbapi.cursor()
        try:
            params: list[Any] = [plan.params(job.row or {}) for job in jobs]
            cursor.executemany(plan.sql, params)
        finally:
            cursor.close()

    @contextlib.contextmanager
    def _transaction(self) -> Iterator[Session]:
        session = self._writer_session()
        try:
            with session.begin():
                yield session
        except BaseException:
            self._drop_writer()  # a broken connection must not poison later batches
            raise
        finally:
            if self._writer is not None:
                self._writer.expunge_all()

    def _commit_inserts(self, batch: list[_Job]) -> bool:
        """A batch of plain row inserts on SQLite, committed on the DBAPI connection:
        ``BEGIN``, one executemany a run of rows of one table, ``COMMIT`` — without the ORM
        session's begin and commit, about a third of the writer's time under load (issue
        30: the hot batch is every table's played actions). False: not such a batch, or it
        failed and was rolled back; the caller then takes the usual road, which runs the
        rows again and reports a bad one alone."""
        engine = self._engine
        if engine is None or engine.dialect.name != "sqlite":
            return False
        if any(j.fn is not None or j.fence is not None for j in batch):
            return False
        self._writer_session()  # the writer's connection, made on first use
        connection = self._connection
        if connection is None or connection.in_transaction():
            return False
        began = time.perf_counter()
        dbapi = connection.connection.dbapi_connection
        assert dbapi is not None
        cursor = dbapi.cursor()
        try:
            cursor.execute("BEGIN")
            i = 0
            while i < len(batch):
                j = _run_end(batch, i)
                self._insert_rows(dbapi, engine.dialect, batch[i:j])
                i = j
            cursor.execute("COMMIT")
        except Exception:
            with contextlib.suppress(Exception):
                cursor.execute("ROLLBACK")
            return False
        finally:
            cursor.close()
        self.commits += 1
        self.jobs += len(batch)
        if self.on_commit is not None:
            self.on_commit(time.perf_counter() - began)
        self._settle(batch, [(None, None)] * len(batch))
        return True

    def _plan(self, table: Table, dialect: Dialect) -> InsertPlan:
        plan = self._plans.get(table)
        if plan is None:
            plan = self._plans[table] = InsertPlan.compile(table, dialect)
        return plan

    def _commit(self, batch: list[_Job], attempt: int = 0) -> None:
        if attempt == 0 and self._commit_inserts(batch):
            return
        results: list[Any] = []
        began = time.perf_counter()
        refused: list[_Job] = []
        try:
            with self._transaction() as session:
                fences = {j.fence for j in batch if j.fence is not None}
                if fences:  # a node of several: a deposed owner's writes are refused
                    gone = stale(session, fences)
                    refused = [j for j in batch if j.fence in gone]
                    batch = [j for j in batch if j.fence not in gone]
                i = 0
                while i < len(batch):
                    job = batch[i]
                    if job.fn is not None:
                        results.append(job.fn(session))
                        i += 1
                        continue
                    j = _run_end(batch, i)  # a run of inserts into one table
                    dbapi = session.connection().connection.dbapi_connection
                    self._insert_rows(dbapi, session.get_bind().dialect, batch[i:j])
                    results.extend([None] * (j - i))
                    i = j
        except Exception as e:
            if is_transient(e) and attempt < RETRIES:  # rolled back: every lock released
                _pause(attempt)
                self._commit(batch + refused, attempt + 1)
            else:
                self._commit_isolated(batch + refused, attempt)
            return
        self.commits += 1
        self.jobs += len(batch)
        if self.on_commit is not None:
            self.on_commit(time.perf_counter() - began)
        self._settle(batch, [(r, None) for r in results])
        if refused:
            self._settle(refused, [(None, lost(j.fence)) for j in refused if j.fence])

    def _commit_isolated(self, batch: list[_Job], attempt: int = 0) -> None:
        """The batch failed: run it again, each job in a SAVEPOINT, so only the bad ones
        are rolled back and the rest still share one commit. Jobs that failed only
        transiently are run again afterwards, in a transaction of their own."""
        outcomes: list[tuple[Any, BaseException | None]] = []
        began = time.perf_counter()
        try:
            with self._transaction() as session:
                for job in batch:
                    try:
                        with session.begin_nested():
                            result = job.run(session)
                        # (its success said only once its savepoint is released: the
                        # release flushes its writes, and may fail — a key another job
                        # of the batch holds; said inside, the job had two outcomes and
                        # every later job took its neighbour's)
                        outcomes.append((result, None))
                    except Exception as e:
                        outcomes.append((None, e))
        except Exception as e:  # the commit itself failed
            if is_transient(e) and attempt < RETRIES:
                _pause(attempt)
                self._commit_isolated(batch, attempt + 1)
            else:
                self._settle(batch, [(None, e)] * len(batch))  # every job fails
            return
        again = {i for i, (_, e) in enumerate(outcomes)
                 if e is not None and is_transient(e) and attempt < RETRIES}
        done = [i for i in range(len(batch)) if i not in again]
        self.commits += 1
        self.jobs += len(done)
        if self.on_commit is not None:
            self.on_commit(time.perf_counter() - began)
        self._settle([batch[i] for i in done], [outcomes[i] for i in done])
        if again:  # the others are committed now, and their locks released
            _pause(attempt)
            self._commit_isolated([batch[i] for i in sorted(again)], attempt + 1)

    @staticmethod
    def _settle(batch: list[_Job], outcomes: list[tuple[Any, BaseException | None]]) -> None:
        """Resolve the futures: one wake-up per event loop for the whole batch."""
        by_loop: dict[asyncio.AbstractEventLoop, list[tuple[Any, Any, Any]]] = {}
        for job, (result, error) in zip(batch, outcomes, strict=True):
            if job.loop is None:
                assert isinstance(job.future, concurrent.futures.Future)
                if error is not None:
                    job.future.set_exception(error)
                else:
                    job.future.set_result(result)
            else:
                by_loop.setdefault(job.loop, []).append((job.future, result, error))
        for loop, items in by_loop.items():
            with contextlib.suppress(RuntimeError):  # a closed loop: nobody waits any more
                loop.call_soon_threadsafe(_resolve, items)


def _run_end(batch: list[_Job], start: int) -> int:
    """Where the run of row inserts into one table that begins at ``start`` ends: one
    executemany writes it."""
    table = batch[start].table
    end = start + 1
    while end < len(batch) and batch[end].fn is None and batch[end].table is table:
        end += 1
    return end


def _resolve(items: list[tuple[asyncio.Future[Any], Any, BaseException | None]]) -> None:
    for future, result, error in items:
        if future.cancelled():
            continue
        if error is not None:
            future.set_exception(error)
        else:
            future.set_result(result)
