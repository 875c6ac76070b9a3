"""Bad input to the state API gets a typed error and changes nothing (issue 2, R45)."""

from __future__ import annotations

import random
from typing import Any

import pytest

from yuanzi.engine import Game, IllegalAction, record_of


@pytest.mark.parametrize("action", ["7S", b"7S", 5, 1.5, [99], [-1], [1.5], [True], ["7S"]])
def test_apply_rejects_what_is_not_an_action(action: Any) -> None:
    game = Game.new(random.Random(7))
    before = record_of(game).to_json()
    with pytest.raises(IllegalAction):
        game.apply(action)
    assert record_of(game).to_json() == before


@pytest.mark.parametrize("seat", [True, 4, -1, "0", 1.0])
def test_observation_rejects_what_is_not_a_seat(seat: Any) -> None:
    game = Game.new(random.Random(7))
    with pytest.raises(ValueError):
        game.observation(seat)
