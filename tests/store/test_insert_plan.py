"""A compiled insert writes the same rows as SQLAlchemy's own insert, whether as one
executemany or as multi-row statements within the parameter limit (issue 30)."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from typing import Any

import pytest
from hypothesis import given, strategies as st
from sqlalchemy import Column, DateTime, Integer, MetaData, String, Table, create_engine, select
from sqlalchemy.dialects import sqlite

from yuanzi.store.insert_plan import MAX_VARIABLES, InsertPlan

ROWS = Table("plan_rows", MetaData(), Column("id", Integer, primary_key=True),
             Column("v", String), Column("at", DateTime(timezone=True)))
START = datetime(2026, 12, 4, tzinfo=UTC)


def _row(i: int, v: str | None) -> dict[str, Any]:
    return {"at": START + timedelta(seconds=i), "v": v, "id": i}  # keys out of order


def test_the_statement_of_n_rows_repeats_the_values_group() -> None:
    plan = InsertPlan.compile(ROWS, sqlite.dialect())
    assert plan.sql == "INSERT INTO plan_rows (id, v, at) VALUES (?, ?, ?)"
    (sql, params), = plan.statements([_row(1, "a"), _row(2, None)])
    assert sql == "INSERT INTO plan_rows (id, v, at) VALUES (?, ?, ?), (?, ?, ?)"
    assert params[:2] == [1, "a"] and params[3:5] == [2, None]
    assert isinstance(params[2], str)  # the DateTime's bind processor was applied
    assert plan.rows_per_statement == MAX_VARIABLES // 3


@given(st.lists(st.one_of(st.none(), st.text(max_size=5)), max_size=700))
def test_multi_row_statements_store_what_sqlalchemy_stores(values: list[str | None]) -> None:
    rows = [_row(i, v) for i, v in enumerate(values)]
    plan = InsertPlan.compile(ROWS, sqlite.dialect())
    ours, theirs = create_engine("sqlite://"), create_engine("sqlite://")
    for engine in (ours, theirs):
        ROWS.metadata.create_all(engine)
    with ours.begin() as conn:
        cursor = conn.connection.dbapi_connection.cursor()  # type: ignore[union-attr]
        statements = list(plan.statements(rows))
        for sql, params in statements:
            assert len(params) <= MAX_VARIABLES
            cursor.execute(sql, params)
    assert len(statements) == -(-len(rows) // plan.rows_per_statement)
    if rows:
        with theirs.begin() as conn:
            conn.execute(ROWS.insert(), rows)
    read = [[tuple(r) for r in e.connect().execute(select(ROWS).order_by(ROWS.c.id))]
            for e in (ours, theirs)]
    assert read[0] == read[1] and len(read[0]) == len(rows)


def test_a_row_without_a_column_cannot_be_bound() -> None:
    """The journal then takes its usual road, which reports the row alone."""
    plan = InsertPlan.compile(ROWS, sqlite.dialect())
    with pytest.raises(KeyError, match="at"):
        list(plan.statements([{"id": 1, "v": "x"}]))
