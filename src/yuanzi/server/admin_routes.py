"""Admin REST routes (``/api/admin/…``): the gem cap, renaming any table, granting and
taking coins, kicking, banning and unbanning, silencing a player's chat — each written to
the audit log, which ``GET /api/admin/audit`` reads — the ledger audit (R44) and the
chat messages players reported. Admins only (``forbidden``)."""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Depends, Query
from pydantic import Field

from yuanzi.hall.models import Account
from yuanzi.hall.services import views as v
from yuanzi.hall.social import moderation
from yuanzi.server.deps import CurrentAccount, HallDep
from yuanzi.server.economy_routes import AdminServiceDep, Body, StandingsDep
from yuanzi.server.wire import MAX_AMOUNT, Id, PathId

router = APIRouter(prefix="/api/admin")


def admin_account(account: CurrentAccount) -> Account:
    return moderation.require_admin(account)


AdminDep = Annotated[Account, Depends(admin_account)]
AccountId = Id
Reason = Annotated[str, Field(min_length=1, max_length=200)]


class GemCapBody(Body):
    cap: Annotated[int, Field(ge=-MAX_AMOUNT, le=MAX_AMOUNT)] | None
    """The gem cap (R42); null returns to the default, the leaderboard's 100th score."""


class RenameBody(Body):
    name: Annotated[str, Field(max_length=64)]


class CoinsBody(Body):
    account: AccountId
    amount: Annotated[int, Field(ge=-(10**12), le=10**12)]
    """Positive grants (a source of coins, R44), negative takes."""
    reason: Reason


class SilenceBody(Body):
    account: AccountId
    minutes: Annotated[int, Field(ge=0, le=525_600)]
    """How long (a year at most); 0 lifts a silence."""
    reason: Reason


class AccountBody(Body):
    account: AccountId
    reason: Reason = "—"


@router.get("/gem-cap")
async def gem_cap(_: AdminDep, standings: StandingsDep) -> v.GemCap:
    return await standings.gem_cap()


@router.put("/gem-cap")
async def set_gem_cap(body: GemCapBody, me: AdminDep, admin: AdminServiceDep) -> v.GemCap:
    return await admin.set_gem_cap(me, body.cap)


@router.post("/tables/{table_id}/rename")
async def rename_table(table_id: PathId, body: RenameBody, me: AdminDep,
                       hall: HallDep) -> dict[str, Any]:
    return await moderation.rename(hall, me, table_id, body.name)


@router.post("/coins")
async def coins(body: CoinsBody, me: AdminDep, admin: AdminServiceDep) -> v.Coins:
    return await admin.grant(me, body.account, body.amount, body.reason)


@router.post("/kick")
async def kick(body: AccountBody, me: AdminDep, hall: HallDep) -> dict[str, Any]:
    return await moderation.kick(hall, me, body.account, body.reason)


@router.post("/ban")
async def ban(body: AccountBody, me: AdminDep, hall: HallDep) -> dict[str, Any]:
    return await moderation.ban(hall, me, body.account, body.reason)


@router.post("/unban")
async def unban(body: AccountBody, me: AdminDep, hall: HallDep) -> dict[str, Any]:
    return await moderation.unban(hall, me, body.account, body.reason)


@router.post("/silence")
async def silence(body: SilenceBody, me: AdminDep, hall: HallDep) -> dict[str, Any]:
    return await moderation.silence(hall, me, body.account, body.minutes, body.reason)


@router.get("/chat-reports")
async def chat_reports(_: AdminDep, hall: HallDep,
                       limit: Annotated[int, Query(ge=1, le=1000)] = 100
                       ) -> list[dict[str, Any]]:
    """The chat messages players reported, newest first."""
    return await moderation.chat_reports(hall, limit)


@router.get("/audit")
async def audit(_: AdminDep, admin: AdminServiceDep,
                limit: Annotated[int, Query(ge=1, le=1000)] = 100) -> v.AuditLog:
    """Every admin action, newest first."""
    return await admin.audit_log(limit)


@router.get("/ledger")
async def ledger(_: AdminDep, admin: AdminServiceDep) -> v.LedgerAudit:
    """R44's audit: Σ balances = sources − sinks, and each balance = its rows' sum."""
    return await admin.ledger_audit()


@router.get("/accounts/{account_id}/ledger")
async def account_ledger(account_id: PathId, _: AdminDep, admin: AdminServiceDep,
                         limit: Annotated[int, Query(ge=1, le=1000)] = 100) -> v.Ledger:
    return await admin.ledger_of(account_id, limit)
