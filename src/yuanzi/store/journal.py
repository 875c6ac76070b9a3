"""The journal: every write of the hall, committed in groups by one writer thread.

Why one thread: SQLite has one writer at a time, and a commit (an fsync at worst) is
the expensive part of storing an action. The event loop hands a job (a function of a
:class:`~sqlalchemy.orm.Session`) to :meth:`Journal.submit` and awaits its future; the
thread takes every job queued at that moment, runs them in **one** transaction, commits
once and then resolves all their futures. Under load a commit carries hundreds of
actions; when idle a job is committed alone within a millisecond. A table awaits its
action's future before it broadcasts the action or accepts the next one, so nothing a
client has seen can be lost by a crash (docs/architecture.md).

If a job of a batch raises, the batch is rolled back and run again with each job in a
savepoint, so one bad job (a taken nickname) fails alone and the others still commit.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import contextlib
import queue
import threading
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, TypeVar

from sqlalchemy.orm import Session, sessionmaker

T = TypeVar("T")


@dataclass(slots=True)
class _Job:
    fn: Callable[[Session], Any]
    settle: Callable[[Any, BaseException | None], None]


_STOP = object()


class Journal:
    """A single writer thread with group commit."""

    def __init__(self, sessions: sessionmaker[Session], max_batch: int = 512) -> None:
        self._sessions = sessions
        self._max_batch = max_batch
        self._queue: queue.SimpleQueue[Any] = queue.SimpleQueue()
        self._thread = threading.Thread(target=self._run, name="yuanzi-journal", daemon=True)
        self._started = False
        self.commits = 0
        self.jobs = 0

    def start(self) -> None:
        if not self._started:
            self._started = True
            self._thread.start()

    def submit(self, fn: Callable[[Session], T]) -> asyncio.Future[T]:
        """Queue a write; the future resolves once it is committed (call from the loop)."""
        loop = asyncio.get_running_loop()
        future: asyncio.Future[T] = loop.create_future()

        def settle(result: Any, error: BaseException | None) -> None:
            def on_loop() -> None:
                if future.cancelled():
                    return
                if error is not None:
                    future.set_exception(error)
                else:
                    future.set_result(result)

            with contextlib.suppress(RuntimeError):  # a closed loop: nobody waits any more
                loop.call_soon_threadsafe(on_loop)

        self._queue.put(_Job(fn, settle))
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

        def settle(result: Any, error: BaseException | None) -> None:
            if error is not None:
                future.set_exception(error)
            else:
                future.set_result(result)

        self._queue.put(_Job(fn, settle))
        return future.result()

    def close(self) -> None:
        """Commit what is queued, then stop the thread."""
        if self._started:
            self._queue.put(_STOP)
            self._thread.join()
            self._started = False

    # -- the writer thread -----------------------------------------------------------------

    def _run(self) -> None:
        while True:
            first = self._queue.get()
            if first is _STOP:
                return
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
            self._commit(batch)
            if stop:
                return

    def _commit(self, batch: list[_Job]) -> None:
        results: list[Any] = []
        try:
            with self._sessions.begin() as session:
                for job in batch:
                    results.append(job.fn(session))
        except Exception:
            self._commit_isolated(batch)
            return
        self.commits += 1
        self.jobs += len(batch)
        for job, result in zip(batch, results, strict=True):
            self._settle(job, result, None)

    def _commit_isolated(self, batch: list[_Job]) -> None:
        """The batch failed: run it again, each job in a SAVEPOINT, so only the bad ones
        are rolled back and the rest still share one commit."""
        outcomes: list[tuple[Any, BaseException | None]] = []
        try:
            with self._sessions.begin() as session:
                for job in batch:
                    try:
                        with session.begin_nested():
                            outcomes.append((job.fn(session), None))
                    except Exception as e:
                        outcomes.append((None, e))
        except Exception as e:  # the commit itself failed: every job fails
            for job in batch:
                self._settle(job, None, e)
            return
        self.commits += 1
        self.jobs += len(batch)
        for job, (result, error) in zip(batch, outcomes, strict=True):
            self._settle(job, result, error)

    @staticmethod
    def _settle(job: _Job, result: Any, error: BaseException | None) -> None:
        job.settle(result, error)
