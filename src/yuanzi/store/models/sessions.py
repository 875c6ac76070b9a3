"""Session rooms (``table_sessions``, issue 26): a table opened for N games or until
someone leaves. Its games carry its id (``games.session_id``); its tally is computed from
them, so nothing of it is written twice."""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import JSON, Boolean, DateTime, Index, Integer, String, false
from sqlalchemy.orm import Mapped, mapped_column

from yuanzi.store.models.base import Base


class SessionRow(Base):
    __tablename__ = "table_sessions"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    table_id: Mapped[int] = mapped_column(Integer)
    club_id: Mapped[int | None] = mapped_column(Integer, nullable=True)
    owner_id: Mapped[int] = mapped_column(Integer)
    games: Mapped[int] = mapped_column(Integer)
    """4, 8 or 16; 0: until someone leaves."""
    status: Mapped[str] = mapped_column(String(16))
    """``running`` or ``ended``."""
    reason: Mapped[str | None] = mapped_column(String(16), nullable=True)
    """Why it ended: ``games``, ``vote``, ``owner``, ``left``, ``closed``."""
    started_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    ended_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True), nullable=True)
    end_votes: Mapped[list[int] | None] = mapped_column(JSON, nullable=True)
    """The seats that asked to end it, while a vote runs (null: none)."""
    vote_until: Mapped[datetime | None] = mapped_column(DateTime(timezone=True), nullable=True)
    end_agreed: Mapped[bool] = mapped_column(Boolean, server_default=false(), default=False)
    """All agreed during a game: that game is its last."""


Index("ix_table_sessions_table", SessionRow.table_id)
Index("ix_table_sessions_club", SessionRow.club_id, SessionRow.ended_at)
