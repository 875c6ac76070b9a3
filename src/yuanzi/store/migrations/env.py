"""Alembic environment: runs online against the engine the hall hands in."""

from __future__ import annotations

from alembic import context
from sqlalchemy import Engine

from yuanzi.store.models import Base

engine = context.config.attributes.get("engine")
if not isinstance(engine, Engine):
    raise RuntimeError("run migrations through yuanzi.store.migrate, which passes the engine")

with engine.connect() as connection:
    context.configure(
        connection=connection,
        target_metadata=Base.metadata,
        render_as_batch=connection.dialect.name == "sqlite",
    )
    with context.begin_transaction():
        context.run_migrations()
    connection.commit()
