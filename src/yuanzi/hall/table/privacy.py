"""A private table (好友房, issues 15 and 27): who may come in, and what its owner may do.

A private table is never in the lobby and quick match never seats a stranger there. One
comes in by its room code, its invite link or an invitation: the table then admits him
(he may sit, watch, resync), and seats him if a seat is free — or lets him watch when the
table is full and its owner allows spectators. To anyone else the table is not there:
every command of his is answered as for a missing table (``no_such_table``), so that
not even its existence is told. The owner may lock it (no one new comes in), remove a
player between games (during a game R35's escape rules stand), send a spectator away,
and hand it to another player; when he leaves his seat, the table passes on by itself
(:meth:`.seating.Seating.hand_on_ownership`). Whom the owner blocks is out: a spectator
at once, a player at the end of the game he is playing (at once between games).

Whoever is out of the table no longer hears it (:meth:`TableActor.shut_out`).
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from typing import Literal, Protocol

from yuanzi.hall.errors import Code, HallError, no_such_table
from yuanzi.hall.events import StandReason
from yuanzi.hall.table.commands import Sender
from yuanzi.hall.table.seat_moves import SeatMoves
from yuanzi.hall.table.seating import BLOCKED_MESSAGE, Seating, SeatingHost, check_seat


class PrivacyHost(SeatingHost, Protocol):
    """The table as its door sees it: its seating, where a newcomer sits, and sitting."""

    seating: Seating
    moves: SeatMoves

    async def sit(self, sender: Sender, seat: int) -> int: ...

CLUB_OUT_MESSAGE = "you are no longer a member of this table's club"
INVITATION_SECONDS = 600.0
"""How long an invitation opens a private table to the friend invited."""


@dataclass(frozen=True, slots=True)
class Invitation:
    until: float
    """Monotonic time until which it opens the table."""
    inviter: int
    """Who invited (it stands only while they are still friends)."""


class TablePrivacy:
    def __init__(self, table: PrivacyHost) -> None:
        self.table = table
        self.invited: dict[int, Invitation] = {}
        """Friends invited here: they may come in meanwhile."""

    def admits(self, sender: Sender) -> bool:
        spec = self.table.spec
        return (not spec.private or sender.is_admin or sender.account_id in spec.admitted
                or self.table.seat_index(sender.account_id) is not None)

    def check(self, sender: Sender) -> None:
        """Refuse anything at a private table from one who did not come in, in the words
        said of a table that does not exist."""
        if not self.admits(sender):
            raise no_such_table(self.table.id)

    async def come_in(self, sender: Sender,
                      via: Literal["code", "link", "invite", "club"]) -> int | None:
        """Admit the sender (the hall found the table by its code or link, or he was
        invited); the seat he takes — opposite the one who brought him when it is free
        (issue 31) — or None: he watches."""
        table = self.table
        spec = table.spec
        me = sender.account_id
        here = table.seat_index(me)
        if here is not None:
            return here
        invitation = self.invited.get(me) if via == "invite" else None
        if (via == "club") != (spec.club_id is not None) and not sender.is_admin:
            raise no_such_table(table.id)  # a club's table only by the club, and no other
        if spec.private and not sender.is_admin:
            if spec.club_id is not None and not await self._in_club(spec.club_id, me):
                raise no_such_table(table.id)  # (issue 26: not there for a non-member)
            if me not in spec.admitted:
                if via == "invite" and invitation is None:
                    raise no_such_table(table.id)  # (he was not invited: it is not there)
                if invitation is not None and not await self._stands(invitation, me):
                    raise HallError(Code.PRIVATE_TABLE, "this invitation has expired: ask "
                                                        "for a new one")
                if spec.locked:
                    raise HallError(Code.TABLE_LOCKED, "the owner locked this table: no one "
                                                       "new may come in")
            if await table.ctx.store.blocks(spec.owner.id, me):  # (admitted or not)
                if me in spec.admitted:  # a block that did not reach the table in time
                    self._forget(me)
                    await table.ctx.store.save_table(spec)
                raise HallError(Code.PRIVATE_TABLE, "this table is private: come in by its "
                                                    "room code or its invite link")
        seat = table.moves.newcomer_seat(None if invitation is None else invitation.inviter)
        sits = seat is not None and table.game is None and table.ctx.seat_of(me) is None
        if not sits and not spec.spectators_allowed:  # refused: not admitted either
            raise HallError(Code.TABLE_FULL, "the table is full and its owner allows no "
                                             "spectators; you may sit when a seat is free")
        if me not in spec.admitted:
            spec.admitted.add(me)
            await table.ctx.store.save_table(spec)
        self.invited.pop(me, None)
        if sits and seat is not None:
            return await table.sit(sender, seat)
        return None

    async def recheck_club(self) -> None:
        """A club's table taken up from the store (a restart, or another node's): whoever
        it admitted, or seats, and is no longer a member is out — a :class:`ClubOut` lost
        with the node that was to deliver it changes nothing (issue 44)."""
        spec = self.table.spec
        if spec.club_id is None:
            return
        seated = {s.account.id for s in spec.seats
                  if s.account is not None and not s.account.is_admin}
        for account_id in sorted(spec.admitted | seated):
            if not await self._in_club(spec.club_id, account_id):
                await self._out(account_id, "removed", CLUB_OUT_MESSAGE)

    async def _in_club(self, club_id: int, account_id: int) -> bool:
        member = await self.table.ctx.store.club_member(club_id, account_id)
        return member is not None and member.standing == "member"

    async def _stands(self, invitation: Invitation, account_id: int) -> bool:
        """An invitation still open, from one still at the table and still his friend (an
        unfriended or removed inviter's invitations end with it, issue 27)."""
        table = self.table
        if invitation.until < time.monotonic() or (
                invitation.inviter not in table.spec.admitted
                and table.seat_index(invitation.inviter) is None):
            return False
        return await table.ctx.store.are_friends(invitation.inviter, account_id)

    def expected(self) -> list[int]:
        """Who this table is for and may come in now: friends invited (their
        invitations not lapsed) and players admitted by its code or link."""
        now = time.monotonic()
        invited = [a for a, i in self.invited.items() if i.until >= now]
        return sorted(set(invited) | self.table.spec.admitted)

    def invite(self, sender: Sender, account_id: int) -> None:
        """A player seated here invites a friend (who may come in for a while)."""
        if self.table.seat_index(sender.account_id) is None:
            raise HallError(Code.NOT_SEATED, "invite friends to a table you sit at")
        self.invited[account_id] = Invitation(time.monotonic() + INVITATION_SECONDS,
                                              sender.account_id)

    async def lock(self, sender: Sender, locked: bool) -> bool:
        table = self.table
        table.owner_only(sender)
        self._private_only()
        table.spec.locked = locked
        await table.table_changed()
        return locked

    async def remove(self, sender: Sender, seat: int) -> None:
        """Between games, stand a player up and take back his admission (he comes in
        again by the code unless the table is locked)."""
        table = self.table
        table.owner_only(sender)
        self._private_only()
        if table.game is not None:
            raise HallError(Code.GAME_IN_PROGRESS, "a player is removed between games only "
                                                   "(during one, leaving is an escape, R35)")
        check_seat(seat)
        account = table.spec.seats[seat].account
        if account is None:
            raise HallError(Code.NOT_SEATED, f"no player sits at seat {seat}")
        if account.id == sender.account_id:
            raise HallError(Code.BAD_OPTIONS, "to leave your own seat, stand up")
        table.spec.admitted.discard(account.id)
        table.seating.stand_up(seat, "removed", "the table's owner removed you")
        await table.seating.changed_or_closed()

    async def send_away(self, sender: Sender, account_id: int) -> None:
        """The owner sends a spectator away: out at once, on every connection he looks
        from (whatever the list of watchers says), admitted no more."""
        table = self.table
        table.owner_only(sender)
        self._private_only()
        if ((account_id not in table.spectators and account_id not in table.spec.admitted)
                or table.seat_index(account_id) is not None):
            raise HallError(Code.NOT_WATCHING, "this player does not watch this table (a "
                                               "player is removed from his seat)")
        self._forget(account_id)
        await table.ctx.store.save_table(table.spec)
        table.shut_out(account_id, "removed", "the table's owner sent you away")
        table.publish_table()

    async def block(self, sender: Sender, account_id: int) -> None:
        """The sender blocked ``account_id``. At a private table the sender owns, the
        blocked one is out: a spectator at once; a player at once between games, else
        when the game ends (:meth:`.seating.Seating.after_game`: he plays it out, as
        his partner expects); and he may not come in again (the door checks blocks)."""
        spec = self.table.spec
        if not spec.private or sender.account_id != spec.owner.id:
            return  # (a block keeps no one out of a public table or another's)
        await self._out(account_id, "blocked", BLOCKED_MESSAGE)

    async def club_out(self, club_id: int, account_id: int) -> None:
        """No longer a member of this table's club (issue 44): out as after a block, and
        kept out (the door asks the club)."""
        if self.table.spec.club_id == club_id:
            await self._out(account_id, "removed", CLUB_OUT_MESSAGE)

    async def _out(self, account_id: int, reason: StandReason, message: str) -> None:
        """Out of this private table: a spectator at once, on every connection (even one
        the watchers' list missed); a player at once between games, else when the game
        ends; admitted no more."""
        table = self.table
        spec = table.spec
        was_admitted = account_id in spec.admitted
        self._forget(account_id)
        seat = table.seat_index(account_id)
        if seat is not None and table.game is None:
            table.seating.stand_up(seat, reason, message)
            await table.seating.changed_or_closed()
            return
        if seat is not None:
            table.seating.out_after_game[account_id] = (reason, message)
        if was_admitted:
            await table.ctx.store.save_table(spec)
        if seat is None:
            watched = account_id in table.spectators
            table.shut_out(account_id, reason, message)
            if watched:
                table.publish_table()

    def _forget(self, account_id: int) -> None:
        """No longer admitted: neither his invitation nor those he gave stand."""
        self.table.spec.admitted.discard(account_id)
        self.invited = {a: i for a, i in self.invited.items()
                        if a != account_id and i.inviter != account_id}

    async def give_owner(self, sender: Sender, account_id: int) -> int:
        table = self.table
        table.owner_only(sender)
        heir = next((s.account for s in table.spec.seats
                     if s.account is not None and s.account.id == account_id), None)
        if heir is None:
            raise HallError(Code.NOT_SEATED, "the table goes to a player seated at it")
        table.spec.owner = heir
        await table.table_changed()
        return heir.id

    def _private_only(self) -> None:
        if not self.table.spec.private:
            raise HallError(Code.BAD_OPTIONS, "only a private table is locked, or has its "
                                              "players removed or sent away, by its owner")
