"""A tournament as clients see it (docs/protocol.md, ``GET /api/tournaments/{id}``), and
the frame that sends a player to his table."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict

from yuanzi.hall.events import Frame


class EntryView(BaseModel):
    model_config = ConfigDict(extra="forbid")
    position: int
    account_id: int | None
    name: str
    name_en: str | None
    bot: str | None


class RoundTable(BaseModel):
    model_config = ConfigDict(extra="forbid")
    round: int
    table_id: int
    playing: bool
    seats: list[int]
    """Positions (entries) by seat: 0 and 2 partners (North–South), 1 and 3."""


class StandingView(BaseModel):
    model_config = ConfigDict(extra="forbid")
    rank: int
    position: int
    name: str
    games: int
    score: float
    """Total duplicate score (docs/tournaments.md)."""
    stake: int
    points: int
    per_round: list[float]


class TournamentView(BaseModel):
    model_config = ConfigDict(extra="forbid")
    id: int
    name: str
    size: int
    rounds: int
    games_per_round: int
    status: Literal["signup", "running", "finished"]
    round: int
    """The round being played, from 0 (−1 before the first)."""
    creator_id: int
    created_at: float
    started_at: float | None
    finished_at: float | None
    entries: list[EntryView]
    tables: list[RoundTable]
    standings: list[StandingView]
    commits: list[list[list[str]]]
    """Per round, per game: the SHA-256 commitments of its two halves' seeds, published
    when the round begins, before any card is seen (docs/fairness.md)."""


class TournamentTableFrame(Frame):
    """To a player: the tournament's round begins; your table (``table``), or the
    tournament is over (``table`` null, ``status`` finished)."""

    type: Literal["tournament"] = "tournament"
    tournament: int
    round: int
    table: int | None
    status: Literal["running", "finished"]
