"""The one declarative base every table of the hall's database shares, so that one
``Base.metadata`` describes the whole schema (Alembic's target)."""

from __future__ import annotations

from sqlalchemy.orm import DeclarativeBase


class Base(DeclarativeBase):
    """Declarative base; the Alembic migrations are written against these tables."""
