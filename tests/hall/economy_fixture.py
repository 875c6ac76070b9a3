"""A hall's economy on a real store, for service-level tests: accounts, a table, games,
and game results made to order (winner, kind, 上游)."""

from __future__ import annotations

import asyncio
from collections.abc import Coroutine, Iterator, Sequence
from contextlib import contextmanager
from typing import Any, TypeVar

from yuanzi.engine import DOUBLE, DRAW, NORMAL, GameResult, HalfResult
from yuanzi.engine.cards import CARDS
from yuanzi.hall.economy.items import item_code
from yuanzi.hall.models import Account, Seat, TableSpec
from yuanzi.hall.ports import Changes, FinishGame, Settlement, Wallet
from yuanzi.hall.services.admin import AdminService
from yuanzi.hall.services.settlement import TableSettlement
from yuanzi.hall.services.standings import Standings
from yuanzi.hall.services.wallet import WalletService
from yuanzi.hall.settings import Settings
from yuanzi.store.setup import Database, open_database

T = TypeVar("T")


def result(winner: int | None, kind: str = NORMAL, upstream: int = 0) -> GameResult:
    """A game result (R32) as the engine gives it; only what the economy reads is real."""
    if winner is None:
        kind = DRAW
    half = HalfResult(CARDS[0], 0, "team_out", (upstream,), upstream, None, (0, 0, 0, 0),
                      (150, 150))
    return GameResult(winner, kind, (half,))


NORMAL_WIN, DOUBLE_WIN = NORMAL, DOUBLE


class EconomyHall:
    """An event loop, a database and the hall's economy services, driven synchronously."""

    def __init__(self, settings: Settings) -> None:
        self.loop = asyncio.new_event_loop()
        self.db: Database = open_database(settings)
        store = self.db.economy
        self.standings = Standings(settings, store)
        self.wallet = WalletService(settings, store, self.standings)
        self.admin = AdminService(store, self.standings)
        self.settlement = TableSettlement(settings, store, self.standings.ladder)
        self.run(self.standings.start())
        self._n = 0
        self.table_id: int | None = None

    def run(self, coro: Coroutine[Any, Any, T]) -> T:
        return self.loop.run_until_complete(coro)

    def close(self) -> None:
        self.db.close()
        self.loop.close()

    def account(self, name: str | None = None, role: str = "player") -> Account:
        self._n += 1
        name = name or f"p{self._n}"
        return self.run(self.db.store.create_account(name, name.lower(), "h", role))

    def fresh(self, a: Account) -> Account:
        got = self.run(self.standings.account(a.id))
        assert got is not None
        return got

    def seats(self, accounts: Sequence[Account | None]) -> list[Seat]:
        return [Seat(bot="random") if a is None else Seat(account=a) for a in accounts]

    def game(self, seats: list[Seat]) -> int:
        if self.table_id is None:
            owner = next(s.account for s in seats if s.account is not None)
            assert owner is not None
            self.table_id = self.run(self.db.store.create_table(
                TableSpec(0, "t", owner, "green", 0, {})))
        return self.run(self.db.store.start_game(self.table_id, {}, seats))

    def finish(self, accounts: Sequence[Account | None], res: GameResult,
               bet: int = 0) -> Settlement:
        seats = self.seats(accounts)
        game_id = self.game(seats)
        finish = FinishGame(game_id, "finished", {"winner": res.winner}, {"halves": []},
                            [("x", 0)] * 4, None)
        return self.run(self.settlement.finish_game(game_id, seats, bet, res, finish))

    def escape(self, accounts: Sequence[Account | None], escaper: int,
               bet: int = 0) -> Settlement:
        seats = self.seats(accounts)
        game_id = self.game(seats)
        finish = FinishGame(game_id, "abandoned", None, {"halves": []},
                            [("x", 0)] * 4, escaper)
        return self.run(self.settlement.abandon_game(game_id, seats, bet, escaper, finish))

    def give(self, a: Account, code: str) -> None:
        """Put one item or gem in an inventory without moving coins (as a drop would)."""
        def decide(wallets: dict[int, Wallet]) -> Changes:
            c = Changes()
            c.wallet(a.id).inventory = wallets[a.id].inventory.add(item_code(code))
            return c

        self.run(self.db.economy.transact([a.id], decide))

    def set_ladder(self, a: Account, score: int, level: int) -> None:
        from sqlalchemy import update

        from yuanzi.store.models.accounts import Account as Row

        with self.db.sessions.begin() as s:
            s.execute(update(Row).where(Row.id == a.id)
                      .values(ladder_score=score, ladder_level=level))


@contextmanager
def economy_hall(tmp_path: Any, **settings: Any) -> Iterator[EconomyHall]:
    values: dict[str, Any] = {"db_path": tmp_path / "eco.db", "database_url": ""}
    values.update(settings)
    hall = EconomyHall(Settings(**values))
    try:
        yield hall
    finally:
        hall.close()
