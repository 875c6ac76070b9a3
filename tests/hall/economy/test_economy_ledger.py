"""R44: the ledger's sources, sink and transfers, and the shop (the only sink).

The property test plays random sequences of every coin operation and checks after each
that Σ balances = Σ sources − Σ sinks, that no balance is negative, and that a refused
operation changed nothing.
"""

from __future__ import annotations

from datetime import date, timedelta

import pytest
from hypothesis import event, given, settings, strategies as st

from yuanzi.hall.economy.bets import bet_series, escape_coins, game_coins
from yuanzi.hall.economy.errors import (
    EconomyError,
    InsufficientCoins,
    InventoryFull,
    LedgerImbalance,
    NegativeBalance,
    NotForSale,
    ReliefRefused,
)
from yuanzi.hall.economy.inventory import Inventory
from yuanzi.hall.economy.items import GEMS, ITEMS, ItemCode
from yuanzi.hall.economy.ledger import (
    FLOWS,
    NEW_ACCOUNT_COINS,
    Flow,
    LedgerEntry,
    Reason,
    admin_grant,
    admin_take,
    audit,
    bet_entries,
    claim_relief,
    escape_entries,
    new_account,
    post,
    purchase,
    relief_amount,
    totals,
    transfer,
)
from yuanzi.hall.economy.shop import buy
from yuanzi.hall.economy.timer import (
    TimerFired,
    fire_timer,
)

DAY = date(2026, 11, 29)


# -- entries -------------------------------------------------------------------------------

def test_every_reason_has_a_flow() -> None:
    assert {r.value for r in Reason} == {"new_account", "relief", "admin_grant", "admin_take",
                                         "purchase", "bet", "escape", "timer"}
    assert set(FLOWS) == set(Reason)
    assert [r for r in Reason if FLOWS[r] == Flow.SINK] == [Reason.PURCHASE]
    assert {r for r in Reason if FLOWS[r] == Flow.TRANSFER} == {Reason.BET, Reason.ESCAPE,
                                                                Reason.TIMER}


def test_entry_signs_are_checked() -> None:
    for bad in (lambda: LedgerEntry(1, -5, Reason.RELIEF), lambda: LedgerEntry(1, 5,
                Reason.PURCHASE), lambda: LedgerEntry(1, 0, Reason.ADMIN_GRANT),
                lambda: LedgerEntry(1, 5, Reason.ADMIN_TAKE), lambda: LedgerEntry(1, 5,
                Reason.BET)):
        with pytest.raises(ValueError):
            bad()
    e = LedgerEntry(7, -90, Reason.TIMER, game_id=3, item="timer")
    assert LedgerEntry.from_json(e.to_json()) == e


def test_new_account_grant() -> None:
    (e,) = new_account(42)
    assert (e.account, e.amount, e.reason) == (42, NEW_ACCOUNT_COINS, Reason.NEW_ACCOUNT)
    assert NEW_ACCOUNT_COINS == 5000
    assert new_account(42, 0) == ()


@pytest.mark.parametrize(("balance", "last", "expected"), [
    (999, None, 1), (0, None, 1000), (500, DAY - timedelta(days=1), 500),
    (1000, None, 0), (5000, None, 0), (10, DAY, 0), (10, DAY + timedelta(days=1), 0),
])
def test_relief_amount(balance: int, last: date | None, expected: int) -> None:
    assert relief_amount(balance, last, DAY) == expected


def test_claim_relief_once_a_day() -> None:
    (e,) = claim_relief(1, 300, None, DAY)
    assert e.amount == 700 and e.reason == Reason.RELIEF
    with pytest.raises(ReliefRefused, match="already claimed"):
        claim_relief(1, 0, DAY, DAY)
    with pytest.raises(ReliefRefused, match="under 1000"):
        claim_relief(1, 1000, None, DAY)
    assert claim_relief(1, 0, DAY, DAY + timedelta(days=1))[0].amount == 1000


def test_admin_grant_and_take() -> None:
    assert admin_grant(1, 50, "prize")[0].amount == 50
    assert admin_take(1, 50, 50)[0].amount == -50
    with pytest.raises(InsufficientCoins):
        admin_take(1, 51, 50)
    with pytest.raises(ValueError):
        admin_grant(1, 0)


def test_purchase_is_the_sink() -> None:
    (e,) = purchase(1, 500, 500, "timer")
    assert (e.amount, e.flow, e.item) == (-500, Flow.SINK, "timer")
    with pytest.raises(InsufficientCoins, match="needs 501 coins, has 500"):
        purchase(1, 500, 501, "timer")


def test_transfers_must_sum_to_zero() -> None:
    entries = bet_entries(9, [1, 2, 3, 4], [100, -100, 100, -100])
    assert [e.amount for e in entries] == [100, -100, 100, -100]
    assert transfer(Reason.BET, 9, [1, 2, 3, 4], [0, 0, 0, 0]) == ()
    with pytest.raises(LedgerImbalance):
        bet_entries(9, [1, 2, 3, 4], [100, -100, 100, -99])
    with pytest.raises(ValueError):
        bet_entries(9, [1, None, 3, 4], [100, -100, 100, -100])
    with pytest.raises(ValueError):
        transfer(Reason.PURCHASE, 9, [1], [0])


def test_post_refuses_a_negative_balance() -> None:
    balances = {1: 100}
    with pytest.raises(NegativeBalance):
        post(balances, escape_entries(1, [1, 2, 3, 4], [-150, 50, 50, 50]))
    assert balances == {1: 100}
    assert post({}, new_account(5)) == {5: 5000}


def test_audit_catches_created_coins() -> None:
    entries = [*new_account(1), *new_account(2), *purchase(1, 5000, 300, "recorder"),
               *escape_entries(8, [1, 2, None, None], [-40, 40, 0, 0])]
    balances = post({}, entries)
    t = audit(entries, balances)
    assert (t.sources, t.sinks, t.transfers) == (10_000, 300, 0)
    assert sum(balances.values()) == t.in_circulation
    with pytest.raises(LedgerImbalance):
        audit(entries, {**balances, 2: balances[2] + 1})
    with pytest.raises(LedgerImbalance):
        audit([*entries, LedgerEntry(1, 5, Reason.BET, game_id=8)], {**balances, 1:
              balances[1] + 5})
    with pytest.raises(LedgerImbalance):
        audit(entries, {**balances, 99: 1})


# -- shop ----------------------------------------------------------------------------------

def test_buy() -> None:
    p = buy(1, 1200, Inventory.empty(), "card_counter", 4)
    assert p.cost == 1200 and p.inventory.count(ItemCode.CARD_COUNTER) == 4
    assert [e.amount for e in p.entries] == [-1200]
    with pytest.raises(InsufficientCoins):
        buy(1, 1199, Inventory.empty(), "card_counter", 4)
    full = Inventory.empty(1).add(ItemCode.GEM_SHARD)
    with pytest.raises(InventoryFull):
        buy(1, 10**6, full, "timer")
    for gem in GEMS:
        with pytest.raises(NotForSale):
            buy(1, 10**6, Inventory.empty(), gem)
    p = buy(1, 10**6, Inventory.empty(), "recorder", 99)  # a full stack at once
    assert p.cost == 99 * 300 and p.inventory.count(ItemCode.RECORDER) == 99
    for bad in (0, 100, -1):
        with pytest.raises(ValueError):
            buy(1, 10**6, Inventory.empty(), "recorder", bad)


# -- the property: Σ balances = sources − sinks --------------------------------------------

ACCOUNTS = 6
op = st.one_of(
    st.tuples(st.just("relief"), st.integers(0, ACCOUNTS - 1), st.integers(0, 2)),
    st.tuples(st.just("grant"), st.integers(0, ACCOUNTS - 1), st.integers(1, 5000)),
    st.tuples(st.just("take"), st.integers(0, ACCOUNTS - 1), st.integers(1, 8000)),
    st.tuples(st.just("buy"), st.integers(0, ACCOUNTS - 1), st.integers(0, 5 * 99)),
    st.tuples(st.just("bet"), st.permutations(range(ACCOUNTS)), st.integers(0, 10**6)),
    st.tuples(st.just("escape"), st.permutations(range(ACCOUNTS)), st.integers(0, 10**6)),
    st.tuples(st.just("timer"), st.permutations(range(ACCOUNTS)), st.integers(0, 10**6)),
)


@settings(max_examples=150, deadline=None)
@given(st.lists(st.integers(0, 6000), min_size=ACCOUNTS, max_size=ACCOUNTS),
       st.lists(op, max_size=40))
def test_random_operations_conserve_coins(grants: list[int],
                                          ops: list[tuple[str, object, object]]) -> None:
    entries: list[LedgerEntry] = []
    for a, grant in enumerate(grants):
        entries += new_account(a, grant)
    balances = post(dict.fromkeys(range(ACCOUNTS), 0), entries)
    inventories = {a: Inventory.empty(4) for a in range(ACCOUNTS)}
    last_claim: dict[int, date | None] = dict.fromkeys(range(ACCOUNTS))
    today = DAY
    for game_id, (kind, x, n) in enumerate(ops):
        snapshot = (dict(balances), dict(inventories), dict(last_claim), len(entries))
        new: tuple[LedgerEntry, ...] = ()
        try:
            if kind == "relief":
                assert isinstance(x, int) and isinstance(n, int)
                today += timedelta(days=n)
                new = claim_relief(x, balances[x], last_claim[x], today)
                last_claim[x] = today
            elif kind == "grant":
                assert isinstance(x, int) and isinstance(n, int)
                new = admin_grant(x, n)
            elif kind == "take":
                assert isinstance(x, int) and isinstance(n, int)
                new = admin_take(x, n, balances[x])
            elif kind == "buy":
                assert isinstance(x, int) and isinstance(n, int)
                code, qty = ITEMS[n % len(ITEMS)], 1 + n // len(ITEMS) % 3
                p = buy(x, balances[x], inventories[x], code, qty)
                new, inventories[x] = p.entries, p.inventory
            else:
                assert isinstance(x, list) and isinstance(n, int)
                seats = x[:4]
                accounts: list[int | None] = list(seats)
                held = [balances[a] for a in seats]
                bet = bet_series(10 * 2**8)[n % 10]
                if kind == "bet":
                    deltas = game_coins(bet, (n // 10) % 200, [0, 1, None][n % 3], held)
                    new = bet_entries(game_id, accounts, deltas)
                elif kind == "escape":
                    deltas = escape_coins(bet, 2 * ((n // 10) % 64), n % 4, held)
                    new = escape_entries(game_id, accounts, deltas)
                else:
                    if n % 5 == 0:
                        accounts[(n + 1) % 4] = None     # a bot at the table
                    owner = n % 4 if accounts[n % 4] is not None else (n + 2) % 4
                    inv = inventories[seats[owner]]
                    if n % 2 == 0:
                        inv = inv.add(ItemCode.TIMER) if inv.can_add(ItemCode.TIMER) else inv
                    fired = fire_timer(game_id, owner, accounts, held[owner], inv)
                    if isinstance(fired, TimerFired):
                        new = fired.entries
                        inventories[seats[owner]] = fired.inventory
            balances = post(balances, new)
            entries += new
            event(f"{kind} ok" if new else f"{kind} moved nothing")
        except EconomyError:
            event(f"{kind} refused")
            assert (balances, inventories, last_claim, len(entries)) == snapshot
        assert all(b >= 0 for b in balances.values())
        t = audit(entries, balances)
        assert sum(balances.values()) == t.sources - t.sinks
        assert totals(entries).transfers == 0
