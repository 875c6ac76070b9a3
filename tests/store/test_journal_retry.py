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


@pytest.fixture
def pg_url() -> Iterator[str]:
    yield from pg_schema_url()


def test_a_real_postgresql_deadlock_victim_is_retried(pg_url: str) -> None:
    """Twice in a row another connection deadlocks with the journal's job (the job is made
    the victim by its shorter deadlock_timeout); the third attempt gets through."""
    db = open_database(Settings(database_url=pg_url))
    other = create_engine(pg_url)
    try:
        _deadlock_twice(db, other)
    finally:
        other.dispose()
        db.close()


def _deadlock_twice(db: Database, other_engine: Engine) -> None:
    with other_engine.begin() as conn:
        conn.execute(text("CREATE TABLE pair (id int PRIMARY KEY, v int NOT NULL)"))
        conn.execute(text("INSERT INTO pair VALUES (1, 0), (2, 0)"))
    rounds = 2
    job_holds = [threading.Event() for _ in range(rounds)]
    other_holds = [threading.Event() for _ in range(rounds)]
    errors: list[BaseException] = []

    def other() -> None:
        try:
            for r in range(rounds):
                assert job_holds[r].wait(20), "the job never took row 1"
                with other_engine.begin() as conn:
                    conn.execute(text("SET LOCAL deadlock_timeout = '10s'"))
                    conn.execute(text("UPDATE pair SET v = v + 1 WHERE id = 2"))
                    other_holds[r].set()
                    conn.execute(text("UPDATE pair SET v = v + 1 WHERE id = 1"))
        except BaseException as e:  # reported by the test below
            errors.append(e)

    attempts = 0

    def job(s: Session) -> int:
        nonlocal attempts
        r = attempts
        attempts += 1
        s.execute(text("SET LOCAL deadlock_timeout = '50ms'"))
        s.execute(text("UPDATE pair SET v = v + 10 WHERE id = 1"))
        if r < rounds:
            job_holds[r].set()
            assert other_holds[r].wait(20), "the other connection never took row 2"
        s.execute(text("UPDATE pair SET v = v + 10 WHERE id = 2"))
        return r

    thread = threading.Thread(target=other)
    thread.start()
    assert db.journal.run_sync(job) == rounds  # the third attempt is the one that counted
    thread.join(30)
    assert not errors, errors
    with other_engine.begin() as conn:
        rows = dict(conn.execute(text("SELECT id, v FROM pair")).all())
    assert rows == {1: 10 + rounds, 2: 10 + rounds}  # the job once, the other twice


def test_a_deadlock_victim_in_a_batch_is_retried_after_its_batch_commits(pg_url: str) -> None:
    """Two jobs share a batch; the second deadlocks (twice) with another connection that
    waits for a lock the *first* job holds. Retrying inside the same transaction could
    never succeed (the first job's lock stays held); a fresh transaction does."""
    db = open_database(Settings(database_url=pg_url))
    other_engine = create_engine(pg_url)
    try:
        _deadlock_across_a_batch(db, other_engine)
    finally:
        other_engine.dispose()
        db.close()


def _deadlock_across_a_batch(db: Database, other_engine: Engine) -> None:
    import asyncio

    with other_engine.begin() as conn:
        conn.execute(text("CREATE TABLE pair (id int PRIMARY KEY, v int NOT NULL)"))
        conn.execute(text("INSERT INTO pair VALUES (1, 0), (2, 0)"))
    rounds = 2
    job_holds = [threading.Event() for _ in range(rounds)]
    other_holds = [threading.Event() for _ in range(rounds)]
    errors: list[BaseException] = []

    def other() -> None:
        try:
            for r in range(rounds):
                assert job_holds[r].wait(20), "the batch never took row 1"
                with other_engine.begin() as conn:
                    conn.execute(text("SET LOCAL deadlock_timeout = '10s'"))
                    conn.execute(text("UPDATE pair SET v = v + 1 WHERE id = 2"))
                    other_holds[r].set()
                    conn.execute(text("UPDATE pair SET v = v + 1 WHERE id = 1"))
        except BaseException as e:  # reported by the test below
            errors.append(e)

    gate = threading.Event()
    attempts = 0

    def hold_the_writer(s: Session) -> None:
        assert gate.wait(20)  # both jobs below queue up meanwhile: one batch

    def first(s: Session) -> None:
        s.execute(text("SET LOCAL deadlock_timeout = '50ms'"))
        s.execute(text("UPDATE pair SET v = v + 10 WHERE id = 1"))

    def second(s: Session) -> int:
        nonlocal attempts
        r = attempts
        attempts += 1
        if r < rounds:
            job_holds[r].set()
            assert other_holds[r].wait(20), "the other connection never took row 2"
        s.execute(text("UPDATE pair SET v = v + 10 WHERE id = 2"))
        return r

    async def run() -> int:
        held = db.journal.submit(hold_the_writer)
        f1, f2 = db.journal.submit(first), db.journal.submit(second)
        gate.set()
        await held
        await f1
        return await f2

    thread = threading.Thread(target=other)
    thread.start()
    assert asyncio.run(run()) == rounds
    thread.join(30)
    assert not errors, errors
    with other_engine.begin() as conn:
        rows = dict(conn.execute(text("SELECT id, v FROM pair")).all())
    assert rows == {1: 10 + rounds, 2: 10 + rounds}  # each job once, the other twice
