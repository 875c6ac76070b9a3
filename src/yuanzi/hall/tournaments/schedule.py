"""Who sits where in each round of a tournament (issue 28).

Players are drawn into an order once (partners by draw, from the tournament's seed); then
round ``r`` pairs them by the circle method's ``r``-th perfect matching, so that over
``n − 1`` rounds everyone partners everyone else exactly once, and over fewer rounds
nobody partners the same player twice. Each round the pairs are dealt into tables of four
(two pairs: partners sit opposite, seats 0–2 and 1–3, R20): of a few random greedy
draws, the one whose opponents met least before, so that opponents vary too.
"""

from __future__ import annotations

import functools
import random
from dataclasses import dataclass

SIZES = (8, 16)


@dataclass(frozen=True, slots=True)
class TableDraw:
    """One table of a round: ``seats[s]`` is the index of the player at seat ``s``."""

    seats: tuple[int, int, int, int]

    @property
    def pairs(self) -> tuple[tuple[int, int], tuple[int, int]]:
        """(NS: seats 0 and 2), (EW: seats 1 and 3)."""
        s = self.seats
        return (s[0], s[2]), (s[1], s[3])


def max_rounds(players: int) -> int:
    return players - 1


def matching(players: int, r: int) -> list[tuple[int, int]]:
    """The circle method's ``r``-th perfect matching of ``players`` (even): the last
    player fixed, the others on a circle turned ``r`` steps."""
    m = players - 1
    pairs = [(m, r % m)]
    for k in range(1, players // 2):
        pairs.append(((r + k) % m, (r - k) % m))
    return pairs


def draw_rounds(players: int, rounds: int, seed: int) -> list[list[TableDraw]]:
    """The tables of every round, players by their index in sign-up order."""
    if players not in SIZES:
        raise ValueError(f"a tournament has {' or '.join(map(str, SIZES))} players")
    if not 1 <= rounds <= max_rounds(players):
        raise ValueError(f"{players} players play 1 to {max_rounds(players)} rounds")
    rng = random.Random(seed)
    order = list(range(players))
    rng.shuffle(order)  # partners by draw
    met: dict[frozenset[int], int] = {}
    out = []
    for r in range(rounds):
        pairs = [(order[a], order[b]) for a, b in matching(players, r)]
        tables = min((_tables_of(pairs, met, rng) for _ in range(TRIES)),
                     key=lambda ts: sum(_cost(t.pairs[0], t.pairs[1], met) for t in ts))
        for t in tables:
            for x in t.pairs[0]:
                for y in t.pairs[1]:
                    met[frozenset((x, y))] = met.get(frozenset((x, y)), 0) + 1
        out.append(tables)
    return out


@functools.lru_cache(maxsize=256)
def drawn(players: int, rounds: int, seed: int) -> tuple[tuple[TableDraw, ...], ...]:
    """:func:`draw_rounds`, kept: it is pure, and costs 14 ms at 16 players and 15 rounds
    (issue 44: the tournament page drew it at every read)."""
    return tuple(tuple(r) for r in draw_rounds(players, rounds, seed))


TRIES = 24
"""Random greedy tries per round; the one whose opponents met least before is kept."""


def _cost(p: tuple[int, int], q: tuple[int, int], met: dict[frozenset[int], int]) -> int:
    """How often these two pairs' players met as opponents before, squared per meeting."""
    return sum(met.get(frozenset((x, y)), 0) ** 2 for x in p for y in q)


def _tables_of(pairs: list[tuple[int, int]], met: dict[frozenset[int], int],
               rng: random.Random) -> list[TableDraw]:
    """Pairs into tables greedily: each pair, taken in a random order, faces the pair it
    met least; each table's directions drawn."""
    left = pairs[:]
    rng.shuffle(left)
    tables = []
    while left:
        p = left.pop()
        q = min(left, key=lambda q: (_cost(p, q, met), rng.random()))
        left.remove(q)
        (a, b), (c, d) = (p, q) if rng.random() < 0.5 else (q, p)
        tables.append(TableDraw((a, c, b, d)))
    return tables
