"""The coin ledger (R44): every coin that moves is an entry.

Coins are created only by the named **sources** — a new account's grant, the daily relief
(救济金) and an admin's grant — and destroyed only by the one **sink**, the shop. Bets,
escape forfeits and the timer's fee move coins between players only (**transfers**):
each such operation's entries sum to zero. So at every moment

    Σ balances = Σ sources − Σ sinks

and :func:`audit` checks exactly that over a ledger and the balances it produced.

The builders below compute the entries of one operation from the current balances and
either return them or raise a typed refusal (nothing changes); :func:`post` applies
entries to balances and refuses any that would leave an account below zero. The store
does the same in SQL inside the operation's transaction.

Decisions where the rules leave room (recorded in the project's notes):

* Relief (R44: "a player under 1,000 coins may claim relief up to 1,000") tops the
  balance **up to** 1,000: the grant is 1,000 − balance, between 1 and 1,000. Once per
  calendar day of the hall (the caller passes ``today`` in the hall's time zone); a
  last claim dated after ``today`` (a clock moved back) counts as today's.
* An admin **take** is a negative admin adjustment, counted with the sources, so that
  the shop stays the only sink of play. It cannot take more than the balance.
* Every transfer names its game (``game_id``): bets, escapes and timers happen only in
  a game. A transfer to a seat without an account (a bot) is refused: the callers in
  :mod:`.bets` and :mod:`.timer` never produce one.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from datetime import date
from enum import StrEnum
from typing import Any

from yuanzi.hall.economy.errors import (
    InsufficientCoins,
    LedgerImbalance,
    NegativeBalance,
    ReliefRefused,
)

AccountId = int
GameId = int

NEW_ACCOUNT_COINS = 5_000
"""R44: a new account starts with 5,000 coins."""
RELIEF_LINE = 1_000
"""R44: relief is for a player under 1,000 coins, and tops him up to 1,000."""


class Reason(StrEnum):
    """Why coins moved; the stored text of an entry's kind."""

    NEW_ACCOUNT = "new_account"
    RELIEF = "relief"
    ADMIN_GRANT = "admin_grant"
    ADMIN_TAKE = "admin_take"
    PURCHASE = "purchase"
    BET = "bet"
    ESCAPE = "escape"
    TIMER = "timer"


class Flow(StrEnum):
    SOURCE = "source"
    SINK = "sink"
    TRANSFER = "transfer"


FLOWS: Mapping[Reason, Flow] = {
    Reason.NEW_ACCOUNT: Flow.SOURCE,
    Reason.RELIEF: Flow.SOURCE,
    Reason.ADMIN_GRANT: Flow.SOURCE,
    Reason.ADMIN_TAKE: Flow.SOURCE,
    Reason.PURCHASE: Flow.SINK,
    Reason.BET: Flow.TRANSFER,
    Reason.ESCAPE: Flow.TRANSFER,
    Reason.TIMER: Flow.TRANSFER,
}
"""R44: which reasons create coins, which destroy them, which only move them."""

_SIGN: Mapping[Reason, int] = {
    Reason.NEW_ACCOUNT: 1, Reason.RELIEF: 1, Reason.ADMIN_GRANT: 1,
    Reason.ADMIN_TAKE: -1, Reason.PURCHASE: -1,
}
"""The sign every entry of a non-transfer reason must have."""


@dataclass(frozen=True, slots=True)
class LedgerEntry:
    """One account's coins changing by ``amount`` (negative: paid out), and why."""

    account: AccountId
    amount: int
    reason: Reason
    game_id: GameId | None = None
    item: str | None = None
    note: str | None = None

    def __post_init__(self) -> None:
        object.__setattr__(self, "reason", Reason(self.reason))
        if self.amount == 0:
            raise ValueError("a ledger entry moves at least one coin")
        sign = _SIGN.get(self.reason)
        if sign is not None and (self.amount > 0) != (sign > 0):
            raise ValueError(f"a {self.reason} entry is {'positive' if sign > 0 else 'negative'}"
                             f", not {self.amount}")
        if FLOWS[self.reason] == Flow.TRANSFER and self.game_id is None:
            raise ValueError(f"a {self.reason} transfer names its game")

    @property
    def flow(self) -> Flow:
        return FLOWS[self.reason]

    def to_json(self) -> dict[str, Any]:
        return {"account": self.account, "amount": self.amount, "reason": self.reason.value,
                "game_id": self.game_id, "item": self.item, "note": self.note}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> LedgerEntry:
        return cls(int(data["account"]), int(data["amount"]), Reason(data["reason"]),
                   data.get("game_id"), data.get("item"), data.get("note"))


Entries = tuple[LedgerEntry, ...]


# -- sources -------------------------------------------------------------------------------

def new_account(account: AccountId, grant: int = NEW_ACCOUNT_COINS) -> Entries:
    """R44: a new account's starting coins (a source)."""
    if grant < 0:
        raise ValueError(f"a starting grant is not negative, not {grant}")
    return (LedgerEntry(account, grant, Reason.NEW_ACCOUNT),) if grant else ()


def relief_amount(balance: int, last_claim: date | None, today: date,
                  line: int = RELIEF_LINE) -> int:
    """R44: the relief a player may claim now: ``line`` − balance, or 0 if he may not."""
    if balance < 0:
        raise ValueError(f"balances are never negative, not {balance}")
    if balance >= line:
        return 0
    if last_claim is not None and last_claim >= today:
        return 0
    return line - balance


def claim_relief(account: AccountId, balance: int, last_claim: date | None, today: date,
                 line: int = RELIEF_LINE) -> Entries:
    """R44: the daily relief's entry, or :class:`ReliefRefused` naming why not.

    The caller records ``today`` as the account's last claim in the same transaction.
    """
    amount = relief_amount(balance, last_claim, today, line)
    if amount == 0:
        if balance >= line:
            raise ReliefRefused(f"relief is for players under {line} coins; you have {balance}")
        raise ReliefRefused("relief was already claimed today")
    return (LedgerEntry(account, amount, Reason.RELIEF, note=today.isoformat()),)


def admin_grant(account: AccountId, amount: int, note: str | None = None) -> Entries:
    """An admin creates coins for an account (a source)."""
    if amount <= 0:
        raise ValueError(f"an admin grant is positive, not {amount}")
    return (LedgerEntry(account, amount, Reason.ADMIN_GRANT, note=note),)


def admin_take(account: AccountId, amount: int, balance: int,
               note: str | None = None) -> Entries:
    """An admin removes coins (a negative admin adjustment), never more than the balance."""
    if amount <= 0:
        raise ValueError(f"an admin take is positive, not {amount}")
    if amount > balance:
        raise InsufficientCoins("admin take", amount, balance)
    return (LedgerEntry(account, -amount, Reason.ADMIN_TAKE, note=note),)


# -- the sink ------------------------------------------------------------------------------

def purchase(account: AccountId, balance: int, price: int, item: str,
             quantity: int = 1) -> Entries:
    """R44: a shop purchase — the only sink. Refused when the coins do not suffice."""
    if price <= 0 or quantity < 1:
        raise ValueError(f"a purchase has a positive price and quantity: {price} × {quantity}")
    cost = price * quantity
    if cost > balance:
        raise InsufficientCoins(f"buying {quantity} × {item}", cost, balance)
    note = None if quantity == 1 else f"x{quantity}"
    return (LedgerEntry(account, -cost, Reason.PURCHASE, item=item, note=note),)


# -- transfers -----------------------------------------------------------------------------

def transfer(reason: Reason, game_id: GameId, accounts: Sequence[AccountId | None],
             deltas: Sequence[int], item: str | None = None) -> Entries:
    """Per-seat coin deltas of one game operation as entries; they must sum to zero.

    Seats whose delta is 0 get no entry. Raises :class:`LedgerImbalance` if the deltas
    would create or destroy coins.
    """
    if FLOWS[reason] != Flow.TRANSFER:
        raise ValueError(f"{reason} is not a transfer")
    if len(accounts) != len(deltas):
        raise ValueError("one delta per seat")
    if sum(deltas) != 0:
        raise LedgerImbalance(f"{reason} in game {game_id} moves {sum(deltas)} coins "
                              f"out of nowhere: {tuple(deltas)}")
    entries = []
    for seat, (account, delta) in enumerate(zip(accounts, deltas, strict=True)):
        if delta == 0:
            continue
        if account is None:
            raise ValueError(f"seat {seat} has no account but would move {delta} coins")
        entries.append(LedgerEntry(account, delta, reason, game_id=game_id, item=item))
    return tuple(entries)


def bet_entries(game_id: GameId, accounts: Sequence[AccountId | None],
                deltas: Sequence[int]) -> Entries:
    """R40: the coins of a settled betting game (deltas from :func:`bets.game_coins`)."""
    return transfer(Reason.BET, game_id, accounts, deltas)


def escape_entries(game_id: GameId, accounts: Sequence[AccountId | None],
                   deltas: Sequence[int]) -> Entries:
    """R35: an escaper's forfeit (deltas from :func:`bets.escape_coins`)."""
    return transfer(Reason.ESCAPE, game_id, accounts, deltas)


# -- applying and auditing -----------------------------------------------------------------

def post(balances: Mapping[AccountId, int], entries: Iterable[LedgerEntry]) -> dict[
        AccountId, int]:
    """Apply entries to balances (an absent account counts as 0); a new dict is returned.

    Refuses with :class:`NegativeBalance` — and changes nothing — if any account would
    end below zero.
    """
    new = dict(balances)
    for e in entries:
        new[e.account] = new.get(e.account, 0) + e.amount
    short = {a: b for a, b in new.items() if b < 0}
    if short:
        raise NegativeBalance(f"entries would leave accounts below zero: {short}")
    return new


@dataclass(frozen=True, slots=True)
class LedgerTotals:
    """What a ledger created, destroyed and moved."""

    sources: int
    sinks: int
    transfers: int

    @property
    def in_circulation(self) -> int:
        return self.sources - self.sinks


def totals(entries: Iterable[LedgerEntry]) -> LedgerTotals:
    sources = sinks = transfers = 0
    for e in entries:
        if e.flow == Flow.SOURCE:
            sources += e.amount
        elif e.flow == Flow.SINK:
            sinks -= e.amount
        else:
            transfers += e.amount
    return LedgerTotals(sources, sinks, transfers)


def audit(entries: Iterable[LedgerEntry], balances: Mapping[AccountId, int]) -> LedgerTotals:
    """R44: check that no coin was created or destroyed outside the sources and the sink.

    Checks (raising :class:`LedgerImbalance` with the first failure): every game's
    transfers of each reason sum to zero; every account's balance is the sum of its
    entries (accounts absent from ``balances`` must have none, or sum to zero); and
    Σ balances = Σ sources − Σ sinks.
    """
    entries = tuple(entries)
    groups: dict[tuple[Reason, GameId | None], int] = defaultdict(int)
    per_account: dict[AccountId, int] = defaultdict(int)
    for e in entries:
        per_account[e.account] += e.amount
        if e.flow == Flow.TRANSFER:
            groups[(e.reason, e.game_id)] += e.amount
    for (reason, game_id), total in groups.items():
        if total:
            raise LedgerImbalance(f"{reason} transfers of game {game_id} sum to {total}")
    for account in set(per_account) | set(balances):
        if per_account.get(account, 0) != balances.get(account, 0):
            raise LedgerImbalance(f"account {account} holds {balances.get(account, 0)} but "
                                  f"its entries sum to {per_account.get(account, 0)}")
    t = totals(entries)
    if sum(balances.values()) != t.in_circulation:
        raise LedgerImbalance(f"balances sum to {sum(balances.values())}, sources − sinks "
                              f"is {t.in_circulation}")
    return t
