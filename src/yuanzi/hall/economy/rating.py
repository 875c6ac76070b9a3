"""A hidden skill rating per player, by OpenSkill's Plackett–Luce model (teams of two).

The ladders (R37, R38) measure *progress* — they only go up for a winner and reward
playing often — so they are poor at telling how strong a player is. Quick match and
the bots' pairing want strength: this module keeps a Bayesian (μ, σ) per player,
updated after every finished game with the two partnerships as teams of two (team 0 =
seats 0, 2; team 1 = seats 1, 3; R20) and the winner ranked first; a draw (R31 option
``second_half_needs_upstream``) ranks both teams equal. An escaped game is not rated —
it has no result — the escape penalty lives in the ladder (R35).

The rating is a value (:class:`Rating`) of plain floats so the store can keep it in two
columns without importing OpenSkill. OpenSkill itself (``openskill`` 6.x, MIT) is
imported only when a game is rated, so the rest of the economy works without it.
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

DEFAULT_MU = 25.0
DEFAULT_SIGMA = 25.0 / 3.0
"""OpenSkill's defaults: μ = 25, σ = 25/3; a new player's display value μ − 3σ is 0."""


@dataclass(frozen=True, slots=True)
class Rating:
    """One player's skill belief: mean ``mu``, uncertainty ``sigma``."""

    mu: float = DEFAULT_MU
    sigma: float = DEFAULT_SIGMA

    @property
    def ordinal(self) -> float:
        """The conservative estimate μ − 3σ, for displays and sorting."""
        return self.mu - 3.0 * self.sigma


Ratings4 = tuple[Rating, Rating, Rating, Rating]


def openskill_available() -> bool:
    """Whether the optional ``openskill`` package can be imported."""
    try:
        _model()
    except ImportError:
        return False
    return True


@functools.cache
def _model() -> Any:
    from openskill.models import PlackettLuce  # type: ignore[import-not-found,unused-ignore]

    return PlackettLuce(mu=DEFAULT_MU, sigma=DEFAULT_SIGMA)


def _teams(model: Any, ratings: Sequence[Rating]) -> list[list[Any]]:
    if len(ratings) != 4:
        raise ValueError(f"a table has four seats, got {len(ratings)} ratings")
    r = [model.rating(mu=x.mu, sigma=x.sigma) for x in ratings]
    return [[r[0], r[2]], [r[1], r[3]]]


def rate_game(ratings: Sequence[Rating], winner: int | None) -> Ratings4:
    """The four seats' ratings after a game won by team ``winner`` (None: a draw)."""
    if winner not in (0, 1, None):
        raise ValueError(f"winner must be team 0, 1 or None, not {winner!r}")
    model = _model()
    teams = _teams(model, ratings)
    ranks = [1.0, 1.0] if winner is None else ([1.0, 2.0] if winner == 0 else [2.0, 1.0])
    (n0, s0), (e1, w3) = model.rate(teams, ranks=ranks)
    seats = (n0, e1, s0, w3)
    return (Rating(float(seats[0].mu), float(seats[0].sigma)),
            Rating(float(seats[1].mu), float(seats[1].sigma)),
            Rating(float(seats[2].mu), float(seats[2].sigma)),
            Rating(float(seats[3].mu), float(seats[3].sigma)))


def win_probability(ratings: Sequence[Rating]) -> float:
    """OpenSkill's predicted chance that team 0 (seats 0, 2) beats team 1."""
    model = _model()
    return float(model.predict_win(_teams(model, ratings))[0])
