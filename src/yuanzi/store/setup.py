"""Open the store the hall runs on: engine, migrations, journal, repositories."""

from __future__ import annotations

from dataclasses import dataclass

from sqlalchemy import Engine
from sqlalchemy.orm import Session, sessionmaker

from yuanzi.hall.settings import Settings
from yuanzi.store.db import Checkpointer, is_sqlite, open_engine, session_factory
from yuanzi.store.journal import Journal
from yuanzi.store.migrate import upgrade
from yuanzi.store.repos.economy import SqlEconomy
from yuanzi.store.repos.store import SqlStore


@dataclass
class Database:
    engine: Engine
    sessions: sessionmaker[Session]
    journal: Journal
    store: SqlStore
    economy: SqlEconomy
    checkpointer: Checkpointer | None = None

    def close(self) -> None:
        self.journal.close()
        if self.checkpointer is not None:
            self.checkpointer.stop()
        self.engine.dispose()


def open_database(settings: Settings, migrate: bool = True) -> Database:
    """Connect, create or upgrade the schema (Alembic), start the journal's thread."""
    engine = open_engine(settings.db_url, settings.sqlite_synchronous,
                         background_checkpoints=True)
    if migrate:
        upgrade(engine)
    checkpointer = None
    if is_sqlite(engine):
        checkpointer = Checkpointer(engine)
        checkpointer.start()
    sessions = session_factory(engine)
    journal = Journal(sessions, settings.journal_max_batch,
                      settings.journal_gather_ms / 1000)
    journal.start()
    store = SqlStore(journal, sessions, settings.ladder, settings.new_account_coins,
                     settings.inventory_slots)
    economy = SqlEconomy(journal, sessions, settings.ladder, settings.inventory_slots)
    return Database(engine, sessions, journal, store, economy, checkpointer)
