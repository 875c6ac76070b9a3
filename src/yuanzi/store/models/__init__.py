"""The tables of the hall's database (SQLAlchemy 2 declarative models), one module per
aggregate: :mod:`.accounts` (accounts, sessions), :mod:`.tables` (the lobby's tables),
:mod:`.games` (games, deals, actions, seats), :mod:`.economy` (ledger, inventories,
replays, item uses, audit log, hall config), :mod:`.social` (chat, reports, mutes),
:mod:`.reviews` (the coach's reviews), :mod:`.clubs` (clubs and their members) and
:mod:`.sessions` (session rooms), :mod:`.tournaments`.

Importing the package imports every aggregate, so :data:`Base.metadata` is the whole
schema wherever it is read (the Alembic environment compares against it).
"""

from __future__ import annotations

from yuanzi.store.models import (
    accounts,
    clubs,
    economy,
    games,
    push,
    reviews,
    sessions,
    social,
    tables,
    tournaments,
)
from yuanzi.store.models.base import Base

__all__ = ["Base", "accounts", "clubs", "economy", "games", "push", "reviews", "sessions",
           "social", "tables", "tournaments"]
