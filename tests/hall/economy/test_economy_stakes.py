"""R36: the base stake and the per-seat deltas."""

from __future__ import annotations

from dataclasses import dataclass

import pytest

from yuanzi.engine.result import DOUBLE, DRAW, NORMAL, GameResult
from yuanzi.hall.economy.stakes import (
    base_stake,
    outcome_deltas,
    seat_deltas,
    team_of,
)


@dataclass(frozen=True)
class Res:
    winner: int | None
    kind: str


def test_base_stake_per_kind() -> None:
    assert base_stake(Res(0, NORMAL)) == 1
    assert base_stake(Res(1, DOUBLE)) == 2
    assert base_stake(Res(None, DRAW)) == 0


def test_engine_game_result_is_an_outcome() -> None:
    assert base_stake(GameResult(1, DOUBLE, ())) == 2
    assert outcome_deltas(GameResult(0, NORMAL, ()), 10) == (10, -10, 10, -10)


@pytest.mark.parametrize("bad", [Res(None, NORMAL), Res(0, DRAW), Res(2, NORMAL), Res(0, "x")])
def test_inconsistent_outcomes_are_refused(bad: Res) -> None:
    with pytest.raises(ValueError):
        base_stake(bad)


def test_teams_follow_r20() -> None:
    assert [team_of(s) for s in range(4)] == [0, 1, 0, 1]
    with pytest.raises(ValueError):
        team_of(4)


def test_seat_deltas() -> None:
    assert seat_deltas(0, 3) == (3, -3, 3, -3)
    assert seat_deltas(1, 3) == (-3, 3, -3, 3)
    assert seat_deltas(None, 3) == (0, 0, 0, 0)
    assert sum(seat_deltas(1, 7)) == 0
    with pytest.raises(ValueError):
        seat_deltas(0, -1)
    with pytest.raises(ValueError):
        seat_deltas(3, 1)


def test_outcome_deltas_draw_moves_nothing() -> None:
    assert outcome_deltas(Res(None, DRAW), 10) == (0, 0, 0, 0)
    assert outcome_deltas(Res(1, DOUBLE), 10) == (-20, 20, -20, 20)
