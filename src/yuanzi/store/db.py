"""Opening the database: the SQLAlchemy engine with the pragmas the hall relies on."""

from __future__ import annotations

import contextlib
import logging
import threading
from pathlib import Path
from typing import Any

from sqlalchemy import Engine, create_engine, event
from sqlalchemy.engine import make_url
from sqlalchemy.orm import Session, sessionmaker

log = logging.getLogger(__name__)


def open_engine(url: str, sqlite_synchronous: str = "NORMAL",
                background_checkpoints: bool = False) -> Engine:
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
        # No checkpoint (and its fsync) inside a commit: the hall's Checkpointer thread
        # does them; a connection without one (a CLI command) checkpoints on close.
        cur.execute(f"PRAGMA wal_autocheckpoint={0 if background_checkpoints else 1000}")
        cur.execute("PRAGMA foreign_keys=ON")
        cur.execute("PRAGMA busy_timeout=30000")
        cur.close()

    @event.listens_for(engine, "begin")
    def _on_begin(conn: Any) -> None:
        conn.exec_driver_sql("BEGIN")

    return engine


def is_sqlite(engine: Engine) -> bool:
    return engine.dialect.name == "sqlite"


class Checkpointer:
    """Checkpoints a SQLite WAL from a thread of its own, every ``interval`` seconds.

    Why: a checkpoint copies the WAL into the database and fsyncs it, which can take
    tens of milliseconds; done inside a commit (SQLite's automatic checkpoint) it would
    stall every table waiting on that commit. PASSIVE never blocks the writer.
    """

    def __init__(self, engine: Engine, interval: float = 1.0) -> None:
        self.engine = engine
        self.interval = interval
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, name="yuanzi-checkpoint",
                                        daemon=True)
        self.checkpoints = 0
        self.last: tuple[int, int, int] | None = None

    def start(self) -> None:
        self._thread.start()

    def stop(self) -> None:
        self._stop.set()
        if self._thread.is_alive():
            self._thread.join()
        with contextlib.suppress(Exception):
            self._checkpoint("TRUNCATE")

    def _checkpoint(self, mode: str) -> tuple[int, int, int]:
        """Run one checkpoint on a raw connection (autocommit: no transaction of ours may
        hold a snapshot that stops it); returns SQLite's (busy, wal frames, copied)."""
        raw = self.engine.raw_connection()
        try:
            cur = raw.cursor()
            cur.execute(f"PRAGMA wal_checkpoint({mode})")
            row = cur.fetchone()
            cur.close()
        finally:
            raw.close()
        if row is None:
            raise RuntimeError("wal_checkpoint gave no row")
        self.checkpoints += 1
        self.last = (int(row[0]), int(row[1]), int(row[2]))
        return self.last

    def _run(self) -> None:
        while not self._stop.wait(self.interval):
            try:
                self._checkpoint("PASSIVE")
            except Exception:  # busy or closed: try again next time
                log.warning("WAL checkpoint failed", exc_info=True)


def session_factory(engine: Engine) -> sessionmaker[Session]:
    return sessionmaker(engine, expire_on_commit=False)
