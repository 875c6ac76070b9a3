"""The economy's unit of work on SQLite and PostgreSQL: ledger rows and balances move
together, a refusal writes nothing, an overdraft is refused by the store itself, and the
migration gives existing accounts their opening ledger rows."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest
from sqlalchemy import create_engine, text

from yuanzi.hall.economy.errors import InsufficientCoins, NegativeBalance
from yuanzi.hall.economy.items import ItemCode
from yuanzi.hall.economy.ledger import LedgerEntry, Reason, purchase
from yuanzi.hall.errors import HallError
from yuanzi.hall.ports import AuditEntry, Changes, Wallet
from yuanzi.store.migrate import upgrade
from yuanzi.store.setup import Database


def test_new_accounts_start_with_a_ledger_row_and_an_empty_inventory(
        database: Database) -> None:
    async def run() -> None:
        a = await database.store.create_account("Ann", "ann", "h", "player")
        w = await database.economy.wallet(a.id)
        assert w is not None and w.coins == 5000 and w.inventory.free_slots == 24
        assert [e["reason"] for e in await database.economy.ledger_of(a.id, 10)] == [
            "new_account"]
        totals = await database.economy.ledger_totals()
        assert totals.by_reason == {"new_account": 5000} and totals.balances == 5000
        assert totals.mismatched_accounts == [] and totals.negative_accounts == []

    asyncio.run(run())


def test_a_decision_writes_entries_balances_and_inventory_in_one_transaction(
        database: Database) -> None:
    economy = database.economy

    def buy(account_id: int, price: int) -> object:
        def decide(wallets: dict[int, Wallet]) -> Changes:
            w = wallets[account_id]
            entries = purchase(account_id, w.coins, price, "timer")
            c = Changes(entries=entries, result="bought")
            c.wallet(account_id).inventory = w.inventory.add(ItemCode.TIMER)
            return c
        return decide

    async def run() -> None:
        a = await database.store.create_account("Bob", "bob", "h", "player")
        applied = await economy.transact([a.id], buy(a.id, 3000))  # type: ignore[arg-type]
        assert applied.result == "bought" and applied.accounts[a.id].coins == 2000
        with pytest.raises(InsufficientCoins):  # refused by the decision: nothing written
            await economy.transact([a.id], buy(a.id, 3000))  # type: ignore[arg-type]
        w = await economy.wallet(a.id)
        assert w is not None and w.coins == 2000 and w.inventory.count("timer") == 1

        def overdraft(wallets: dict[int, Wallet]) -> Changes:  # a wrong decision
            return Changes(entries=(LedgerEntry(a.id, -2001, Reason.PURCHASE, item="x"),),
                           audit=[AuditEntry(None, "should_not_be_written")])

        with pytest.raises(NegativeBalance):  # the store's own guard
            await economy.transact([a.id], overdraft)
        assert (await economy.wallet(a.id)).coins == 2000  # type: ignore[union-attr]
        assert await economy.audit_log(10) == []
        with pytest.raises(HallError):
            await economy.transact([a.id, 999], lambda w: Changes())
        totals = await economy.ledger_totals()
        assert totals.by_reason == {"new_account": 5000, "purchase": -3000}
        assert totals.balances == 2000 and totals.mismatched_accounts == []

    asyncio.run(run())


def test_migration_opens_a_ledger_for_existing_accounts(tmp_path: Path) -> None:
    engine = create_engine(f"sqlite:///{tmp_path / 'old.db'}")
    upgrade(engine, "0001")
    with engine.begin() as conn:
        conn.execute(text(
            "INSERT INTO accounts (nickname, nickname_key, password_hash, role, created_at,"
            " ladder_score, ladder_level, coins, games_played, escapes) VALUES"
            " ('Old', 'old', 'h', 'player', '2024-01-01', 120, 2, 4321, 7, 1),"
            " ('Poor', 'poor', 'h', 'player', '2024-01-01', 0, 0, 0, 0, 0)"))
    upgrade(engine)
    with engine.connect() as conn:
        ledger = conn.execute(text("SELECT account_id, amount, reason FROM ledger_entries"))
        assert ledger.all() == [(1, 4321, "new_account")]
        assert conn.execute(text("SELECT count(*) FROM inventories")).scalar() == 2
        assert conn.execute(text("SELECT wins, banned FROM accounts WHERE id = 1")).one() == (
            0, 0)
    engine.dispose()
