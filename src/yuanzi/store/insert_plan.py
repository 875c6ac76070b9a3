"""A row insert compiled once per table: the journal writes every action played
through one of these, because SQLAlchemy's per-execute machinery costs several times the
insert itself."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from sqlalchemy import Dialect, Table, bindparam, insert


@dataclass(frozen=True, slots=True)
class InsertPlan:
    """A compiled INSERT for one table and how to turn a row dict into its parameters."""

    sql: str
    keys: tuple[str, ...] | None
    """Parameter order for positional paramstyles (SQLite); None for named ones."""
    processors: dict[str, Callable[[Any], Any]]

    @classmethod
    def compile(cls, table: Table, dialect: Dialect) -> InsertPlan:
        stmt = insert(table).values({c.name: bindparam(c.name) for c in table.columns})
        compiled = stmt.compile(dialect=dialect)
        processors: dict[str, Callable[[Any], Any]] = {}
        for column in table.columns:
            proc = column.type.dialect_impl(dialect).bind_processor(dialect)
            if proc is not None:
                processors[column.name] = proc
        keys = tuple(compiled.positiontup) if compiled.positiontup else None
        return cls(str(compiled), keys, processors)

    def params(self, row: dict[str, Any]) -> tuple[Any, ...] | dict[str, Any]:
        procs = self.processors
        values = {k: (procs[k](v) if k in procs else v) for k, v in row.items()}
        if self.keys is None:
            return values
        return tuple(values[k] for k in self.keys)
