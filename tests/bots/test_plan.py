"""The hand planner splits a hand into whole, playable units and keeps control intact."""

from __future__ import annotations

import random

import pytest

from yuanzi.bots.plan import plan_hand
from yuanzi.engine import Game, parse_cards
from yuanzi.engine.combos import Kind
from yuanzi.engine.hand import Hand


def hand_of(text: str, blade: int = 12) -> Hand:
    return Hand(parse_cards(text), blade)


@pytest.mark.parametrize("seed", range(40))
def test_units_partition_the_hand_and_each_is_playable_in_turn(seed: int) -> None:
    game = Game.new(random.Random(seed))
    for seat in range(4):
        hand = game.half.hands[seat].copy()
        plan = plan_hand(hand)
        units = list(plan.loose) + list(plan.control)
        assert sum(u.size for u in units) == hand.size
        for unit in units:
            assert unit in hand.all_moves()
            hand.play(unit)
        assert hand.size == 0


def test_an_atom_stays_whole_and_the_spare_card_is_a_single() -> None:
    plan = plan_hand(hand_of("7S 7S 7S 7H 9D"))
    assert [m.text() for m in plan.control] == ["atom 7S"]
    assert [m.text() for m in plan.loose] == ["single 7", "single 9"]


def test_a_hydrogen_bomb_is_kept_as_one_unit() -> None:
    plan = plan_hand(hand_of("8S 8S 8H 8H 8C 8C 8D 8D 8D"))
    assert [m.kind for m in plan.control] == [Kind.HYDROGEN]
    assert [m.text() for m in plan.loose] == ["single 8"]


def test_a_joker_turns_the_lowest_triple_into_a_bomb() -> None:
    plan = plan_hand(hand_of("4S 4H 4C QS QH QD BJ"))
    assert [m.text() for m in plan.control] == ["bomb 4x4 j1"]
    assert [m.text() for m in plan.loose] == ["triple Q"]


def test_spare_jokers_enlarge_the_biggest_bomb_but_never_join_the_blade() -> None:
    plan = plan_hand(hand_of("2S 2H 2C 2D 9S 9H 9C 9D 9D BJ SJ", blade=12))
    texts = sorted(m.text() for m in plan.control)
    assert texts == ["bomb 2x4", "bomb 9x7 j2"]
    assert all(m.jokers == 0 for m in plan.control if m.blade)


def test_three_identical_jokers_are_an_atom() -> None:
    plan = plan_hand(hand_of("BJ BJ BJ SJ 5S"))
    assert [m.text() for m in plan.control] == ["atom BJ"]
    assert sorted(m.text() for m in plan.loose) == ["single 3 j1", "single 5"]
