"""Partners by choice (issue 31): moving to an empty seat, asking another player to
swap, the owner arranging his table — between games only — and the seat a newcomer
takes: opposite the one who brought him.

In a partnership game (R20: partners sit opposite) sitting across from your friend is why
you open a 好友房, so a seat is never a matter of who came first. A swap between players
is asked and answered (it lapses after :data:`ASK_SECONDS` or when a seat changes); the
owner's table is his to arrange, bots included. Whoever moves is un-readied, so no game
starts on a seating someone has not seen.

A :class:`SeatMoves` belongs to one table and runs inside its actor.
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from typing import Literal, Protocol

from yuanzi.engine import Game
from yuanzi.hall.errors import Code, HallError
from yuanzi.hall.models import Seat, TableSpec
from yuanzi.hall.people_frames import Someone, SwapAnswered, SwapAsked
from yuanzi.hall.table.clock import TableClock
from yuanzi.hall.table.commands import Sender
from yuanzi.hall.table.context import TableContext
from yuanzi.hall.table.seating import check_seat
from yuanzi.hall.table.views import Outbox

ASK_SECONDS = 60.0
"""How long a swap asked waits for its answer."""


class MovesHost(Protocol):
    """The table as its seat moves see it."""

    spec: TableSpec
    ctx: TableContext
    out: Outbox
    game: Game | None
    clock: TableClock

    @property
    def id(self) -> int: ...
    def seat_index(self, account_id: int) -> int | None: ...
    def seat_of(self, account_id: int) -> int: ...
    async def table_changed(self) -> None: ...


@dataclass(frozen=True, slots=True)
class Ask:
    asker: int
    """The asking account."""
    from_seat: int
    to_seat: int
    until: float


class SeatMoves:
    def __init__(self, table: MovesHost) -> None:
        self.table = table
        self.asks: dict[int, Ask] = {}
        """Swaps waiting for their answer, by the account asked."""

    def _between_games(self) -> None:
        if self.table.game is not None:
            raise HallError(Code.GAME_IN_PROGRESS, "seats change between games")

    async def move(self, sender: Sender, seat: int) -> int:
        """The sender moves to an empty seat."""
        table = self.table
        here = table.seat_of(sender.account_id)
        self._between_games()
        check_seat(seat)
        if seat == here:
            return seat
        if not table.spec.seats[seat].empty:
            raise HallError(Code.SEAT_TAKEN, f"seat {seat} is taken: ask its player to swap")
        await self._swap(here, seat)
        return seat

    async def swap(self, sender: Sender, seat: int) -> tuple[Literal["asked", "swapped"], int]:
        """Swap the sender's seat with ``seat``: at once if it is empty, or the owner
        arranges (a bot's seat is the owner's to give); else its player is asked."""
        table = self.table
        spec = table.spec
        here = table.seat_of(sender.account_id)
        self._between_games()
        check_seat(seat)
        if seat == here:
            raise HallError(Code.BAD_OPTIONS, "that is your own seat")
        other = spec.seats[seat]
        owner = sender.account_id == spec.owner.id or sender.is_admin
        if other.empty or owner:
            await self._swap(here, seat)
            return "swapped", seat
        if other.account is None:
            raise HallError(Code.NOT_OWNER, "a bot's seat is the table owner's to give")
        self._forget_stale()
        self.asks[other.account.id] = Ask(sender.account_id, here, seat,
                                          time.monotonic() + ASK_SECONDS)
        frame = SwapAsked(table=table.id, seat=seat, from_seat=here,
                          by=Someone(id=sender.account_id, nickname=sender.nickname))
        table.out.account(other.account.id, frame.envelope())
        return "asked", here

    async def answer(self, sender: Sender, seat: int, accept: bool) -> int:
        """The answer of the player asked to the one at ``seat``; his seat after it."""
        table = self.table
        me = sender.account_id
        here = table.seat_of(me)
        ask = self.asks.get(me)
        if ask is None or ask.until < time.monotonic() or ask.from_seat != seat:
            raise HallError(Code.NO_SUCH_REQUEST, "no swap is asked of you from that seat "
                                                  "(it lapses after a minute)")
        del self.asks[me]
        asker = table.spec.seats[seat].account
        if asker is None or asker.id != ask.asker or ask.to_seat != here:
            raise HallError(Code.NO_SUCH_REQUEST, "the seats changed since it was asked")
        self._between_games()
        if accept:
            await self._swap(here, seat)
        frame = SwapAnswered(table=table.id, accept=accept,
                             by=Someone(id=me, nickname=sender.nickname))
        table.out.account(ask.asker, frame.envelope())
        return seat if accept else here

    def newcomer_seat(self, brought_by: int | None) -> int | None:
        """The seat for one who came in by code, link or invitation: opposite the one who
        brought him (the inviter; by code or link, the owner) if it is free, else the
        first free seat (None: the table is full)."""
        seats = self.table.spec.seats
        host = self.table.seat_index(brought_by if brought_by is not None
                                     else self.table.spec.owner.id)
        if host is not None and seats[(host + 2) % 4].empty:
            return (host + 2) % 4
        return next((i for i, s in enumerate(seats) if s.empty), None)

    async def _swap(self, a: int, b: int) -> None:
        """Seats ``a`` and ``b`` change hands; the players moved get ready again."""
        seats = self.table.spec.seats
        seats[a], seats[b] = seats[b], seats[a]
        for seat in (a, b):
            moved = seats[seat]
            if moved.account is not None:
                seats[seat] = Seat(account=moved.account, ready=False, auto=moved.auto)
        self.table.clock.swap(a, b)
        self.asks = {k: v for k, v in self.asks.items()
                     if v.from_seat not in (a, b) and v.to_seat not in (a, b)}
        await self.table.table_changed()

    def _forget_stale(self) -> None:
        now = time.monotonic()
        self.asks = {k: v for k, v in self.asks.items() if v.until >= now}
