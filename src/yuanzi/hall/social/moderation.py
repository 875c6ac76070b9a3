"""Admin actions that reach into the live hall: kick, ban, silence, rename a table.

Coins and the gem cap are plain economy decisions
(:class:`~yuanzi.hall.services.admin.AdminService`); these also move players or tables,
so they go through the tables' commands. Every one is written to
the audit log (``admin_audit``), in the same transaction as its effect where it has one
in the store (a ban, a rename), else right after it (a kick).
"""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from typing import Any, Protocol

from yuanzi.hall.desk_ports import OpenTables
from yuanzi.hall.errors import Code, HallError
from yuanzi.hall.events import SessionEnded
from yuanzi.hall.models import Account, ChatReport
from yuanzi.hall.runtime.pubsub import Broker, session_topic
from yuanzi.hall.services.admin import AdminService
from yuanzi.hall.services.standings import Standings
from yuanzi.hall.table import commands
from yuanzi.hall.table.commands import Sender, StandReason, ok_data


class ModerationStore(Protocol):
    async def silence(self, account_id: int, until: datetime | None) -> bool: ...
    async def chat_reports(self, limit: int) -> list[ChatReport]: ...


class Hall(Protocol):
    """What the admin's actions need of the hall (issue 29: the few ports, never the
    Hall): where players sit, a way into a table, the accounts, the audit, the store's
    silences and reports, and the broker."""

    @property
    def store(self) -> ModerationStore: ...
    @property
    def broker(self) -> Broker: ...
    @property
    def standings(self) -> Standings: ...
    @property
    def admin(self) -> AdminService: ...
    def seat_of(self, account_id: int) -> int | None: ...
    @property
    def router(self) -> OpenTables: ...
    async def send(self, command: commands.Command) -> Any: ...


def require_admin(account: Account) -> Account:
    if not account.is_admin:
        raise HallError(Code.FORBIDDEN, "this is for admins only")
    return account


async def _remove(hall: Hall, admin: Account, account_id: int,
                  reason: StandReason) -> dict[str, Any]:
    table_id = hall.seat_of(account_id)
    if table_id is None or not hall.router.is_open(table_id):
        return {"table": None, "done": "not_seated"}
    return ok_data(await hall.send(commands.Kick(Sender.of(admin), table_id, account_id, reason)))


async def kick(hall: Hall, admin: Account, account_id: int, reason: str) -> dict[str, Any]:
    """Take a player from his table: now between games, at the game's end during one."""
    await hall.standings.require_account(account_id)
    out = await _remove(hall, admin, account_id, "kicked")
    await hall.admin.record(admin, "kick", account_id, out["table"],
                            {"reason": reason, "done": out["done"]})
    return out


async def ban(hall: Hall, admin: Account, account_id: int, reason: str) -> dict[str, Any]:
    """Ban: sessions revoked, no login, connections closed, removed from his table."""
    account = await hall.admin.set_banned(admin, account_id, True, reason)
    hall.broker.publish(session_topic(account_id), SessionEnded(
        reason="banned", message=f"this account is banned: {reason}").envelope())
    out = await _remove(hall, admin, account_id, "banned")
    return {"account": account.id, "banned": True, **out}


async def unban(hall: Hall, admin: Account, account_id: int, reason: str) -> dict[str, Any]:
    account = await hall.admin.set_banned(admin, account_id, False, reason)
    return {"account": account.id, "banned": False}


async def silence(hall: Hall, admin: Account, account_id: int, minutes: int,
                  reason: str) -> dict[str, Any]:
    """Silence a player's chat hall-wide for ``minutes`` (0: lift it), audited; what he
    tries to say meanwhile is refused (``silenced``) on every node."""
    await hall.standings.require_account(account_id)
    until = None if minutes == 0 else datetime.now(UTC) + timedelta(minutes=minutes)
    await hall.store.silence(account_id, until)
    await hall.admin.record(admin, "silence", account_id, None,
                            {"minutes": minutes, "reason": reason})
    return {"account": account_id, "until": None if until is None else until.isoformat()}


async def chat_reports(hall: Hall, limit: int) -> list[dict[str, Any]]:
    """The messages players reported, newest first (kept ``chat_keep_days``)."""
    return [{"id": r.id, "message": r.message_id, "table": r.table_id,
             "author": {"id": r.author_id, "nickname": r.author}, "kind": r.kind,
             "body": r.body, "said_at": r.said_at.isoformat(),
             "reporter": {"id": r.reporter_id, "nickname": r.reporter},
             "reason": r.reason, "at": r.at.isoformat()}
            for r in await hall.store.chat_reports(limit)]


async def rename(hall: Hall, admin: Account, table_id: int, name: str) -> dict[str, Any]:
    """Rename any table, protected by a sign or not (R41: only an admin may)."""
    return ok_data(await hall.send(commands.AdminRename(Sender.of(admin), table_id, name)))
