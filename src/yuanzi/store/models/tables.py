"""The lobby's tables (``hall_tables``): each table's settings and seats, whether or not
a game is being played at it."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from sqlalchemy import (
    JSON,
    BigInteger,
    Boolean,
    DateTime,
    ForeignKey,
    Index,
    Integer,
    String,
    false,
    true,
)
from sqlalchemy.orm import Mapped, mapped_column

from yuanzi.store.models.base import Base


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
    private: Mapped[bool] = mapped_column(Boolean, default=False, server_default=false())
    """Out of the lobby: reached by its room code or invite link only (issue 15)."""
    room_code: Mapped[str | None] = mapped_column(String(8), nullable=True)
    """Six digits, unique among open tables (cleared when the table closes)."""
    invite_token: Mapped[str | None] = mapped_column(String(64), nullable=True)
    """The invite link's secret (≥ 128 bits; cleared when the table closes)."""
    admitted: Mapped[list[int] | None] = mapped_column(JSON, nullable=True)
    """Accounts that came in by the code, the link or an invitation."""
    locked: Mapped[bool] = mapped_column(Boolean, default=False, server_default=false())
    """The owner admits no one new."""
    spectators_allowed: Mapped[bool] = mapped_column(Boolean, default=True,
                                                     server_default=true())
    club_id: Mapped[int | None] = mapped_column(Integer, nullable=True)
    """A club's table (issue 26): its members come in without a code; no one else."""
    session_id: Mapped[int | None] = mapped_column(Integer, nullable=True)
    """The table's latest session room (running or ended), if any (issue 26)."""
    tournament_id: Mapped[int | None] = mapped_column(Integer, nullable=True)
    tournament_round: Mapped[int | None] = mapped_column(Integer, nullable=True)
    """A tournament's table for that round (issue 28)."""


Index("ix_hall_tables_status", TableRow.status)
Index("ix_hall_tables_room_code", TableRow.room_code, unique=True)
Index("ix_hall_tables_invite_token", TableRow.invite_token, unique=True)
Index("ix_hall_tables_club", TableRow.club_id)
Index("ix_hall_tables_tournament", TableRow.tournament_id, TableRow.tournament_round)


class TableLeaseRow(Base):
    """Which node of a hall of several owns a table (issue 13), and its fencing token.

    ``token`` only grows, one step for every change of owner, and lives in the same
    database as every write it fences, so a writer can check (and share-lock) its lease
    in the very transaction of its write. ``expires_at`` is the database's clock.
    """

    __tablename__ = "table_leases"

    table_id: Mapped[int] = mapped_column(ForeignKey("hall_tables.id"), primary_key=True)
    node: Mapped[str] = mapped_column(String(64))
    token: Mapped[int] = mapped_column(BigInteger)
    expires_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
