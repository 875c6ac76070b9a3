"""What a table view says of the tournament it belongs to (issue 28)."""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict


class TableTournament(BaseModel):
    """A tournament's table: which tournament and round; its seats are drawn."""

    model_config = ConfigDict(extra="forbid")
    id: int
    round: int
    """From 0."""
    games: int
    """Games this table plays in the round (each the round's duplicate deal)."""
