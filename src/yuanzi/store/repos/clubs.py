"""Clubs and their members (issue 26). A write bounded by a cap or a role takes the club's
row first (``FOR UPDATE`` on PostgreSQL; SQLite has one writer), so two joins at once
cannot both pass the last place, on one node or several."""

from __future__ import annotations

from sqlalchemy import delete, func, select, update
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session

from yuanzi.hall.group_models import (
    Club,
    ClubHouse,
    ClubMember,
    ClubRole,
    ClubStanding,
    JoinOutcome,
)
from yuanzi.hall.ports import ClubCodeTaken
from yuanzi.store.models.accounts import Account as AccountRow
from yuanzi.store.models.clubs import ClubMemberRow, ClubRow
from yuanzi.store.repos.base import Repo, as_utc, now


def _members(s: Session, club_id: int) -> int:
    return int(s.scalar(select(func.count()).select_from(ClubMemberRow).where(
        ClubMemberRow.club_id == club_id, ClubMemberRow.standing == "member")) or 0)


def _clubs_in(s: Session, account_id: int) -> int:
    return int(s.scalar(select(func.count()).select_from(ClubMemberRow).where(
        ClubMemberRow.account_id == account_id, ClubMemberRow.standing == "member")) or 0)


def _club(s: Session, row: ClubRow) -> Club:
    return Club(row.id, row.name, row.notice, row.founder_id, row.join_code,
                row.invite_token, row.open_join, _members(s, row.id),
                ClubHouse(None if row.house_rules is None else dict(row.house_rules),
                          row.session_games),
                None if row.tally_since is None else as_utc(row.tally_since).timestamp())


def _locked(s: Session, club_id: int) -> ClubRow | None:
    return s.scalar(select(ClubRow).where(ClubRow.id == club_id).with_for_update())


def _admit(s: Session, club_id: int, account_id: int, max_members: int,
           max_clubs: int) -> JoinOutcome | None:
    """Why the account may not be a member now (None: he may)."""
    if _members(s, club_id) >= max_members:
        return "full"
    if _clubs_in(s, account_id) >= max_clubs:
        return "too_many"
    return None


class ClubRepo(Repo):
    async def create_club(self, founder_id: int, name: str, notice: str, join_code: str,
                          invite_token: str, max_clubs: int) -> Club | None:
        def write(s: Session) -> Club | None:
            if _clubs_in(s, founder_id) >= max_clubs:
                return None
            row = ClubRow(name=name, notice=notice, founder_id=founder_id, join_code=join_code,
                          invite_token=invite_token, open_join=False, created_at=now())
            try:
                with s.begin_nested():  # a code drawn twice at once: this insert fails alone
                    s.add(row)
                    s.flush()
            except IntegrityError:
                raise ClubCodeTaken(join_code) from None
            s.add(ClubMemberRow(club_id=row.id, account_id=founder_id, role="founder",
                                standing="member", at=now()))
            s.flush()
            return _club(s, row)

        return await self.journal.run(write)

    async def club(self, club_id: int) -> Club | None:
        def read(s: Session) -> Club | None:
            row = s.get(ClubRow, club_id)
            return None if row is None else _club(s, row)

        return await self._read(read)

    async def club_by_secret(self, join_code: str | None = None,
                             invite_token: str | None = None) -> Club | None:
        def read(s: Session) -> Club | None:
            if join_code is not None:
                row = s.scalar(select(ClubRow).where(ClubRow.join_code == join_code))
            elif invite_token is not None:
                row = s.scalar(select(ClubRow).where(ClubRow.invite_token == invite_token))
            else:
                return None
            return None if row is None else _club(s, row)

        return await self._read(read)

    async def clubs_of(self, account_id: int) -> list[Club]:
        def read(s: Session) -> list[Club]:
            rows = s.scalars(select(ClubRow).join(
                ClubMemberRow, ClubMemberRow.club_id == ClubRow.id).where(
                ClubMemberRow.account_id == account_id, ClubMemberRow.standing == "member")
                .order_by(ClubRow.id)).all()
            return [_club(s, r) for r in rows]

        return await self._read(read)

    async def applications_of(self, account_id: int) -> list[tuple[int, str]]:
        """The clubs (id, name) where the account waits to be let in (issue 45: its
        list shows them, 待审核)."""
        def read(s: Session) -> list[tuple[int, str]]:
            return [(r.id, r.name) for r in s.execute(
                select(ClubRow.id, ClubRow.name).join(
                    ClubMemberRow, ClubMemberRow.club_id == ClubRow.id).where(
                    ClubMemberRow.account_id == account_id,
                    ClubMemberRow.standing == "pending").order_by(ClubRow.id))]

        return await self._read(read)

    async def club_member(self, club_id: int, account_id: int) -> ClubMember | None:
        def read(s: Session) -> ClubMember | None:
            found = s.execute(select(ClubMemberRow, AccountRow.nickname).join(
                AccountRow, AccountRow.id == ClubMemberRow.account_id).where(
                ClubMemberRow.club_id == club_id, ClubMemberRow.account_id == account_id)
            ).first()
            return None if found is None else _member(found[0], found[1])

        return await self._read(read)

    async def club_members(self, club_id: int) -> list[ClubMember]:
        def read(s: Session) -> list[ClubMember]:
            rows = s.execute(select(ClubMemberRow, AccountRow.nickname).join(
                AccountRow, AccountRow.id == ClubMemberRow.account_id).where(
                ClubMemberRow.club_id == club_id).order_by(AccountRow.nickname_key)).all()
            return [_member(r, nickname) for r, nickname in rows]

        return await self._read(read)

    async def join_club(self, club_id: int, account_id: int, approve: bool, max_members: int,
                        max_clubs: int) -> JoinOutcome:
        def write(s: Session) -> JoinOutcome:
            if _locked(s, club_id) is None:
                return "full"  # (the desk found it a moment ago; gone: nobody comes in)
            row = s.get(ClubMemberRow, (club_id, account_id))
            if row is not None:
                return "banned" if row.standing == "banned" else "already"
            if approve and (refused := _admit(s, club_id, account_id, max_members,
                                              max_clubs)) is not None:
                return refused
            s.add(ClubMemberRow(club_id=club_id, account_id=account_id, role="member",
                                standing="member" if approve else "pending", at=now()))
            return "member" if approve else "pending"

        return await self.journal.run(write)

    async def admit_club_member(self, club_id: int, account_id: int, max_members: int,
                                max_clubs: int) -> JoinOutcome:
        def write(s: Session) -> JoinOutcome:
            _locked(s, club_id)
            row = s.get(ClubMemberRow, (club_id, account_id))
            if row is None or row.standing != "pending":
                return "already" if row is not None and row.standing == "member" else "banned"
            refused = _admit(s, club_id, account_id, max_members, max_clubs)
            if refused is not None:
                return refused
            row.standing, row.at = "member", now()
            return "member"

        return await self.journal.run(write)

    async def set_club_member(self, club_id: int, account_id: int,
                              role: ClubRole | None = None,
                              standing: ClubStanding | None = None) -> bool:
        def write(s: Session) -> bool:
            values: dict[str, object] = {}
            if role is not None:
                values["role"] = role
            if standing is not None:
                values["standing"] = standing
            done = s.execute(update(ClubMemberRow).where(
                ClubMemberRow.club_id == club_id, ClubMemberRow.account_id == account_id)
                .values(**values))
            return bool(done.rowcount)  # type: ignore[attr-defined]

        return await self.journal.run(write)

    async def remove_club_member(self, club_id: int, account_id: int) -> bool:
        def write(s: Session) -> bool:
            done = s.execute(delete(ClubMemberRow).where(
                ClubMemberRow.club_id == club_id, ClubMemberRow.account_id == account_id))
            return bool(done.rowcount)  # type: ignore[attr-defined]

        return await self.journal.run(write)

    async def hand_club_on(self, club_id: int, founder_id: int, heir_id: int) -> bool:
        def write(s: Session) -> bool:
            club = _locked(s, club_id)
            heir = s.get(ClubMemberRow, (club_id, heir_id))
            founder = s.get(ClubMemberRow, (club_id, founder_id))
            if (club is None or club.founder_id != founder_id or heir is None
                    or heir.standing != "member" or founder is None):
                return False
            club.founder_id = heir_id
            heir.role, founder.role = "founder", "manager"
            return True

        return await self.journal.run(write)

    async def update_club(self, club_id: int, notice: str | None = None,
                          open_join: bool | None = None, house: ClubHouse | None = None,
                          reset_tally: bool = False) -> None:
        def write(s: Session) -> None:
            values: dict[str, object] = {}
            if notice is not None:
                values["notice"] = notice
            if open_join is not None:
                values["open_join"] = open_join
            if house is not None:  # only what the change gives: one manager's rules and
                # another's length set at the same moment both stay
                if "rules" in house.given:
                    values["house_rules"] = house.rules
                if "session_games" in house.given:
                    values["session_games"] = house.session_games
            if reset_tally:
                values["tally_since"] = now()
            if values:
                s.execute(update(ClubRow).where(ClubRow.id == club_id).values(**values))

        await self.journal.run(write)


def _member(row: ClubMemberRow, nickname: str) -> ClubMember:
    return ClubMember(row.club_id, row.account_id, nickname, row.role,  # type: ignore[arg-type]
                      row.standing)  # type: ignore[arg-type]
