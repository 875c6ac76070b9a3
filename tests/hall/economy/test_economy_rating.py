"""The OpenSkill (Plackett–Luce) rating, teams of two; skipped without ``openskill``."""

from __future__ import annotations

import pytest

pytest.importorskip("openskill")

from yuanzi.hall.economy.rating import (
    Rating,
    openskill_available,
    rate_game,
    win_probability,
)

NEW = (Rating(), Rating(), Rating(), Rating())


def test_openskill_is_available_and_new_players_start_at_zero() -> None:
    assert openskill_available()
    assert Rating().ordinal == pytest.approx(0.0)


def test_winners_rise_losers_fall_partners_alike() -> None:
    after = rate_game(NEW, 1)
    assert after[1].mu > 25 and after[3].mu > 25
    assert after[0].mu < 25 and after[2].mu < 25
    assert after[0] == after[2] and after[1] == after[3]
    assert all(r.sigma < Rating().sigma for r in after)
    assert rate_game(NEW, 0)[0] == after[1]


def test_draws_are_supported() -> None:
    after = rate_game(NEW, None)
    assert all(r.mu == pytest.approx(25.0) for r in after)
    assert all(r.sigma < Rating().sigma for r in after)
    strong = (Rating(30, 3), Rating(20, 3), Rating(30, 3), Rating(20, 3))
    after = rate_game(strong, None)
    assert after[0].mu < 30 and after[1].mu > 20


def test_an_upset_moves_more_than_an_expected_win() -> None:
    four = (Rating(30, 4), Rating(20, 4), Rating(30, 4), Rating(20, 4))
    expected = rate_game(four, 0)[0].mu - 30
    upset = rate_game(four, 1)[1].mu - 20
    assert upset > expected > 0
    assert win_probability(four) > 0.5
    assert win_probability(NEW) == pytest.approx(0.5)


def test_bad_input() -> None:
    with pytest.raises(ValueError):
        rate_game(NEW, 2)
    with pytest.raises(ValueError):
        rate_game(NEW[:3], 0)
