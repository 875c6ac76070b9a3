"""The economy's repository (:class:`yuanzi.hall.ports.EconomyStore`) on SQLAlchemy.

:meth:`SqlEconomy.transact` is the one way coins, items, ladder values and ratings
change. It runs in the journal (the single writer, so inside one process two decisions
never interleave) and also locks the accounts' rows (``SELECT … FOR UPDATE`` on
PostgreSQL, in id order), so two server processes sharing one database cannot
interleave either. Balances move only by :func:`post_entries`, which writes the ledger
rows (:mod:`.ledger`) and, in the same statement batch, adds them to ``accounts.coins`` with a guard
(``coins + amount >= 0``) that refuses an overdraft even if a decision were wrong.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, TypeVar

from sqlalchemy import delete, func, insert, select, update
from sqlalchemy.orm import Session

from yuanzi.hall.economy.errors import EconomyError
from yuanzi.hall.economy.inventory import Inventory
from yuanzi.hall.economy.ladders import DOUBLING, LadderPlayer
from yuanzi.hall.errors import Code, HallError
from yuanzi.hall.models import Account
from yuanzi.hall.ports import (
    Applied,
    BoardRow,
    Changes,
    Decision,
    LedgerTotalsRow,
    Stats,
    StoredReplay,
    TableUpdate,
    Wallet,
    WalletChange,
)
from yuanzi.store.models.accounts import Account as AccountRow, SessionRow
from yuanzi.store.models.base import table_of
from yuanzi.store.models.economy import (
    AuditRow,
    ConfigRow,
    InventoryRow,
    ItemUseRow,
    LedgerRow,
    ReplayRow,
)
from yuanzi.store.models.games import GameRow, GameSeat
from yuanzi.store.models.push import PushSubscriptionRow
from yuanzi.store.models.tables import TableRow
from yuanzi.store.repos import statements as st
from yuanzi.store.repos.base import Repo, as_utc, now
from yuanzi.store.repos.games import refused_claim, write_finish
from yuanzi.store.repos.ledger import post_entries
from yuanzi.store.repos.tables import insert_table

R = TypeVar("R")

_REPLAYS = table_of(ReplayRow)
_ITEM_USES = table_of(ItemUseRow)
_AUDIT = table_of(AuditRow)


@dataclass(frozen=True, slots=True)
class _Refused:
    """A decision refused: returned, not raised, so its group commit's others stand."""

    error: Exception


class SqlEconomy(Repo):
    """Implements :class:`yuanzi.hall.ports.EconomyStore` (constructed like
    :class:`~yuanzi.store.repos.base.Repo`: journal, sessions, ladder, inventory slots)."""

    # -- the unit of work ------------------------------------------------------------------

    async def transact(self, account_ids: Sequence[int], decide: Decision[R]) -> Applied[R]:
        ids = sorted(set(account_ids))

        def job(s: Session) -> Applied[R] | _Refused:
            s.flush()  # another job's ORM rows of this batch (a new inventory), first
            wallets = self._lock(s, ids)
            missing = [i for i in ids if i not in wallets]
            if missing:
                return _Refused(HallError(Code.NO_SUCH_ACCOUNT,
                                          f"there is no account {missing[0]}"))
            try:
                changes = decide(wallets)
            except (HallError, EconomyError) as e:
                return _Refused(e)
            if (settled := refused_claim(s, changes.standings)) is not None:
                return _Refused(settled)
            self._apply(s, ids, changes)
            s.flush()  # the merged config rows, before the accounts are read back
            if s.identity_map:  # another job's ORM rows of this batch: reload, not stale
                s.expire_all()
            touched = set(ids) | set(changes.wallets)
            return Applied(changes.result, self._accounts(s, sorted(touched)))

        out = await self.journal.run(job)
        if isinstance(out, _Refused):
            raise out.error
        return out

    def _lock(self, s: Session, ids: list[int]) -> dict[int, Wallet]:
        if not ids:
            return {}
        rows = s.execute(st.LOCK_ACCOUNTS, {"ids": ids}).all()
        inventories = {r.account_id: r for r in s.execute(st.READ_INVENTORIES, {"ids": ids})}
        wallets = {}
        for row in rows:
            inv = inventories.get(row.id)
            slots: list[Any] = [None] * self.inventory_slots
            armed: list[str] = []
            if inv is None:  # an account older than its inventory: created on first use
                s.execute(insert(st.INVENTORIES), [{"account_id": row.id, "slots": slots,
                                                    "armed": armed}])
            else:
                slots, armed = inv.slots, inv.armed or []
            wallets[row.id] = Wallet(self.to_account(row),
                                     Inventory.from_json(slots, self.inventory_slots),
                                     frozenset(armed), row.last_relief)
        return wallets

    def _accounts(self, s: Session, ids: list[int]) -> dict[int, Account]:
        rows = s.execute(st.READ_ACCOUNTS, {"ids": ids}).all()
        return {r.id: self.to_account(r) for r in rows}

    def _apply(self, s: Session, locked: list[int], c: Changes[Any]) -> None:
        """Write the changes with Core statements: no ORM objects, so nothing in the
        session's identity map goes stale and no unit of work runs (the settlement is
        the journal thread's largest job, issue 12)."""
        stray = {e.account for e in c.entries} - set(locked)
        if stray:
            raise ValueError(f"ledger entries for accounts not locked: {sorted(stray)}")
        if c.finish is not None:  # first: it counts games played on the account rows
            write_finish(s, c.finish)
        post_entries(s, c.entries)
        for account_id, w in sorted(c.wallets.items()):
            if account_id not in locked:
                raise ValueError(f"a change for account {account_id}, which is not locked")
            self._apply_wallet(s, account_id, w)
        at = now()
        opened = None
        if c.new_table is not None:
            opened = c.new_table.id = insert_table(s, c.new_table)
        if c.replays:
            s.execute(insert(_REPLAYS), [
                {"id": r.replay_id, "account_id": r.account_id, "game_id": r.game_id,
                 "saved_at": at} for r in c.replays])
        if c.item_uses:
            s.execute(insert(_ITEM_USES), [
                {"account_id": u.account_id, "item": u.item, "game_id": u.game_id,
                 "table_id": u.table_id if u.table_id is not None else opened,
                 "detail": u.detail, "at": at} for u in c.item_uses])
        if c.table is not None:
            self._apply_table(s, c.table)
        if c.audit:
            s.execute(insert(_AUDIT), [
                {"admin_id": a.admin_id, "action": a.action, "target_account": a.target_account,
                 "target_table": a.target_table, "detail": a.detail, "at": at}
                for a in c.audit])
        for key, value in c.config.items():
            s.merge(ConfigRow(key=key, value=value))
        if c.revoke_sessions:  # (and the pushes of those logins: issue 54)
            for row in (SessionRow, PushSubscriptionRow):
                s.execute(delete(row).where(row.account_id.in_(c.revoke_sessions)))

    @staticmethod
    def _apply_wallet(s: Session, account_id: int, w: WalletChange) -> None:
        sets: dict[str, Any] = {}
        if w.ladder is not None:
            sets["ladder_score"] = w.ladder.score
            sets["ladder_level"] = w.ladder.level
        if w.rating is not None:
            sets["rating_mu"] = w.rating.mu
            sets["rating_sigma"] = w.rating.sigma
        if w.last_relief is not None:
            sets["last_relief"] = w.last_relief
        if w.banned is not None:
            sets["banned"] = w.banned
            sets["ban_reason"] = w.ban_reason
        for name in w.stats:
            if name not in ("wins", "double_wins", "double_losses"):
                raise ValueError(f"unknown stat {name!r}")
        if sets or w.stats:
            stmt = st.set_account(tuple(sets), tuple(w.stats))
            s.execute(stmt, {"b_id": account_id,
                             **{f"b_{k}": v for k, v in (sets | w.stats).items()}})
        inv: dict[str, Any] = {}
        if w.inventory is not None:
            inv["slots"] = w.inventory.to_json()
        if w.armed is not None:
            inv["armed"] = sorted(w.armed)
        if inv:
            s.execute(st.set_inventory(tuple(inv)),
                      {"b_id": account_id, **{f"b_{k}": v for k, v in inv.items()}})

    @staticmethod
    def _apply_table(s: Session, t: TableUpdate) -> None:
        tv: dict[str, Any] = {}
        if t.name is not None:
            tv["name"] = t.name
            tv["name_default"] = False  # a name given: no longer the default one
        if t.protected_until is not None or t.clear_protection:
            tv["name_protected_until"] = t.protected_until
        if t.tablecloth is not None:
            tv["tablecloth"] = t.tablecloth
        if tv:
            s.execute(update(TableRow).where(TableRow.id == t.table_id).values(**tv))

    # -- reads -----------------------------------------------------------------------------

    async def accounts(self, account_ids: Sequence[int]) -> dict[int, Account]:
        ids = sorted(set(account_ids))
        if not ids:
            return {}
        return await self._read(lambda s: self._accounts(s, ids))

    async def wallet(self, account_id: int) -> Wallet | None:
        def read(s: Session) -> Wallet | None:
            row = s.get(AccountRow, account_id)
            if row is None:
                return None
            inv = s.get(InventoryRow, account_id)
            slots = inv.slots if inv is not None else [None] * self.inventory_slots
            armed = frozenset(inv.armed or ()) if inv is not None else frozenset()
            return Wallet(self.to_account(row),
                          Inventory.from_json(slots, self.inventory_slots), armed,
                          row.last_relief)

        return await self._read(read)

    async def armed(self, account_ids: Sequence[int]) -> dict[int, frozenset[str]]:
        if not account_ids:
            return {}
        ids = list(account_ids)

        def read(s: Session) -> dict[int, frozenset[str]]:
            rows = s.execute(select(InventoryRow.account_id, InventoryRow.armed)
                             .where(InventoryRow.account_id.in_(ids))).all()
            return {int(a): frozenset(armed or ()) for a, armed in rows}

        return await self._read(read)

    async def stats(self, account_id: int) -> Stats | None:
        def read(s: Session) -> Stats | None:
            r = s.get(AccountRow, account_id)
            if r is None:
                return None
            return Stats(r.games_played, r.wins, r.double_wins, r.double_losses, r.escapes,
                         as_utc(r.created_at))

        return await self._read(read)

    async def leaderboard(self, by: str, limit: int) -> list[BoardRow]:
        """Players who have played, best first: by ladder standing or by skill (μ − 3σ).

        On both ladders ordering by (level, score) orders by standing (see
        ``Ladder.standing``): on ``titles`` the level follows the score.
        """
        def read(s: Session) -> list[BoardRow]:
            q = select(AccountRow).where(AccountRow.games_played > 0,
                                         AccountRow.banned.is_(False))
            if by == "skill":
                q = q.order_by((AccountRow.rating_mu - 3 * AccountRow.rating_sigma).desc(),
                               AccountRow.id)
            elif self.ladder == DOUBLING:
                q = q.order_by(AccountRow.ladder_level.desc(), AccountRow.ladder_score.desc(),
                               AccountRow.id)
            else:
                q = q.order_by(AccountRow.ladder_score.desc(), AccountRow.id)
            return [BoardRow(self.to_account(r), r.games_played, r.wins)
                    for r in s.scalars(q.limit(limit))]

        return await self._read(read)

    async def ledger_of(self, account_id: int, limit: int) -> list[dict[str, Any]]:
        def read(s: Session) -> list[dict[str, Any]]:
            rows = s.scalars(select(LedgerRow).where(LedgerRow.account_id == account_id)
                             .order_by(LedgerRow.id.desc()).limit(limit))
            return [{"id": r.id, "amount": r.amount, "reason": r.reason, "game_id": r.game_id,
                     "item": r.item, "note": r.note, "at": as_utc(r.at).isoformat()}
                    for r in rows]

        return await self._read(read)

    async def ledger_totals(self) -> LedgerTotalsRow:
        def read(s: Session) -> LedgerTotalsRow:
            by_reason = {reason: int(total) for reason, total in s.execute(
                select(LedgerRow.reason, func.sum(LedgerRow.amount)).group_by(LedgerRow.reason))}
            balances = int(s.scalar(select(func.coalesce(func.sum(AccountRow.coins), 0))) or 0)
            sums = (select(LedgerRow.account_id, func.sum(LedgerRow.amount).label("total"))
                    .group_by(LedgerRow.account_id).subquery())
            mismatched = list(s.scalars(
                select(AccountRow.id).outerjoin(sums, sums.c.account_id == AccountRow.id)
                .where(AccountRow.coins != func.coalesce(sums.c.total, 0))
                .order_by(AccountRow.id)))
            negative = list(s.scalars(select(AccountRow.id).where(AccountRow.coins < 0)))
            return LedgerTotalsRow(by_reason, balances, mismatched, negative)

        return await self._read(read)

    def _replays(self, s: Session, rows: Sequence[ReplayRow],
                 with_record: bool) -> list[StoredReplay]:
        if not rows:
            return []
        game_ids = {r.game_id for r in rows}
        games = {g.id: g for g in s.scalars(select(GameRow).where(GameRow.id.in_(game_ids)))}
        seat_rows = s.scalars(select(GameSeat).where(GameSeat.game_id.in_(game_ids))
                              .order_by(GameSeat.game_id, GameSeat.seat)).all()
        ids = {x.account_id for x in seat_rows if x.account_id is not None}
        ids.update(r.account_id for r in rows)
        names: dict[int, str] = {i: n for i, n in s.execute(
            select(AccountRow.id, AccountRow.nickname).where(AccountRow.id.in_(ids)))}
        seats: dict[int, list[dict[str, Any]]] = defaultdict(list)
        for x in seat_rows:
            seats[x.game_id].append({"seat": x.seat, "account_id": x.account_id,
                                     "nickname": names.get(x.account_id or -1),
                                     "bot": x.bot, "name": x.bot_name,
                                     "name_en": x.bot_name_en, "avatar": x.bot_avatar,
                                     "outcome": x.outcome})
        return [StoredReplay(r.id, r.account_id, names.get(r.account_id, "?"), r.game_id,
                             as_utc(r.saved_at), seats[r.game_id], games[r.game_id].result,
                             games[r.game_id].record if with_record else None)
                for r in rows]

    async def replays_of(self, account_id: int) -> list[StoredReplay]:
        def read(s: Session) -> list[StoredReplay]:
            rows = s.scalars(select(ReplayRow).where(ReplayRow.account_id == account_id)
                             .order_by(ReplayRow.saved_at.desc(), ReplayRow.game_id.desc())
                             ).all()
            return self._replays(s, rows, with_record=False)

        return await self._read(read)

    async def replay(self, replay_id: str) -> StoredReplay | None:
        def read(s: Session) -> StoredReplay | None:
            row = s.get(ReplayRow, replay_id)
            return None if row is None else self._replays(s, [row], with_record=True)[0]

        return await self._read(read)

    async def counters_of(self, game_id: int) -> list[int]:
        def read(s: Session) -> list[int]:
            return list(s.scalars(select(ItemUseRow.account_id).where(
                ItemUseRow.game_id == game_id, ItemUseRow.item == "card_counter")))

        return await self._read(read)

    async def timers_of(self, game_id: int) -> list[dict[str, Any]]:
        def read(s: Session) -> list[dict[str, Any]]:
            rows = s.scalars(select(ItemUseRow).where(ItemUseRow.game_id == game_id,
                                                      ItemUseRow.item == "timer")
                             .order_by(ItemUseRow.id))
            return [dict(r.detail or {}) for r in rows]

        return await self._read(read)

    async def config(self, key: str) -> Any:
        def read(s: Session) -> Any:
            row = s.get(ConfigRow, key)
            return None if row is None else row.value

        return await self._read(read)

    async def audit_log(self, limit: int) -> list[dict[str, Any]]:
        def read(s: Session) -> list[dict[str, Any]]:
            rows = s.scalars(select(AuditRow).order_by(AuditRow.id.desc()).limit(limit))
            return [{"id": r.id, "admin_id": r.admin_id, "action": r.action,
                     "target_account": r.target_account, "target_table": r.target_table,
                     "detail": r.detail, "at": as_utc(r.at).isoformat()} for r in rows]

        return await self._read(read)

    async def reset_ladder(self, ladder: str, start: LadderPlayer) -> int:
        def write(s: Session) -> int:
            done = s.execute(update(AccountRow).values(ladder_score=start.score,
                                                       ladder_level=start.level))
            s.merge(ConfigRow(key="ladder", value=ladder))
            return int(done.rowcount)  # type: ignore[attr-defined]

        return await self.journal.run(write)
