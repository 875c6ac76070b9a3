"""R35, R37–R39: both ladders, promotion and demotion edges, escapes."""

from __future__ import annotations

from dataclasses import dataclass

import pytest
from hypothesis import given, strategies as st

from yuanzi.engine.result import DOUBLE, DRAW, NORMAL
from yuanzi.hall.economy.ladders import (
    DEFAULT_LADDER,
    DOUBLING,
    LADDERS,
    MAX_TITLE_LEVEL,
    TITLE_LIST,
    TITLES,
    DoublingLadder,
    LadderPlayer,
    TitlesLadder,
    doubling_threshold,
    ladder_for,
    points_to_next_title,
    stake_for,
    title_floor,
    title_level,
)


@dataclass(frozen=True)
class Res:
    winner: int | None
    kind: str


T = TitlesLadder()
D = DoublingLadder()

# The hall's table (seed 000): level, name, points needed, range.
HALL_TABLE = [
    (0, "炮灰", 0, None, 0), (1, "弹壳", 100, 0, 100), (2, "钢刀", 200, 100, 300),
    (3, "连弩", 300, 300, 600), (4, "火枪", 400, 600, 1000), (5, "铁铳", 500, 1000, 1500),
    (6, "弩炮", 600, 1500, 2100), (7, "火炮", 700, 2100, 2800), (8, "土枪", 800, 2800, 3600),
    (9, "驳壳式", 900, 3600, 4500), (10, "长步枪", 1000, 4500, 5500),
    (11, "冲锋枪", 1100, 5500, 6600), (12, "轻机枪", 1200, 6600, 7800),
    (13, "重机枪", 1300, 7800, 9100), (14, "手榴弹", 1400, 9100, 10500),
    (15, "手雷", 1500, 10500, 12000), (16, "火箭筒", 1600, 12000, 13600),
    (17, "追击炮", 1700, 13600, 15300), (18, "榴弹炮", 1800, 15300, 17100),
    (19, "火箭炮", 1900, 17100, 19000), (20, "飞弹", 2000, 19000, 21000),
    (21, "洲际导弹", 2100, 21000, 23100), (22, "核反应弹", 2200, 23100, 25300),
    (23, "生化核弹", 2300, 25300, 27600), (24, "生物核弹", 2400, 27600, 30000),
    (25, "氢弹", 2500, 30000, None),
]


def tp(score: int) -> LadderPlayer:
    return LadderPlayer(score, title_level(score))


def dp(level: int, points: int) -> LadderPlayer:
    return LadderPlayer(points, level)


# -- settings ------------------------------------------------------------------------------

def test_ladder_setting() -> None:
    assert DEFAULT_LADDER == TITLES
    assert ladder_for(TITLES) is LADDERS[TITLES]
    assert ladder_for(DOUBLING).name == DOUBLING
    with pytest.raises(ValueError):
        ladder_for("elo")


# -- titles --------------------------------------------------------------------------------

def test_the_26_titles_match_the_hall_table() -> None:
    assert len(TITLE_LIST) == 26 and MAX_TITLE_LEVEL == 25
    for level, zh, need, low, high in HALL_TABLE:
        title = T.title(level)
        assert (title.level, title.zh) == (level, zh)
        assert title.en and title.en.isascii()
        if low is not None:
            assert title_floor(level) == low
            assert title_level(low) == level
        if high is not None:
            assert title_level(high - 1) == level
            assert title_level(high) == level + 1
            assert points_to_next_title(low if low is not None else -1) == (
                need if low is not None else 1)
    assert len({t.en for t in TITLE_LIST}) == 26


@pytest.mark.parametrize(("score", "level"), [
    (-10**9, 0), (-1, 0), (0, 1), (99, 1), (100, 2), (299, 2), (300, 3),
    (29_999, 24), (30_000, 25), (10**9, 25),
])
def test_title_level_edges(score: int, level: int) -> None:
    assert title_level(score) == level


def test_points_to_next_title() -> None:
    assert points_to_next_title(-5) == 5
    assert points_to_next_title(0) == 100
    assert points_to_next_title(150) == 150
    assert points_to_next_title(29_999) == 1
    assert points_to_next_title(30_000) is None
    assert T.points_to_next(tp(10)) == 90


def test_title_bounds() -> None:
    for bad in (0, 26):
        with pytest.raises(ValueError):
            title_floor(bad)
    with pytest.raises(ValueError):
        T.title(26)


def test_titles_stake_is_base_times_ten() -> None:
    four = [tp(0)] * 4
    assert stake_for(T, four, Res(0, NORMAL)) == 10
    assert stake_for(T, four, Res(0, DOUBLE)) == 20
    assert stake_for(T, four, Res(None, DRAW)) == 0
    assert T.escape_penalty(four) == 20


def test_titles_game_moves_scores_and_levels() -> None:
    before = [tp(95), tp(5), tp(-3), tp(30_000)]
    after = T.apply_game(before, Res(0, NORMAL))
    assert after == (tp(105), tp(-5), tp(7), tp(29_990))
    assert [p.level for p in after] == [2, 0, 1, 24]
    after = T.apply_game(before, Res(1, DOUBLE))
    assert [p.score for p in after] == [75, 25, -23, 30_020]
    assert T.apply_game(before, Res(None, DRAW)) == tuple(before)


def test_titles_escape() -> None:
    before = [tp(10), tp(200), tp(300), tp(0)]
    after = T.apply_escape(before, 2)
    assert after == (tp(10), tp(200), tp(280), tp(0))
    assert after[2].level == 2


def test_titles_rejects_inconsistent_values() -> None:
    with pytest.raises(ValueError):
        T.apply_game([LadderPlayer(500, 1)] + [tp(0)] * 3, Res(0, NORMAL))
    with pytest.raises(ValueError):
        T.apply_game([tp(0)] * 3, Res(0, NORMAL))
    with pytest.raises(ValueError):
        T.apply_escape([tp(0)] * 4, 4)


def test_titles_gems_and_standing() -> None:
    assert T.add_points(tp(95), 10) == tp(105)
    assert T.standing(tp(-7)) == -7
    assert T.new_player() == tp(0)
    with pytest.raises(ValueError):
        T.add_points(tp(0), 0)


# -- doubling ------------------------------------------------------------------------------

def test_doubling_names() -> None:
    assert [D.title(i).zh for i in range(5)] == ["空手", "石块", "木棍", "3级", "4级"]
    assert D.title(7).en == "Level 7"
    with pytest.raises(ValueError):
        D.title(-1)


def test_doubling_stakes_follow_the_encyclopedia() -> None:
    # 四个空手 1 / 双夹 2; 四个石块 2 / 4; mixed tables use the lowest level.
    assert D.stake([dp(0, 0)] * 4, 1) == 1
    assert D.stake([dp(0, 0)] * 4, 2) == 2
    assert D.stake([dp(1, 0)] * 4, 1) == 2
    assert D.stake([dp(1, 0)] * 4, 2) == 4
    assert D.stake([dp(5, 0), dp(3, 0), dp(4, 0), dp(6, 0)], 2) == 16
    assert D.stake([dp(5, 0), dp(0, -40), dp(4, 0), dp(6, 0)], 1) == 1
    assert D.escape_penalty([dp(2, 0)] * 4) == 8
    # 空手到石块为5分，再到木棍为10分
    assert [doubling_threshold(level) for level in range(4)] == [5, 10, 20, 40]


def test_promotion_at_the_threshold_with_zero_points() -> None:
    four = [dp(0, 4), dp(0, 0), dp(0, 3), dp(0, 0)]
    after = D.apply_game(four, Res(0, NORMAL))
    assert after[0] == dp(1, 0)        # 4 + 1 = 5 ≥ 5 → 石块, 0 points
    assert after[2] == dp(0, 4)        # 3 + 1 = 4 < 5
    assert after[1] == after[3] == dp(0, -1)
    after = D.apply_game(four, Res(0, DOUBLE))
    assert after[2] == dp(1, 0)        # 3 + 2 = 5 exactly


def test_promotion_is_once_and_forfeits_the_excess() -> None:
    four = [dp(2, 19), dp(2, 0), dp(2, 0), dp(2, 0)]
    after = D.apply_game(four, Res(0, DOUBLE))   # stake 8: 27 ≥ 20
    assert after[0] == dp(3, 0)
    assert after[2] == dp(2, 8)
    # a huge gain still lifts one level only
    assert D.gain(dp(0, 0), 1000) == dp(1, 0)


def test_demotion_takes_threshold_below_minus_the_loss() -> None:
    # 石块 with 1 point loses 2 at a table of 石块: 1 − 2 < 0 → 空手 with 5 − 2 = 3.
    four = [dp(1, 1), dp(1, 0), dp(1, 0), dp(1, 9)]
    after = D.apply_game(four, Res(1, NORMAL))
    assert after[0] == dp(0, 3)
    assert after[2] == dp(0, 3)        # 0 − 2 < 0 too
    assert after[1] == dp(1, 2)
    assert after[3] == dp(2, 0)        # 9 + 2 = 11 ≥ 10


def test_demotion_edges() -> None:
    assert D.lose(dp(1, 2), 2) == dp(1, 0)           # exactly 0 stays
    assert D.lose(dp(1, 1), 2) == dp(0, 3)
    assert D.lose(dp(2, 0), 8) == dp(1, 2)           # 10 − 8
    assert D.lose(dp(3, 0), 1) == dp(2, 19)          # just below the 木棍 threshold
    assert D.lose(dp(3, 39), 16) == dp(3, 23)
    assert D.lose(dp(0, 0), 2) == dp(0, -2)          # level 0 goes negative
    assert D.lose(dp(0, -500), 2) == dp(0, -502)
    with pytest.raises(ValueError):
        D.lose(dp(2, 0), 11)                         # no R37 stake is that big
    assert D.lose(dp(1, 0), 11) == dp(0, -6)         # …but level 0 may go negative


def test_doubling_escape() -> None:
    four = [dp(2, 3), dp(1, 5), dp(3, 0), dp(4, 0)]
    after = D.apply_escape(four, 0)   # penalty 2 × 2^1 = 4: 3 − 4 < 0 → 木棍→石块, 10 − 4
    assert after == (dp(1, 6), dp(1, 5), dp(3, 0), dp(4, 0))
    after = D.apply_escape(four, 1)
    assert after == (dp(2, 3), dp(1, 1), dp(3, 0), dp(4, 0))


def test_doubling_draw_changes_nothing() -> None:
    four = (dp(0, 4), dp(1, 0), dp(2, 0), dp(0, -3))
    assert D.apply_game(four, Res(None, DRAW)) == four


def test_doubling_rejects_inconsistent_values() -> None:
    for bad in (dp(0, 5), dp(1, -1), dp(-1, 0), dp(2, 20)):
        with pytest.raises(ValueError):
            D.check(bad)


def test_doubling_gems_standing() -> None:
    assert D.add_points(dp(0, 3), 1) == dp(0, 4)
    assert D.add_points(dp(0, 3), 100) == dp(1, 0)
    assert D.points_to_next(dp(2, 5)) == 15
    assert [D.standing(p) for p in (dp(0, -3), dp(0, 0), dp(0, 4), dp(1, 0), dp(1, 9),
                                    dp(2, 0), dp(3, 0))] == [-3, 0, 4, 5, 14, 15, 35]


# -- properties ----------------------------------------------------------------------------

@st.composite
def doubling_players(draw: st.DrawFn) -> LadderPlayer:
    level = draw(st.integers(0, 12))
    low = -1000 if level == 0 else 0
    return dp(level, draw(st.integers(low, doubling_threshold(level) - 1)))


outcomes = st.sampled_from([Res(0, NORMAL), Res(1, NORMAL), Res(0, DOUBLE), Res(1, DOUBLE),
                            Res(None, DRAW)])


@given(st.lists(doubling_players(), min_size=4, max_size=4), outcomes)
def test_doubling_game_keeps_values_valid(four: list[LadderPlayer], res: Res) -> None:
    after = D.apply_game(four, res)
    stake = stake_for(D, four, res)
    for seat, (old, new) in enumerate(zip(four, after, strict=True)):
        D.check(new)
        assert abs(new.level - old.level) <= 1
        if res.winner is None:
            assert new == old
        elif seat % 2 == res.winner:
            # strictly up: by the stake, or less when a promotion forfeits the excess
            assert D.standing(new) > D.standing(old)
            assert new.level > old.level or D.standing(new) == D.standing(old) + stake
            assert new.level >= old.level
        else:
            assert D.standing(new) <= D.standing(old) - stake
            assert new.level <= old.level


@given(st.lists(doubling_players(), min_size=4, max_size=4), st.integers(0, 3))
def test_doubling_escape_keeps_values_valid(four: list[LadderPlayer], escaper: int) -> None:
    after = D.apply_escape(four, escaper)
    for seat, (old, new) in enumerate(zip(four, after, strict=True)):
        D.check(new)
        if seat != escaper:
            assert new == old
        else:
            assert new.level in (old.level, old.level - 1)


@given(st.lists(st.integers(-5000, 40_000), min_size=4, max_size=4), outcomes)
def test_titles_game_is_exact(scores: list[int], res: Res) -> None:
    four = [tp(s) for s in scores]
    after = T.apply_game(four, res)
    stake = stake_for(T, four, res)
    for seat, (old, new) in enumerate(zip(four, after, strict=True)):
        T.check(new)
        sign = 0 if res.winner is None else (1 if seat % 2 == res.winner else -1)
        assert new.score == old.score + sign * stake
    assert sum(p.score for p in after) == sum(scores)
