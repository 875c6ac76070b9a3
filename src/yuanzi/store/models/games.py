"""The games aggregate's tables: a game, its deals and actions (stored before they are
broadcast, so a game rebuilds after a crash) and its seats with their outcomes."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from sqlalchemy import JSON, Boolean, DateTime, ForeignKey, Index, Integer, String, Text, false
from sqlalchemy.orm import Mapped, mapped_column

from yuanzi.store.models.base import Base


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
    standings_pending: Mapped[bool] = mapped_column(Boolean, default=False,
                                                    server_default=false())
    """A tournament's game whose ladder, rating and wins wait for its round's end (the
    round's other tables play the same deals): :mod:`yuanzi.hall.services.round_standings`."""
    session_id: Mapped[int | None] = mapped_column(Integer, nullable=True)
    """The session room it was played in (issue 26), if any."""
    fairness: Mapped[dict[str, Any] | None] = mapped_column(JSON, nullable=True)
    """Its deals' seeds and the seats' contributions (issue 28): secret while it is
    played, in its record once it is over."""


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
Index("ix_games_table", GameRow.table_id, GameRow.id)
Index("ix_games_session", GameRow.session_id)
