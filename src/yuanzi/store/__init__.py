"""Persistence: SQLAlchemy 2 models, Alembic migrations, repositories and the journal.

SQLite (a file, WAL) by default, PostgreSQL when ``DATABASE_URL`` says so. Every write
goes through :class:`~yuanzi.store.journal.Journal`, one thread that commits in groups.
The tables (:mod:`yuanzi.store.models`) and the repositories (:mod:`yuanzi.store.repos`)
are split by aggregate: accounts, tables, games, economy.
"""
