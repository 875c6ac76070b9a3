"""R4, R5, R20–R23: the blade card, the first drawer, dealing and the first lead."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import MutableSequence
from typing import Any

import pytest

from yuanzi.engine import DEFAULT_RULES, Deal, Game, Rules, deal_half, format_cards
from yuanzi.engine.cards import CARDS, Card, full_deck
from yuanzi.engine.deal import NEXT_SEAT, blade_rank_of, first_drawer_of, hand_sizes

from .scenario import DECK, cards, rank

SEEDS = range(60)


class StackedRandom(random.Random):
    """A random source whose shuffle lays out a chosen stack and whose draw of the
    blade card's position is fixed: a deal we can predict card by card."""

    def __init__(self, stack: list[Card], pos: int) -> None:
        super().__init__(0)
        self.stack = stack
        self.pos = pos

    def shuffle(self, x: MutableSequence[Any]) -> None:
        assert sorted(x) == sorted(self.stack), "the stack must be the 162 cards"
        x[:] = self.stack

    def randrange(self, *args: Any, **kwargs: Any) -> int:
        return self.pos


def stack_with(head: str) -> list[Card]:
    """The 162 cards with ``head`` on top, the rest in the fixed order of full_deck()."""
    top = list(cards(head))
    rest = Counter(full_deck()) - Counter(top)
    return top + sorted(rest.elements())


def check_deal(deal: Deal) -> None:
    assert Counter(c for h in deal.hands for c in h) == DECK  # R1: all 162 cards
    sizes = [len(h) for h in deal.hands]
    assert sizes == hand_sizes(deal.first_drawer)
    assert sizes[deal.first_drawer] == sizes[NEXT_SEAT[deal.first_drawer]] == 41  # R22
    assert sum(sizes) == 162 and sorted(sizes) == [40, 40, 41, 41]
    assert deal.blade_card in deal.hands[deal.blade_holder]  # R4: dealt like any other


@pytest.mark.parametrize(
    ("card", "seat"),
    [
        ("AS", 1), ("2H", 2), ("3C", 3), ("4D", 0), ("5S", 1), ("6S", 2), ("7S", 3),
        ("8S", 0), ("9S", 1), ("10S", 2), ("JS", 3), ("QS", 0), ("KS", 1),
        ("BJ", 3), ("SJ", 3),  # a joker counts 3
    ],
)
def test_r21_first_drawer_is_face_value_mod_4(card: str, seat: int) -> None:
    assert first_drawer_of(cards(card)[0]) == seat


@pytest.mark.parametrize("first", [0, 1, 2, 3])
def test_r22_first_drawer_and_next_seat_get_41(first: int) -> None:
    sizes = hand_sizes(first)
    assert sizes[first] == 41 and sizes[(first + 1) % 4] == 41
    assert sizes[(first + 2) % 4] == sizes[(first + 3) % 4] == 40


@pytest.mark.parametrize("seed", SEEDS)
def test_r4_r21_r22_seeded_first_half_deals(seed: int) -> None:
    deal = deal_half(random.Random(seed), DEFAULT_RULES)
    check_deal(deal)
    assert deal.first_drawer == first_drawer_of(deal.blade_card)  # R21


def test_deals_are_a_function_of_the_seed() -> None:
    a = deal_half(random.Random(42), DEFAULT_RULES)
    b = deal_half(random.Random(42), DEFAULT_RULES)
    c = deal_half(random.Random(43), DEFAULT_RULES)
    assert a == b
    assert a.hands != c.hands


def test_seeded_deals_vary_the_blade_holder_and_the_first_drawer() -> None:
    deals = [deal_half(random.Random(s), DEFAULT_RULES) for s in range(200)]
    assert {d.blade_holder for d in deals} == {0, 1, 2, 3}
    assert {d.first_drawer for d in deals} == {0, 1, 2, 3}
    assert any(d.blade_card.is_joker for d in deals)  # jokers do get turned (R5)


@pytest.mark.parametrize("first", [0, 1, 2, 3])
def test_r21_second_half_first_drawer_is_given(first: int) -> None:
    for seed in range(10):
        deal = deal_half(random.Random(seed), DEFAULT_RULES, first_drawer=first)
        check_deal(deal)
        assert deal.first_drawer == first


def test_r22_cards_are_dealt_one_at_a_time_in_turn_order() -> None:
    stack = stack_with("9H")
    deal = deal_half(StackedRandom(stack, pos=0), DEFAULT_RULES)
    assert deal.blade_card == cards("9H")[0]
    assert deal.first_drawer == 1  # 9 mod 4
    for seat in range(4):
        expected = [stack[i] for i in range(162) if (1 + i) % 4 == seat]
        assert list(deal.hands[seat]) == expected
    assert deal.blade_holder == 1  # the top card goes to the first drawer


def test_r4_blade_card_is_dealt_to_the_seat_whose_turn_it_is() -> None:
    stack = stack_with("4S 5S 6S QD")
    deal = deal_half(StackedRandom(stack, pos=3), DEFAULT_RULES)  # QD, the 4th card
    assert deal.blade_card == cards("QD")[0]
    assert deal.first_drawer == 0  # Q = 12
    assert deal.blade_holder == 3  # cards 0, 1, 2, 3 go to seats 0, 1, 2, 3
    check_deal(deal)


@pytest.mark.parametrize(("second", "card", "blade"), [
    (False, "BJ", "3"), (False, "SJ", "3"),  # R5 a joker makes 3 the blade
    (False, "9H", "9"), (False, "5S", "5"), (False, "KD", "K"), (False, "10C", "10"),
    (True, "BJ", "3"), (True, "SJ", "3"), (True, "9H", "9"), (True, "2S", "2"),
    (True, "5S", "3"), (True, "10H", "3"), (True, "KC", "3"),  # R5 second half score card
])
def test_r5_blade_rank(second: bool, card: str, blade: str) -> None:
    assert blade_rank_of(cards(card)[0], second, DEFAULT_RULES) == rank(blade)


@pytest.mark.parametrize(("card", "blade"), [("5S", "5"), ("10H", "10"), ("KC", "K"),
                                             ("BJ", "3"), ("7D", "7")])
def test_r5_option_second_half_score_blade_three_off(card: str, blade: str) -> None:
    rules = Rules(second_half_score_blade_three=False)
    assert blade_rank_of(cards(card)[0], True, rules) == rank(blade)


def test_r5_joker_blade_three_keeps_the_joker() -> None:
    stack = stack_with("BJ BJ SJ 9H")
    deal = deal_half(StackedRandom(stack, pos=1), DEFAULT_RULES)
    assert deal.blade_card == cards("BJ")[0]
    assert deal.first_drawer == 3  # a joker counts 3 (R21)
    assert deal.blade_holder == (3 + 1) % 4
    game = Game(DEFAULT_RULES, deal)
    assert game.half.blade_rank == rank("3")
    check_deal(deal)


def test_r5_joker_blade_redraw_turns_the_next_card() -> None:
    rules = Rules(joker_blade="redraw")
    stack = stack_with("BJ BJ SJ 9H")
    deal = deal_half(StackedRandom(stack, pos=1), rules)
    assert deal.blade_card == cards("9H")[0]  # BJ, SJ skipped: the 4th card shows
    assert deal.first_drawer == 1  # R21 from the card finally turned
    assert deal.blade_holder == (1 + 3) % 4
    assert Game(rules, deal).half.blade_rank == rank("9")
    check_deal(deal)


def test_r5_redraw_leaves_a_natural_blade_card_alone() -> None:
    stack = stack_with("BJ 6D SJ")
    deal = deal_half(StackedRandom(stack, pos=1), Rules(joker_blade="redraw"))
    assert deal.blade_card == cards("6D")[0]


@pytest.mark.parametrize("seed", range(40))
def test_r5_seeded_redraw_deals_never_turn_a_joker(seed: int) -> None:
    deal = deal_half(random.Random(seed), Rules(joker_blade="redraw"))
    assert not deal.blade_card.is_joker
    check_deal(deal)


@pytest.mark.parametrize("seed", range(20))
def test_r23_first_half_blade_holder_leads(seed: int) -> None:
    game = Game.new(random.Random(seed))
    deal = game.half.deal
    assert game.to_move == deal.blade_holder
    assert game.half.blade_rank == blade_rank_of(deal.blade_card, False, DEFAULT_RULES)
    assert game.half.leader  # a new trick: the leader must play (R24)
    assert all(not m.is_pass for m in game.legal_moves())


def test_card_ids_and_deal_text_are_stable() -> None:
    deal = deal_half(random.Random(7), DEFAULT_RULES)
    text = [format_cards(h) for h in deal.hands]
    assert [len(t.split()) for t in text] == [len(h) for h in deal.hands]
    assert all(isinstance(c, Card) and CARDS[c] is c for h in deal.hands for c in h)
