"""The ledger's write: every coin that moves is a ledger row, and the balance it names
moves with it in the same transaction, guarded so that no account ends below zero
(:mod:`.economy` posts through it)."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable

from sqlalchemy import insert
from sqlalchemy.orm import Session

from yuanzi.hall.economy.errors import NegativeBalance
from yuanzi.hall.economy.ledger import LedgerEntry
from yuanzi.store.models.base import table_of
from yuanzi.store.models.economy import LedgerRow
from yuanzi.store.repos import statements as st
from yuanzi.store.repos.base import now

_LEDGER = table_of(LedgerRow)


def post_entries(s: Session, entries: Iterable[LedgerEntry]) -> None:
    """Write ledger rows and move the balances they name, in the caller's transaction.

    Raises :class:`NegativeBalance` (the transaction must then be rolled back) if an
    account would end below zero.
    """
    at = now()
    deltas: dict[int, int] = defaultdict(int)
    rows = []
    for e in entries:
        deltas[e.account] += e.amount
        rows.append({"account_id": e.account, "amount": e.amount, "reason": e.reason.value,
                     "game_id": e.game_id, "item": e.item,
                     "note": None if e.note is None else e.note[:200], "at": at})
    if rows:
        s.execute(insert(_LEDGER), rows)
    for account_id, delta in sorted(deltas.items()):
        if delta == 0:
            continue
        done = s.execute(st.PAY, {"b_id": account_id, "b_delta": delta})
        if done.rowcount != 1:  # type: ignore[attr-defined]
            raise NegativeBalance(f"account {account_id} cannot pay {-delta} coins")
