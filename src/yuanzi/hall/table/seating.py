"""Who sits at a table, as the hall's money rules see it (R40, the same-address rule, an
admin's kick): admitting a player, standing up those who may not play the next game,
the owner's new bet, and removing a player now or at the game's end.

A :class:`Seating` belongs to one table and runs inside its actor.
"""

from __future__ import annotations

import random
from typing import Literal, Protocol, cast

from yuanzi.bots import make_bot
from yuanzi.engine import Game
from yuanzi.hall.errors import Code, HallError
from yuanzi.hall.events import LeaveReason, StoodUp
from yuanzi.hall.models import Account, Seat, TableSpec
from yuanzi.hall.names.botnames import pick_identity
from yuanzi.hall.table import admission, options
from yuanzi.hall.table.audience import Audience
from yuanzi.hall.table.clock import TableClock
from yuanzi.hall.table.commands import Sender, StandReason
from yuanzi.hall.table.context import TableContext
from yuanzi.hall.table.items import TableItems
from yuanzi.hall.table.views import Outbox

BLOCKED_MESSAGE = "the table's owner blocked you"
STILL_HEARING: tuple[StandReason, ...] = ("coins", "same_ip")
"""Stood up for these, a player is not sent away: his client still shows the table (he
may sit again when he can, or leave it)."""


def check_seat(seat: int) -> None:
    """A seat's number is 0 to 3 (commands may come from elsewhere than the wire)."""
    if not 0 <= seat <= 3:
        raise HallError(Code.MALFORMED, "seat must be 0 to 3")


class SeatingHost(Protocol):
    """The table as its seating sees it."""

    spec: TableSpec
    ctx: TableContext
    out: Outbox
    game: Game | None
    clock: TableClock
    items: TableItems
    spectators: Audience
    rng: random.SystemRandom

    @property
    def id(self) -> int: ...
    def seat_index(self, account_id: int) -> int | None: ...
    def owner_only(self, sender: Sender) -> None: ...
    def publish_table(self) -> None: ...
    def reschedule(self) -> None: ...
    def shut_out(self, account_id: int | None, reason: LeaveReason,
                 message: str = "") -> None: ...
    async def table_changed(self) -> None: ...
    async def close(self) -> None: ...


class Seating:
    def __init__(self, table: SeatingHost) -> None:
        self.table = table
        self.out_after_game: dict[int, tuple[StandReason, str]] = {}
        """Players no longer admitted during their game, and why: they stand up at its
        end (a block, or out of the table's club)."""

    async def store_auto(self, seat: int, on: bool) -> None:
        """托管 is stored with the seat whenever its player chooses it, waiting for a game
        or in one (issue 29: chosen before the game it was lost, the game's start
        copying nothing), before anyone hears of it: a restart at any moment keeps it
        (the actor's ``__init__`` takes it up). Being away is not stored: it is no choice."""
        s = self.table.spec.seats[seat]
        if s.auto != on:
            s.auto = on
            try:
                await self.table.ctx.store.save_table(self.table.spec)
            except BaseException:
                s.auto = not on  # not stored: not chosen (the command is refused)
                raise

    def _addresses(self) -> list[str | None]:
        ctx = self.table.ctx
        return [None if s.account is None else ctx.address_of(s.account.id)
                for s in self.table.spec.seats]

    def refresh(self, accounts: dict[int, Account]) -> None:
        """Seated players' accounts as the store has them now (titles, coins)."""
        for s in self.table.spec.seats:
            if s.account is not None and s.account.id in accounts:
                s.account = accounts[s.account.id]

    async def _refresh_seated(self) -> None:
        ids = [s.account.id for s in self.table.spec.seats if s.account is not None]
        self.refresh(await self.table.ctx.economy.accounts(ids))

    async def admit(self, sender: Sender) -> Account:
        """The sender's account as stored now, if it may sit here: 100 × bet coins (R40)
        and, at a betting table, no seated player connecting from its address."""
        table = self.table
        fresh = await table.ctx.economy.account(sender.account_id)
        if fresh is None:
            raise HallError(Code.NO_SUCH_ACCOUNT, "no such account")
        await table.items.load_armed([fresh.id])
        bet = table.spec.bet
        if bet:
            admission.check_coins(fresh.coins, bet)
            others = [a for s, a in zip(table.spec.seats, self._addresses(), strict=True)
                      if s.account is not None]
            admission.check_address(others, table.ctx.address_of(fresh.id), bet,
                                    table.ctx.settings.same_ip_rule)
        return fresh

    async def check_before_game(self) -> bool:
        """R40 before each game: a player below 100 × bet (or sharing an address at a
        betting table) is stood up with a message, and the game does not start."""
        table = self.table
        await self._refresh_seated()
        await table.items.load_armed()
        seats = table.spec.seats
        stand = admission.to_stand_before_game(
            [None if s.account is None else s.account.coins for s in seats],
            self._addresses(), table.spec.bet, table.ctx.settings.same_ip_rule)
        if not stand:
            return True
        for seat, (reason, message) in sorted(stand.items()):
            self.stand_up(seat, reason, message)
        await self.changed_or_closed()
        return False

    def stand_up(self, seat: int, reason: StandReason, message: str) -> None:
        """Free a seat the hall takes from its player, and tell him why."""
        table = self.table
        account = table.spec.seats[seat].account
        if account is None:
            return
        table.spec.seats[seat] = Seat()
        table.ctx.set_seated(account.id, None)
        table.clock.forget(seat)
        table.items.seat_freed(seat)
        self.hand_on_ownership(account.id)
        frame = StoodUp(table=table.id, seat=seat, reason=reason, message=message)
        table.out.account(account.id, frame.envelope())
        if reason not in STILL_HEARING:  # sent out: he hears the table no more (issue 27)
            table.shut_out(account.id, reason, message)

    def hand_on_ownership(self, leaver: int) -> None:
        """The owner left his seat: the table passes to the first player still seated
        (issue 14: a creator who stood up could still change the bet and the bots). The
        caller stores the table; with no player left it closes."""
        spec = self.table.spec
        if spec.owner.id != leaver:
            return
        heir = next((s.account for s in spec.seats if s.account is not None), None)
        if heir is not None:
            spec.owner = heir

    async def changed_or_closed(self) -> None:
        """After players left: the table goes on, or closes with no player left."""
        if any(s.account is not None for s in self.table.spec.seats):
            await self.table.table_changed()
        else:
            await self.table.close()

    def after_game(self) -> None:
        """Players an admin removed during the game leave now (at a tournament's table,
        when it closes), and at a private table those its owner blocked during it (no
        longer admitted, issue 27)."""
        spec = self.table.spec
        for seat, s in enumerate(spec.seats):
            if s.leaving is not None and spec.tournament is None:
                self.stand_up(seat, cast(StandReason, s.leaving),
                              "an admin removed you from this table")
        if spec.private:
            for seat, s in enumerate(spec.seats):
                if s.account is not None and s.account.id not in spec.admitted:
                    reason, message = self.out_after_game.get(s.account.id,
                                                              ("blocked", BLOCKED_MESSAGE))
                    self.stand_up(seat, reason, message)
        self.out_after_game.clear()

    async def leave_now(self) -> None:
        """Taken up between games with a player an admin removed during the last one
        (the hall stopped after its end, before he was stood up): he leaves now."""
        self.after_game()
        await self.changed_or_closed()

    # -- seats and the owner's bots ----------------------------------------------------------

    def check_empty(self, seat: int) -> None:
        check_seat(seat)
        if not self.table.spec.seats[seat].empty:
            raise HallError(Code.SEAT_TAKEN, f"seat {seat} is taken")

    async def add_bot(self, sender: Sender, seat: int, name: str) -> None:
        """The owner seats one of the hall's bots (never at a betting table, R40), with a
        name and a face of its own at this table."""
        table = self.table
        table.owner_only(sender)
        if table.game is not None:
            raise HallError(Code.GAME_IN_PROGRESS, "a game is being played at this table")
        self.check_empty(seat)
        if table.spec.bet:
            raise HallError(Code.BOTS_DO_NOT_BET, "bots do not play at a betting table: a bet "
                                              "is between players (R40)")
        if "@" in name:  # a budget is the arena's knob; the hall's bots think at their default
            raise HallError(Code.UNKNOWN_BOT, f"{name!r}: a table's bot is named without a "
                                              "thinking budget (random, heuristic, search)")
        try:
            make_bot(name, 0)
        except ValueError as e:
            raise HallError(Code.UNKNOWN_BOT, str(e)) from None
        seats = table.spec.seats
        who = pick_identity(table.rng, [n for s in seats for n in (
            s.name, s.name_en, None if s.account is None else s.account.nickname)],
            [s.avatar for s in seats])  # a name and a face of its own at this table
        seats[seat] = Seat(bot=name, ready=True, name=who.name, name_en=who.name_en,
                           avatar=who.avatar)
        await table.table_changed()

    async def remove_bot(self, sender: Sender, seat: int) -> None:
        table = self.table
        table.owner_only(sender)
        if table.game is not None:
            raise HallError(Code.GAME_IN_PROGRESS, "a game is being played at this table")
        if not 0 <= seat <= 3 or table.spec.seats[seat].bot is None:
            raise HallError(Code.MALFORMED, f"seat {seat} holds no bot")
        table.spec.seats[seat] = Seat()
        await table.table_changed()

    # -- the bet (R40) ---------------------------------------------------------------------

    async def set_bet(self, sender: Sender, bet: int) -> int:
        """R40: the owner changes the table's bet between games. Every seated player must
        hold 100 × the new bet (and, at a betting table, no bots and no two players of
        one address); else nothing changes. A new bet un-readies the players: each agrees
        to the new stake by getting ready again."""
        table = self.table
        table.owner_only(sender)
        if table.game is not None:
            raise HallError(Code.GAME_IN_PROGRESS, "the bet changes between games only")
        bet = options.bet(bet)
        if bet == table.spec.bet:
            return bet
        seats = table.spec.seats
        if bet and any(s.bot is not None for s in seats):
            raise HallError(Code.BOTS_DO_NOT_BET, "bots do not play at a betting table: remove "
                                              "them first (R40)")
        await self._refresh_seated()
        if table.game is not None:  # the read let other commands of the hall run
            raise HallError(Code.GAME_IN_PROGRESS, "the bet changes between games only")
        admission.check_new_bet(
            [(s.account.nickname, s.account.coins) for s in seats if s.account is not None],
            self._addresses(), bet, table.ctx.settings.same_ip_rule)
        table.spec.bet = bet
        for s in seats:
            if s.account is not None:
                s.ready = False
        await table.table_changed()
        return bet

    # -- admin: kick -----------------------------------------------------------------------

    async def kick(self, account_id: int, reason: StandReason) -> Literal[
            "stood", "after_game", "not_seated"]:
        """Remove a player: at once between games; during a game the hall's bot plays his
        seat to the end (neither an escape, R35, nor a loss for his partner) and he is
        stood up then. At a tournament's table his seat stays, played by the hall's bot
        to the table's end, and he is withdrawn (退赛: ranked last, his later rounds the
        bot's), or the table could not play on. Returns ``stood``, ``after_game`` or
        ``not_seated``."""
        table = self.table
        seat = table.seat_index(account_id)
        if seat is None:
            return "not_seated"
        message = ("your account was banned" if reason == "banned"
                   else "an admin removed you from this table")
        place = table.spec.tournament
        if table.game is None and place is None:
            self.stand_up(seat, reason, message)
            await self.changed_or_closed()
            return "stood"
        s = table.spec.seats[seat]
        if place is not None:
            await table.ctx.store.withdraw(place.tournament_id, account_id)
        s.leaving = reason
        try:  # stored before anyone hears of it: a restart keeps it
            await table.ctx.store.save_table(table.spec)
        except BaseException:
            s.leaving = None
            raise
        table.clock.set_auto(seat, True)
        table.publish_table()
        table.reschedule()
        return "after_game"

    def check_not_leaving(self, seat: int) -> None:
        if self.table.spec.seats[seat].leaving is not None:
            raise HallError(Code.NOT_SEATED, "an admin removed you from this table; the "
                                             "hall's bot plays your seat to the game's end")
