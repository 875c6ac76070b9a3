"""The table as one seat sees it, in the compact form the bots' policies read.

Built from an :class:`~yuanzi.engine.Observation` for a real decision, or kept up to date
move by move inside a search rollout (where building an observation would cost more than
the decision). It holds only public facts plus the seat's number: the hand is passed
separately, so a policy cannot peek at anyone else's cards.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from yuanzi.engine.cards import SJ
from yuanzi.engine.combos import Move
from yuanzi.engine.observe import Observation
from yuanzi.engine.rules import DEFAULT_RULES, Rules

JOKER_SLOT = 13
"""Index of the jokers in :attr:`PublicState.gone`."""
RANK_COPIES = 12
"""Cards of one natural rank in three packs (4 suits × 3)."""
JOKER_COPIES = 6


@dataclass(slots=True)
class PublicState:
    """Public state of the current half from ``seat``'s chair."""

    seat: int
    blade: int
    top: Move | None = None
    top_seat: int = -1
    cards_left: list[int] = field(default_factory=lambda: [40, 40, 40, 40])
    table_points: int = 0
    """Points lying in the unfinished trick."""
    won: list[int] = field(default_factory=lambda: [0, 0, 0, 0])
    """Trick points each seat has won this half."""
    gone: list[int] = field(default_factory=lambda: [0] * 14)
    """Cards played this half, per natural rank, jokers at :data:`JOKER_SLOT`."""
    second: bool = False
    carry: tuple[int, int] = (0, 0)
    """Team points (NS, EW) of the first half, when this is the second half."""
    first_upstream: int = -1
    """The first-half 上游 (its team needs 300 to win, the other 305; R31), or -1."""
    rules: Rules = DEFAULT_RULES

    @property
    def partner(self) -> int:
        return self.seat ^ 2

    def team_won(self, seat: int) -> int:
        """Trick points won this half by ``seat``'s team."""
        return self.won[seat] + self.won[seat ^ 2]

    def note_played(self, cards: tuple[int, ...]) -> None:
        """Remember cards that were just played (card counting)."""
        gone = self.gone
        for c in cards:
            gone[JOKER_SLOT if c >= SJ else c >> 2] += 1


def view_of(obs: Observation) -> PublicState:
    """The view of the observing seat (which must not be a spectator)."""
    if obs.seat is None:
        raise ValueError("a spectator has no seat to play for")
    gone = [0] * 14
    for card in obs.played_cards():
        gone[JOKER_SLOT if card >= SJ else card >> 2] += 1
    carry = (0, 0)
    first_upstream = -1
    if obs.half == 1 and obs.finished:
        carry = obs.finished[0].points
        first_upstream = obs.finished[0].upstream
    return PublicState(
        seat=obs.seat,
        blade=obs.blade_rank,
        top=obs.top,
        top_seat=-1 if obs.top_seat is None else obs.top_seat,
        cards_left=list(obs.cards_left),
        table_points=obs.table_points,
        won=list(obs.trick_points),
        gone=gone,
        second=obs.half == 1,
        carry=carry,
        first_upstream=first_upstream,
        rules=obs.rules,
    )
