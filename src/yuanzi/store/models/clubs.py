"""Clubs (亲友圈, issue 26): a group's home, and who is in it with which role."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from sqlalchemy import JSON, Boolean, DateTime, ForeignKey, Index, Integer, String
from sqlalchemy.orm import Mapped, mapped_column

from yuanzi.store.models.base import Base


class ClubRow(Base):
    __tablename__ = "clubs"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    name: Mapped[str] = mapped_column(String(40))
    notice: Mapped[str] = mapped_column(String(400), default="")
    founder_id: Mapped[int] = mapped_column(ForeignKey("accounts.id"))
    join_code: Mapped[str] = mapped_column(String(16))
    invite_token: Mapped[str] = mapped_column(String(64))
    open_join: Mapped[bool] = mapped_column(Boolean, default=False)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    tally_since: Mapped[datetime | None] = mapped_column(DateTime(timezone=True),
                                                         nullable=True)
    """A manager reset the club's tally then: sessions ended before count no more."""
    house_rules: Mapped[dict[str, Any] | None] = mapped_column(JSON, nullable=True)
    """The §12 options its tables are opened with (None: each table's own)."""
    session_games: Mapped[int | None] = mapped_column(Integer, nullable=True)
    """The session length its tables are opened for (None: the opener's choice)."""


Index("ix_clubs_join_code", ClubRow.join_code, unique=True)
Index("ix_clubs_invite_token", ClubRow.invite_token, unique=True)


class ClubMemberRow(Base):
    """``account_id`` in ``club_id``: waiting (``pending``), in (``member``) or banned;
    his role ``founder``, ``manager`` or ``member``."""

    __tablename__ = "club_members"

    club_id: Mapped[int] = mapped_column(ForeignKey("clubs.id", ondelete="CASCADE"),
                                         primary_key=True)
    account_id: Mapped[int] = mapped_column(ForeignKey("accounts.id"), primary_key=True)
    role: Mapped[str] = mapped_column(String(16))
    standing: Mapped[str] = mapped_column(String(16))
    at: Mapped[datetime] = mapped_column(DateTime(timezone=True))


Index("ix_club_members_account", ClubMemberRow.account_id)
