"""The games aggregate: a game started at a table, its deals and actions stored before
they are broadcast (so a game rebuilds exactly after a crash), and its end.

A game's end is written only by the economy's transaction (:func:`write_finish`, run
by :meth:`yuanzi.store.repos.economy.SqlEconomy.transact` for ``Changes.finish``), so
that a result and its settlement are one commit.
"""

from __future__ import annotations

from typing import Any, cast

from sqlalchemy import Table, select, update
from sqlalchemy.orm import Session

from yuanzi.hall.models import Seat, StoredAction, StoredDeal, StoredGame
from yuanzi.store.models.accounts import Account as AccountRow
from yuanzi.store.models.games import GameAction, GameDeal, GameRow, GameSeat
from yuanzi.store.models.tables import TableRow
from yuanzi.store.repos.base import Repo, now

_ACTIONS = cast(Table, GameAction.__table__)  # Core statements: no ORM work per action


class GameRepo(Repo):
    """The game methods of :class:`yuanzi.hall.ports.Store`."""

    async def start_game(self, table_id: int, rules: dict[str, Any],
                         seats: list[Seat]) -> int:
        def write(s: Session) -> int:
            row = GameRow(table_id=table_id, rules=rules, status="playing", started_at=now())
            s.add(row)
            s.flush()
            for i, seat in enumerate(seats):
                s.add(GameSeat(game_id=row.id, seat=i,
                               account_id=None if seat.account is None else seat.account.id,
                               bot=seat.bot, bot_name=seat.name, bot_name_en=seat.name_en,
                               bot_avatar=seat.avatar))
            s.execute(update(TableRow).where(TableRow.id == table_id)
                      .values(status="playing", game_id=row.id))
            return row.id

        return await self.journal.run(write)

    async def store_deal(self, game_id: int, deal: StoredDeal) -> None:
        def write(s: Session) -> None:
            s.add(GameDeal(game_id=game_id, half=deal.half, blade_card=deal.blade_card,
                           blade_holder=deal.blade_holder, first_drawer=deal.first_drawer,
                           hands=deal.hands))

        await self.journal.run(write)

    async def store_action(self, game_id: int, action: StoredAction) -> None:
        row = {"game_id": game_id, "idx": action.idx, "half": action.half, "seat": action.seat,
               "cards": action.cards, "reason": action.reason, "at": now()}
        await self.journal.insert(_ACTIONS, row)

    async def game(self, game_id: int) -> StoredGame | None:
        return await self._read(lambda s: load_game(s, game_id))

    async def game_record(self, game_id: int) -> dict[str, Any] | None:
        def read(s: Session) -> dict[str, Any] | None:
            row = s.get(GameRow, game_id)
            return None if row is None else row.record

        return await self._read(read)


def write_finish(s: Session, game_id: int, status: str, result: dict[str, Any] | None,
                 record: dict[str, Any], outcomes: list[tuple[str, int]],
                 escaper: int | None) -> None:
    """A game's end: its row, each seat's outcome, games played and escapes, the table
    open again. The economy runs this in its settlement's transaction."""
    game = s.get(GameRow, game_id)
    assert game is not None
    game.status = status
    game.result = result
    game.record = record
    game.ended_at = now()
    for seat_row in s.scalars(select(GameSeat).where(GameSeat.game_id == game_id)):
        outcome, stake = outcomes[seat_row.seat]
        seat_row.outcome = outcome
        seat_row.base_stake = stake
        if seat_row.account_id is not None:
            values: dict[str, Any] = {"games_played": AccountRow.games_played + 1}
            if seat_row.seat == escaper:
                values["escapes"] = AccountRow.escapes + 1
            s.execute(update(AccountRow).where(AccountRow.id == seat_row.account_id)
                      .values(**values))
    s.execute(update(TableRow).where(TableRow.id == game.table_id)
              .values(status="open", game_id=None))


def load_game(s: Session, game_id: int) -> StoredGame | None:
    row = s.get(GameRow, game_id)
    if row is None:
        return None
    deals = [StoredDeal(d.half, d.blade_card, d.blade_holder, d.first_drawer, list(d.hands))
             for d in s.scalars(select(GameDeal).where(GameDeal.game_id == game_id)
                                .order_by(GameDeal.half))]
    actions = [StoredAction(a.idx, a.half, a.seat, a.cards, a.reason)
               for a in s.scalars(select(GameAction).where(GameAction.game_id == game_id)
                                  .order_by(GameAction.idx))]
    seats = [{"seat": x.seat, "account_id": x.account_id, "bot": x.bot, "name": x.bot_name,
              "name_en": x.bot_name_en, "avatar": x.bot_avatar, "outcome": x.outcome,
              "base_stake": x.base_stake}
             for x in s.scalars(select(GameSeat).where(GameSeat.game_id == game_id)
                                .order_by(GameSeat.seat))]
    return StoredGame(row.id, row.table_id, dict(row.rules), row.status, deals, actions,
                      row.result, seats)
