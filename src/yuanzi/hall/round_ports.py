"""What settling a tournament round's standings needs of the store (issue 43's side
channel closed): the round's games whose standings wait, and the claim that applies one
exactly once (:mod:`yuanzi.hall.services.round_standings`)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Protocol


class AlreadySettled(Exception):
    """The game's standings were applied already (another node, an earlier try): the
    decision that claimed it is rolled back and nothing changes."""


@dataclass(frozen=True, slots=True)
class StandingsClaim:
    """Apply a game's pending standings in this decision's transaction: the store marks
    the game applied and stores ``settlement`` (the seats' lines as applied) only if it
    was still pending, else refuses the whole decision with :class:`AlreadySettled`."""

    game_id: int
    settlement: dict[str, Any]


@dataclass(frozen=True, slots=True)
class PendingGame:
    """A tournament's ended game whose ladder, rating and wins are not applied yet."""

    game_id: int
    accounts: tuple[int | None, ...]
    """Seat by seat (0–3): the account, or None for a bot."""
    settlement: dict[str, Any]
    """As its end stored it: ``outcome`` (winner, kind) and the seats' lines."""


class RoundStandingsStore(Protocol):
    async def pending_standings(self, tournament_id: int, round_: int) -> list[PendingGame]:
        """The ended games of the round and of those before it whose standings wait (one
        that could not be applied at its round's end is tried again), in the order played."""
