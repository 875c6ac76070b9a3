"""Concurrent spending cannot overspend or lose a coin (the issue's §2), proved with real
concurrent HTTP requests against real server processes: one process on SQLite, and two
processes sharing one PostgreSQL database (where only the row locks, not the single
journal thread of one process, keep the decisions apart)."""

from __future__ import annotations

import itertools
from collections.abc import Callable, Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import create_engine, text
from tests.e2e.conftest import FAST_ENV
from tests.store.pg import pg_schema_url

from yuanzi.devtools.processes import ServerProcess
from yuanzi.loadtest.client import HallRefused, http_json, register

PRICE = 300  # a card counter (R44)


class Hall:
    """One or more server processes on one database, and SQL access to it."""

    def __init__(self, servers: list[ServerProcess], url: str) -> None:
        self.servers = servers
        self.url = url
        self._next = itertools.cycle(servers)

    def base(self) -> str:
        return next(self._next).base

    def sql(self, statement: str, **params: Any) -> list[Any]:
        engine = create_engine(self.url)
        try:
            with engine.begin() as conn:
                result = conn.execute(text(statement), params)
                return list(result.all()) if result.returns_rows else []
        finally:
            engine.dispose()


@pytest.fixture(params=["sqlite", "postgresql"])
def hall(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[Hall]:
    if request.param == "sqlite":
        yield from _hall(tmp_path, f"sqlite:///{tmp_path / 'hall0.db'}", {}, 1)
    else:
        for url in pg_schema_url():  # a fresh schema, dropped afterwards
            yield from _hall(tmp_path, url, {"YUANZI_DATABASE_URL": url}, 2)


def _hall(tmp_path: Path, url: str, env: dict[str, str], count: int) -> Iterator[Hall]:
    servers: list[ServerProcess] = []
    try:
        for i in range(count):  # one after the other: the first one migrates
            server = ServerProcess(tmp_path / f"hall{i}.db", env={**FAST_ENV, **env})
            server.start()
            servers.append(server)
        yield Hall(servers, url)
    finally:
        for s in servers:
            s.stop()


def call(base: str, path: str, body: dict[str, Any] | None, token: str) -> str:
    """The request's outcome: ``ok`` or the error code."""
    try:
        http_json(base, path, body, token)
    except HallRefused as e:
        for code in ("not_enough_coins", "relief_refused", "inventory_full"):
            if code in str(e):
                return code
        raise
    return "ok"


def run_all(jobs: list[Callable[[], str]]) -> list[str]:
    with ThreadPoolExecutor(max_workers=len(jobs)) as pool:
        return list(pool.map(lambda job: job(), jobs))


def test_concurrent_spending_never_overspends_nor_loses_a_coin(hall: Hall) -> None:
    buyer = register(hall.base(), "buyer")
    boss = register(hall.base(), "boss")
    hall.sql("UPDATE accounts SET role = 'admin' WHERE nickname = 'boss'")
    [(buyer_id,)] = hall.sql("SELECT id FROM accounts WHERE nickname = 'buyer'")

    # 1. 40 purchases at once against 5,000 coins: exactly 16 of 300 fit
    outcomes = run_all([
        lambda: call(hall.base(), "/api/shop/buy", {"item": "card_counter"}, buyer)
        for _ in range(40)])
    assert outcomes.count("ok") == 16 and outcomes.count("not_enough_coins") == 24
    me, _ = http_json(hall.base(), "/api/inventory", None, buyer)
    assert isinstance(me, dict) and me["coins"] == 5000 - 16 * PRICE
    assert sum(s["count"] for s in me["slots"] if s) == 16

    # 2. 20 relief claims at once (200 coins, under 1,000): exactly one tops up to 1,000
    outcomes = run_all([lambda: call(hall.base(), "/api/relief", {}, buyer)
                        for _ in range(20)])
    assert outcomes.count("ok") == 1 and outcomes.count("relief_refused") == 19

    # 3. grants, takes and purchases interleaved: every coin accounted for
    grants = [lambda: call(hall.base(), "/api/admin/coins",
                           {"account": buyer_id, "amount": 700, "reason": "race"}, boss)
              for _ in range(10)]
    takes = [lambda: call(hall.base(), "/api/admin/coins",
                          {"account": buyer_id, "amount": -450, "reason": "race"}, boss)
             for _ in range(10)]
    buys = [lambda: call(hall.base(), "/api/shop/buy", {"item": "card_counter"}, buyer)
            for _ in range(30)]
    jobs = [j for trio in itertools.zip_longest(grants, takes, buys) for j in trio if j]
    outcomes = run_all(jobs)
    granted = 700 * sum(1 for j, o in zip(jobs, outcomes, strict=True)
                        if j in grants and o == "ok")
    taken = 450 * sum(1 for j, o in zip(jobs, outcomes, strict=True)
                      if j in takes and o == "ok")
    bought = sum(1 for j, o in zip(jobs, outcomes, strict=True) if j in buys and o == "ok")
    assert granted == 7000  # grants never fail
    [(coins,)] = hall.sql("SELECT coins FROM accounts WHERE id = :id", id=buyer_id)
    assert coins == 1000 + granted - taken - PRICE * bought >= 0
    me, _ = http_json(hall.base(), "/api/inventory", None, buyer)
    assert isinstance(me, dict) and sum(s["count"] for s in me["slots"] if s) == 16 + bought

    # the ledger: every balance is the sum of its rows; Σ balances = sources − sinks
    audit, _ = http_json(hall.base(), "/api/admin/ledger", None, boss)
    assert isinstance(audit, dict) and audit["ok"], audit
    rows = hall.sql("SELECT a.id, a.coins, COALESCE(SUM(l.amount), 0) FROM accounts a "
                    "LEFT JOIN ledger_entries l ON l.account_id = a.id GROUP BY a.id, a.coins")
    assert all(c == s for _, c, s in rows)
    [(purchases,)] = hall.sql(
        "SELECT COUNT(*) FROM ledger_entries WHERE reason = 'purchase' AND account_id = :id",
        id=buyer_id)
    assert purchases == 16 + bought
