"""What every repository shares: the journal it writes through, the sessions it reads
with (in a worker thread, a session of its own), and the row-to-domain helpers that
more than one aggregate needs."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from datetime import UTC, datetime
from typing import Protocol, TypeVar

from sqlalchemy.orm import Session, sessionmaker

from yuanzi.hall.economy.inventory import DEFAULT_SLOTS
from yuanzi.hall.economy.ladders import TITLES, ladder_for
from yuanzi.hall.models import Account
from yuanzi.store.journal import Journal
from yuanzi.store.models.accounts import Account as AccountRow

T = TypeVar("T")


def now() -> datetime:
    return datetime.now(UTC)


def as_utc(value: datetime) -> datetime:
    """SQLite gives naive datetimes back; every stored time is UTC."""
    return value if value.tzinfo is not None else value.replace(tzinfo=UTC)


class AccountFields(Protocol):
    """An account's stored columns, as an ORM row or a Core row has them."""

    id: int
    nickname: str
    role: str
    ladder_score: int
    coins: int
    ladder_level: int
    rating_mu: float
    rating_sigma: float
    banned: bool


def to_account(row: AccountFields | AccountRow, ladder: str = TITLES) -> Account:
    return Account(row.id, row.nickname, row.role, row.ladder_score, row.coins,
                   row.ladder_level, ladder, row.rating_mu, row.rating_sigma,
                   bool(row.banned))


class Repo:
    """A repository: writes go through ``journal`` (the single writer), reads through
    :meth:`_read`.

    ``ladder`` is the hall's ladder (R39), which says how stored ladder values read;
    ``inventory_slots`` is how many slots an inventory has (R43, a setting of R44).
    """

    def __init__(self, journal: Journal, sessions: sessionmaker[Session],
                 ladder: str = TITLES, inventory_slots: int = DEFAULT_SLOTS) -> None:
        self.journal = journal
        self.sessions = sessions
        self.ladder = ladder_for(ladder).name
        self.inventory_slots = inventory_slots

    def to_account(self, row: AccountFields | AccountRow) -> Account:
        return to_account(row, self.ladder)

    async def _read(self, fn: Callable[[Session], T]) -> T:
        def work() -> T:
            with self.sessions() as session:
                return fn(session)

        return await asyncio.to_thread(work)
