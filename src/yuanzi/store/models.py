"""The tables of the hall's database (SQLAlchemy 2 declarative models).

The economy's own tables (ledger, inventories, replays, audit log, hall config) are in
:mod:`yuanzi.store.economy_models`; the columns it adds to accounts, tables and games
are here. ``accounts.coins`` is a cache of the account's ledger sum, written only in the
transaction that writes the ledger rows (:mod:`yuanzi.store.economy`).
"""

from __future__ import annotations

from datetime import date, datetime
from typing import Any

from sqlalchemy import (
    JSON,
    BigInteger,
    Boolean,
    Date,
    DateTime,
    Float,
    ForeignKey,
    Index,
    Integer,
    String,
    Text,
)
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column


class Base(DeclarativeBase):
    """Declarative base; the Alembic migrations are written against these tables."""


class Account(Base):
    __tablename__ = "accounts"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    nickname: Mapped[str] = mapped_column(String(32))
    nickname_key: Mapped[str] = mapped_column(String(32), unique=True)
    """Case-folded nickname: two accounts may not differ only by case."""
    password_hash: Mapped[str] = mapped_column(String(200))
    role: Mapped[str] = mapped_column(String(16), default="player")
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    ladder_score: Mapped[int] = mapped_column(Integer, default=0)
    ladder_level: Mapped[int] = mapped_column(Integer, default=0)
    coins: Mapped[int] = mapped_column(BigInteger, default=5000)
    games_played: Mapped[int] = mapped_column(Integer, default=0)
    escapes: Mapped[int] = mapped_column(Integer, default=0)
    wins: Mapped[int] = mapped_column(Integer, default=0)
    double_wins: Mapped[int] = mapped_column(Integer, default=0)
    """双夹 won (R30)."""
    double_losses: Mapped[int] = mapped_column(Integer, default=0)
    rating_mu: Mapped[float] = mapped_column(Float, default=25.0)
    rating_sigma: Mapped[float] = mapped_column(Float, default=25.0 / 3.0)
    last_relief: Mapped[date | None] = mapped_column(Date, nullable=True)
    """The hall day of the last 救济金 claim (R44)."""
    banned: Mapped[bool] = mapped_column(Boolean, default=False)
    ban_reason: Mapped[str | None] = mapped_column(String(200), nullable=True)


class SessionRow(Base):
    __tablename__ = "sessions"

    token_hash: Mapped[str] = mapped_column(String(64), primary_key=True)
    account_id: Mapped[int] = mapped_column(ForeignKey("accounts.id", ondelete="CASCADE"))
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    expires_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))


class TableRow(Base):
    """A table of the lobby; ``seats`` is the seat list as JSON (small, rewritten whole)."""

    __tablename__ = "hall_tables"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    name: Mapped[str] = mapped_column(String(64))
    owner_id: Mapped[int] = mapped_column(ForeignKey("accounts.id"))
    tablecloth: Mapped[str] = mapped_column(String(32))
    bet: Mapped[int] = mapped_column(Integer, default=0)
    rules: Mapped[dict[str, Any]] = mapped_column(JSON)
    seats: Mapped[list[Any]] = mapped_column(JSON)
    status: Mapped[str] = mapped_column(String(16))
    """``open`` (no game), ``playing``, ``closed``."""
    game_id: Mapped[int | None] = mapped_column(Integer, nullable=True)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    name_protected_until: Mapped[datetime | None] = mapped_column(DateTime(timezone=True),
                                                                  nullable=True)
    """A sign's protection (R41): until then only an admin renames the table."""
    name_default: Mapped[bool] = mapped_column(Boolean, default=False)
    """No name was given (``name`` holds «owner的桌»): clients show it in their language."""


class GameRow(Base):
    __tablename__ = "games"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    table_id: Mapped[int] = mapped_column(ForeignKey("hall_tables.id"))
    rules: Mapped[dict[str, Any]] = mapped_column(JSON)
    status: Mapped[str] = mapped_column(String(16))
    """``playing``, ``finished`` or ``abandoned`` (an escape, R35)."""
    started_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    ended_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True), nullable=True)
    result: Mapped[dict[str, Any] | None] = mapped_column(JSON, nullable=True)
    record: Mapped[dict[str, Any] | None] = mapped_column(JSON, nullable=True)
    """The whole RECORD.md record, written when the game ends."""
    settlement: Mapped[dict[str, Any] | None] = mapped_column(JSON, nullable=True)
    """What the game did to each seat: ladder, coins, drops (written with the result)."""


class GameDeal(Base):
    """One half's deal, stored before the half's first action."""

    __tablename__ = "game_deals"

    game_id: Mapped[int] = mapped_column(ForeignKey("games.id"), primary_key=True)
    half: Mapped[int] = mapped_column(Integer, primary_key=True)
    blade_card: Mapped[str] = mapped_column(String(4))
    blade_holder: Mapped[int] = mapped_column(Integer)
    first_drawer: Mapped[int] = mapped_column(Integer)
    hands: Mapped[list[str]] = mapped_column(JSON)


class GameAction(Base):
    """One applied action, stored before it is broadcast; ``reason`` is the hall's why."""

    __tablename__ = "game_actions"

    game_id: Mapped[int] = mapped_column(ForeignKey("games.id"), primary_key=True)
    idx: Mapped[int] = mapped_column(Integer, primary_key=True)
    """The game's version after this action minus one (0-based across both halves)."""
    half: Mapped[int] = mapped_column(Integer)
    seat: Mapped[int] = mapped_column(Integer)
    cards: Mapped[str] = mapped_column(Text)
    """R2 notation or ``pass``."""
    reason: Mapped[str] = mapped_column(String(16))
    """``player``, ``timeout``, ``auto`` (托管/disconnected) or ``bot`` (a bot seat)."""
    at: Mapped[datetime] = mapped_column(DateTime(timezone=True))


class GameSeat(Base):
    """Who sat where in a game, and how it ended for them (for ladders and coins)."""

    __tablename__ = "game_seats"

    game_id: Mapped[int] = mapped_column(ForeignKey("games.id"), primary_key=True)
    seat: Mapped[int] = mapped_column(Integer, primary_key=True)
    account_id: Mapped[int | None] = mapped_column(ForeignKey("accounts.id"), nullable=True)
    bot: Mapped[str | None] = mapped_column(String(32), nullable=True)
    bot_name: Mapped[str | None] = mapped_column(String(32), nullable=True)
    """The name the hall gave the bot (zh-CN; ``bot_name_en`` in English), its avatar."""
    bot_name_en: Mapped[str | None] = mapped_column(String(32), nullable=True)
    bot_avatar: Mapped[int | None] = mapped_column(Integer, nullable=True)
    outcome: Mapped[str | None] = mapped_column(String(16), nullable=True)
    """``win``, ``lose``, ``draw``, ``escape`` or ``abandoned`` (another seat escaped)."""
    base_stake: Mapped[int | None] = mapped_column(Integer, nullable=True)
    """R36: +1/+2 won, −1/−2 lost, 0 draw; an escaper −2 × a normal win (R35)."""


Index("ix_game_seats_account", GameSeat.account_id)
Index("ix_sessions_account", SessionRow.account_id)
Index("ix_hall_tables_status", TableRow.status)
