"""The accounts aggregate's tables: an account and its login sessions.

``accounts.coins`` is a cache of the account's ledger sum (:mod:`.economy`), written
only in the transaction that writes the ledger rows (:mod:`yuanzi.store.repos.economy`),
so that a balance check is one row read under a row lock.
"""

from __future__ import annotations

from datetime import date, datetime

from sqlalchemy import (
    BigInteger,
    Boolean,
    Date,
    DateTime,
    Float,
    ForeignKey,
    Index,
    Integer,
    String,
)
from sqlalchemy.orm import Mapped, mapped_column

from yuanzi.store.models.base import Base


class Account(Base):
    __tablename__ = "accounts"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    nickname: Mapped[str] = mapped_column(String(32))
    nickname_key: Mapped[str] = mapped_column(String(32), unique=True)
    """Case-folded nickname: two accounts may not differ only by case."""
    nickname_skeleton: Mapped[str | None] = mapped_column(String(64), nullable=True,
                                                         index=True)
    """What the nickname looks like (:func:`yuanzi.hall.names.confusables.skeleton`): a new
    name may not look like an existing one."""
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
    silenced_until: Mapped[datetime | None] = mapped_column(DateTime(timezone=True),
                                                            nullable=True)
    """An admin silenced the player's chat hall-wide until then (issue 15)."""


class SessionRow(Base):
    __tablename__ = "sessions"

    token_hash: Mapped[str] = mapped_column(String(64), primary_key=True)
    account_id: Mapped[int] = mapped_column(ForeignKey("accounts.id", ondelete="CASCADE"))
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    expires_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))



Index("ix_sessions_account", SessionRow.account_id)
