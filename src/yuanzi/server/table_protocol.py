"""Client → server messages bound for one table (protocol version 1): seats, play, the
table's owner's and its players' doings. Those that are one table command and nothing
more say which (:class:`TableCommand`); :mod:`.protocol` reads them with the rest.
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field

from yuanzi.engine import CardError, parse_cards
from yuanzi.engine.cards import Card
from yuanzi.hall.errors import Code, HallError
from yuanzi.hall.table import commands
from yuanzi.hall.table.commands import Sender
from yuanzi.server.wire import MAX_AMOUNT, Id, Inbound

TableId = Id
SeatNo = Annotated[int, Field(ge=0, le=3)]


class TableCommand(Inbound):
    """A message that is one table command and nothing more: it names its command here,
    beside its wire shape, and :mod:`yuanzi.server.ws.dispatch` sends it as it is."""

    table: TableId

    def command(self, sender: Sender) -> commands.Command:
        raise NotImplementedError

class LockTable(TableCommand):
    type: Literal["lock_table"]
    table: TableId
    locked: bool = True

    def command(self, sender: Sender) -> commands.Command:
        return commands.Lock(sender, self.table, self.locked)

class RemovePlayer(TableCommand):
    type: Literal["remove_player"]
    table: TableId
    seat: SeatNo

    def command(self, sender: Sender) -> commands.Command:
        return commands.RemovePlayer(sender, self.table, self.seat)

class MoveSeat(TableCommand):
    """Move to an empty seat of the table you sit at, between games (issue 31)."""

    type: Literal["move_seat"]
    table: TableId
    seat: SeatNo

    def command(self, sender: Sender) -> commands.Command:
        return commands.MoveSeat(sender, self.table, self.seat)

class SwapSeats(TableCommand):
    """Ask the player at ``seat`` to swap with you (the owner swaps at once)."""

    type: Literal["swap_seats"]
    table: TableId
    seat: SeatNo

    def command(self, sender: Sender) -> commands.Command:
        return commands.SwapSeats(sender, self.table, self.seat)

class SwapAnswer(TableCommand):
    """Answer a swap asked by the player at ``seat``."""

    type: Literal["swap_answer"]
    table: TableId
    seat: SeatNo
    accept: bool = True

    def command(self, sender: Sender) -> commands.Command:
        return commands.AnswerSwap(sender, self.table, self.seat, self.accept)

class GoOn(TableCommand):
    """继续: you have read the first half's summary; the second half's clock starts when
    everyone has (issue 31)."""

    type: Literal["go_on"]
    table: TableId

    def command(self, sender: Sender) -> commands.Command:
        return commands.GoOn(sender, self.table)

class OpenSession(TableCommand):
    """The owner of a private or club table opens a session room (issue 26): 4, 8 or 16
    games, or 0: until someone leaves."""

    type: Literal["open_session"]
    table: TableId
    games: Annotated[int, Field(ge=0, le=16)]

    def command(self, sender: Sender) -> commands.Command:
        return commands.OpenSession(sender, self.table, self.games)

class EndSession(TableCommand):
    """A seated player asks to end the session early (``agree``), or says no."""

    type: Literal["end_session"]
    table: TableId
    agree: bool = True

    def command(self, sender: Sender) -> commands.Command:
        return commands.EndSession(sender, self.table, self.agree)

class Contribute(TableCommand):
    """Your random value for the deal about to be drawn (issue 28): answer a
    ``deal_commit`` with 16 to 64 lowercase hex digits."""

    type: Literal["contribute"]
    table: TableId
    value: Annotated[str, Field(max_length=64)]

    def command(self, sender: Sender) -> commands.Command:
        return commands.Contribute(sender, self.table, self.value)

class RemoveSpectator(TableCommand):
    """The owner of a private table sends a spectator away (issue 27)."""

    type: Literal["remove_spectator"]
    table: TableId
    account: Id

    def command(self, sender: Sender) -> commands.Command:
        return commands.RemoveSpectator(sender, self.table, self.account)

class GiveOwner(TableCommand):
    type: Literal["give_owner"]
    table: TableId
    account: Id

    def command(self, sender: Sender) -> commands.Command:
        return commands.GiveOwner(sender, self.table, self.account)

class Sit(Inbound):
    type: Literal["sit"]
    table: TableId
    seat: SeatNo

class Stand(Inbound):
    """Leave a seat; during a game only with ``escape: true`` (R35)."""

    type: Literal["stand"]
    table: TableId
    escape: bool = False

class Ready(TableCommand):
    type: Literal["ready"]
    table: TableId
    ready: bool = True
    bet: Annotated[int, Field(ge=0, le=MAX_AMOUNT)] | None = None
    """The bet the player agrees to; refused (``bet_changed``) if the table's is now
    another (the owner changed it while this message was on its way)."""

    def command(self, sender: Sender) -> commands.Command:
        return commands.Ready(sender, self.table, self.ready, self.bet)

class AddBot(Inbound):
    type: Literal["add_bot"]
    table: TableId
    seat: SeatNo
    bot: Annotated[str, Field(max_length=32)] | None = None

class RemoveBot(TableCommand):
    type: Literal["remove_bot"]
    table: TableId
    seat: SeatNo

    def command(self, sender: Sender) -> commands.Command:
        return commands.RemoveBot(sender, self.table, self.seat)

class Spectate(Inbound):
    type: Literal["spectate"]
    table: TableId

class Unwatch(Inbound):
    type: Literal["unwatch"]
    table: TableId

class Play(Inbound):
    """An action: cards in R2 notation (``"7S 7S"``) or ``"pass"``, at the version seen."""

    type: Literal["play"]
    table: TableId
    version: Annotated[int, Field(ge=0, le=MAX_AMOUNT)]
    cards: Annotated[str, Field(min_length=1, max_length=600)]

    def action(self) -> tuple[Card, ...] | None:
        """The cards parsed (None: a pass); bad card text is an illegal move."""
        if self.cards.strip().lower() == "pass":
            return None
        try:
            return tuple(parse_cards(self.cards))
        except CardError as e:
            raise HallError(Code.ILLEGAL_MOVE, str(e)) from None

class AutoPlay(TableCommand):
    """托管 on or off (R34)."""

    type: Literal["auto_play"]
    table: TableId
    on: bool

    def command(self, sender: Sender) -> commands.Command:
        return commands.AutoPlay(sender, self.table, self.on)

class Hint(TableCommand):
    """The hall's heuristic bot's move for your seat at this version (to you only)."""

    type: Literal["hint"]
    table: TableId
    version: Annotated[int, Field(ge=0, le=MAX_AMOUNT)]

    def command(self, sender: Sender) -> commands.Command:
        return commands.Hint(sender, self.table, self.version)

class Resync(Inbound):
    """Your seat's (or a spectator's) whole current view of a table, in the reply."""

    type: Literal["resync"]
    table: TableId

class RenameTable(Inbound):
    """Rename your table with a sign or a gold sign (R41); ``item`` picks which."""

    type: Literal["rename_table"]
    table: TableId
    name: Annotated[str, Field(max_length=64)]
    item: Literal["sign", "gold_sign"] | None = None
