"""The admin's economy: coins granted and taken, the gem cap, bans, the audit log and
the ledger's audit (R42, R44). Each action is written to the audit log in the same
transaction as its effect. Actions that move players or tables (kick, ban's removal,
renaming a table) go through the live hall: :mod:`yuanzi.hall.social.moderation`.
"""

from __future__ import annotations

from typing import Any

from yuanzi.hall.economy.ledger import FLOWS, Flow, Reason, admin_grant, admin_take
from yuanzi.hall.errors import Code, HallError
from yuanzi.hall.models import Account
from yuanzi.hall.ports import AuditEntry, Changes, EconomyStore, Wallet
from yuanzi.hall.services.standings import Standings
from yuanzi.hall.services.unit import UnitOfWork
from yuanzi.hall.services.views import (
    AuditLine,
    AuditLog,
    Coins,
    GemCap,
    Ledger,
    LedgerAudit,
    LedgerLine,
)


class AdminService:
    def __init__(self, store: EconomyStore, standings: Standings) -> None:
        self.store = store
        self.unit = UnitOfWork(store)
        self.standings = standings

    async def record(self, admin: Account, action: str, target_account: int | None = None,
                     target_table: int | None = None,
                     detail: dict[str, Any] | None = None) -> None:
        """An admin action with no economic effect (a kick), in the audit log."""
        await self.unit.run([], lambda w: Changes[None](audit=[AuditEntry(
            admin.id, action, target_account, target_table, detail)]))

    async def grant(self, admin: Account, account_id: int, amount: int,
                    reason: str) -> Coins:
        """Grant (amount > 0) or take (amount < 0) coins: a ledger row with the reason."""
        reason = reason.strip()
        if not reason:
            raise HallError(Code.MALFORMED, "give a reason")
        if amount == 0:
            raise HallError(Code.MALFORMED, "amount is not 0")

        def decide(wallets: dict[int, Wallet]) -> Changes[None]:
            w = wallets[account_id]
            entries = (admin_grant(account_id, amount, reason) if amount > 0
                       else admin_take(account_id, -amount, w.coins, reason))
            return Changes(entries=entries, audit=[AuditEntry(
                admin.id, "grant_coins" if amount > 0 else "take_coins", account_id,
                detail={"amount": amount, "reason": reason})])

        applied = await self.unit.run([account_id], decide)
        return Coins(account=account_id, coins=applied.accounts[account_id].coins)

    async def set_gem_cap(self, admin: Account, cap: int | None) -> GemCap:
        """R42: the admin's cap (None: back to the board's 100th standing)."""
        await self.unit.run([], lambda w: Changes[None](config={"gem_cap": cap}, audit=[AuditEntry(
            admin.id, "set_gem_cap", detail={"cap": cap})]))
        return await self.standings.gem_cap()

    async def set_banned(self, admin: Account, account_id: int, banned: bool,
                         reason: str) -> Account:
        if account_id == admin.id and banned:
            raise HallError(Code.FORBIDDEN, "you cannot ban yourself")

        def decide(wallets: dict[int, Wallet]) -> Changes[None]:
            c: Changes[None] = Changes(audit=[AuditEntry(
                admin.id, "ban" if banned else "unban", account_id, detail={"reason": reason})])
            c.wallet(account_id).banned = banned
            c.wallet(account_id).ban_reason = reason if banned else None
            if banned:
                c.revoke_sessions.append(account_id)
            return c

        applied = await self.unit.run([account_id], decide)
        return applied.accounts[account_id]

    async def ledger_audit(self) -> LedgerAudit:
        """R44: Σ balances = sources − sinks, and each balance = its ledger rows' sum."""
        t = await self.store.ledger_totals()
        sources = sum(v for r, v in t.by_reason.items() if FLOWS[Reason(r)] == Flow.SOURCE)
        sinks = -sum(v for r, v in t.by_reason.items() if FLOWS[Reason(r)] == Flow.SINK)
        transfers = sum(v for r, v in t.by_reason.items()
                        if FLOWS[Reason(r)] == Flow.TRANSFER)
        ok = (t.balances == sources - sinks and transfers == 0 and not t.mismatched_accounts
              and not t.negative_accounts)
        return LedgerAudit(ok=ok, balances=t.balances, sources=sources, sinks=sinks,
                           transfers=transfers, by_reason=t.by_reason,
                           mismatched_accounts=t.mismatched_accounts,
                           negative_accounts=t.negative_accounts)

    async def audit_log(self, limit: int) -> AuditLog:
        """Every admin action, newest first."""
        return AuditLog(entries=[AuditLine.model_validate(r)
                                 for r in await self.store.audit_log(limit)])

    async def ledger_of(self, account_id: int, limit: int) -> Ledger:
        """One account's coin movements, newest first."""
        await self.standings.require_account(account_id)
        return Ledger(entries=[LedgerLine.model_validate(r)
                               for r in await self.store.ledger_of(account_id, limit)])
