"""Opening the database: the SQLAlchemy engine with the pragmas the hall relies on."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from sqlalchemy import Engine, create_engine, event
from sqlalchemy.engine import make_url
from sqlalchemy.orm import Session, sessionmaker


def open_engine(url: str, sqlite_synchronous: str = "NORMAL") -> Engine:
    """Create the engine; a SQLite file gets its folder, WAL and a busy timeout.

    WAL lets readers (session look-ups, lobby reads) run beside the one writer thread
    of the journal. ``synchronous=NORMAL`` in WAL mode loses nothing when the process
    is killed (the OS holds the written pages); only a power cut can drop the last
    commits, and ``FULL`` closes that too at some cost per commit.
    """
    parsed = make_url(url)
    if parsed.get_backend_name() != "sqlite":
        return create_engine(url, pool_pre_ping=True, pool_size=10, max_overflow=10)
    database = parsed.database
    if database and database != ":memory:":
        Path(database).parent.mkdir(parents=True, exist_ok=True)
    engine = create_engine(url, connect_args={"check_same_thread": False, "timeout": 30})
    synchronous = sqlite_synchronous.upper()
    if synchronous not in ("OFF", "NORMAL", "FULL", "EXTRA"):
        raise ValueError(f"sqlite_synchronous must be NORMAL or FULL, not {sqlite_synchronous!r}")

    @event.listens_for(engine, "connect")
    def _on_connect(dbapi_conn: Any, _record: Any) -> None:
        # Let SQLAlchemy, not pysqlite, emit BEGIN, so SAVEPOINTs work (SQLAlchemy docs).
        dbapi_conn.isolation_level = None
        cur = dbapi_conn.cursor()
        cur.execute("PRAGMA journal_mode=WAL")
        cur.execute(f"PRAGMA synchronous={synchronous}")
        # Checkpoint (and fsync) every ~40 MB of WAL instead of every 4 MB: a checkpoint
        # costs one fsync whatever its size, and under load it comes often.
        cur.execute("PRAGMA wal_autocheckpoint=10000")
        cur.execute("PRAGMA foreign_keys=ON")
        cur.execute("PRAGMA busy_timeout=30000")
        cur.close()

    @event.listens_for(engine, "begin")
    def _on_begin(conn: Any) -> None:
        conn.exec_driver_sql("BEGIN")

    return engine


def session_factory(engine: Engine) -> sessionmaker[Session]:
    return sessionmaker(engine, expire_on_commit=False)
