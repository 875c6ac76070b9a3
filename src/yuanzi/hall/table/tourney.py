"""A tournament's table (issue 28): its seats drawn and its settings the tournament's, it
plays its round's games one after the other — each dealt from the round's deal, the same
at every table (duplicate) — and closes when they are played, its players free for the
next round.

A table belongs to its tournament: nobody sits, stands, readies, seats a bot or changes
its settings (``tournament_table``); a player who goes away is played by 托管 (R34) as at
any table, and one who withdrew (退赛) is so for the rest of the round. While a round is
played its games' records stay hidden (``game_over`` without the record), since other
tables are still playing the same cards.

For the same reason (issue 43) nobody but the table's own four players sees or says
anything there: no spectator, entrant of another table, outsider or stranger watches,
resyncs, comes in or talks (``round_in_play``, after which a connection hears the table no
more); an admin alone may watch, and says nothing. A tournament's table is in no lobby.
A club's tournament is its members' own: to anyone else its tables are not there at all
(issue 54), every command of his answered as for a missing table (``no_such_table``),
whatever the table is doing.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Protocol

from yuanzi.engine import Game
from yuanzi.hall.errors import Code, HallError, no_such_table
from yuanzi.hall.models import DealFairness, Seat, TableSpec, TournamentPlace
from yuanzi.hall.table import commands as c
from yuanzi.hall.table.clock import TableClock
from yuanzi.hall.table.context import TableContext
from yuanzi.hall.table.sender import Sender

Job = Callable[[], Awaitable[None]]

FIXED = (c.Sit, c.Stand, c.Ready, c.AddBot, c.RemoveBot, c.SetBet, c.Rename, c.SetCloth,
         c.Lock, c.RemovePlayer, c.GiveOwner, c.Invite, c.MoveSeat, c.SwapSeats,
         c.AnswerSwap, c.OpenSession, c.EndSession, c.Block, c.ComeIn, c.Contribute)
"""What a tournament's table refuses: its seats, settings and deals are the tournament's."""


class TourneyHost(Protocol):
    spec: TableSpec
    ctx: TableContext
    game: Game | None
    clock: TableClock

    @property
    def id(self) -> int: ...
    def later(self, delay: float, job: Job) -> None: ...
    def seat_index(self, account_id: int) -> int | None: ...
    async def close(self) -> None: ...


class TableTourney:
    def __init__(self, table: TourneyHost) -> None:
        self.table = table

    @property
    def place(self) -> TournamentPlace | None:
        return self.table.spec.tournament

    async def check(self, sender: Sender, command: object) -> None:
        """Refuse what a tournament's table does not take: anything from one who is not
        one of its players (an admin aside) — from one who may not see a club's
        tournament, in the words said of a table that does not exist, before anything
        that would tell the table is there (issue 54) — and its seats', settings' and
        deals' moves from anyone."""
        place = self.place
        if place is None:
            return
        if (not sender.is_admin and self.table.seat_index(sender.account_id) is None
                and not isinstance(command, c.Presence | c.View)):  # (nothing to answer)
            if place.club_id is not None and not await self._in_club(place.club_id,
                                                                     sender.account_id):
                raise no_such_table(self.table.id)
            if not isinstance(command, c.Unwatch):
                raise HallError(Code.ROUND_IN_PLAY, "a tournament's table is seen only by "
                                                    "its four players while its round is "
                                                    "played; its games open when the "
                                                    "round is over")
        if isinstance(command, FIXED):
            raise HallError(Code.TOURNAMENT_TABLE, "this is a tournament's table: its seats, "
                                                   "settings and deals are drawn")

    async def _in_club(self, club_id: int, account_id: int) -> bool:
        """Whether he may see the club's tournament (as :mod:`yuanzi.hall.tournaments.desk`
        says: a member in good standing)."""
        member = await self.table.ctx.store.club_member(club_id, account_id)
        return member is not None and member.standing == "member"

    async def next_deal(self) -> DealFairness | None:
        """The deal of this table's next game (None: its games are played)."""
        place = self.place
        assert place is not None
        k = await self.table.ctx.store.games_at_table(self.table.id)
        return place.deals[k] if k < min(place.games, len(place.deals)) else None

    async def _withdrawn(self, tournament_id: int) -> set[int]:
        t = await self.table.ctx.store.tournament(tournament_id)
        return set() if t is None else {e.account_id for e in t.entries
                                         if e.withdrawn_round is not None
                                         and e.account_id is not None}

    async def after_game(self, start: Job) -> None:
        """A game ended: the next one starts after a moment, or the table closes (its
        players are free) and the tournament hears it."""
        place = self.place
        t = self.table
        if place is None or t.game is not None:
            return
        if await t.ctx.store.games_at_table(t.id) < place.games:
            withdrawn = await self._withdrawn(place.tournament_id)
            for i, s in enumerate(t.spec.seats):
                s.ready = True
                if s.account is not None and s.account.id in withdrawn:  # 退赛: 托管 on
                    s.auto = True
                    t.clock.set_auto(i, True)
            await t.ctx.store.save_table(t.spec)
            t.later(t.ctx.settings.tournament_pause_seconds, start)
            return
        for s in t.spec.seats:
            if s.account is not None and t.ctx.seat_of(s.account.id) == t.id:
                t.ctx.set_seated(s.account.id, None)
        t.spec.seats = [Seat() for _ in range(4)]
        await t.close()
        t.ctx.tournament_news.table_done(place.tournament_id, place.round)
