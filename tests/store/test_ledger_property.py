"""Property (the issue's §8): random sequences of the hall's coin operations — shop,
relief, admin grants and takes, settled betting games, escapes, timers — keep
Σ balances = sources − sinks exactly, every balance equal to its ledger rows and none
negative, on SQLite and PostgreSQL. The test keeps its own account of what each
operation created or destroyed and compares it with the store."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings, strategies as st
from tests.hall.economy_fixture import EconomyHall, result
from tests.store.pg import pg_schema_url

from yuanzi.engine import DOUBLE, NORMAL
from yuanzi.hall.economy.items import price_of, shop_list
from yuanzi.hall.errors import HallError
from yuanzi.hall.settings import Settings

CODES = [s.code.value for s in shop_list()]
BETS = [0, 10, 20, 40, 80]
RESULTS = [result(0), result(1), result(0, DOUBLE), result(1, DOUBLE), result(None),
           result(1, NORMAL, upstream=3)]

who = st.integers(0, 7)
OPS = st.lists(st.one_of(
    st.tuples(st.just("buy"), who, st.sampled_from(CODES), st.integers(1, 4)),
    st.tuples(st.just("relief"), who),
    st.tuples(st.just("grant"), who, st.integers(-4000, 4000).filter(bool)),
    st.tuples(st.just("game"), st.permutations(range(8)), st.sampled_from(BETS),
              st.integers(0, len(RESULTS) - 1)),
    st.tuples(st.just("escape"), st.permutations(range(8)), st.sampled_from(BETS),
              st.integers(0, 3)),
    st.tuples(st.just("timer"), st.permutations(range(8)), st.integers(0, 3)),
    st.tuples(st.just("new"),),
), min_size=1, max_size=25)


@pytest.fixture(scope="module", params=["sqlite", "postgresql"])
def hall(request: pytest.FixtureRequest,
         tmp_path_factory: pytest.TempPathFactory) -> Iterator[EconomyHall]:
    if request.param == "sqlite":
        path: Path = tmp_path_factory.mktemp("ledger") / "p.db"
        urls: Iterator[str] = iter([f"sqlite:///{path}"])
    else:
        urls = pg_schema_url()
    for url in urls:
        h = EconomyHall(Settings(database_url=url, drop_item_chance=0.5, inventory_slots=6))
        try:
            yield h
        finally:
            h.close()


def total_coins(h: EconomyHall) -> int:
    audit = h.run(h.admin.ledger_audit())
    assert audit.ok, audit
    balances: int = audit.balances
    return balances


def apply(h: EconomyHall, accounts: list[Any], op: tuple[Any, ...]) -> int:
    """Run one operation; returns the coins it created (+) or destroyed (−)."""
    kind = op[0]
    try:
        if kind == "new":
            accounts.append(h.account())
            return 5000
        if kind == "buy":
            _, i, code, n = op
            h.run(h.wallet.buy(accounts[i % len(accounts)].id, code, n))
            return -price_of(code) * n
        if kind == "relief":
            out = h.run(h.wallet.relief(accounts[op[1] % len(accounts)].id))
            granted: int = out.granted
            return granted
        if kind == "grant":
            h.run(h.admin.grant(accounts[0], accounts[op[1] % len(accounts)].id, op[2], "p"))
            amount: int = op[2]
            return amount
        four = [accounts[i % len(accounts)] for i in op[1][:4]]
        if len({a.id for a in four}) < 4:
            return 0
        if kind == "game":
            h.finish(four, RESULTS[op[3]], bet=op[2])
        elif kind == "escape":
            h.escape(four, escaper=op[3], bet=op[2])
        elif kind == "timer":
            owner = four[op[2]]
            h.run(h.wallet.buy(owner.id, "timer", 1))
            slot = next(i for i, s in enumerate(h.run(h.db.economy.wallet(owner.id)).inventory
                                                .slots) if s and s.code == "timer")
            h.run(h.wallet.use_personal(owner.id, slot))
            seats = h.seats(four)
            h.run(h.settlement.fire_timer(h.game(seats), op[2], seats))
            return -price_of("timer")
        return 0  # bets, escapes and timers only move coins between players
    except HallError as e:  # a refusal changes nothing
        assert e.code in ("not_enough_coins", "inventory_full", "relief_refused",
                          "bad_slot"), e
        return 0


@settings(max_examples=30)
@given(ops=OPS)
def test_random_operations_keep_the_ledger_exact(hall: EconomyHall,
                                                 ops: list[tuple[Any, ...]]) -> None:
    h = hall
    before = total_coins(h)
    accounts = [h.account() for _ in range(4)]
    created = 4 * 5000
    for op in ops:
        created += apply(h, accounts, op)
        assert total_coins(h) == before + created  # after every single operation
    ids = [a.id for a in accounts]
    assert all(a.coins >= 0 for a in h.run(h.standings.accounts(ids)).values())
