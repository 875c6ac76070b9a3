"""Migrating (issue 29): nodes started together on one empty PostgreSQL database take turns
under the advisory lock, and a database a newer release migrated is refused."""

from __future__ import annotations

import logging
import multiprocessing
import multiprocessing.pool
import time
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import pytest
from alembic.script import ScriptDirectory
from sqlalchemy import Engine, create_engine, text
from tests.store.pg import pg_schema_url

from yuanzi.store.db import open_engine
from yuanzi.store.migrate import (
    MIGRATION_LOCK,
    MIGRATIONS,
    MigrationLockTimeout,
    SchemaNewerThanCode,
    _migration_lock,
    upgrade,
)

HEAD = ScriptDirectory(str(MIGRATIONS)).get_current_head()
NODES = 4
ROUNDS = 5

_barrier: Any = None  # a node process's handle on the start line, set by _node_init


def _node_init(barrier: Any) -> None:
    global _barrier
    _barrier = barrier
    logging.basicConfig(level=logging.WARNING)


class _Waited(logging.Handler):
    def __init__(self) -> None:
        super().__init__()
        self.waited = False

    def emit(self, record: logging.LogRecord) -> None:
        self.waited = self.waited or "waiting" in record.getMessage()


def _node_migrates(url: str) -> tuple[str, bool]:
    """One node's start: connect, wait at the start line for the others, migrate to head.
    Returns ("ok" or the error, whether it found another node migrating)."""
    engine = open_engine(url)
    heard = _Waited()
    logger = logging.getLogger("yuanzi.store.migrate")
    logger.addHandler(heard)
    logger.setLevel(logging.INFO)
    try:
        with engine.connect():  # the pool's connection is ready: all start at once
            pass
        _barrier.wait(timeout=60)
        upgrade(engine)
        return "ok", heard.waited
    except Exception as e:
        return f"{type(e).__name__}: {e}", heard.waited
    finally:
        logger.removeHandler(heard)
        engine.dispose()


@pytest.fixture(scope="module")
def nodes() -> Iterator[multiprocessing.pool.Pool]:
    """NODES processes (spawned, as separate as real nodes), kept for all the rounds."""
    ctx = multiprocessing.get_context("spawn")
    with ctx.Pool(NODES, initializer=_node_init, initargs=(ctx.Barrier(NODES),)) as pool:
        yield pool


def _lock_is_free(engine: Engine, within: float = 10.0) -> bool:
    """Whether the database's migration lock is free — or frees within ``within`` s: the
    key is one per database, so another test process migrating a schema of its own may
    hold it for a moment; a lock a node leaked stays held."""
    deadline = time.monotonic() + within
    while True:
        with engine.connect() as conn:
            got = bool(conn.execute(text("SELECT pg_try_advisory_lock(:k)"),
                                    {"k": MIGRATION_LOCK}).scalar())
            if got:
                conn.execute(text("SELECT pg_advisory_unlock(:k)"), {"k": MIGRATION_LOCK})
        if got or time.monotonic() > deadline:
            return got
        time.sleep(0.1)


def test_nodes_started_together_on_an_empty_database_all_start(
        nodes: multiprocessing.pool.Pool) -> None:
    waits = 0
    for _ in range(ROUNDS):
        with contextmanager(pg_schema_url)() as url:  # a new empty schema, dropped after
            results = nodes.map_async(_node_migrates, [url] * NODES).get(timeout=60)
            assert [r for r, _ in results] == ["ok"] * NODES
            waits += sum(waited for _, waited in results)
            engine = create_engine(url)
            try:
                with engine.connect() as conn:
                    versions = conn.execute(text("SELECT version_num FROM alembic_version"))
                    assert [v for (v,) in versions] == [HEAD]
                assert _lock_is_free(engine)
            finally:
                engine.dispose()
    # the nodes did meet: some found the lock taken (without it they died, issue 29)
    assert waits > 0


def _stamp_a_newer_revision(engine: Engine) -> None:
    upgrade(engine)
    with engine.begin() as conn:
        conn.execute(text("UPDATE alembic_version SET version_num = '9999_from_the_future'"))


def test_a_schema_newer_than_the_code_is_refused(db_url: str) -> None:
    engine = open_engine(db_url)
    try:
        _stamp_a_newer_revision(engine)
        with pytest.raises(SchemaNewerThanCode) as refused:
            upgrade(engine)
        assert refused.value.found == ("9999_from_the_future",)
        assert refused.value.known_head == (HEAD,)
        assert "9999_from_the_future" in str(refused.value)
        assert f"its newest is {HEAD}" in str(refused.value)
        with engine.connect() as conn:  # untouched
            assert conn.execute(text("SELECT version_num FROM alembic_version")).all() == [
                ("9999_from_the_future",)]
        if engine.dialect.name == "postgresql":
            assert _lock_is_free(engine)
    finally:
        engine.dispose()


def test_a_node_waits_for_a_stuck_migration_only_so_long(db_url: str) -> None:
    """A node whose migration hangs (its session open, the lock held) does not hang the
    next node's start for ever: it stops with a clear error, and frees nothing it never
    held; once the lock is free again it migrates."""
    engine = open_engine(db_url)
    try:
        if engine.dialect.name != "postgresql":
            pytest.skip("SQLite takes no migration lock (one process)")
        with engine.connect() as stuck:
            stuck.execute(text("SELECT pg_advisory_lock(:k)"), {"k": MIGRATION_LOCK})
            stuck.commit()
            with (engine.connect() as conn, pytest.raises(MigrationLockTimeout) as waited,
                  _migration_lock(conn, wait=0.3)):
                raise AssertionError("the lock was taken while another held it")
            assert "0.3 s" in str(waited.value) and "pg_terminate_backend" in str(waited.value)
            with engine.connect() as conn:  # the timeout did not outlive its transaction
                assert conn.execute(text("SHOW lock_timeout")).scalar() == "0"
            stuck.invalidate()  # the stuck node's session ends (not back to the pool)
        assert _lock_is_free(engine)  # the stuck session ended: its lock went with it
        upgrade(engine)
    finally:
        engine.dispose()
