"""What opening a table needs of the hall's core, as protocols: who sits where, and the
tables running here (so that the core composes opening, and opening never imports it)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Protocol

from yuanzi.hall.events import TableView
from yuanzi.hall.group_models import ClubHouse
from yuanzi.hall.models import TableSpec
from yuanzi.hall.table.actor import TableActor
from yuanzi.hall.table.commands import Command


class Seats(Protocol):
    """Who sits where (:class:`~yuanzi.hall.core.presence.Presence`)."""

    def seat_of(self, account_id: int) -> int | None: ...
    def address_of(self, account_id: int) -> str | None: ...
    def reserve(self, account_id: int) -> None: ...
    def release(self, account_id: int) -> None: ...
    def set_seated(self, account_id: int, table_id: int | None) -> None: ...


class ClubDoor(Protocol):
    """Whether an account is in a club (:class:`~yuanzi.hall.clubs.desk.ClubDesk`)."""

    async def is_member(self, club_id: int, account_id: int) -> bool: ...
    async def house(self, club_id: int) -> ClubHouse:
        """What the club fixed for its tables: house rules, session length."""


class OtherTables(Protocol):
    def tables(self) -> list[TableView]: ...


class Tables(Protocol):
    """The tables running here and the way into any (:class:`~yuanzi.hall.core.routing.Router`)."""

    @property
    def tables(self) -> Mapping[int, TableActor]: ...
    @property
    def peers(self) -> OtherTables: ...
    async def open(self, spec: TableSpec) -> TableActor: ...
    async def send(self, command: Command) -> Any: ...
