"""The lobby's tables: created, saved whole (a table is small, its seats one JSON
list), and read back with their owners' and seated players' accounts at start-up."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import UTC, datetime

from sqlalchemy import select
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session

from yuanzi.hall.models import DealFairness, Seat, TableSpec, TournamentPlace
from yuanzi.hall.ports import RoomCodeTaken
from yuanzi.store.models.accounts import Account as AccountRow
from yuanzi.store.models.tables import TableRow
from yuanzi.store.models.tournaments import TournamentRow
from yuanzi.store.repos import statements as st
from yuanzi.store.repos.base import Repo, as_utc, now


def _time(value: float | None) -> datetime | None:
    return None if value is None else datetime.fromtimestamp(value, UTC)


def _stamp(value: datetime | None) -> float | None:
    return None if value is None else as_utc(value).timestamp()


def insert_table(s: Session, spec: TableSpec) -> int:
    """Insert a new table's row in the session's transaction and return its id (also when a
    decision opens the table with the items it spends, R41). :class:`RoomCodeTaken` when a
    private table's code is taken among open tables, found first or by the unique index."""
    if spec.room_code is not None and s.scalar(
            select(TableRow.id).where(TableRow.room_code == spec.room_code)):
        raise RoomCodeTaken(spec.room_code)
    row = TableRow(name=spec.name, owner_id=spec.owner.id, tablecloth=spec.tablecloth,
                   bet=spec.bet, rules=spec.rules,
                   seats=[seat.to_json() for seat in spec.seats], status=spec.status,
                   game_id=spec.game_id, created_at=now(),
                   name_protected_until=_time(spec.name_protected_until),
                   name_default=spec.name_default, private=spec.private,
                   room_code=spec.room_code, invite_token=spec.invite_token,
                   admitted=sorted(spec.admitted), locked=spec.locked,
                   spectators_allowed=spec.spectators_allowed, club_id=spec.club_id)
    try:
        with s.begin_nested():  # a lost race for the code fails this insert alone
            s.add(row)
            s.flush()
    except IntegrityError:  # the same code, taken a moment ago (the unique index)
        raise RoomCodeTaken(spec.room_code or "") from None
    return row.id


def _places(s: Session, rows: Sequence[TableRow]) -> dict[int, TournamentPlace]:
    """The tournament tables' places: their round's games and deals (issue 28)."""
    wanted = {r.tournament_id for r in rows if r.tournament_id is not None}
    if not wanted:
        return {}
    tournaments = {t.id: t for t in s.scalars(
        select(TournamentRow).where(TournamentRow.id.in_(wanted))).all()}
    out = {}
    for r in rows:
        t = tournaments.get(r.tournament_id or 0)
        if t is None or r.tournament_round is None:
            continue
        rounds = t.deals or []
        deals = rounds[r.tournament_round] if r.tournament_round < len(rounds) else []
        out[r.id] = TournamentPlace(t.id, r.tournament_round, t.games_per_round, tuple(
            d for d in (DealFairness.from_json(x) for x in deals) if d is not None), t.club_id)
    return out


class TableRepo(Repo):
    """The table methods of :class:`yuanzi.hall.ports.Store`."""

    async def create_table(self, spec: TableSpec) -> int:
        """A new table's id; a private one's room code must be free among open tables
        (:class:`RoomCodeTaken` if not: the hall draws another)."""
        return await self.journal.run(lambda s: insert_table(s, spec))

    async def private_table(self, room_code: str | None = None,
                            invite_token: str | None = None) -> int | None:
        """The open private table with this room code (or invite token), if any — never
        a club's, which opens by the club only (issue 44: a code or link of one drawn
        before answers as one that opens nothing)."""
        def read(s: Session) -> int | None:
            query = select(TableRow.id).where(TableRow.status != "closed",
                                              TableRow.private.is_(True),
                                              TableRow.club_id.is_(None))
            if room_code is not None:
                query = query.where(TableRow.room_code == room_code)
            elif invite_token is not None:
                query = query.where(TableRow.invite_token == invite_token)
            else:
                return None
            found: int | None = s.scalar(query)
            return found

        return await self._read(read)

    async def save_table(self, spec: TableSpec) -> None:
        values = {"name": spec.name, "owner_id": spec.owner.id,
                  "tablecloth": spec.tablecloth, "bet": spec.bet,
                  "rules": spec.rules, "seats": [seat.to_json() for seat in spec.seats],
                  "status": spec.status, "game_id": spec.game_id,
                  "name_protected_until": _time(spec.name_protected_until),
                  "name_default": spec.name_default, "private": spec.private,
                  "admitted": sorted(spec.admitted), "locked": spec.locked,
                  "spectators_allowed": spec.spectators_allowed}
        if spec.status == "closed":  # a closed table's code and link are free again
            values |= {"room_code": None, "invite_token": None}
        stmt = st.save_table(tuple(values))
        params = {f"b_{k}": v for k, v in values.items()} | {"b_id": spec.id}
        await self.journal.run(lambda s: s.connection().execute(stmt, params))

    async def open_tables(self, only: int | None = None,
                          club: int | None = None) -> list[TableSpec]:
        def read(s: Session) -> list[TableSpec]:
            query = select(TableRow).where(TableRow.status != "closed")
            if only is not None:
                query = query.where(TableRow.id == only)
            if club is not None:
                query = query.where(TableRow.club_id == club)
            rows = s.scalars(query.order_by(TableRow.id)).all()
            ids = {r.owner_id for r in rows}
            for r in rows:
                ids.update(seat["account_id"] for seat in r.seats if seat.get("account_id"))
            accounts = {a.id: self.to_account(a) for a in
                        s.scalars(select(AccountRow).where(AccountRow.id.in_(ids))).all()}
            places = _places(s, rows)
            out = []
            for r in rows:
                seats = [Seat(accounts.get(x["account_id"]) if x.get("account_id") else None,
                              x.get("bot"), bool(x.get("ready")), x.get("name"),
                              x.get("name_en"), x.get("avatar"), bool(x.get("auto")),
                              x.get("leaving"))
                         for x in r.seats]
                out.append(TableSpec(r.id, r.name, accounts[r.owner_id], r.tablecloth, r.bet,
                                     dict(r.rules), seats, r.status, r.game_id,
                                     _stamp(r.name_protected_until), bool(r.name_default),
                                     bool(r.private), r.room_code, r.invite_token,
                                     set(r.admitted or ()), bool(r.locked),
                                     bool(r.spectators_allowed), r.club_id, r.session_id,
                                     places.get(r.id)))
            return out

        return await self._read(read)
