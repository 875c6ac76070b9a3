"""The base stake of a game (对局分, R36) and who gains or loses it.

Every economic consequence of a game — ladder points (R37, R38), bet coins (R40), the
escape penalty (R35) — is "some multiple of the base stake, + for the winning team and
− for the losing team". This module is that one definition, so the ladders and the bets
cannot disagree about who won what.

Seats and teams follow R20 and :class:`yuanzi.engine.game.GameResult`: team 0 (NS) is
seats 0 and 2, team 1 (EW) is seats 1 and 3.
"""

from __future__ import annotations

from typing import Protocol

from yuanzi.engine.result import DOUBLE, DRAW, NORMAL

SEATS = (0, 1, 2, 3)
"""R20: North 0, East 1, South 2, West 3."""

BASE_STAKES: dict[str, int] = {NORMAL: 1, DOUBLE: 2, DRAW: 0}
"""R36: 1 for a normal win, 2 for 双夹 (a double win), 0 for a draw."""


class Outcome(Protocol):
    """What the economy needs of a game's result: the winning team and the kind.

    :class:`yuanzi.engine.game.GameResult` satisfies it; the hall can also rebuild one
    from a stored game row without replaying the engine.
    """

    @property
    def winner(self) -> int | None: ...

    @property
    def kind(self) -> str: ...


def team_of(seat: int) -> int:
    """R20: partners sit opposite, so a seat's team is its parity (0 NS, 1 EW)."""
    check_seat(seat)
    return seat & 1


def check_seat(seat: int) -> None:
    """Refuse a seat number outside 0–3 (a wiring bug, not a player error)."""
    if seat not in SEATS:
        raise ValueError(f"seat must be 0–3, not {seat!r}")


def base_stake(outcome: Outcome) -> int:
    """R36: the base stake of a finished game (1 normal, 2 双夹, 0 draw).

    Refuses an inconsistent outcome (a draw with a winner, a win without one), because
    the caller would otherwise pay the wrong seats.
    """
    if outcome.kind not in BASE_STAKES:
        raise ValueError(f"unknown game kind {outcome.kind!r}")
    if (outcome.kind == DRAW) != (outcome.winner is None):
        raise ValueError(f"inconsistent outcome: kind {outcome.kind!r}, winner {outcome.winner!r}")
    if outcome.winner is not None and outcome.winner not in (0, 1):
        raise ValueError(f"winner must be team 0 or 1, not {outcome.winner!r}")
    return BASE_STAKES[outcome.kind]


def seat_deltas(winner: int | None, stake: int) -> tuple[int, int, int, int]:
    """R36: each seat of the winning team gains ``stake``, each of the losing team loses it.

    ``winner`` None (a draw) moves nothing. The four deltas always sum to zero.
    """
    if stake < 0:
        raise ValueError(f"a stake is never negative, not {stake}")
    if winner is None:
        return (0, 0, 0, 0)
    if winner not in (0, 1):
        raise ValueError(f"winner must be team 0 or 1, not {winner!r}")
    d0 = stake if winner == 0 else -stake
    return (d0, -d0, d0, -d0)


def outcome_deltas(outcome: Outcome, multiplier: int = 1) -> tuple[int, int, int, int]:
    """Per-seat deltas of base stake × ``multiplier`` for a finished game (R36)."""
    return seat_deltas(outcome.winner, base_stake(outcome) * multiplier)
