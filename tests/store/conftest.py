"""Store tests run on SQLite and on the local PostgreSQL.

PostgreSQL is found at ``YUANZI_TEST_PG_URL`` (default: the local server's ``test``
database). When it cannot be reached those tests are skipped — except under
``CI=true``, where they fail, so CI never passes without having run them. Each run uses
a fresh schema, dropped afterwards, so runs are repeatable.
"""

from __future__ import annotations

import os
import uuid
from collections.abc import Iterator
from pathlib import Path

import pytest
from sqlalchemy import create_engine, text

from yuanzi.hall.settings import Settings
from yuanzi.store.setup import Database, open_database

PG_URL = os.environ.get("YUANZI_TEST_PG_URL",
                        "postgresql+psycopg://postgres@127.0.0.1:5432/test")


def _pg_schema() -> Iterator[str]:
    schema = f"yz_test_{uuid.uuid4().hex[:10]}"
    try:
        admin = create_engine(PG_URL)
        with admin.begin() as conn:
            conn.execute(text(f'CREATE SCHEMA "{schema}"'))
    except Exception as e:
        if os.environ.get("CI") == "true":
            pytest.fail(f"PostgreSQL at {PG_URL} is required under CI=true: {e}")
        pytest.skip(f"PostgreSQL not reachable at {PG_URL}: {e}")
    try:
        sep = "&" if "?" in PG_URL else "?"
        yield f"{PG_URL}{sep}options=-csearch_path%3D{schema}"
    finally:
        with admin.begin() as conn:
            conn.execute(text(f'DROP SCHEMA "{schema}" CASCADE'))
        admin.dispose()


@pytest.fixture(params=["sqlite", "postgresql"])
def db_url(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[str]:
    if request.param == "sqlite":
        yield f"sqlite:///{tmp_path / 'store.db'}"
    else:
        yield from _pg_schema()


@pytest.fixture
def database(db_url: str) -> Iterator[Database]:
    db = open_database(Settings(database_url=db_url))
    yield db
    db.close()
