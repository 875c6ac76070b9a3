"""The hand (suit counts per rank) and which copies a move gives up (RULES.md R9, R10).

A move is abstract (kind, rank, size, jokers, suit); :meth:`Hand.cards_for` picks the
copies. It must keep atoms (R9) and hydrogen bombs (R10) intact wherever the move allows.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

import pytest
from hypothesis import given, strategies as st

from yuanzi.engine import IllegalAction, InvalidCombination, Move, classify, format_cards
from yuanzi.engine.cards import Card
from yuanzi.engine.hand import Hand

from .scenario import cards, move, rank
from .strategies import at_least, blades, hands, sub_multisets


def structure(group: Sequence[Card]) -> tuple[int, int]:
    """(hydrogen bombs, atoms) a group still holds: what a player hates to break up."""
    counts: Counter[int] = Counter(group)
    atoms = sum(1 for n in counts.values() if n >= 3)
    hydrogens = sum(
        1 for r in range(13) if all(counts[r * 4 + s] >= 2 for s in range(4))
    )
    return hydrogens, atoms


def test_hand_reads_back_its_cards() -> None:
    group = cards("7S 7S 7H BJ SJ SJ 10D 3C 2S 2S")
    hand = Hand(group, rank("7"))
    assert Counter(hand.cards()) == Counter(group)
    assert hand.size == 10
    assert hand.count(cards("7S")[0]) == 2
    assert hand.count(cards("SJ")[0]) == 2
    assert hand.count(cards("9D")[0]) == 0
    assert hand.points() == 10
    assert hand.contains(cards("7S 7S BJ"))
    assert not hand.contains(cards("7S 7S 7S"))
    assert not hand.contains(cards("BJ BJ"))


def test_remove_is_all_or_nothing() -> None:
    hand = Hand(cards("7S 7S 8D BJ"), rank("9"))
    before = Counter(hand.cards())
    with pytest.raises(IllegalAction):
        hand.remove(cards("7S 8D 8D"))
    assert Counter(hand.cards()) == before and hand.size == 4
    hand.remove(cards("7S BJ"))
    assert Counter(hand.cards()) == Counter(cards("7S 8D"))
    assert hand.size == 2
    assert move("8D", "9") in hand.all_moves()
    assert move("7S BJ", "9") not in hand.all_moves()


def test_copy_is_independent() -> None:
    hand = Hand(cards("7S 7S 7S 8D"), rank("9"))
    twin = hand.copy()
    twin.play(move("7S 7S 7S", "9"))
    assert Counter(hand.cards()) == Counter(cards("7S 7S 7S 8D"))
    assert Counter(twin.cards()) == Counter(cards("8D"))
    assert move("7S 7S 7S", "9") in hand.all_moves()
    assert move("7S 7S 7S", "9") not in twin.all_moves()


@pytest.mark.parametrize(
    ("hand", "blade", "play", "given_up", "kept"),
    [
        # a pair from 7S 7S 7S 7H 7C leaves the 7S atom (R9)
        ("7S 7S 7S 7H 7C", "9", "7D 7D", "7H 7C", "7S 7S 7S"),
        # a single takes the odd card, not a copy of the atom
        ("7S 7S 7S 7H", "9", "7D", "7H", "7S 7S 7S"),
        # a plain triple cannot be three identical cards: break only the weaker atom
        ("9S 9S 9S 9D 9D 9D 9H", "7", "9H 9H 9C", "9H 9D 9D", "9S 9S 9S"),
        # a bomb of four keeps the hydrogen bomb (R10)
        ("4S 4S 4S 4H 4H 4H 4C 4C 4C 4D 4D 4D", "7", "4S 4H 4C 4D",
         "4S 4H 4C 4D", "4S 4S 4H 4H 4C 4C 4D 4D"),
        # jokers for a wild pair keep the 大王 atom (R9)
        ("9D BJ BJ BJ SJ", "7", "9S BJ", "9D SJ", "BJ BJ BJ"),
        # …and the 小王 atom, giving up the big joker instead
        ("9D SJ SJ SJ BJ", "7", "9S BJ", "9D BJ", "SJ SJ SJ"),
        # a joker-only pair keeps a joker atom if one can
        ("SJ SJ SJ BJ BJ", "7", "BJ SJ", "BJ BJ", "SJ SJ SJ"),
        ("BJ BJ BJ SJ SJ", "7", "BJ SJ", "SJ SJ", "BJ BJ BJ"),
    ],
)
def test_cards_for_keeps_atoms_and_hydrogen(
    hand: str, blade: str, play: str, given_up: str, kept: str
) -> None:
    h = Hand(cards(hand), rank(blade))
    m = move(play, blade)
    got = h.cards_for(m)
    assert Counter(got) == Counter(cards(given_up))
    assert classify(got, rank(blade)) == m
    rest = Counter(cards(hand)) - Counter(got)
    assert Counter(cards(kept)) <= rest
    assert Counter(h.cards()) == Counter(cards(hand))  # cards_for does not change the hand


def test_cards_for_a_move_not_held_is_refused() -> None:
    h = Hand(cards("9D 9S BJ"), rank("7"))
    for text in ("9D 9S 9H 9C", "7S", "8S 8D", "9S 9S 9S", "BJ BJ"):
        with pytest.raises(IllegalAction):
            h.cards_for(move(text))
    assert Counter(h.cards_for(move("9D 9S SJ"))) == Counter(cards("9D 9S BJ"))


def test_three_identical_cards_offer_an_atom_not_a_triple() -> None:
    """R13: the hand 8S 8S 8S can play the atom, a pair or a single — no triple."""
    h = Hand(cards("8S 8S 8S"), rank("7"))
    assert {m.text() for m in h.all_moves()} == {"atom 8S", "pair 8", "single 8"}
    with pytest.raises(IllegalAction):
        h.cards_for(move("8S 8S 8H"))


def test_play_removes_exactly_the_cards_of_cards_for() -> None:
    h = Hand(cards("5S 5S 5S 5H 5H 5C 5C 5D 5D SJ"), rank("7"))
    m = move("5S 5H 5C 5D BJ")
    expected = Counter(h.cards()) - Counter(h.cards_for(m))
    taken = h.play(m)
    assert Counter(h.cards()) == expected
    assert len(taken) == 5 and h.size == 5
    assert classify(cards(format_cards(taken)), rank("7")) == m


@at_least(200)
@given(hands(max_size=11), blades)
def test_concretisation_is_the_move_and_keeps_the_most_structure(
    group: list[Card], blade: int
) -> None:
    """For every move a hand offers: its cards classify back to exactly that move, are
    held by the hand, and leave as many hydrogen bombs, then atoms, as any other choice."""
    hand = Hand(group, blade)
    best: dict[Move, tuple[int, int]] = {}
    full = Counter(group)
    for sub in sub_multisets(group):
        try:
            m = classify(sub, blade)
        except InvalidCombination:
            continue
        kept = structure(list((full - Counter(sub)).elements()))
        if m not in best or kept > best[m]:
            best[m] = kept
    assert set(hand.all_moves()) == set(best)
    for m, kept in best.items():
        chosen = hand.cards_for(m)
        assert classify(chosen, blade) == m
        assert Counter(chosen) <= full
        assert structure(list((full - Counter(chosen)).elements())) == kept, (
            f"{m} from {format_cards(sorted(group))}: gave up {format_cards(chosen)}"
        )


@given(hands(max_size=12), blades, st.data())
def test_groups_built_late_are_the_groups_built_at_once(
    group: list[Card], blade: int, data: st.DataObject
) -> None:
    """A hand's move groups are built on first need (issue 30); cards taken away before
    then leave exactly the moves of a hand dealt what is left, whether the groups were
    built at the deal (eager) or only now (lazy)."""
    lazy, eager = Hand(group, blade), Hand(group, blade)
    eager.all_moves()  # built now, kept up to date by each removal
    left = list(group)
    for _ in range(data.draw(st.integers(0, 3))):
        if not left:
            break
        taken = data.draw(st.lists(st.sampled_from(left), min_size=1, max_size=3))
        if not lazy.contains(taken):
            continue
        for h in (lazy, eager):
            h.remove(taken)
        for c in taken:
            left.remove(c)
    fresh = Hand(left, blade)
    assert set(lazy.all_moves()) == set(eager.all_moves()) == set(fresh.all_moves())
    assert [g.power for g in lazy.groups()] == [g.power for g in fresh.groups()]
    twin = Hand(left, blade).copy()  # a copy made before anything was built
    assert set(twin.all_moves()) == set(fresh.all_moves())
