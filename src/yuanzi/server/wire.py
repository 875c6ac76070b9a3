"""What every request body and WebSocket message is read as: strict, closed models.

Strict: a JSON number is not a string, ``true`` is not a number, ``"yes"`` is not a
boolean (issue 14: the wire coerced them). Closed: an unknown field is refused. Ids fit
the databases' 64-bit signed integers, so an id beyond them is a clear ``malformed``, not
a driver's overflow (a 500).
"""

from __future__ import annotations

from typing import Annotated

from fastapi import Path
from pydantic import BaseModel, ConfigDict, Field

MAX_ID = 2**63 - 1
"""The largest id a table, game, account or replay row can have (BIGINT / SQLite INTEGER)."""

Id = Annotated[int, Field(ge=1, le=MAX_ID)]
"""An id in a body or message."""

PathId = Annotated[int, Path(ge=1, le=MAX_ID)]
"""An id in a URL path (read from text, then bounded like :data:`Id`)."""

MAX_AMOUNT = 10**12
"""A bound for counts and coin amounts on the wire, far above any real one."""


class WireModel(BaseModel):
    """Strict and closed (see the module docstring)."""

    model_config = ConfigDict(extra="forbid", strict=True, populate_by_name=True)


class Inbound(WireModel):
    """A WebSocket message: its ``seq`` is echoed by its reply."""

    seq: Annotated[int, Field(ge=0, le=2**53)]
