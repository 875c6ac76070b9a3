"""Bad input to the state API gets a typed error and changes nothing (issue 2, R45)."""

from __future__ import annotations

import random
from typing import Any

import pytest

from yuanzi.engine import CardError, Game, IllegalAction, Rules, record_of
from yuanzi.engine.hand import Hand
from yuanzi.engine.moves import legal_moves


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


@pytest.mark.parametrize("cards", [[0, 0, 0, 0], [53] * 4, [52] * 4, [54], [-1]])
def test_a_hand_refuses_what_no_deal_can_give(cards: list[int]) -> None:
    """R1: three copies of each card; a fourth would corrupt the shared move tables."""
    with pytest.raises(CardError):
        Hand(cards, 5)


def test_an_impossible_hand_leaves_the_move_tables_intact() -> None:
    """After refusing an impossible hand, real hands still get exactly their moves."""
    for bad in ([47] * 4, [51] * 5):
        with pytest.raises(CardError):
            Hand(bad, 0)
    hand = Hand([12, 13], 0)  # 6S 6H under blade 3
    assert {m.text() for m in legal_moves(hand, None, Rules())} == {"single 6", "pair 6"}
