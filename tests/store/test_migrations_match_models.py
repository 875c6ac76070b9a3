"""The migrations build exactly the schema the models describe (Alembic's autogenerate
comparison finds nothing), on SQLite and on PostgreSQL."""

from __future__ import annotations

from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext

from yuanzi.store.db import open_engine
from yuanzi.store.migrate import upgrade
from yuanzi.store.models import Base


def test_head_has_no_difference_from_the_models(db_url: str) -> None:
    engine = open_engine(db_url)
    try:
        upgrade(engine)
        with engine.connect() as conn:
            context = MigrationContext.configure(conn, opts={"compare_type": True})
            assert compare_metadata(context, Base.metadata) == []
    finally:
        engine.dispose()
