"""Alembic environment: runs online on the connection (or else the engine) the hall hands
in. yuanzi.store.migrate passes the connection that holds the migration lock."""

from __future__ import annotations

from alembic import context
from sqlalchemy import Connection, Engine

from yuanzi.store.models import Base


def run_on(connection: Connection) -> None:
    context.configure(
        connection=connection,
        target_metadata=Base.metadata,
        render_as_batch=connection.dialect.name == "sqlite",
    )
    with context.begin_transaction():
        context.run_migrations()
    connection.commit()


given = context.config.attributes.get("connection")
engine = context.config.attributes.get("engine")
if isinstance(given, Connection):
    run_on(given)
elif isinstance(engine, Engine):
    with engine.connect() as connection:
        run_on(connection)
else:
    raise RuntimeError("run migrations through yuanzi.store.migrate, which passes the engine")
