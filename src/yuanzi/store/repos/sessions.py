"""Session rooms (issue 26): opened and ended with the table's pointer to its latest
session in one transaction; their games read back with the players' names; a club's
tally summed by the database over its sessions' games."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

from sqlalchemy import case, func, select, update
from sqlalchemy.orm import Session

from yuanzi.hall.group_models import ClubTallyRow, StoredSession
from yuanzi.hall.models import EndedGame
from yuanzi.store.models.accounts import Account as AccountRow
from yuanzi.store.models.games import GameRow, GameSeat
from yuanzi.store.models.sessions import SessionRow
from yuanzi.store.models.tables import TableRow
from yuanzi.store.repos.base import Repo, as_utc, now

ENDED = ("finished", "abandoned")


def _stored(row: SessionRow) -> StoredSession:
    return StoredSession(row.id, row.table_id, row.club_id, row.owner_id, row.games,
                         row.status, row.reason, as_utc(row.started_at).timestamp(),
                         None if row.ended_at is None else as_utc(row.ended_at).timestamp(),
                         tuple(row.end_votes or ()),
                         None if row.vote_until is None else as_utc(row.vote_until).timestamp(),
                         bool(row.end_agreed))


def _games(s: Session, session_ids: list[int],
           with_record: bool) -> dict[int, list[EndedGame]]:
    """Each session's ended games in the order played, seats named (a player by his
    nickname now, a bot by its name at the table)."""
    rows = s.execute(select(GameRow).where(GameRow.session_id.in_(session_ids),
                                           GameRow.status.in_(ENDED))
                     .order_by(GameRow.id)).scalars().all()
    seats: dict[int, list[dict[str, Any]]] = {g.id: [] for g in rows}
    for x, nickname in s.execute(
            select(GameSeat, AccountRow.nickname)
            .outerjoin(AccountRow, AccountRow.id == GameSeat.account_id)
            .where(GameSeat.game_id.in_(list(seats))).order_by(GameSeat.seat)):
        seats[x.game_id].append({
            "seat": x.seat, "account_id": x.account_id,
            "name": nickname if x.account_id is not None else x.bot_name,
            "name_en": None if x.account_id is not None else x.bot_name_en,
            "base_stake": x.base_stake})
    out: dict[int, list[EndedGame]] = {i: [] for i in session_ids}
    for g in rows:
        assert g.session_id is not None
        out[g.session_id].append(EndedGame(
            g.id, g.status, g.result, dict(g.record or {}) if with_record else {},
            dict(g.settlement or {}), seats[g.id]))
    return out


class SessionRepo(Repo):
    """The session methods of :class:`yuanzi.hall.desk_ports.SessionStore`."""

    async def open_session(self, table_id: int, club_id: int | None, owner_id: int,
                           games: int) -> StoredSession:
        def write(s: Session) -> StoredSession:
            row = SessionRow(table_id=table_id, club_id=club_id, owner_id=owner_id,
                             games=games, status="running", started_at=now())
            s.add(row)
            s.flush()
            s.execute(update(TableRow).where(TableRow.id == table_id)
                      .values(session_id=row.id))
            return _stored(row)

        return await self.journal.run(write)

    async def end_session(self, session_id: int, reason: str) -> StoredSession | None:
        """Ended now for ``reason`` (None: no such session; one ended already stays as
        it ended)."""
        def write(s: Session) -> StoredSession | None:
            row = s.get(SessionRow, session_id)
            if row is None:
                return None
            if row.status != "ended":
                row.status, row.reason, row.ended_at = "ended", reason, now()
                row.end_votes, row.vote_until, row.end_agreed = None, None, False
                s.flush()
            return _stored(row)

        return await self.journal.run(write)

    async def keep_session_vote(self, session_id: int, seats: list[int],
                                until: float | None, agreed: bool) -> None:
        """The vote to end as it stands now (no seats: none runs), so a restart finds it."""
        def write(s: Session) -> None:
            s.execute(update(SessionRow).where(SessionRow.id == session_id,
                                               SessionRow.status == "running")
                      .values(end_votes=seats or None,
                              vote_until=None if until is None
                              else datetime.fromtimestamp(until, UTC),
                              end_agreed=agreed))

        await self.journal.run(write)

    async def stored_session(self, session_id: int) -> StoredSession | None:
        def read(s: Session) -> StoredSession | None:
            row = s.get(SessionRow, session_id)
            return None if row is None else _stored(row)

        return await self._read(read)

    async def session_games(self, session_id: int) -> list[EndedGame]:
        return await self._read(lambda s: _games(s, [session_id], True)[session_id])

    async def club_sessions(self, club_id: int, limit: int
                            ) -> list[tuple[StoredSession, list[EndedGame]]]:
        """The club's latest sessions, newest first, with their games (no records)."""
        def read(s: Session) -> list[tuple[StoredSession, list[EndedGame]]]:
            rows = s.scalars(select(SessionRow).where(SessionRow.club_id == club_id)
                             .order_by(SessionRow.id.desc()).limit(limit)).all()
            games = _games(s, [r.id for r in rows], False)
            return [(_stored(r), games[r.id]) for r in rows]

        return await self._read(read)

    async def club_tally(self, club_id: int, since: datetime | None) -> list[ClubTallyRow]:
        """Per account, over the club's sessions' ended games since ``since``: games,
        wins and the sum of base stakes (R36), best total first."""
        def read(s: Session) -> list[ClubTallyRow]:
            total = func.coalesce(func.sum(GameSeat.base_stake), 0)
            q = (select(GameSeat.account_id, AccountRow.nickname, func.count(),
                        func.sum(case((GameSeat.outcome == "win", 1), else_=0)), total)
                 .join(GameRow, GameRow.id == GameSeat.game_id)
                 .join(SessionRow, SessionRow.id == GameRow.session_id)
                 .join(AccountRow, AccountRow.id == GameSeat.account_id)
                 .where(SessionRow.club_id == club_id, GameRow.status.in_(ENDED)))
            if since is not None:
                q = q.where(GameRow.ended_at >= since)
            q = q.group_by(GameSeat.account_id, AccountRow.nickname).order_by(
                total.desc(), GameSeat.account_id)
            return [ClubTallyRow(int(r[0]), str(r[1]), int(r[2]), int(r[3] or 0),
                                 int(r[4] or 0)) for r in s.execute(q)]

        return await self._read(read)
