"""Quick match (R38: players meet others of their own level), tie-broken by rating."""

from __future__ import annotations

from fractions import Fraction

import pytest

from yuanzi.hall.economy.matching import OpenTable, SeatedPlayer, quick_match
from yuanzi.hall.economy.rating import Rating


def p(level: int, mu: float = 25.0) -> SeatedPlayer:
    return SeatedPlayer(level, Rating(mu))


def test_closest_level_wins() -> None:
    tables = [
        OpenTable(1, (p(10), p(12), None, None)),     # mean distance 4 for a level-7 player
        OpenTable(2, (p(6), None, p(9), None)),       # mean distance 1.5
        OpenTable(3, (None, None, None, None)),
    ]
    m = quick_match(7, Rating(), tables)
    assert m is not None and m.table_id == 2
    assert m.level_distance == Fraction(3, 2)


def test_full_tables_are_skipped_and_nothing_open_gives_none() -> None:
    full = OpenTable(1, (p(7), p(7), p(7), p(7)))
    assert quick_match(7, Rating(), [full]) is None
    assert quick_match(7, Rating(), []) is None
    m = quick_match(7, Rating(), [full, OpenTable(2, (p(20), None, None, None))])
    assert m is not None and m.table_id == 2


def test_empty_tables_only_when_no_table_has_players() -> None:
    empty = OpenTable(1, (None,) * 4)
    far = OpenTable(2, (p(25), None, None, None))
    m = quick_match(0, Rating(), [empty, far])
    assert m is not None and m.table_id == 2
    m = quick_match(0, Rating(), [empty])
    assert m is not None and (m.table_id, m.seat, m.level_distance) == (1, 0, None)


def test_ties_broken_by_rating_balance() -> None:
    # Same level distance; at table 5 a strong player sits at seat 0: sit opposite him.
    strong = OpenTable(5, (p(3, 35.0), None, None, None))
    m = quick_match(3, Rating(25.0), [strong])
    assert m is not None and m.seat in (1, 3) and m.imbalance == pytest.approx(10.0)
    # Two tables at the same distance: the one the player balances best wins.
    a = OpenTable(8, (p(3, 30.0), p(3, 20.0), p(3, 30.0), None))   # me at 3: |60 − 45| = 15
    b = OpenTable(9, (p(3, 30.0), p(3, 30.0), p(3, 25.0), None))   # me at 3: |55 − 55| = 0
    m = quick_match(3, Rating(25.0), [a, b])
    assert m is not None and (m.table_id, m.seat) == (9, 3)


def test_deterministic_last_resort_is_table_id_then_seat() -> None:
    tables = [OpenTable(4, (p(1), None, None, None)), OpenTable(2, (p(1), None, None, None))]
    m = quick_match(1, Rating(), tables)
    assert m is not None and (m.table_id, m.seat) == (2, 1)


def test_a_table_has_four_seats() -> None:
    with pytest.raises(ValueError):
        OpenTable(1, (None, None, None))


def test_a_bot_takes_its_seat_but_has_no_level() -> None:
    bot = SeatedPlayer(0, Rating(), bot=True)
    tables = [
        OpenTable(1, (p(20), bot, bot, None)),  # one player, far from level 3
        OpenTable(2, (p(3), bot, None, bot)),   # a level-3 player; the bots do not count
    ]
    match = quick_match(3, Rating(), tables)
    assert match is not None and (match.table_id, match.seat) == (2, 2)
    assert match.level_distance == 0
    match = quick_match(3, Rating(), [OpenTable(3, (bot, bot, None, bot))])
    assert match is not None and match.seat == 2 and match.level_distance is None
