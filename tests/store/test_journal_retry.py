"""The journal tries a write again, in a fresh transaction, when PostgreSQL only said
"once more": a deadlock victim or a serialization failure."""

from __future__ import annotations

import sqlite3
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest
from sqlalchemy import Engine, create_engine, text
from sqlalchemy.exc import IntegrityError, OperationalError
from sqlalchemy.orm import Session
from tests.store.pg import pg_schema_url

from yuanzi.hall.settings import Settings
from yuanzi.store.journal import RETRIES, is_transient
from yuanzi.store.setup import Database, open_database


class _PgError(Exception):
    def __init__(self, sqlstate: str) -> None:
        super().__init__(f"sqlstate {sqlstate}")
        self.sqlstate = sqlstate


def _operational(orig: BaseException) -> OperationalError:
    return OperationalError("UPDATE …", None, orig)


def test_which_errors_are_transient() -> None:
    assert is_transient(_operational(_PgError("40P01")))  # deadlock_detected
    assert is_transient(_operational(_PgError("40001")))  # serialization_failure
    # SQLite's busy timeout already is its retry: a busy error after it is final
    assert not is_transient(_operational(sqlite3.OperationalError("database is locked")))
    assert not is_transient(_operational(_PgError("23505")))  # unique_violation
    assert not is_transient(IntegrityError("INSERT …", None, sqlite3.IntegrityError("x")))
    assert not is_transient(ValueError("a refusal of the hall's own"))


@pytest.fixture
def sqlite_db(tmp_path: Path) -> Iterator[Database]:
    db = open_database(Settings(database_url=f"sqlite:///{tmp_path / 'j.db'}"))
    yield db
    db.close()


def test_a_transient_failure_is_retried_until_the_write_succeeds(sqlite_db: Database) -> None:
    calls = 0

    def job(s: Session) -> str:
        nonlocal calls
        calls += 1
        if calls <= 3:  # the batch, then two fresh transactions
            raise _operational(_PgError("40P01"))
        return "stored"

    assert sqlite_db.journal.run_sync(job) == "stored"
    assert calls == 4


def test_a_job_that_keeps_failing_transiently_gives_up(sqlite_db: Database) -> None:
    calls = 0

    def job(s: Session) -> None:
        nonlocal calls
        calls += 1
        raise _operational(_PgError("40001"))

    with pytest.raises(OperationalError):
        sqlite_db.journal.run_sync(job)
    assert calls == 2 + RETRIES  # the batch, its retries, then once alone in a savepoint


def test_a_real_refusal_is_not_retried(sqlite_db: Database) -> None:
    calls = 0

    def job(s: Session) -> None:
        nonlocal calls
        calls += 1
        raise ValueError("refused")

    with pytest.raises(ValueError, match="refused"):
        sqlite_db.journal.run_sync(job)
    assert calls == 2  # the batch, then alone in its savepoint: as before


class Partner:
    """Another connection that deadlocks with the journal ``rounds`` times: each round,
    once the journal holds row 1 it takes row 2, then wants row 1. With its long
    deadlock_timeout the journal's side (50 ms) is always the one PostgreSQL aborts."""

    def __init__(self, engine: Engine, rounds: int = 2) -> None:
        self.engine = engine
        self.rounds = rounds
        self.journal_holds = [threading.Event() for _ in range(rounds)]
        self.partner_holds = [threading.Event() for _ in range(rounds)]
        self.errors: list[BaseException] = []
        self.thread = threading.Thread(target=self._run)
        with engine.begin() as conn:
            conn.execute(text("CREATE TABLE pair (id int PRIMARY KEY, v int NOT NULL)"))
            conn.execute(text("INSERT INTO pair VALUES (1, 0), (2, 0)"))

    def _run(self) -> None:
        try:
            for r in range(self.rounds):
                assert self.journal_holds[r].wait(20), "the journal never took row 1"
                with self.engine.begin() as conn:
                    conn.execute(text("SET LOCAL deadlock_timeout = '10s'"))
                    conn.execute(text("UPDATE pair SET v = v + 1 WHERE id = 2"))
                    self.partner_holds[r].set()
                    conn.execute(text("UPDATE pair SET v = v + 1 WHERE id = 1"))
        except BaseException as e:  # reported by finish()
            self.errors.append(e)

    def meet(self, round_: int) -> None:
        """Called by the journal's job holding row 1: wait until the partner holds row 2."""
        if round_ < self.rounds:
            self.journal_holds[round_].set()
            assert self.partner_holds[round_].wait(20), "the partner never took row 2"

    def finish(self) -> dict[int, int]:
        self.thread.join(30)
        assert not self.errors, self.errors
        with self.engine.begin() as conn:
            rows = conn.execute(text("SELECT id, v FROM pair")).all()
        return {row.id: row.v for row in rows}


@pytest.fixture
def pg() -> Iterator[tuple[Database, Partner]]:
    for url in pg_schema_url():
        db = open_database(Settings(database_url=url))
        engine = create_engine(url)
        try:
            yield db, Partner(engine)
        finally:
            engine.dispose()
            db.close()


def test_a_real_postgresql_deadlock_victim_is_retried(pg: tuple[Database, Partner]) -> None:
    """Twice in a row the partner deadlocks with the journal's job; the third attempt, in
    a fresh transaction, gets through."""
    db, partner = pg
    attempts = 0

    def job(s: Session) -> int:
        nonlocal attempts
        r, attempts = attempts, attempts + 1
        s.execute(text("SET LOCAL deadlock_timeout = '50ms'"))
        s.execute(text("UPDATE pair SET v = v + 10 WHERE id = 1"))
        partner.meet(r)
        s.execute(text("UPDATE pair SET v = v + 10 WHERE id = 2"))
        return r

    partner.thread.start()
    assert db.journal.run_sync(job) == partner.rounds  # the attempt that counted
    assert partner.finish() == {1: 12, 2: 12}  # the job once, the partner twice


def test_a_deadlock_victim_in_a_batch_is_retried_after_its_batch_commits(
        pg: tuple[Database, Partner]) -> None:
    """Two jobs share a batch; the second deadlocks (twice) with the partner, which waits
    for a lock the *first* job holds. Retrying inside the same transaction could never
    succeed (the first job's lock stays held); a fresh transaction does."""
    import asyncio

    db, partner = pg
    gate = threading.Event()
    attempts = 0

    def hold_the_writer(s: Session) -> None:
        assert gate.wait(20)  # both jobs below queue up meanwhile: one batch

    def first(s: Session) -> None:
        s.execute(text("SET LOCAL deadlock_timeout = '50ms'"))
        s.execute(text("UPDATE pair SET v = v + 10 WHERE id = 1"))

    def second(s: Session) -> int:
        nonlocal attempts
        r, attempts = attempts, attempts + 1
        partner.meet(r)
        s.execute(text("UPDATE pair SET v = v + 10 WHERE id = 2"))
        return r

    async def run() -> int:
        held = db.journal.submit(hold_the_writer)
        f1, f2 = db.journal.submit(first), db.journal.submit(second)
        gate.set()
        await held
        await f1
        return await f2

    partner.thread.start()
    assert asyncio.run(run()) == partner.rounds
    assert partner.finish() == {1: 12, 2: 12}  # each job once, the partner twice
