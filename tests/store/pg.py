"""A fresh PostgreSQL schema for a test (skipped without PostgreSQL, failed under CI=true)."""

from __future__ import annotations

import os
import uuid
from collections.abc import Iterator

import pytest
from sqlalchemy import create_engine, text

PG_URL = os.environ.get("YUANZI_TEST_PG_URL",
                        "postgresql+psycopg://postgres@127.0.0.1:5432/test")


def pg_schema_url() -> Iterator[str]:
    """Yield a URL whose search_path is a new schema; drop the schema afterwards."""
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
