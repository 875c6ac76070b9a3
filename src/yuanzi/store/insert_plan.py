"""A row insert compiled once per table: the journal writes every action played
through one of these, because SQLAlchemy's per-execute machinery costs several times the
insert itself."""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any

from sqlalchemy import Dialect, Table, bindparam, insert

MAX_VARIABLES = 999
"""Parameters one statement may carry: SQLite's smallest build limit, so a plan never
depends on how the library was compiled."""


@dataclass(frozen=True, slots=True)
class InsertPlan:
    """A compiled INSERT for one table and how to turn a row dict into its parameters."""

    sql: str
    keys: tuple[str, ...] | None
    """Parameter order for positional paramstyles (SQLite); None for named ones."""
    processors: dict[str, Callable[[Any], Any]]
    _texts: dict[int, str] = field(default_factory=dict)
    """The statement of n rows, made once per n."""

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

    @property
    def rows_per_statement(self) -> int:
        """How many rows one multi-row statement takes (1 for named paramstyles)."""
        return 1 if not self.keys else max(1, MAX_VARIABLES // len(self.keys))

    def statements(self, rows: Sequence[dict[str, Any]]) -> Iterator[tuple[str, Any]]:
        """The rows as few statements as the parameter limit allows, each
        ``(sql, params)`` for ``cursor.execute``: ``INSERT … VALUES (…), (…)``.

        Why not ``executemany``: the driver steps a statement once per row and lets the
        GIL go at every step, and the loop's thread must hand it back each time; one
        statement of n rows is one step (issue 30). Positional paramstyles only.
        """
        assert self.keys is not None, "multi-row statements need a positional paramstyle"
        size = self.rows_per_statement
        for start in range(0, len(rows), size):
            chunk = rows[start:start + size]
            flat: list[Any] = []
            for row in chunk:
                flat.extend(self.params(row))
            yield self._text(len(chunk)), flat

    def _text(self, n: int) -> str:
        text = self._texts.get(n)
        if text is None:
            head, _, group = self.sql.rpartition(" VALUES ")
            text = self._texts[n] = f"{head} VALUES {', '.join([group] * n)}"
        return text
