"""The journal waits a moment for more writes only while writes come together (issue 30):
a lone writer's writes are committed at once, one by one; after a batch of several, the
next batch is gathered for ``gather`` seconds and shares one commit."""

from __future__ import annotations

import asyncio
import threading
import time
import types
from collections.abc import Iterator
from pathlib import Path

import pytest
from sqlalchemy.orm import Session

from yuanzi.hall.settings import Settings
from yuanzi.store import journal as journal_module
from yuanzi.store.journal import Journal
from yuanzi.store.setup import Database, open_database


@pytest.fixture
def db(tmp_path: Path) -> Iterator[Database]:
    database = open_database(Settings(database_url=f"sqlite:///{tmp_path / 'j.db'}",
                                      journal_gather_ms=5))
    yield database
    database.close()


@pytest.fixture
def waits(monkeypatch: pytest.MonkeyPatch) -> list[float]:
    """The journal thread's pauses, recorded (and kept: the wait is what gathers)."""
    seen: list[float] = []

    def sleep(seconds: float) -> None:
        seen.append(seconds)
        time.sleep(seconds)

    monkeypatch.setattr(journal_module, "time",
                        types.SimpleNamespace(sleep=sleep, perf_counter=time.perf_counter))
    return seen


def _batches(journal: Journal) -> list[int]:
    sizes: list[int] = []
    real = journal._commit

    def commit(batch: list[journal_module._Job], attempt: int = 0) -> None:
        sizes.append(len(batch))
        real(batch, attempt)

    journal._commit = commit  # type: ignore[method-assign]
    return sizes


def test_a_lone_writer_never_waits(db: Database, waits: list[float]) -> None:
    sizes = _batches(db.journal)

    async def one_by_one() -> None:
        for _ in range(20):
            await db.journal.run(lambda s: None)

    asyncio.run(one_by_one())
    assert sizes == [1] * 20
    assert waits == []


def test_writes_that_come_together_are_gathered_into_one_commit(
        db: Database, waits: list[float]) -> None:
    sizes = _batches(db.journal)
    hold = threading.Event()

    def slow(s: Session) -> None:
        hold.wait(5)

    async def together() -> None:
        first = db.journal.submit(slow)  # the thread is busy with it meanwhile
        await asyncio.sleep(0.05)
        queued = [db.journal.submit(lambda s: None) for _ in range(5)]
        hold.set()
        await asyncio.gather(first, *queued)  # a batch of 5: writes come together now
        later = [db.journal.submit(lambda s: None)]
        await asyncio.sleep(0.001)  # inside the wait: these join the first of them
        later += [db.journal.submit(lambda s: None) for _ in range(3)]
        await asyncio.gather(*later)

    asyncio.run(together())
    assert sizes == [1, 5, 4]
    assert waits == [0.005]


def test_no_gathering_when_it_is_off(tmp_path: Path, waits: list[float]) -> None:
    db = open_database(Settings(database_url=f"sqlite:///{tmp_path / 'j.db'}",
                                journal_gather_ms=0))
    try:
        async def bursts() -> None:
            for _ in range(3):
                await asyncio.gather(*[db.journal.submit(lambda s: None) for _ in range(4)])

        asyncio.run(bursts())
    finally:
        db.close()
    assert waits == []
