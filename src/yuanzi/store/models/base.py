"""The one declarative base every table of the hall's database shares, so that one
``Base.metadata`` describes the whole schema (Alembic's target)."""

from __future__ import annotations

from typing import Any, cast

from sqlalchemy import Table
from sqlalchemy.orm import DeclarativeBase


class Base(DeclarativeBase):
    """Declarative base; the Alembic migrations are written against these tables."""


def table_of(model: type[Any]) -> Table:
    """A model's Core table, for statements that skip the ORM's unit of work (a game's
    start and end, a settlement: the journal thread's hot spots, issue 12)."""
    return cast(Table, model.__table__)
