"""A tournament's standings (issue 28), on duplicate deals: in a round every table plays
the same deals, so a pair's result is measured against the pairs who held the same cards
— the same direction (NS or EW) at the other tables — and the luck of the deal is gone,
as in duplicate bridge.

A pair's **duplicate score** for a game is its card points (R29, both halves) minus the
mean card points of the pairs that sat in its direction at the round's other tables for
the same game. Each player gets his pair's score. Standings order players by:

1. total duplicate score (higher first);
2. total base stake (R36: games won, 双夹 counting double, an escape −2);
3. total card points;
4. the earlier sign-up.

An abandoned game (R35) comes with the card points its caller gives it (no half may have
been finished) and its settled stakes: the escaper's −2, the others' 0.

A player who **withdraws** (退赛) while it runs is played by 托管 from that round on
(R34), so his tables stay whole and everyone else's duplicate comparison stands; each of
his games from then on counts as an escape for him alone (R35: base stake −2, the other
three seats unchanged), and he is ranked after everyone who played it out.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field


@dataclass(frozen=True, slots=True)
class TableGame:
    """One game at one table of a round: the players by seat, each team's card points
    (NS, EW) and each seat's base stake."""

    round: int
    game: int
    """Which of the round's games (its deal)."""
    seats: tuple[int, int, int, int]
    points: tuple[int, int]
    stakes: tuple[int, int, int, int]


@dataclass(slots=True)
class Standing:
    player: int
    games: int = 0
    score: float = 0.0
    stake: int = 0
    points: int = 0
    rank: int = 0
    per_round: list[float] = field(default_factory=list)
    withdrawn: bool = False


def duplicate_scores(games: Sequence[TableGame]) -> dict[tuple[int, int, int], float]:
    """Each (round, game, player)'s duplicate score."""
    out: dict[tuple[int, int, int], float] = {}
    boards: dict[tuple[int, int], list[TableGame]] = {}
    for g in games:
        boards.setdefault((g.round, g.game), []).append(g)
    for (r, k), tables in boards.items():
        for team in (0, 1):
            points = [t.points[team] for t in tables]
            for i, t in enumerate(tables):
                others = points[:i] + points[i + 1:]
                mean = sum(others) / len(others) if others else points[i]
                for seat in (team, team + 2):
                    out[(r, k, t.seats[seat])] = points[i] - mean
    return out


ESCAPE_STAKE = -2
"""R35: an escaper loses twice a normal win's base stake (R36)."""


def standings(players: int, games: Sequence[TableGame],
              withdrawn: Mapping[int, int] | None = None) -> list[Standing]:
    """Every player's standing, best first, ``rank`` 1… (equal on every criterion:
    the same rank is not given: the earlier sign-up is the last tie-break).
    ``withdrawn``: player → the round from which he withdrew."""
    gone = withdrawn or {}
    table = [Standing(p, withdrawn=p in gone) for p in range(players)]
    scores = duplicate_scores(games)
    rounds = max((g.round for g in games), default=-1) + 1
    for s in table:
        s.per_round = [0.0] * rounds
    for g in games:
        for seat, p in enumerate(g.seats):
            s = table[p]
            s.games += 1
            d = scores[(g.round, g.game, p)]
            s.score += d
            s.per_round[g.round] += d
            escaped = p in gone and g.round >= gone[p]
            s.stake += ESCAPE_STAKE if escaped else g.stakes[seat]
            s.points += g.points[seat % 2]
    ordered = sorted(table, key=lambda s: (s.withdrawn, -round(s.score, 6), -s.stake,
                                           -s.points, s.player))
    for i, s in enumerate(ordered, start=1):
        s.rank = i
    return ordered
