"""What every request body and WebSocket message is read as: strict, closed models.

Strict: a JSON number is not a string, ``true`` is not a number, ``"yes"`` is not a
boolean (issue 14: the wire coerced them). Closed: an unknown field is refused. Ids fit
the databases' 64-bit signed integers, so an id beyond them is a clear ``malformed``, not
a driver's overflow (a 500). No text holds a NUL character: PostgreSQL stores none, and
its driver's refusal was a 500 that spoiled the connection (issue 44); so it is a clear
``malformed`` on every database.
"""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import Path
from pydantic import BaseModel, ConfigDict, Field, model_validator

MAX_ID = 2**63 - 1
"""The largest id a table, game, account or replay row can have (BIGINT / SQLite INTEGER)."""

Id = Annotated[int, Field(ge=1, le=MAX_ID)]
"""An id in a body or message."""

PathId = Annotated[int, Path(ge=1, le=MAX_ID)]
"""An id in a URL path (read from text, then bounded like :data:`Id`)."""

MAX_AMOUNT = 10**12
"""A bound for counts and coin amounts on the wire, far above any real one."""


NUL = "\x00"


def holds_nul(value: Any) -> bool:
    """Whether a JSON value has a NUL character in any of its strings (keys too); without
    recursion, however deep it nests."""
    stack = [value]
    while stack:
        item = stack.pop()
        if isinstance(item, str):
            if NUL in item:
                return True
        elif isinstance(item, dict):
            stack.extend(item.keys())
            stack.extend(item.values())
        elif isinstance(item, list | tuple):
            stack.extend(item)
    return False


class WireModel(BaseModel):
    """Strict and closed, and no NUL in any text (see the module docstring)."""

    model_config = ConfigDict(extra="forbid", strict=True, populate_by_name=True)

    @model_validator(mode="before")
    @classmethod
    def _no_nul(cls, data: Any) -> Any:
        if holds_nul(data):
            raise ValueError("text may not hold a NUL character (\\u0000)")
        return data


class Inbound(WireModel):
    """A WebSocket message: its ``seq`` is echoed by its reply. (Its NUL is looked for
    in its text before it is parsed, :func:`yuanzi.server.protocol.parse_message`: the
    hot path keeps pydantic's one-pass JSON read.)"""

    @model_validator(mode="before")
    @classmethod
    def _no_nul(cls, data: Any) -> Any:
        return data

    seq: Annotated[int, Field(ge=0, le=2**53)]
