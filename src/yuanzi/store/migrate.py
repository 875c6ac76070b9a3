"""Create or upgrade the schema with Alembic, from the migrations shipped in the package.

On PostgreSQL the nodes of a hall may start at the same moment on one database: each
migrates under a session-level advisory lock (:data:`MIGRATION_LOCK`), taken on the very
connection Alembic migrates on and released only after Alembic has committed, so one node
migrates while the others wait, then find the schema at head and do nothing. Without it
they raced to create ``alembic_version`` and all but one died on a unique violation.
SQLite (one process) takes no lock.

A database whose revision this code does not know (a newer release has migrated it) is
refused with :class:`SchemaNewerThanCode` before Alembic touches it. A node waits for
another's migration :data:`MIGRATION_LOCK_WAIT` seconds at most, then stops with
:class:`MigrationLockTimeout` instead of hanging behind a stuck one.
"""

from __future__ import annotations

import logging
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from alembic import command
from alembic.config import Config
from alembic.runtime.migration import MigrationContext
from alembic.script import ScriptDirectory
from sqlalchemy import Connection, Engine, text
from sqlalchemy.exc import DBAPIError

log = logging.getLogger(__name__)

MIGRATIONS = Path(__file__).with_name("migrations")

MIGRATION_LOCK = int.from_bytes(b"yuanzi:m", "big")
"""The key of the PostgreSQL advisory lock held while migrating (one per database, fixed
for the project: halls in two schemas of one database merely take turns)."""


MIGRATION_LOCK_WAIT = 600.0
"""Seconds a node waits for another node's migration; the longest migration we ship takes
seconds, so a lock held this long belongs to a node that is stuck."""

LOCK_NOT_AVAILABLE = "55P03"
"""PostgreSQL's SQLSTATE when ``lock_timeout`` ran out."""


class MigrationLockTimeout(RuntimeError):
    """Another node has held the migration lock longer than a migration takes."""

    def __init__(self, waited: float) -> None:
        self.waited = waited
        super().__init__(
            f"another node has held the database's migration lock for {waited:g} s, far "
            "longer than a migration takes: it may be stuck mid-migration. Look at that "
            "node (its log), or end its database session (pg_terminate_backend), then "
            "start this one again")


class SchemaNewerThanCode(RuntimeError):
    """The database is at an Alembic revision this code does not know: a newer release
    migrated it. The node must not start on a schema it cannot read."""

    def __init__(self, found: tuple[str, ...], known_head: tuple[str, ...]) -> None:
        self.found = found
        self.known_head = known_head
        super().__init__(
            f"the database's schema is at revision {', '.join(found)}, which this code does "
            f"not know (its newest is {', '.join(known_head) or 'none'}): a newer release "
            "of yuanzi has migrated this database; run that release (or a newer one), "
            "not this one, against it")


def alembic_config(engine: Engine, connection: Connection | None = None) -> Config:
    """An Alembic config pointing at the package's migrations (no alembic.ini needed);
    with ``connection``, Alembic migrates on it (env.py) instead of one of its own."""
    cfg = Config()
    cfg.set_main_option("script_location", str(MIGRATIONS))
    cfg.attributes["engine"] = engine
    if connection is not None:
        cfg.attributes["connection"] = connection
    return cfg


@contextmanager
def _migration_lock(conn: Connection, wait: float = MIGRATION_LOCK_WAIT) -> Iterator[None]:
    """Hold the advisory lock on ``conn`` (PostgreSQL) for the block, outside any
    transaction: a session-level lock outlives the migration's commit and is released
    right after it. Waits ``wait`` seconds at most (:class:`MigrationLockTimeout`). On
    SQLite, nothing."""
    if conn.dialect.name != "postgresql":
        yield
        return
    key = {"key": MIGRATION_LOCK}
    if not conn.execute(text("SELECT pg_try_advisory_lock(:key)"), key).scalar():
        log.info("another node is migrating the database; waiting for it to finish")
        # lock_timeout for this transaction only: the lock taken in it is the session's
        conn.execute(text("SELECT set_config('lock_timeout', :ms, true)"),
                     {"ms": f"{max(1, round(wait * 1000))}ms"})
        try:
            conn.execute(text("SELECT pg_advisory_lock(:key)"), key)
        except DBAPIError as e:
            conn.rollback()
            if getattr(e.orig, "sqlstate", None) == LOCK_NOT_AVAILABLE:
                raise MigrationLockTimeout(wait) from None
            raise
    conn.commit()
    try:
        yield
    finally:
        try:
            conn.rollback()
            conn.execute(text("SELECT pg_advisory_unlock(:key)"), key)
            conn.commit()
        except Exception:  # the session is broken: closing it frees the lock
            log.warning("could not release the migration lock; closing its connection",
                        exc_info=True)
            conn.invalidate()


def check_known_revision(conn: Connection, script: ScriptDirectory) -> None:
    """Raise :class:`SchemaNewerThanCode` if the database's revision is not among the
    code's migrations (an empty database passes). Leaves no transaction open."""
    try:
        current = MigrationContext.configure(conn).get_current_heads()
    finally:
        conn.rollback()
    known = {rev.revision for rev in script.walk_revisions()}
    unknown = tuple(r for r in current if r not in known)
    if unknown:
        raise SchemaNewerThanCode(unknown, tuple(script.get_heads()))


def _run(engine: Engine, step: str, revision: str) -> None:
    with engine.connect() as conn, _migration_lock(conn):
        cfg = alembic_config(engine, conn)
        check_known_revision(conn, ScriptDirectory.from_config(cfg))
        if step == "upgrade":
            command.upgrade(cfg, revision)
        else:
            command.downgrade(cfg, revision)


def upgrade(engine: Engine, revision: str = "head") -> None:
    """Bring the database to ``revision``; a no-op when it is there already (also for a
    node that waited while another migrated). Raises :class:`SchemaNewerThanCode`."""
    _run(engine, "upgrade", revision)


def downgrade(engine: Engine, revision: str) -> None:
    _run(engine, "downgrade", revision)
