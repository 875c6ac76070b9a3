"""Tournaments (比赛, issue 28): a tournament, who signed up (players, or bots filling
it), and the round's deals. Its tables are hall tables with ``tournament_id`` and
``tournament_round``; its results are their games, so nothing is written twice."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from sqlalchemy import JSON, BigInteger, Boolean, DateTime, Index, Integer, String, false
from sqlalchemy.orm import Mapped, mapped_column

from yuanzi.store.models.base import Base


class TournamentRow(Base):
    __tablename__ = "tournaments"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    name: Mapped[str] = mapped_column(String(64))
    size: Mapped[int] = mapped_column(Integer)
    rounds: Mapped[int] = mapped_column(Integer)
    games_per_round: Mapped[int] = mapped_column(Integer)
    status: Mapped[str] = mapped_column(String(16))
    """``signup``, ``running``, ``finished`` or ``cancelled``."""
    creator_id: Mapped[int] = mapped_column(Integer)
    club_id: Mapped[int | None] = mapped_column(Integer, nullable=True)
    """A club's own tournament: its members only."""
    starts_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True), nullable=True)
    """A scheduled tournament's start (None: a sit-and-go, which starts when full)."""
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    started_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True), nullable=True)
    finished_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True),
                                                         nullable=True)
    seed: Mapped[int] = mapped_column(BigInteger)
    """The draw's seed (partners by draw, :mod:`yuanzi.hall.tournaments.schedule`)."""
    round: Mapped[int] = mapped_column(Integer, default=-1)
    """The round being played (−1 before the first)."""
    deals: Mapped[list[Any] | None] = mapped_column(JSON, nullable=True)
    """Per round, per game: the seeds and values every table of the round deals from."""
    deal_secret: Mapped[str | None] = mapped_column(String(64), nullable=True)
    """What its deals' seeds come from (``yuanzi-tourney/1``, issue 43), hex: each seed is
    committed to when the tournament is made, and shown once its round is over. None for
    a tournament made before (its rounds dealt under ``yuanzi-deal/1``)."""
    check_in_reminded: Mapped[bool] = mapped_column(Boolean, default=False,
                                                    server_default=false())
    """A scheduled tournament: those signed up were told its check-in opened (once, by
    whichever node claimed it first)."""


Index("ix_tournaments_status", TournamentRow.status)
Index("ix_tournaments_club", TournamentRow.club_id)


class TournamentEntryRow(Base):
    __tablename__ = "tournament_entries"

    tournament_id: Mapped[int] = mapped_column(Integer, primary_key=True)
    position: Mapped[int] = mapped_column(Integer, primary_key=True)
    """Sign-up order, from 0: the player's index in the draw."""
    account_id: Mapped[int | None] = mapped_column(Integer, nullable=True)
    bot: Mapped[str | None] = mapped_column(String(32), nullable=True)
    bot_name: Mapped[str | None] = mapped_column(String(32), nullable=True)
    bot_name_en: Mapped[str | None] = mapped_column(String(32), nullable=True)
    bot_avatar: Mapped[int | None] = mapped_column(Integer, nullable=True)
    at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    checked_in: Mapped[bool] = mapped_column(Boolean, default=False, server_default=false())
    """A scheduled tournament: checked in before the start (only those play)."""
    contribution: Mapped[str | None] = mapped_column(String(64), nullable=True)
    """The entrant's random value, given when he signed up or revealed at the start:
    every deal of the tournament mixes them all (``yuanzi-tourney/1``); None for a bot,
    a client that sent none, or a value committed and never revealed."""
    value_commit: Mapped[str | None] = mapped_column(String(64), nullable=True)
    """SHA-256 of the value, given at sign-up in its stead (issue 43's review): the value
    itself comes once sign-ups are closed."""
    withdrawn_round: Mapped[int | None] = mapped_column(Integer, nullable=True)
    """Left while it ran (退赛): the round from which 托管 plays his seat."""


Index("ix_tournament_entries_account", TournamentEntryRow.account_id)
