"""The games aggregate: a game started at a table, its deals and actions stored before
they are broadcast (so a game rebuilds exactly after a crash), and its end.

A game's end is written only by the economy's transaction (:func:`write_finish`, run
by :meth:`yuanzi.store.repos.economy.SqlEconomy.transact` for ``Changes.finish``), so
that a result and its settlement are one commit.
"""

from __future__ import annotations

from typing import Any

from sqlalchemy import bindparam, insert, select, update
from sqlalchemy.orm import Session

from yuanzi.hall.models import Seat, StoredAction, StoredDeal, StoredGame
from yuanzi.hall.ports import FinishGame
from yuanzi.store.models.accounts import Account as AccountRow
from yuanzi.store.models.games import GameAction, GameDeal, GameRow, GameSeat
from yuanzi.store.models.tables import TableRow
from yuanzi.store.repos.base import Repo, now, table_of

_ACTIONS = table_of(GameAction)  # Core statements: no ORM work per action
_GAMES = table_of(GameRow)
_SEATS = table_of(GameSeat)
_DEALS = table_of(GameDeal)
_TABLES = table_of(TableRow)
_ACCOUNTS = table_of(AccountRow)


class GameRepo(Repo):
    """The game methods of :class:`yuanzi.hall.ports.Store`."""

    async def start_game(self, table_id: int, rules: dict[str, Any],
                         seats: list[Seat]) -> int:
        def write(s: Session) -> int:
            game_id: int = s.execute(
                insert(_GAMES).values(table_id=table_id, rules=rules, status="playing",
                                      started_at=now()).returning(_GAMES.c.id)).scalar_one()
            s.execute(insert(_SEATS), [
                {"game_id": game_id, "seat": i,
                 "account_id": None if seat.account is None else seat.account.id,
                 "bot": seat.bot, "bot_name": seat.name, "bot_name_en": seat.name_en,
                 "bot_avatar": seat.avatar} for i, seat in enumerate(seats)])
            s.execute(update(_TABLES).where(_TABLES.c.id == table_id)
                      .values(status="playing", game_id=game_id))
            return game_id

        return await self.journal.run(write)

    async def store_deal(self, game_id: int, deal: StoredDeal) -> None:
        row = {"game_id": game_id, "half": deal.half, "blade_card": deal.blade_card,
               "blade_holder": deal.blade_holder, "first_drawer": deal.first_drawer,
               "hands": deal.hands}

        def write(s: Session) -> None:
            s.execute(insert(_DEALS), [row])

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


def write_finish(s: Session, f: FinishGame) -> None:
    """A game's end: its row (with the settlement), each seat's outcome, games played and
    escapes, the table open again. The economy runs this in its settlement's
    transaction; Core statements, no ORM unit of work (issue 12)."""
    table_id: int = s.execute(select(_GAMES.c.table_id)
                              .where(_GAMES.c.id == f.game_id)).scalar_one()
    values: dict[str, Any] = {"status": f.status, "result": f.result, "record": f.record,
                              "ended_at": now()}
    if f.settlement is not None:
        values["settlement"] = f.settlement
    s.execute(update(_GAMES).where(_GAMES.c.id == f.game_id).values(**values))
    seats: list[tuple[int, int | None]] = [
        (r.seat, r.account_id) for r in s.execute(
            select(_SEATS.c.seat, _SEATS.c.account_id).where(_SEATS.c.game_id == f.game_id))]
    s.execute(update(_SEATS).where(_SEATS.c.game_id == bindparam("b_game"),
                                   _SEATS.c.seat == bindparam("b_seat"))
              .values(outcome=bindparam("b_outcome"), base_stake=bindparam("b_stake")),
              [{"b_game": f.game_id, "b_seat": seat, "b_outcome": f.outcomes[seat][0],
                "b_stake": f.outcomes[seat][1]} for seat, _ in seats])
    played = [{"b_id": account, "b_escape": int(seat == f.escaper)}
              for seat, account in seats if account is not None]
    if played:
        s.execute(update(_ACCOUNTS).where(_ACCOUNTS.c.id == bindparam("b_id"))
                  .values(games_played=_ACCOUNTS.c.games_played + 1,
                          escapes=_ACCOUNTS.c.escapes + bindparam("b_escape")), played)
    s.execute(update(_TABLES).where(_TABLES.c.id == table_id)
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
