"""The journal's hot batch — plain row inserts on SQLite, every table's played actions — is
committed on the DBAPI connection without the ORM session (issue 30); a bad row still
fails alone and the others are stored; any other batch takes the usual road."""

from __future__ import annotations

import asyncio
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import Column, Integer, MetaData, String, Table, select
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session

from yuanzi.hall.settings import Settings
from yuanzi.store.journal import Journal
from yuanzi.store.setup import Database, open_database

ROWS = Table("journal_test_rows", MetaData(), Column("id", Integer, primary_key=True),
             Column("v", String, nullable=False))


@pytest.fixture
def db(tmp_path: Path) -> Iterator[Database]:
    database = open_database(Settings(database_url=f"sqlite:///{tmp_path / 'j.db'}"))
    ROWS.metadata.create_all(database.engine)
    yield database
    database.close()


def _roads(journal: Journal) -> list[str]:
    """Which road each commit took: ``orm`` (the session's transaction) or ``dbapi``."""
    taken: list[str] = []
    transaction, inserts = journal._transaction, journal._commit_inserts

    def orm() -> Any:
        taken.append("orm")
        return transaction()

    def dbapi(batch: list[Any]) -> bool:
        taken.append("dbapi")  # (before the rows are settled: the test reads it right after)
        done = inserts(batch)
        if not done:
            taken.pop()  # (nothing was settled: the usual road comes next)
        return done

    journal._transaction = orm  # type: ignore[method-assign]
    journal._commit_inserts = dbapi  # type: ignore[method-assign]
    return taken


def _stored(db: Database) -> dict[int, str]:
    with db.engine.connect() as conn:  # another connection: committed rows only
        return {r.id: r.v for r in conn.execute(select(ROWS))}


def _held(db: Database, hold: threading.Event) -> Any:
    """A write that keeps the journal's thread busy, so what comes meanwhile is one batch."""
    def slow(s: Session) -> None:
        hold.wait(5)
    return db.journal.submit(slow)


def test_plain_inserts_are_committed_without_the_session(db: Database) -> None:
    roads = _roads(db.journal)
    hold = threading.Event()

    async def run() -> None:
        first = _held(db, hold)
        await asyncio.sleep(0.05)
        rows = [db.journal.insert(ROWS, {"id": i, "v": f"row {i}"}) for i in range(50)]
        hold.set()
        await asyncio.gather(first, *rows)

    asyncio.run(run())
    assert roads == ["orm", "dbapi"]  # the write of a function, then the 50 rows at once
    assert _stored(db) == {i: f"row {i}" for i in range(50)}


def test_a_bad_row_fails_alone_and_the_others_are_stored(db: Database) -> None:
    roads = _roads(db.journal)
    hold = threading.Event()

    async def run() -> list[Any]:
        first = _held(db, hold)
        await asyncio.sleep(0.05)
        rows = [db.journal.insert(ROWS, {"id": i, "v": "x"}) for i in (1, 2, 2, 3)]
        hold.set()
        await first
        return await asyncio.gather(*rows, return_exceptions=True)

    results = asyncio.run(run())
    assert [type(r) for r in results] == [type(None), type(None), IntegrityError, type(None)]
    assert _stored(db) == {1: "x", 2: "x", 3: "x"}
    assert "dbapi" not in roads  # rolled back, then the usual road told the bad one
    with db.engine.connect() as conn:  # and the connection is not left in a transaction
        assert not conn.in_transaction()


def test_a_batch_with_any_other_write_takes_the_usual_road(db: Database) -> None:
    roads = _roads(db.journal)
    hold = threading.Event()

    async def run() -> None:
        first = _held(db, hold)
        await asyncio.sleep(0.05)
        row = db.journal.insert(ROWS, {"id": 7, "v": "seven"})
        other = db.journal.submit(lambda s: s.execute(ROWS.insert().values(id=8, v="eight")))
        hold.set()
        await asyncio.gather(first, row, other)
        await db.journal.insert(ROWS, {"id": 9, "v": "nine"})  # a lone row: the DBAPI road

    asyncio.run(run())
    assert roads == ["orm", "orm", "dbapi"]
    assert _stored(db) == {7: "seven", 8: "eight", 9: "nine"}
