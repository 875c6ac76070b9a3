"""The hall's :class:`~yuanzi.hall.ports.Store` on SQLAlchemy: writes through the journal,
reads in a worker thread with a session of their own."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from datetime import UTC, datetime
from typing import Any, TypeVar, cast

from sqlalchemy import Table, delete, select, update
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session, sessionmaker

from yuanzi.hall.economy.inventory import DEFAULT_SLOTS
from yuanzi.hall.economy.ladders import TITLES, ladder_for
from yuanzi.hall.economy.ledger import NEW_ACCOUNT_COINS, Reason
from yuanzi.hall.models import (
    Account,
    Credentials,
    Seat,
    StoredAction,
    StoredDeal,
    StoredGame,
    TableSpec,
)
from yuanzi.hall.ports import NicknameTaken
from yuanzi.store.economy_models import InventoryRow, LedgerRow
from yuanzi.store.journal import Journal
from yuanzi.store.models import (
    Account as AccountRow,
)
from yuanzi.store.models import (
    GameAction,
    GameDeal,
    GameRow,
    GameSeat,
    SessionRow,
    TableRow,
)

T = TypeVar("T")
_ACTIONS = cast(Table, GameAction.__table__)  # Core statements: no ORM work per action
_TABLES = cast(Table, TableRow.__table__)


def now() -> datetime:
    return datetime.now(UTC)


def as_utc(value: datetime) -> datetime:
    """SQLite gives naive datetimes back; every stored time is UTC."""
    return value if value.tzinfo is not None else value.replace(tzinfo=UTC)


def _time(value: float | None) -> datetime | None:
    return None if value is None else datetime.fromtimestamp(value, UTC)


def _stamp(value: datetime | None) -> float | None:
    return None if value is None else as_utc(value).timestamp()


def to_account(row: AccountRow, ladder: str = TITLES) -> Account:
    return Account(row.id, row.nickname, row.role, row.ladder_score, row.coins,
                   row.ladder_level, ladder, row.rating_mu, row.rating_sigma,
                   bool(row.banned))


class SqlStore:
    """Implements :class:`yuanzi.hall.ports.Store`.

    ``ladder`` is the hall's ladder (R39), which says how stored ladder values read;
    ``new_account_coins`` and ``inventory_slots`` are R44's settings for new accounts.
    """

    def __init__(self, journal: Journal, sessions: sessionmaker[Session],
                 ladder: str = TITLES, new_account_coins: int = NEW_ACCOUNT_COINS,
                 inventory_slots: int = DEFAULT_SLOTS) -> None:
        self.journal = journal
        self.sessions = sessions
        self.ladder = ladder_for(ladder).name
        self.new_account_coins = new_account_coins
        self.inventory_slots = inventory_slots

    def to_account(self, row: AccountRow) -> Account:
        return to_account(row, self.ladder)

    async def _read(self, fn: Callable[[Session], T]) -> T:
        def work() -> T:
            with self.sessions() as session:
                return fn(session)

        return await asyncio.to_thread(work)

    # -- accounts --------------------------------------------------------------------------

    async def create_account(self, nickname: str, key: str, password_hash: str,
                             role: str) -> Account:
        try:
            return await self.journal.run(
                lambda s: add_account(s, nickname, key, password_hash, role,
                                      self.new_account_coins, self.inventory_slots,
                                      self.ladder))
        except IntegrityError:
            raise NicknameTaken(nickname) from None

    async def credentials(self, key: str) -> Credentials | None:
        def read(s: Session) -> Credentials | None:
            row = s.scalar(select(AccountRow).where(AccountRow.nickname_key == key))
            return None if row is None else Credentials(self.to_account(row),
                                                        row.password_hash)

        return await self._read(read)

    async def account(self, account_id: int) -> Account | None:
        def read(s: Session) -> Account | None:
            row = s.get(AccountRow, account_id)
            return None if row is None else self.to_account(row)

        return await self._read(read)

    async def create_session(self, token_hash: str, account_id: int,
                             expires_at: datetime) -> None:
        def write(s: Session) -> None:
            s.add(SessionRow(token_hash=token_hash, account_id=account_id, created_at=now(),
                             expires_at=expires_at))

        await self.journal.run(write)

    async def delete_session(self, token_hash: str) -> None:
        await self.journal.run(
            lambda s: s.execute(delete(SessionRow).where(SessionRow.token_hash == token_hash)))

    async def session_account(self, token_hash: str, at: datetime) -> Account | None:
        def read(s: Session) -> Account | None:
            row = s.get(SessionRow, token_hash)
            if row is None or as_utc(row.expires_at) <= at:
                return None
            acc = s.get(AccountRow, row.account_id)
            return None if acc is None else self.to_account(acc)

        return await self._read(read)

    # -- tables ----------------------------------------------------------------------------

    async def create_table(self, spec: TableSpec) -> int:
        def write(s: Session) -> int:
            row = TableRow(name=spec.name, owner_id=spec.owner.id, tablecloth=spec.tablecloth,
                           bet=spec.bet, rules=spec.rules,
                           seats=[seat.to_json() for seat in spec.seats], status=spec.status,
                           game_id=spec.game_id, created_at=now(),
                           name_protected_until=_time(spec.name_protected_until),
                           name_default=spec.name_default)
            s.add(row)
            s.flush()
            return row.id

        return await self.journal.run(write)

    async def save_table(self, spec: TableSpec) -> None:
        values = {"name": spec.name, "tablecloth": spec.tablecloth, "bet": spec.bet,
                  "rules": spec.rules, "seats": [seat.to_json() for seat in spec.seats],
                  "status": spec.status, "game_id": spec.game_id,
                  "name_protected_until": _time(spec.name_protected_until),
                  "name_default": spec.name_default}
        stmt = update(_TABLES).where(_TABLES.c.id == spec.id).values(**values)
        await self.journal.run(lambda s: s.execute(stmt))

    async def open_tables(self) -> list[TableSpec]:
        def read(s: Session) -> list[TableSpec]:
            rows = s.scalars(select(TableRow).where(TableRow.status != "closed")
                             .order_by(TableRow.id)).all()
            ids = {r.owner_id for r in rows}
            for r in rows:
                ids.update(seat["account_id"] for seat in r.seats if seat.get("account_id"))
            accounts = {a.id: self.to_account(a) for a in
                        s.scalars(select(AccountRow).where(AccountRow.id.in_(ids))).all()}
            out = []
            for r in rows:
                seats = [Seat(accounts.get(x["account_id"]) if x.get("account_id") else None,
                              x.get("bot"), bool(x.get("ready")), x.get("name"),
                              x.get("name_en"), x.get("avatar")) for x in r.seats]
                out.append(TableSpec(r.id, r.name, accounts[r.owner_id], r.tablecloth, r.bet,
                                     dict(r.rules), seats, r.status, r.game_id,
                                     _stamp(r.name_protected_until), bool(r.name_default)))
            return out

        return await self._read(read)

    # -- games -----------------------------------------------------------------------------

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

    async def finish_game(self, game_id: int, status: str, result: dict[str, Any] | None,
                          record: dict[str, Any], outcomes: list[tuple[str, int]],
                          escaper: int | None) -> None:
        await self.journal.run(
            lambda s: write_finish(s, game_id, status, result, record, outcomes, escaper))

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


def add_account(s: Session, nickname: str, key: str, password_hash: str, role: str,
                coins: int = NEW_ACCOUNT_COINS, slots: int = DEFAULT_SLOTS,
                ladder: str = TITLES) -> Account:
    """A new account with its starting coins — a ``new_account`` ledger row (R44), the
    only way an account's first coins appear — its empty inventory and the ladder's
    starting value (R37, R38)."""
    start = ladder_for(ladder).new_player()
    row = AccountRow(nickname=nickname, nickname_key=key, password_hash=password_hash,
                     role=role, created_at=now(), ladder_score=start.score,
                     ladder_level=start.level, coins=coins, games_played=0, escapes=0,
                     wins=0, double_wins=0, double_losses=0, rating_mu=25.0,
                     rating_sigma=25.0 / 3.0, banned=False)
    s.add(row)
    s.flush()
    if coins:
        s.add(LedgerRow(account_id=row.id, amount=coins, reason=Reason.NEW_ACCOUNT.value,
                        at=row.created_at))
    s.add(InventoryRow(account_id=row.id, slots=[None] * slots, armed=[]))
    return to_account(row, ladder)


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
