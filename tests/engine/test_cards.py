"""R1–R3: the three packs, the card notation and the score cards."""

from __future__ import annotations

from collections import Counter

import pytest
from hypothesis import given, strategies as st

from yuanzi.engine import BJ, CARDS, RANKS, SJ, SUITS, CardError, format_cards, parse_cards
from yuanzi.engine.cards import (
    DECK_SIZE,
    TOTAL_POINTS,
    Card,
    cards_points,
    full_deck,
    parse_rank,
    sort_hand,
)


def test_r1_three_packs_with_jokers_make_162_cards() -> None:
    deck = full_deck()
    assert len(deck) == DECK_SIZE == 162
    counts = Counter(format_cards([c]) for c in deck)
    assert len(counts) == 54
    assert set(counts.values()) == {3}
    assert counts["BJ"] == counts["SJ"] == 3
    naturals = {r + s for r in RANKS for s in SUITS}
    assert set(counts) == naturals | {"BJ", "SJ"}


def test_r2_every_card_text_round_trips() -> None:
    for card in CARDS:
        assert parse_cards(card.text) == (card,)
        assert Card.parse(str(card)) == card


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("7S", "7S"),
        ("10H", "10H"),
        ("TH", "10H"),  # R2: T is accepted for 10
        ("th", "10H"),  # R2: case-insensitive
        ("qd", "QD"),
        ("bj sj", "BJ SJ"),
        ("  7s   7S\t7s ", "7S 7S 7S"),
        ("AC 2D 3S", "AC 2D 3S"),
    ],
)
def test_r2_parsing_is_case_insensitive_and_accepts_t(text: str, expected: str) -> None:
    assert format_cards(parse_cards(text)) == expected


@pytest.mark.parametrize("bad", ["1S", "11H", "7X", "JJ", "S7", "7", "B J", "10", "7S,", "♠7"])
def test_r2_a_bad_token_is_an_error_that_names_it(bad: str) -> None:
    with pytest.raises(CardError) as err:
        parse_cards(f"7S {bad} 8S")
    first_bad = next(t for t in bad.split() if t.upper() not in {c.text for c in CARDS})
    assert repr(first_bad) in str(err.value)


@pytest.mark.parametrize("empty", ["", "   "])
def test_r2_an_empty_group_is_an_error(empty: str) -> None:
    with pytest.raises(CardError):
        parse_cards(empty)


def test_r2_non_string_groups_are_errors() -> None:
    with pytest.raises(CardError):
        parse_cards(7)  # type: ignore[arg-type]


def test_r2_ranks_parse_with_t_and_any_case() -> None:
    assert [parse_rank(r) for r in RANKS] == list(range(13))
    assert parse_rank("t") == parse_rank("10")
    assert parse_rank("a") == RANKS.index("A")
    for bad in ("1", "11", "BJ", "", "S"):
        with pytest.raises(CardError):
            parse_rank(bad)


@given(st.lists(st.sampled_from(CARDS), min_size=1, max_size=20))
def test_r2_any_group_round_trips_through_its_text(group: list[Card]) -> None:
    assert list(parse_cards(format_cards(group))) == group
    assert list(parse_cards(format_cards(group).lower())) == group


@pytest.mark.parametrize(
    ("text", "points"),
    [("5S", 5), ("5D", 5), ("10H", 10), ("KC", 10), ("QS", 0), ("2D", 0), ("BJ", 0), ("SJ", 0),
     ("3S", 0), ("AS", 0), ("5S 10S KS", 25)],
)
def test_r3_score_cards(text: str, points: int) -> None:
    assert cards_points(parse_cards(text)) == points


def test_r3_one_deal_holds_300_points() -> None:
    assert cards_points(full_deck()) == TOTAL_POINTS == 300
    assert sum(c.points for c in full_deck()) == 300


def test_card_properties() -> None:
    c = parse_cards("10D")[0]
    assert (c.rank, c.suit, c.is_joker) == (RANKS.index("10"), SUITS.index("D"), False)
    assert CARDS[BJ].is_joker and CARDS[SJ].is_joker
    assert CARDS[BJ].rank is None and CARDS[SJ].suit is None
    assert repr(CARDS[BJ]) == "Card(BJ)"


def test_r6_display_order_puts_jokers_then_blade_first() -> None:
    hand = parse_cards("3S 7D 2H BJ 7S SJ AS 4C")
    assert format_cards(sort_hand(hand, parse_rank("7"))) == "BJ SJ 7S 7D 2H AS 4C 3S"
