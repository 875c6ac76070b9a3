"""Store tests run on SQLite and on the local PostgreSQL.

PostgreSQL is found at ``YUANZI_TEST_PG_URL`` (default: the local server's ``test``
database). When it cannot be reached those tests are skipped — except under
``CI=true``, where they fail, so CI never passes without having run them. Each run uses
a fresh schema, dropped afterwards, so runs are repeatable.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from tests.store.pg import pg_schema_url

from yuanzi.hall.settings import Settings
from yuanzi.store.setup import Database, open_database


@pytest.fixture(params=["sqlite", "postgresql"])
def db_url(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[str]:
    if request.param == "sqlite":
        yield f"sqlite:///{tmp_path / 'store.db'}"
    else:
        yield from pg_schema_url()


@pytest.fixture
def database(db_url: str) -> Iterator[Database]:
    db = open_database(Settings(database_url=db_url))
    yield db
    db.close()
