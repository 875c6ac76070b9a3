"""REST routes of the clubs (亲友圈, issue 26): a player's clubs, making one, coming in by
code or link, the club's page, and what its founder and managers do. docs/protocol.md
documents each. Thin on purpose: every route is one call to the club desk
(:mod:`yuanzi.hall.clubs.desk`), which refuses in words and changes nothing then.

Who sits where is shown to a club's members as "playing" only: the table a member sits
at may be another group's private table, and private means private.
"""

from __future__ import annotations

import dataclasses
from typing import Annotated, Any, Literal

from fastapi import APIRouter, Query
from pydantic import BaseModel, Field

from yuanzi.hall.core.hall import Hall
from yuanzi.hall.errors import Code, HallError
from yuanzi.hall.group_models import Club, ClubHouse, ClubMember
from yuanzi.hall.models import TableSpec
from yuanzi.hall.sessions.tally import games_of
from yuanzi.hall.sessions.views import SessionView, session_view
from yuanzi.server.deps import ClientIp, CurrentAccount, HallDep
from yuanzi.server.wire import PathId, WireModel

router = APIRouter(prefix="/api/clubs")


class ClubView(BaseModel):
    id: int
    name: str
    notice: str
    founder_id: int
    join_code: str
    invite_token: str
    open_join: bool
    members: int
    house_rules: dict[str, Any] | None
    """The §12 options its tables open with (null: each table's own)."""
    session_games: int | None
    """The session length its tables open for (null: the opener's choice)."""
    tally_since: float | None
    """When a manager last reset the club's tally (null: never)."""
    my_role: str | None = None
    """In the list of your clubs: your role there (founder, manager or member), so a
    client offers what you may do (a club's tournament is held by its managers)."""

    @classmethod
    def of(cls, club: Club, my_role: str | None = None) -> ClubView:
        return cls(id=club.id, name=club.name, notice=club.notice, founder_id=club.founder_id,
                   join_code=club.join_code, invite_token=club.invite_token,
                   open_join=club.open_join, members=club.members,
                   house_rules=club.house.rules, session_games=club.house.session_games,
                   tally_since=club.tally_since, my_role=my_role)


class MemberView(BaseModel):
    account_id: int
    nickname: str
    role: Literal["founder", "manager", "member"]
    standing: Literal["pending", "member", "banned"]
    online: bool
    playing: bool
    """Seated at a table now (which one is not said: it may be another group's)."""


class ClubTable(BaseModel):
    """One of the club's open tables, as its members see it (they sit without a code:
    ``join_club_table``)."""

    id: int
    name: str
    name_default: bool
    owner: str
    seats: list[str | None]
    """Who sits where: a player's nickname or a bot's name; null: a free seat."""
    playing: bool


class ClubPage(BaseModel):
    club: ClubView
    members: list[MemberView]
    me: MemberView
    tables: list[ClubTable]


class Application(BaseModel):
    """A club one has asked to join and waits for (its code and link stay its members')."""

    id: int
    name: str


class ClubList(BaseModel):
    clubs: list[ClubView]
    pending: list[Application] = []
    """The clubs you asked to join and that have not answered yet (issue 45: 待审核)."""


class Joined(BaseModel):
    club: ClubView
    status: Literal["member", "pending"]


class NewClub(WireModel):
    name: Annotated[str, Field(max_length=64)]
    notice: Annotated[str, Field(max_length=800)] = ""


class JoinBody(WireModel):
    code: Annotated[str, Field(max_length=16)] | None = None
    token: Annotated[str, Field(max_length=128)] | None = None


class House(WireModel):
    rules: dict[str, Any] | None = None
    session_games: Annotated[int, Field(ge=0, le=16)] | None = None


class ClubSettings(WireModel):
    notice: Annotated[str, Field(max_length=800)] | None = None
    open_join: bool | None = None
    house: House | None = None
    """Fix (or, with nulls, free) the house rules and session length of its tables; one
    of the two left out stays as it is."""
    reset_tally: bool = False


class TallyRow(BaseModel):
    account_id: int
    nickname: str
    games: int
    wins: int
    total: int


class ClubTally(BaseModel):
    period: Literal["week", "month", "all"]
    since: float | None
    """Counted from then (the period's start, or a reset if later); null: all time."""
    rows: list[TallyRow]


class ClubSessions(BaseModel):
    sessions: list[SessionView]


class Answer(WireModel):
    accept: bool = True


class Switch(WireModel):
    on: bool = True


class Heir(WireModel):
    account: Annotated[int, Field(ge=1, le=2**53)]


def _member(hall: Hall, m: ClubMember) -> MemberView:
    seat = hall.presence.seat_of(m.account_id)
    return MemberView(account_id=m.account_id, nickname=m.nickname, role=m.role,
                      standing=m.standing, online=hall.presence.is_connected(m.account_id),
                      playing=seat is not None and seat > 0)


def _table(spec: TableSpec) -> ClubTable:
    return ClubTable(id=spec.id, name=spec.name, name_default=spec.name_default,
                     owner=spec.owner.nickname, playing=spec.status == "playing",
                     seats=[s.account.nickname if s.account is not None
                            else (s.name or s.bot) if s.bot is not None else None
                            for s in spec.seats])


async def _page(hall: Hall, me_id: int, club: Club, members: list[ClubMember]) -> ClubPage:
    views = [_member(hall, m) for m in members]
    me = next(v for v in views if v.account_id == me_id)
    tables = [_table(spec) for spec in await hall.store.open_tables(club=club.id)]
    return ClubPage(club=ClubView.of(club), members=views, me=me, tables=tables)


@router.get("")
async def my_clubs(account: CurrentAccount, hall: HallDep) -> ClubList:
    return ClubList(clubs=[ClubView.of(c, await hall.clubs.role_of(c.id, account.id))
                           for c in await hall.clubs.mine(account)],
                    pending=[Application(id=i, name=n)
                             for i, n in await hall.clubs.applied(account)])


@router.post("")
async def create_club(body: NewClub, account: CurrentAccount, hall: HallDep) -> ClubView:
    return ClubView.of(await hall.clubs.create(account, body.name, body.notice))


@router.post("/join")
async def join_club(body: JoinBody, account: CurrentAccount, ip: ClientIp,
                    hall: HallDep) -> Joined:
    """By the six-digit code said aloud, or the invite link's token (one of the two)."""
    if (body.code is None) == (body.token is None):
        raise HallError(Code.MALFORMED, "give a club's code or its link, one of the two")
    if body.code is not None:
        club, status = await hall.clubs.join(account, ip, body.code)
    else:
        assert body.token is not None
        club, status = await hall.clubs.join_by_link(account, ip, body.token)
    return Joined(club=ClubView.of(club), status=status)  # type: ignore[arg-type]


@router.get("/{club_id}")
async def club_page(club_id: PathId, account: CurrentAccount, hall: HallDep) -> ClubPage:
    club, members = await hall.clubs.club(account, club_id)
    return await _page(hall, account.id, club, members)


@router.patch("/{club_id}")
async def configure_club(club_id: PathId, body: ClubSettings, account: CurrentAccount,
                         hall: HallDep) -> ClubView:
    house = None if body.house is None else ClubHouse(
        body.house.rules, body.house.session_games, frozenset(body.house.model_fields_set))
    return ClubView.of(await hall.clubs.configure(account, club_id, body.notice,
                                                  body.open_join, house, body.reset_tally))


@router.get("/{club_id}/tally")
async def club_tally(club_id: PathId, account: CurrentAccount, hall: HallDep,
                     period: Annotated[str, Query(max_length=8)] = "week") -> ClubTally:
    """Per member, over the period: games, wins and points of the club's sessions."""
    p, since, rows = await hall.clubs.tally(account, club_id, period)
    return ClubTally(period=p, since=None if since is None else since.timestamp(),
                     rows=[TallyRow(**dataclasses.asdict(r)) for r in rows])


@router.get("/{club_id}/sessions")
async def club_sessions(club_id: PathId, account: CurrentAccount,
                        hall: HallDep) -> ClubSessions:
    """The club's latest sessions, newest first, with their tallies."""
    return ClubSessions(sessions=[session_view(s, games_of(g))
                                  for s, g in await hall.clubs.sessions(account, club_id)])


@router.post("/{club_id}/members/{account_id}/answer")
async def answer(club_id: PathId, account_id: PathId, body: Answer, account: CurrentAccount,
                 hall: HallDep) -> ClubPage:
    await hall.clubs.answer(account, club_id, account_id, body.accept)
    return await club_page(club_id, account, hall)


@router.delete("/{club_id}/members/{account_id}")
async def remove(club_id: PathId, account_id: PathId, account: CurrentAccount,
                 hall: HallDep) -> ClubPage:
    await hall.clubs.remove(account, club_id, account_id)
    return await club_page(club_id, account, hall)


@router.post("/{club_id}/members/{account_id}/ban")
async def ban(club_id: PathId, account_id: PathId, body: Switch, account: CurrentAccount,
              hall: HallDep) -> ClubPage:
    await hall.clubs.ban(account, club_id, account_id, body.on)
    return await club_page(club_id, account, hall)


@router.post("/{club_id}/members/{account_id}/manager")
async def manager(club_id: PathId, account_id: PathId, body: Switch, account: CurrentAccount,
                  hall: HallDep) -> ClubPage:
    await hall.clubs.set_manager(account, club_id, account_id, body.on)
    return await club_page(club_id, account, hall)


@router.post("/{club_id}/hand_on")
async def hand_on(club_id: PathId, body: Heir, account: CurrentAccount,
                  hall: HallDep) -> ClubPage:
    await hall.clubs.hand_on(account, club_id, body.account)
    return await club_page(club_id, account, hall)


@router.post("/{club_id}/leave")
async def leave(club_id: PathId, account: CurrentAccount, hall: HallDep) -> ClubList:
    await hall.clubs.leave(account, club_id)
    return await my_clubs(account, hall)
