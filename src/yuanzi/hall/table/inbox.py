"""What a table's inbox holds: a job to run inside its actor, the future its sender awaits,
and who hears its reply first; and the refusal of a command to a table that moved."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable
from typing import Any

from yuanzi.hall.errors import Code, HallError

log = logging.getLogger(__name__)

Job = Callable[[], Awaitable[Any]]
AtOnce = Callable[[Any], None]
"""Told a command's reply in the actor's own turn, right after its frames went out (before
the caller's task wakes): a connection answers its player's ``play`` in the same write as
the table's frame of it (issue 30)."""
Item = tuple[Job, asyncio.Future[Any] | None, AtOnce | None]


def tell(at_once: AtOnce, result: Any, table_id: int) -> None:
    """The caller's hook, which must not fail the table (its reply still goes)."""
    try:
        at_once(result)
    except Exception:
        log.exception("table %s: a reply's hook failed", table_id)


def moved_error(table_id: int) -> HallError:
    return HallError(Code.TABLE_MOVED, f"table {table_id} is moving to another node; "
                                       "nothing was done: send it again")
