"""The economy's tables (R35–R44): the coin ledger, inventories, replays, item uses,
the admin audit log and the hall's stored configuration.

Why a ledger *and* ``accounts.coins``: the ledger is the truth (every coin that moves is
a row: who, how much, why, which game or item), the column is its running sum kept in
the same transaction so that a balance check is one row read under a row lock. The
ledger audit, from :meth:`yuanzi.store.repos.economy.SqlEconomy.ledger_totals`, proves
the two equal.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

from sqlalchemy import JSON, BigInteger, DateTime, ForeignKey, Index, Integer, String
from sqlalchemy.orm import Mapped, mapped_column

from yuanzi.store.models.base import Base


class LedgerRow(Base):
    """One account's coins changing by ``amount`` (R44); never updated, never deleted."""

    __tablename__ = "ledger_entries"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    account_id: Mapped[int] = mapped_column(ForeignKey("accounts.id"))
    amount: Mapped[int] = mapped_column(BigInteger)
    reason: Mapped[str] = mapped_column(String(16))
    """:class:`yuanzi.hall.economy.ledger.Reason`: new_account, relief, admin_grant, …"""
    game_id: Mapped[int | None] = mapped_column(Integer, nullable=True)
    item: Mapped[str | None] = mapped_column(String(32), nullable=True)
    note: Mapped[str | None] = mapped_column(String(200), nullable=True)
    at: Mapped[datetime] = mapped_column(DateTime(timezone=True))


class InventoryRow(Base):
    """A player's slots (R43) as JSON, and the items he has armed (timer, recorder)."""

    __tablename__ = "inventories"

    account_id: Mapped[int] = mapped_column(ForeignKey("accounts.id", ondelete="CASCADE"),
                                            primary_key=True)
    slots: Mapped[list[Any]] = mapped_column(JSON)
    armed: Mapped[list[str]] = mapped_column(JSON)


class ReplayRow(Base):
    """A replay saved by a recorder (R41); ``id`` is the share code of its link."""

    __tablename__ = "replays"

    id: Mapped[str] = mapped_column(String(24), primary_key=True)
    account_id: Mapped[int] = mapped_column(ForeignKey("accounts.id"))
    game_id: Mapped[int] = mapped_column(ForeignKey("games.id"))
    saved_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))


class ItemUseRow(Base):
    """An item used (or a timer fired): history, and how a card counter and a timer's
    extension of the turn (``detail``: seat and game version) survive a restart of the
    hall in the middle of their game."""

    __tablename__ = "item_uses"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    account_id: Mapped[int] = mapped_column(ForeignKey("accounts.id"))
    item: Mapped[str] = mapped_column(String(32))
    game_id: Mapped[int | None] = mapped_column(Integer, nullable=True)
    table_id: Mapped[int | None] = mapped_column(Integer, nullable=True)
    detail: Mapped[dict[str, Any] | None] = mapped_column(JSON, nullable=True)
    at: Mapped[datetime] = mapped_column(DateTime(timezone=True))


class AuditRow(Base):
    """Every admin action (issue: "every admin action in an audit log an admin can read")."""

    __tablename__ = "admin_audit"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    admin_id: Mapped[int | None] = mapped_column(ForeignKey("accounts.id"), nullable=True)
    """None for the hall itself (a ladder switch at start-up)."""
    action: Mapped[str] = mapped_column(String(32))
    target_account: Mapped[int | None] = mapped_column(Integer, nullable=True)
    target_table: Mapped[int | None] = mapped_column(Integer, nullable=True)
    detail: Mapped[dict[str, Any] | None] = mapped_column(JSON, nullable=True)
    at: Mapped[datetime] = mapped_column(DateTime(timezone=True))


class ConfigRow(Base):
    """Hall settings an admin changes at run time (the gem cap), and the ladder the
    stored ladder values belong to."""

    __tablename__ = "hall_config"

    key: Mapped[str] = mapped_column(String(64), primary_key=True)
    value: Mapped[Any] = mapped_column(JSON, nullable=True)


Index("ix_ledger_account", LedgerRow.account_id)
Index("ix_ledger_game", LedgerRow.game_id)
Index("ix_replays_account", ReplayRow.account_id)
Index("ix_item_uses_game", ItemUseRow.game_id)
Index("ix_admin_audit_at", AuditRow.at)
