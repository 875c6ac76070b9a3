"""A game's result (R32): the winner team (or a draw), its kind, and each half's result.

Its own module so that the game, its observation (R45) and the record can all name it
without importing each other.
"""

from __future__ import annotations

from dataclasses import dataclass

from yuanzi.engine.half import HalfResult

NORMAL = "normal"
DOUBLE = "double"
"""双夹 (R30): the game ended with the first half."""
DRAW = "draw"
"""R31's option ``second_half_needs_upstream``: no team won."""


@dataclass(frozen=True, slots=True)
class GameResult:
    """R32: winner team (0 NS, 1 EW, None for a draw), kind, and each half's result."""

    winner: int | None
    kind: str
    halves: tuple[HalfResult, ...]

    @property
    def totals(self) -> tuple[int, int]:
        """Each team's points over the halves played."""
        return (sum(h.points[0] for h in self.halves), sum(h.points[1] for h in self.halves))
