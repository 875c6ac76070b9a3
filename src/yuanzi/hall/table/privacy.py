"""A private table (好友房, issue 15): who may come in, and what its owner may do.

A private table is never in the lobby and quick match never seats a stranger there. One
comes in by its six-digit room code, its invite link or an invitation: the table then
admits him for good (he may sit, watch, resync), and seats him if a seat is free — or
lets him watch when the table is full and its owner allows spectators. Anyone else is
refused every look at it (``private_table``). The owner may lock it (no one new comes in),
remove a player between games (during a game R35's escape rules stand), and hand it to
another player; when he leaves his seat, the table passes on by itself
(:meth:`.seating.Seating.hand_on_ownership`).
"""

from __future__ import annotations

import time
from typing import TYPE_CHECKING, Literal

from yuanzi.hall.errors import Code, HallError
from yuanzi.hall.table.commands import Sender

if TYPE_CHECKING:
    from yuanzi.hall.table.actor import TableActor

INVITATION_SECONDS = 600.0
"""How long an invitation opens a private table to the friend invited."""


class TablePrivacy:
    def __init__(self, table: TableActor) -> None:
        self.table = table
        self.invited: dict[int, float] = {}
        """Friends invited here, until when (monotonic): they may come in meanwhile."""

    def check(self, sender: Sender) -> None:
        """Refuse a look at a private table from one who did not come in."""
        spec = self.table.spec
        if (not spec.private or sender.is_admin or sender.account_id in spec.admitted
                or self.table.seat_index(sender.account_id) is not None):
            return
        raise HallError(Code.PRIVATE_TABLE, "this table is private: come in by its room "
                                            "code or its invite link")

    async def come_in(self, sender: Sender,
                      via: Literal["code", "link", "invite"]) -> int | None:
        """Admit the sender (the hall found the table by its code or link, or he was
        invited); the seat he takes, or None: he watches."""
        table = self.table
        spec = table.spec
        me = sender.account_id
        here = table.seat_index(me)
        if here is not None:
            return here
        if spec.private and me not in spec.admitted and not sender.is_admin:
            if via == "invite" and self.invited.get(me, 0.0) < time.monotonic():
                raise HallError(Code.PRIVATE_TABLE, "this invitation has expired (or there "
                                                    "was none): ask for a new one")
            if spec.locked:
                raise HallError(Code.TABLE_LOCKED, "the owner locked this table: no one new "
                                                   "may come in")
            if await table.ctx.store.blocks(spec.owner.id, me):
                raise HallError(Code.PRIVATE_TABLE, "this table is private: come in by its "
                                                    "room code or its invite link")
        seat = table.free_seat()
        sits = seat is not None and table.game is None and table.ctx.seat_of(me) is None
        if not sits and not spec.spectators_allowed:  # refused: not admitted either
            raise HallError(Code.TABLE_FULL, "the table is full and its owner allows no "
                                             "spectators; you may sit when a seat is free")
        if me not in spec.admitted:
            spec.admitted.add(me)
            await table.ctx.store.save_table(spec)
        if sits and seat is not None:
            return await table.sit(sender, seat)
        return None

    def invite(self, sender: Sender, account_id: int) -> None:
        """A player seated here invites a friend (who may come in for a while)."""
        if self.table.seat_index(sender.account_id) is None:
            raise HallError(Code.NOT_SEATED, "invite friends to a table you sit at")
        self.invited[account_id] = time.monotonic() + INVITATION_SECONDS

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
        account = table.spec.seats[seat].account
        if account is None:
            raise HallError(Code.NOT_SEATED, f"no player sits at seat {seat}")
        if account.id == sender.account_id:
            raise HallError(Code.BAD_OPTIONS, "to leave your own seat, stand up")
        table.spec.admitted.discard(account.id)
        table.seating.stand_up(seat, "removed", "the table's owner removed you")
        await table.seating.changed_or_closed()

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
            raise HallError(Code.BAD_OPTIONS, "only a private table is locked or has its "
                                              "players removed by its owner")
