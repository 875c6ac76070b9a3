"""Legal moves (R24, R15–R18): complete, sound, and the checks of what a seat submits."""

from __future__ import annotations

from collections import Counter

import pytest
from hypothesis import given, strategies as st

from yuanzi.engine import (
    DEFAULT_RULES,
    PASS,
    IllegalAction,
    InvalidCombination,
    Move,
    Rules,
    beats,
    classify,
    format_cards,
)
from yuanzi.engine.cards import Card
from yuanzi.engine.hand import Hand
from yuanzi.engine.moves import check_move, check_selection, legal_moves

from .scenario import cards, move, rank
from .strategies import at_least, blades, hands, same_rank_groups, sub_multisets


@st.composite
def tops(draw: st.DrawFn, blade: int) -> Move | None:
    """A leader's turn (None) or the combination of a random valid group."""
    if draw(st.integers(0, 4)) == 0:
        return None
    group = draw(same_rank_groups())
    try:
        return classify(group, blade)
    except InvalidCombination:
        return None


@at_least(300)
@given(st.data(), hands(), blades, st.booleans())
def test_legal_moves_are_complete_by_brute_force(
    data: st.DataObject, group: list[Card], blade: int, only_atoms: bool
) -> None:
    """Every sub-multiset of the hand that is a combination and beats the top (or any,
    for a leader) is one of the legal moves, and nothing else is (R13, R15–R18, R24)."""
    top = data.draw(tops(blade))
    rules = Rules(blade_bomb_only_atoms=only_atoms)
    expected: set[Move] = set()
    for sub in sub_multisets(group):
        try:
            m = classify(sub, blade)
        except InvalidCombination:
            continue
        if top is None or beats(m, top, only_atoms):
            expected.add(m)
    got = legal_moves(Hand(group, blade), top, rules)
    assert len(got) == len(set(got)), "no move listed twice"
    if top is None:
        assert PASS not in got  # R24: the leader must play
    else:
        assert got[0] == PASS  # a follower may always pass
        assert got.count(PASS) == 1
    assert set(got) - {PASS} == expected, (
        f"hand {format_cards(sorted(group))}, top {top}: "
        f"extra {sorted(map(str, set(got) - {PASS} - expected))}, "
        f"missing {sorted(map(str, expected - set(got)))}"
    )


@at_least(200)
@given(st.data(), hands(max_size=14), blades, st.booleans())
def test_every_generated_move_is_legal_and_concretises(
    data: st.DataObject, group: list[Card], blade: int, only_atoms: bool
) -> None:
    top = data.draw(tops(blade))
    rules = Rules(blade_bomb_only_atoms=only_atoms)
    hand = Hand(group, blade)
    for m in legal_moves(hand, top, rules):
        check_move(hand, m, top, rules)  # passes
        if m.is_pass:
            continue
        chosen = hand.cards_for(m)
        assert classify(chosen, blade) == m
        assert Counter(chosen) <= Counter(group)
        assert hand.contains(chosen)
        assert check_selection(hand, chosen, top, rules) == m
        if top is not None:
            assert beats(m, top, only_atoms)


@given(st.data(), hands(max_size=10), blades)
def test_moves_outside_the_list_are_refused(
    data: st.DataObject, group: list[Card], blade: int
) -> None:
    top = data.draw(tops(blade))
    hand = Hand(group, blade)
    legal = set(legal_moves(hand, top, DEFAULT_RULES))
    for m in hand.all_moves():
        if m in legal:
            continue
        with pytest.raises(IllegalAction):
            check_move(hand, m, top, DEFAULT_RULES)
        with pytest.raises(IllegalAction):
            check_selection(hand, hand.cards_for(m), top, DEFAULT_RULES)


def test_r24_the_leader_may_not_pass() -> None:
    hand = Hand(cards("9S 9D 3C"), rank("7"))
    with pytest.raises(IllegalAction, match="R24"):
        check_move(hand, PASS, None, DEFAULT_RULES)
    check_move(hand, PASS, move("2S"), DEFAULT_RULES)  # a follower may pass


def test_r24_leader_moves_are_every_combination_of_the_hand() -> None:
    hand = Hand(cards("9S 9D BJ 3C"), rank("7"))
    got = {m.text() for m in legal_moves(hand, None, DEFAULT_RULES)}
    assert got == {
        "single 9", "pair 9", "pair 9 j1", "triple 9 j1", "single 3", "single 3 j1",
        "pair 3 j1",
    }


@pytest.mark.parametrize(
    ("hand", "top", "expected"),
    [
        # R15: same size, higher rank; R16: any bomb over a non-blade loose play
        ("9S 9D 8C 8C 8H 8D 3D", "8S 8H", {"pass", "pair 9", "bomb 8x4"}),
        # R16: nothing but atoms and hydrogen over a blade loose play
        ("2S 2D 8C 8C 8C 8D 3D 3D 3D", "7S 7H", {"pass", "atom 8C", "atom 3D"}),
        # R17: atoms in order; a bomb is no answer
        ("9S 9S 9S 9D 9D 9D 2H 2H 2H 2C", "9H 9H 9H", {"pass", "atom 9S", "atom 2H"}),
        # R18: a hydrogen bomb beats any loose play, even a blade one
        ("4S 4S 4H 4H 4C 4C 4D 4D 3S", "7S", {"pass", "hydrogen 4"}),
        # (all eight 4s are the hydrogen bomb, never a bomb of eight: R10, R13)
        ("4S 4S 4H 4H 4C 4C 4D 4D 9S", "8S", {
            "pass", "single 9", *(f"bomb 4x{n}" for n in range(4, 8)), "hydrogen 4"}),
        # R18: only a higher hydrogen bomb
        ("2S 2S 2H 2H 2C 2C 2D 2D BJ BJ BJ", "4S 4S 4H 4H 4C 4C 4D 4D", {"pass", "hydrogen 2"}),
        # R16: bombs by size, then rank
        ("5S 5D 5H 5C 5S 4S 4D 4H 4C 4S 4D", "4S 4D 4H 4C 4D",
         {"pass", "bomb 5x5", "bomb 4x6"}),
    ],
)
def test_follower_moves(hand: str, top: str, expected: set[str]) -> None:
    got = {m.text() for m in legal_moves(Hand(cards(hand), rank("7")), move(top), DEFAULT_RULES)}
    assert got == expected


def test_r16_option_narrows_answers_to_a_blade_bomb() -> None:
    h = Hand(cards("7S 7S 7H 7C 7D 2S 2S 2H 2C 2D"), rank("7"))
    top = move("7S 7H 7C 7D")
    default = {m.text() for m in legal_moves(h, top, DEFAULT_RULES)}
    option = {m.text() for m in legal_moves(h, top, Rules(blade_bomb_only_atoms=True))}
    assert "bomb 2x5" in default and "bomb 7x5" in default
    assert option == {"pass", "bomb 7x5"}


def test_check_selection_reasons() -> None:
    hand = Hand(cards("9S 9D 7S 8C BJ"), rank("7"))
    rules = DEFAULT_RULES
    with pytest.raises(IllegalAction, match="no cards"):
        check_selection(hand, (), None, rules)
    with pytest.raises(IllegalAction, match="does not hold"):
        check_selection(hand, cards("9S 9S"), None, rules)
    with pytest.raises(IllegalAction, match="not one rank"):
        check_selection(hand, cards("9S 8C"), None, rules)
    with pytest.raises(IllegalAction, match="blade"):
        check_selection(hand, cards("7S BJ"), None, rules)  # R11
    with pytest.raises(IllegalAction, match="does not beat"):
        check_selection(hand, cards("8C"), move("9H"), rules)
    assert check_selection(hand, cards("9S BJ"), move("8S 8H"), rules) == move("9S BJ")
