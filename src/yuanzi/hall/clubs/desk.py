"""The club desk (issue 26): making a club, coming in by its join code or link, and what
its founder and managers do with its members. Every refusal is a clear error that changes
nothing; caps and roles are decided in the store's transaction (:class:`ClubStore`).

Join codes are nine digits said aloud, tried within the guesser's own allowance — the one
he spends on room codes and invite links too (issue 44: every door a guesser could hit
shares it, :class:`~yuanzi.hall.runtime.guesses.GuessAllowance`); the link carries 128
bits.
"""

from __future__ import annotations

import contextlib
import logging
from collections.abc import Awaitable, Callable
from datetime import UTC, datetime
from typing import Any

from yuanzi.hall.clubs import rules
from yuanzi.hall.clubs.news import ClubNews
from yuanzi.hall.clubs.tally import Period, period, since
from yuanzi.hall.desk_ports import ClubStore
from yuanzi.hall.errors import Code, HallError
from yuanzi.hall.group_models import (
    Club,
    ClubHouse,
    ClubMember,
    ClubTallyRow,
    JoinOutcome,
    StoredSession,
)
from yuanzi.hall.models import Account, EndedGame
from yuanzi.hall.ports import ClubCodeTaken
from yuanzi.hall.runtime.guesses import GuessAllowance, door_allowance
from yuanzi.hall.runtime.ratelimit import Limits
from yuanzi.hall.settings import Settings
from yuanzi.hall.table import commands, options
from yuanzi.hall.table.sender import Sender
from yuanzi.hall.table.session import check_length

log = logging.getLogger(__name__)

REFUSED: dict[JoinOutcome, tuple[Code, str]] = {
    "already": (Code.ALREADY_MEMBER, "you are in this club already (or waiting)"),
    "banned": (Code.BANNED_FROM_CLUB, "you are banned from this club"),
    "full": (Code.CLUB_FULL, f"the club has {rules.MAX_MEMBERS} members already"),
    "too_many": (Code.TOO_MANY_CLUBS,
                 f"you are in {rules.MAX_CLUBS} clubs already; leave one first"),
}
"""The join outcomes that are refusals, as the joiner is told them."""


def refused(outcome: JoinOutcome) -> HallError | None:
    said = REFUSED.get(outcome)
    return None if said is None else HallError(*said)


class ClubDesk:
    def __init__(self, store: ClubStore, limits: Limits, settings: Settings,
                 send: Callable[[commands.Command], Awaitable[Any]],
                 guesses: GuessAllowance | None = None,
                 tell: Callable[[int, ClubNews], None] | None = None) -> None:
        self.store = store
        self._send = send
        self._tell = tell
        """Sends a frame to an account's connections (:mod:`.news`), where the hall has
        them."""
        self._guesses = guesses or door_allowance(limits, settings)
        """The guesser's allowance (the hall gives the one its private doors spend)."""

    # -- coming in -------------------------------------------------------------------------

    async def create(self, me: Account, name: str, notice: str = "") -> Club:
        """A new club with ``me`` its founder (圈主), closed to joins until he opens it."""
        name, text = rules.club_name(name), rules.notice(notice)
        for _ in range(20):
            try:
                club = await self.store.create_club(me.id, name, text, rules.new_join_code(),
                                                    rules.new_invite_token(), rules.MAX_CLUBS)
            except ClubCodeTaken:
                continue
            if club is None:
                raise HallError(*REFUSED["too_many"])
            log.info("account %s made club %s", me.id, club.id)
            return club
        raise HallError(Code.INTERNAL, "no free club code was found; try again")

    async def join(self, me: Account, address: str | None, code: str) -> tuple[Club, str]:
        """Come in by the club's code: ``member`` (an open club) or ``pending`` (its
        founder or a manager approves)."""
        code = "".join(code.split())
        if not rules.CODE.fullmatch(code):
            raise HallError(Code.MALFORMED, "a club code is nine digits")
        await self._guesses.check(me.id, address)
        return await self._come_in(me, await self.store.club_by_secret(join_code=code))

    async def join_by_link(self, me: Account, address: str | None,
                           token: str) -> tuple[Club, str]:
        if not rules.TOKEN.fullmatch(token):
            raise HallError(Code.MALFORMED, "this is not a club's invite link")
        await self._guesses.check(me.id, address)
        return await self._come_in(me, await self.store.club_by_secret(invite_token=token))

    async def _come_in(self, me: Account, club: Club | None) -> tuple[Club, str]:
        if club is None:
            raise HallError(Code.NO_SUCH_CLUB, "no club has this code or link")
        outcome = await self.store.join_club(club.id, me.id, club.open_join,
                                             rules.MAX_MEMBERS, rules.MAX_CLUBS)
        if (error := refused(outcome)) is not None:
            raise error
        if outcome == "pending":  # (its founder and managers hear it at once)
            news = ClubNews(club=club.id, name=club.name, event="applied", who=me.nickname)
            for m in await self.store.club_members(club.id):
                if rules.runs(m):
                    self._news(m.account_id, news)
        return club, outcome

    def _news(self, account_id: int, news: ClubNews) -> None:
        if self._tell is not None:
            self._tell(account_id, news)

    # -- what the founder and managers do ----------------------------------------------------

    async def answer(self, me: Account, club_id: int, account_id: int, accept: bool) -> None:
        """Approve or refuse a member waiting to come in."""
        target = await self._target(me, club_id, account_id)
        if target.standing != "pending":
            raise HallError(Code.NO_SUCH_REQUEST, "he is not waiting to come in")
        club = await self.store.club(club_id)
        name = "" if club is None else club.name
        if not accept:
            await self.store.remove_club_member(club_id, account_id)
            self._news(account_id, ClubNews(club=club_id, name=name, event="refused"))
            return
        outcome = await self.store.admit_club_member(club_id, account_id, rules.MAX_MEMBERS,
                                                     rules.MAX_CLUBS)
        if outcome == "too_many":
            raise HallError(Code.TOO_MANY_CLUBS, f"he is in {rules.MAX_CLUBS} clubs already")
        if (error := refused(outcome)) is not None:
            raise error
        self._news(account_id, ClubNews(club=club_id, name=name, event="admitted"))

    async def remove(self, me: Account, club_id: int, account_id: int) -> None:
        """Out of the club (he may ask to come in again)."""
        target = await self._target(me, club_id, account_id)
        if target.standing == "banned":
            raise HallError(Code.NOT_A_MEMBER, "he is not a member (he is banned)")
        await self.store.remove_club_member(club_id, account_id)
        await self._out_of_tables(me, club_id, account_id)

    async def ban(self, me: Account, club_id: int, account_id: int, on: bool) -> None:
        """Banned: out, and refused when he tries to come in again; ``on=False`` lifts it
        (he is then as if he had never come: he asks again)."""
        target = await self._target(me, club_id, account_id)
        if on:
            await self.store.set_club_member(club_id, account_id, role="member",
                                             standing="banned")
            await self._out_of_tables(me, club_id, account_id)
        elif target.standing == "banned":
            await self.store.remove_club_member(club_id, account_id)

    async def set_manager(self, me: Account, club_id: int, account_id: int, on: bool) -> None:
        """The founder names a member a manager, or takes it back."""
        await self._founder(me, club_id)
        target = await self._member(club_id, account_id)
        if target.role == "founder":
            raise HallError(Code.FORBIDDEN, "the founder is not named a manager")
        await self.store.set_club_member(club_id, account_id,
                                         role="manager" if on else "member")

    async def hand_on(self, me: Account, club_id: int, account_id: int) -> None:
        """The founder hands the club to a member; he stays on as a manager."""
        await self._founder(me, club_id)
        await self._member(club_id, account_id)
        if account_id == me.id or not await self.store.hand_club_on(club_id, me.id,
                                                                    account_id):
            raise HallError(Code.NOT_A_MEMBER, "the club goes to another member only")

    async def configure(self, me: Account, club_id: int, notice: str | None = None,
                        open_join: bool | None = None, house: ClubHouse | None = None,
                        reset_tally: bool = False) -> Club:
        """The notice; whether anyone with the code comes in without approval; the house
        rules and session length of its tables (None in a field: not fixed); the tally
        counted afresh from now."""
        if not rules.runs(await self.store.club_member(club_id, me.id)):
            raise await self._not_running(club_id, me.id)
        text = None if notice is None else rules.notice(notice)
        if house is not None:
            house = ClubHouse(None if house.rules is None else options.rules(house.rules)
                              .to_dict(), None if house.session_games is None
                              else check_length(house.session_games), house.given)
        await self.store.update_club(club_id, notice=text, open_join=open_join, house=house,
                                     reset_tally=reset_tally)
        club = await self.store.club(club_id)
        assert club is not None
        return club

    # -- leaving and looking ---------------------------------------------------------------

    async def leave(self, me: Account, club_id: int) -> None:
        mine = await self.store.club_member(club_id, me.id)
        if mine is None or mine.standing == "banned":
            raise HallError(Code.NOT_A_MEMBER, "you are not in this club")
        if mine.role == "founder":
            raise HallError(Code.FORBIDDEN, "hand the club on to a member before you leave")
        await self.store.remove_club_member(club_id, me.id)
        await self._out_of_tables(me, club_id, me.id)

    async def _out_of_tables(self, me: Account, club_id: int, account_id: int) -> None:
        """No longer a member: out of each of the club's open tables at once, on whichever
        node it runs, as after a block (issue 44; a table taken up later asks the club
        itself, :meth:`~yuanzi.hall.table.privacy.TablePrivacy.recheck_club`)."""
        for spec in await self.store.open_tables(club=club_id):
            with contextlib.suppress(HallError):  # (it closed or moved meanwhile)
                await self._send(commands.ClubOut(Sender.of(me), spec.id, club_id,
                                                  account_id))

    async def mine(self, me: Account) -> list[Club]:
        return await self.store.clubs_of(me.id)

    async def applied(self, me: Account) -> list[tuple[int, str]]:
        """The clubs (id, name) where ``me`` waits to be let in."""
        return await self.store.applications_of(me.id)

    async def club(self, me: Account, club_id: int) -> tuple[Club, list[ClubMember]]:
        """The club and its members, to a member (with its code and link: he may bring
        friends, whom its founder or a manager approves); those waiting and the banned
        only to its founder and managers."""
        viewer = await self.store.club_member(club_id, me.id)
        club = await self.store.club(club_id)
        if club is None or viewer is None or viewer.standing != "member":
            raise HallError(Code.NOT_A_MEMBER if club is not None else Code.NO_SUCH_CLUB,
                            "only its members see a club")
        members = await self.store.club_members(club_id)
        if rules.runs(viewer):
            return club, members
        return club, [m for m in members if m.standing == "member"]

    async def house(self, club_id: int) -> ClubHouse:
        """What the club fixed for its tables (a club table opening asks)."""
        club = await self.store.club(club_id)
        return ClubHouse() if club is None else club.house

    async def tally(self, me: Account, club_id: int, raw_period: str,
                    now: datetime | None = None) -> tuple[Period, datetime | None,
                                                         list[ClubTallyRow]]:
        """The club's tally over a period, to a member: the period, since when, the rows."""
        p = period(raw_period)
        club, _ = await self.club(me, club_id)
        start = since(p, now or datetime.now(UTC), club.tally_since)
        return p, start, await self.store.club_tally(club_id, start)

    async def sessions(self, me: Account, club_id: int, limit: int = 20
                       ) -> list[tuple[StoredSession, list[EndedGame]]]:
        """The club's latest sessions with their games, to a member."""
        await self.club(me, club_id)
        return await self.store.club_sessions(club_id, limit)

    async def role_of(self, club_id: int, account_id: int) -> str | None:
        """The account's role in the club (None: not a member)."""
        member = await self.store.club_member(club_id, account_id)
        return None if member is None or member.standing != "member" else member.role

    async def is_member(self, club_id: int, account_id: int) -> bool:
        """Whether the account is in the club now (a club table's door asks this)."""
        member = await self.store.club_member(club_id, account_id)
        return member is not None and member.standing == "member"

    # -- who may ---------------------------------------------------------------------------

    async def _member(self, club_id: int, account_id: int) -> ClubMember:
        member = await self.store.club_member(club_id, account_id)
        if member is None or member.standing != "member":
            raise HallError(Code.NOT_A_MEMBER, "he is not a member of this club")
        return member

    async def _founder(self, me: Account, club_id: int) -> None:
        mine = await self.store.club_member(club_id, me.id)
        if mine is None or mine.standing != "member" or mine.role != "founder":
            raise await self._not_running(club_id, me.id, founder=True)

    async def _target(self, me: Account, club_id: int, account_id: int) -> ClubMember:
        """The member ``me`` acts on, if he may (a manager on members, the founder on
        anyone but himself)."""
        actor = await self.store.club_member(club_id, me.id)
        if not rules.runs(actor):
            raise await self._not_running(club_id, me.id)
        target = await self.store.club_member(club_id, account_id)
        if target is None:
            raise HallError(Code.NOT_A_MEMBER, "he is not in this club")
        if not rules.may_act_on(actor, target):
            raise HallError(Code.NOT_CLUB_MANAGER,
                            "a manager acts on members, the founder on managers too")
        return target

    async def _not_running(self, club_id: int, account_id: int,
                           founder: bool = False) -> HallError:
        if await self.store.club(club_id) is None:
            return HallError(Code.NO_SUCH_CLUB, f"there is no club {club_id}")
        if not await self.is_member(club_id, account_id):
            return HallError(Code.NOT_A_MEMBER, "you are not a member of this club")
        return HallError(Code.NOT_CLUB_MANAGER, "only the club's founder may do this" if founder
                         else "only the club's founder or a manager may do this")

