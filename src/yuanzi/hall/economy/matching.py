"""Quick match (快速加入): the open table whose players' level is closest to mine.

R38 (hall): 玩家寻找以自己水平相等的对手 — players are matched with others of their own
level. Given the open tables the player may join (the caller has already applied the
bet's 100× rule, the same-IP rule and any private-table filter — :mod:`.bets`), pick:

1. the table whose seated players' levels are closest to the player's — the mean of
   |their level − mine| over the occupied seats, computed exactly;
2. on a tie, the seat and table that leave the partnerships' skill most balanced —
   |Σ μ of team 0 − Σ μ of team 1| over the occupied seats with the player added
   (:mod:`.rating`), which at a partial table prefers sitting opposite the stronger side;
3. then the lowest table id and seat, so the choice is deterministic.

Tables with nobody seated have no level to compare; they are chosen only when no table
with a player has a free seat (an empty table is then as good as a new one). A seat the
caller passes as None is free (empty, or a bot that gives way to a player). A bot that
keeps its seat is passed with ``bot=True``: its seat is taken, but it has no level, so it
does not count in the level distance (its rating, the caller's choice, still counts in
the balance).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from fractions import Fraction

from yuanzi.hall.economy.rating import Rating


@dataclass(frozen=True, slots=True)
class SeatedPlayer:
    """What quick match knows of a seated player: ladder level and skill rating."""

    level: int
    rating: Rating = field(default_factory=Rating)
    bot: bool = False


@dataclass(frozen=True, slots=True)
class OpenTable:
    """A table the player may join: its id and its four seats (None = free)."""

    table_id: int
    seats: tuple[SeatedPlayer | None, ...]

    def __post_init__(self) -> None:
        if len(self.seats) != 4:
            raise ValueError(f"a table has four seats, got {len(self.seats)}")


@dataclass(frozen=True, slots=True)
class Match:
    """The chosen table and seat, with the measures that chose it."""

    table_id: int
    seat: int
    level_distance: Fraction | None
    imbalance: float


def _imbalance(seats: Sequence[SeatedPlayer | None], seat: int, me: Rating) -> float:
    teams = [0.0, 0.0]
    for s, p in enumerate(seats):
        if s == seat:
            teams[s % 2] += me.mu
        elif p is not None:
            teams[s % 2] += p.rating.mu
    return abs(teams[0] - teams[1])


def quick_match(level: int, rating: Rating, tables: Iterable[OpenTable]) -> Match | None:
    """The best (table, seat) for a player of ``level`` and ``rating``; None if all full."""
    best: tuple[tuple[int, Fraction, float, int, int], Match] | None = None
    for table in tables:
        seated = [p for p in table.seats if p is not None and not p.bot]
        distance = (Fraction(sum(abs(p.level - level) for p in seated), len(seated))
                    if seated else None)
        for seat, p in enumerate(table.seats):
            if p is not None:
                continue
            imbalance = _imbalance(table.seats, seat, rating)
            key = (0 if distance is not None else 1, distance or Fraction(0), imbalance,
                   table.table_id, seat)
            if best is None or key < best[0]:
                best = (key, Match(table.table_id, seat, distance, imbalance))
    return None if best is None else best[1]
