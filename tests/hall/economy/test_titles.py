"""R38: levels and titles from a total score."""

from __future__ import annotations

from yuanzi.hall.economy.ladders import (
    TITLE_NAMES,
    title_floor as level_start,
    title_level as level_of,
)

TITLES = tuple(zh for zh, _ in TITLE_NAMES)


def title_of(score: int) -> str:
    return TITLES[level_of(score)]


def test_the_level_boundaries_of_r38() -> None:
    assert len(TITLES) == 26
    assert (level_of(-1), title_of(-1)) == (0, "炮灰")
    assert (level_of(0), title_of(0)) == (1, "弹壳")
    assert (level_of(99), title_of(99)) == (1, "弹壳")
    assert (level_of(100), title_of(100)) == (2, "钢刀")
    assert (level_of(299), level_of(300), title_of(300)) == (2, 3, "连弩")
    assert level_start(3) == 300 and level_start(4) == 600
    assert (level_of(29999), level_of(30000), title_of(30000)) == (24, 25, "氢弹")
    assert level_of(10**9) == 25


def test_each_level_needs_100k_more_than_the_last() -> None:
    for k in range(1, 25):
        assert level_start(k + 1) - level_start(k) == 100 * k
        assert level_of(level_start(k)) == k and level_of(level_start(k + 1) - 1) == k
