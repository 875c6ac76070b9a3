"""hall/tournaments/schedule.py: each round seats every player once; partners never
repeat, and over n − 1 rounds everyone partners everyone exactly once; the draw is the
seed's."""

from __future__ import annotations

from collections import Counter
from itertools import combinations

import pytest
from hypothesis import given, strategies as st

from yuanzi.hall.tournaments.schedule import draw_rounds, matching, max_rounds


@given(st.sampled_from([8, 16]), st.integers(0, 2**32), st.data())
def test_every_round_seats_everyone_once_and_partners_never_repeat(
        players: int, seed: int, data: st.DataObject) -> None:
    rounds = data.draw(st.integers(1, max_rounds(players)))
    drawn = draw_rounds(players, rounds, seed)
    assert len(drawn) == rounds
    partners: Counter[frozenset[int]] = Counter()
    for tables in drawn:
        assert len(tables) == players // 4
        seated = [p for t in tables for p in t.seats]
        assert sorted(seated) == list(range(players))
        for t in tables:
            for a, b in t.pairs:
                partners[frozenset((a, b))] += 1
    assert max(partners.values()) == 1
    if rounds == max_rounds(players):
        assert set(partners) == {frozenset(c) for c in combinations(range(players), 2)}
    assert draw_rounds(players, rounds, seed) == drawn  # the seed's draw, again


@pytest.mark.parametrize("seed", range(5))
def test_opponents_vary_from_round_to_round(seed: int) -> None:
    """Over all 15 rounds of 16 players (30 opponents each, 15 others: two meetings on
    average) nobody faces anyone more than four times, and almost everyone meets."""
    drawn = draw_rounds(16, 15, seed)
    met: Counter[frozenset[int]] = Counter()
    for tables in drawn:
        for t in tables:
            (a, b), (c, d) = t.pairs
            for x in (a, b):
                for y in (c, d):
                    met[frozenset((x, y))] += 1
    assert len(met) >= 110 and max(met.values()) <= 4


def test_the_circle_method_is_a_perfect_matching() -> None:
    for n in (8, 16):
        for r in range(n - 1):
            pairs = matching(n, r)
            assert sorted(p for pair in pairs for p in pair) == list(range(n))


@pytest.mark.parametrize(("players", "rounds"), [(6, 1), (8, 0), (8, 8), (16, 16)])
def test_impossible_tournaments_are_refused(players: int, rounds: int) -> None:
    with pytest.raises(ValueError):
        draw_rounds(players, rounds, 1)
