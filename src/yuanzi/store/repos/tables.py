"""The lobby's tables: created, saved whole (a table is small, its seats one JSON
list), and read back with their owners' and seated players' accounts at start-up."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import cast

from sqlalchemy import Table, select, update
from sqlalchemy.orm import Session

from yuanzi.hall.models import Seat, TableSpec
from yuanzi.store.models.accounts import Account as AccountRow
from yuanzi.store.models.tables import TableRow
from yuanzi.store.repos.base import Repo, as_utc, now

_TABLES = cast(Table, TableRow.__table__)  # a Core update: no ORM load to save a table


def _time(value: float | None) -> datetime | None:
    return None if value is None else datetime.fromtimestamp(value, UTC)


def _stamp(value: datetime | None) -> float | None:
    return None if value is None else as_utc(value).timestamp()


class TableRepo(Repo):
    """The table methods of :class:`yuanzi.hall.ports.Store`."""

    async def create_table(self, spec: TableSpec) -> int:
        def write(s: Session) -> int:
            row = TableRow(name=spec.name, owner_id=spec.owner.id, tablecloth=spec.tablecloth,
                           bet=spec.bet, rules=spec.rules,
                           seats=[seat.to_json() for seat in spec.seats], status=spec.status,
                           game_id=spec.game_id, created_at=now(),
                           name_protected_until=_time(spec.name_protected_until),
                           name_default=spec.name_default)
            s.add(row)
            s.flush()
            return row.id

        return await self.journal.run(write)

    async def save_table(self, spec: TableSpec) -> None:
        values = {"name": spec.name, "owner_id": spec.owner.id,
                  "tablecloth": spec.tablecloth, "bet": spec.bet,
                  "rules": spec.rules, "seats": [seat.to_json() for seat in spec.seats],
                  "status": spec.status, "game_id": spec.game_id,
                  "name_protected_until": _time(spec.name_protected_until),
                  "name_default": spec.name_default}
        stmt = update(_TABLES).where(_TABLES.c.id == spec.id).values(**values)
        await self.journal.run(lambda s: s.execute(stmt))

    async def open_tables(self, only: int | None = None) -> list[TableSpec]:
        def read(s: Session) -> list[TableSpec]:
            query = select(TableRow).where(TableRow.status != "closed")
            if only is not None:
                query = query.where(TableRow.id == only)
            rows = s.scalars(query.order_by(TableRow.id)).all()
            ids = {r.owner_id for r in rows}
            for r in rows:
                ids.update(seat["account_id"] for seat in r.seats if seat.get("account_id"))
            accounts = {a.id: self.to_account(a) for a in
                        s.scalars(select(AccountRow).where(AccountRow.id.in_(ids))).all()}
            out = []
            for r in rows:
                seats = [Seat(accounts.get(x["account_id"]) if x.get("account_id") else None,
                              x.get("bot"), bool(x.get("ready")), x.get("name"),
                              x.get("name_en"), x.get("avatar"), bool(x.get("auto")))
                         for x in r.seats]
                out.append(TableSpec(r.id, r.name, accounts[r.owner_id], r.tablecloth, r.bet,
                                     dict(r.rules), seats, r.status, r.game_id,
                                     _stamp(r.name_protected_until), bool(r.name_default)))
            return out

        return await self._read(read)
