"""R6–R19: classification of a group (R13) and what beats what (R15–R18).

Scenario tables cite the rule each line is about; the properties compare the engine with
a small, separately written reading of the rule text (``oracle_*``) on random groups.
"""

from __future__ import annotations

import itertools
from collections import Counter
from collections.abc import Sequence
from typing import Any

import pytest
from hypothesis import given, strategies as st

from yuanzi.engine import PASS, CardError, InvalidCombination, Kind, Move, beats, classify
from yuanzi.engine.cards import RANKS, SUITS, Card, format_cards
from yuanzi.engine.combos import parse_move
from yuanzi.engine.lookup import joker_moves, pack_code, rank_moves

from .scenario import cards, rank
from .strategies import at_least, blades, groups, same_rank_groups


def fields(move: Move) -> dict[str, Any]:
    """The judge's view of a combination (RECORD.md)."""
    out: dict[str, Any] = {
        "kind": move.kind.label, "rank": move.rank_text, "size": move.size, "blade": move.blade,
    }
    if move.kind == Kind.ATOM and move.suit >= 0:
        out["suit"] = SUITS[move.suit]
    return out


# -- an independent reading of R6–R18 ------------------------------------------------------


def oracle_classify(group: Sequence[Card], blade: int) -> dict[str, Any] | None:
    """R13 read literally: hydrogen (R10), else atom (R9), else loose/bomb (R7, R8, R11,
    R12), else invalid (None)."""
    jokers = [c for c in group if c.is_joker]
    naturals = [c for c in group if not c.is_joker]
    ranks = {RANKS[c.rank or 0] for c in naturals}
    suits = Counter(SUITS[c.suit or 0] for c in naturals)
    n = len(group)
    if n == 8 and not jokers and len(ranks) == 1 and all(suits[s] == 2 for s in SUITS):
        r = ranks.pop()
        return {"kind": "hydrogen", "rank": r, "size": 8, "blade": r == RANKS[blade]}
    if n == 3 and len(set(group)) == 1:
        card = group[0]
        if card.is_joker:
            return {"kind": "atom", "rank": card.text, "size": 3, "blade": False}
        r = RANKS[card.rank or 0]
        return {"kind": "atom", "rank": r, "size": 3, "blade": r == RANKS[blade],
                "suit": SUITS[card.suit or 0]}
    kind = {1: "single", 2: "pair", 3: "triple"}.get(n, "bomb")
    if not naturals:  # R12: jokers alone are 3s, never blade (R6)
        return {"kind": kind, "rank": "3", "size": n, "blade": False}
    if len(ranks) != 1:
        return None
    r = ranks.pop()
    if jokers and r == RANKS[blade]:  # R11: jokers never join blade cards
        return None
    return {"kind": kind, "rank": r, "size": n, "blade": r == RANKS[blade]}


def _position(c: dict[str, Any]) -> int:
    """R6: blade > 2 > A > … > 3; joker-only groups are 3s (blade flag False)."""
    return 13 if c["blade"] else RANKS.index(c["rank"])


def _atom_position(c: dict[str, Any]) -> int:
    """R17: blade atoms > 大王 > 小王 > 2 > … > 3; ♠ > ♥ > ♣ > ♦ within a rank."""
    if c["rank"] == "BJ":
        return 200
    if c["rank"] == "SJ":
        return 199
    strength = 3 - SUITS.index(c["suit"])
    return (300 if c["blade"] else RANKS.index(c["rank"]) * 4) + strength


LOOSE = ("single", "pair", "triple")


def oracle_beats(p: dict[str, Any], t: dict[str, Any], only_atoms: bool) -> bool:
    """R15–R18 as written."""
    if t["kind"] == "hydrogen":  # R18
        return p["kind"] == "hydrogen" and _position(p) > _position(t)
    if p["kind"] == "hydrogen":
        return True
    if t["kind"] == "atom":  # R17
        return p["kind"] == "atom" and _atom_position(p) > _atom_position(t)
    if p["kind"] == "atom":
        return True
    if p["kind"] == "bomb":  # R16
        if t["kind"] in LOOSE:
            return not t["blade"]
        if only_atoms and t["blade"]:
            return bool(p["blade"]) and p["size"] > t["size"]
        if p["size"] != t["size"]:
            return bool(p["size"] > t["size"])
        return _position(p) > _position(t)
    if t["kind"] == "bomb":
        return False
    return bool(p["kind"] == t["kind"] and _position(p) > _position(t))  # R15


# -- classification scenarios --------------------------------------------------------------


@pytest.mark.parametrize(
    ("blade", "group", "expected"),
    [
        ("7", "9D", ("single", "9", 1, False)),  # R7
        ("7", "7S", ("single", "7", 1, True)),  # R14 blade single
        ("7", "9D 9S", ("pair", "9", 2, False)),  # R7, suits do not matter
        ("7", "9D 9S 9H", ("triple", "9", 3, False)),  # R7
        ("7", "9D 9D 9S", ("triple", "9", 3, False)),  # R7: two identical + one is a triple
        ("7", "9D 9S 9H 9C", ("bomb", "9", 4, False)),  # R8
        ("7", "9D 9D 9D 9S", ("bomb", "9", 4, False)),  # R8: four cards are never an atom
        ("7", "9D 9D 9D 9S 9S 9S", ("bomb", "9", 6, False)),  # R8: two atoms together
        ("7", "9S 9S 9H 9H 9C 9C 9D 9D", ("hydrogen", "9", 8, False)),  # R10
        ("7", "7S 7S 7H 7H 7C 7C 7D 7D", ("hydrogen", "7", 8, True)),  # R10 blade hydrogen
        ("7", "9S 9S 9H 9H 9C 9C 9D BJ", ("bomb", "9", 8, False)),  # R11 no joker in hydrogen
        ("7", "9S 9S 9S 9H 9H 9C 9C 9D", ("bomb", "9", 8, False)),  # R10 needs two of each
        ("7", "9S 9S 9H 9H 9C 9C 9D 9D 9D", ("bomb", "9", 9, False)),  # R10 exactly 8
        ("7", "9D BJ", ("pair", "9", 2, False)),  # R11 wild joker
        ("7", "9D BJ SJ", ("triple", "9", 3, False)),  # R11
        ("7", "9D 9D BJ", ("triple", "9", 3, False)),  # R11 jokers never stand in an atom
        ("7", "9D SJ SJ SJ", ("bomb", "9", 4, False)),  # R11
        ("7", "BJ", ("single", "3", 1, False)),  # R12
        ("7", "BJ SJ", ("pair", "3", 2, False)),  # R12
        ("7", "BJ BJ SJ", ("triple", "3", 3, False)),  # R12
        ("7", "BJ BJ SJ SJ", ("bomb", "3", 4, False)),  # R12
        ("7", "BJ BJ BJ SJ SJ SJ", ("bomb", "3", 6, False)),  # R12
        ("3", "BJ SJ", ("pair", "3", 2, False)),  # R6 jokers are never blade, even when 3 is
        ("3", "3S 3H", ("pair", "3", 2, True)),  # R14
        ("3", "4S BJ", ("pair", "4", 2, False)),  # R11 fine with a non-blade rank
        ("2", "2S 2S 2D 2D", ("bomb", "2", 4, True)),  # R14 blade bomb
        ("10", "TS th 10c", ("triple", "10", 3, True)),  # R2 T for 10
    ],
)
def test_r7_to_r14_loose_plays_bombs_hydrogen(
    blade: str, group: str, expected: tuple[str, str, int, bool]
) -> None:
    kind, r, size, is_blade = expected
    got = fields(classify(cards(group), rank(blade)))
    assert got == {"kind": kind, "rank": r, "size": size, "blade": is_blade}


@pytest.mark.parametrize(
    ("blade", "group", "expected"),
    [
        ("9", "7S 7S 7S", ("7", False, "S")),  # R9, R13: never a triple
        ("7", "7S 7S 7S", ("7", True, "S")),  # R9 blade atom
        ("7", "10D 10D 10D", ("10", False, "D")),
        ("3", "3C 3C 3C", ("3", True, "C")),
    ],
)
def test_r9_three_identical_cards_are_an_atom(
    blade: str, group: str, expected: tuple[str, bool, str]
) -> None:
    r, is_blade, suit = expected
    got = fields(classify(cards(group), rank(blade)))
    assert got == {"kind": "atom", "rank": r, "size": 3, "blade": is_blade, "suit": suit}


@pytest.mark.parametrize(("group", "name"), [("BJ BJ BJ", "BJ"), ("SJ SJ SJ", "SJ")])
@pytest.mark.parametrize("blade", ["3", "7", "2"])
def test_r9_joker_atoms(group: str, name: str, blade: str) -> None:
    got = fields(classify(cards(group), rank(blade)))
    assert got == {"kind": "atom", "rank": name, "size": 3, "blade": False}


@pytest.mark.parametrize(
    ("blade", "group", "why"),
    [
        ("7", "7S 8S", "not one rank"),  # R13
        ("7", "3S 4S BJ", "not one rank"),
        ("7", "9D 10D 9S 9H", "not one rank"),
        ("7", "7S BJ", "blade"),  # R11: jokers never join blade cards
        ("7", "7S 7S 7S SJ", "blade"),
        ("3", "3D SJ", "blade"),
        ("2", "2S 2H BJ BJ", "blade"),
    ],
)
def test_r11_r13_invalid_groups(blade: str, group: str, why: str) -> None:
    with pytest.raises(InvalidCombination) as err:
        classify(cards(group), rank(blade))
    assert str(err.value).startswith("invalid")
    assert why in str(err.value)


def test_r13_empty_group_is_invalid() -> None:
    with pytest.raises(InvalidCombination):
        classify((), 0)


# -- beats scenarios -----------------------------------------------------------------------

BEATS_CASES: list[tuple[str, str, str, bool]] = [
    # (blade, play, top, play beats top)
    ("7", "9S", "8D", True),  # R15 higher rank, same size
    ("7", "9S", "9D", False),  # R6 equal never beats equal
    ("7", "9S 9D", "8S", False),  # R15 a pair never beats a single
    ("7", "9S 9D 9H", "8S 8D", False),  # R15 a triple never beats a pair
    ("7", "8S", "9S 9D", False),
    ("7", "7S", "2S", True),  # R6 blade above 2
    ("7", "7S 7D", "2S 2D", True),
    ("7", "2S", "AS", True),  # R6
    ("7", "AS", "KS", True),
    ("7", "8S", "7S", False),  # R6 blade taken out of its natural place
    ("7", "4S", "BJ", True),  # R6/R12 a joker single is a 3
    ("7", "BJ", "3S", False),  # R6 natural 3 and a joker-only group are equal
    ("7", "3S", "BJ", False),
    ("7", "BJ SJ", "3S 3D", False),
    ("7", "3S BJ", "BJ SJ", False),
    ("7", "BJ", "SJ", False),  # both jokers alone are 3s
    ("3", "4S", "BJ", True),  # R6 joker groups rank below 4 even when 3 is the blade
    ("3", "3S", "BJ", True),  # …and below the blade 3s
    ("3", "BJ", "3S", False),
    ("3", "BJ", "2S", False),
    ("7", "4S 4D 4H 4C", "2S 2D 2H", True),  # R16 a bomb beats loose plays
    ("7", "4S 4D 4H 4C", "2S", True),
    ("7", "BJ BJ SJ SJ", "AS AD", True),
    ("7", "4S 4D 4H 4C", "7S", False),  # R16 …except a blade loose play
    ("7", "4S 4D 4H 4C", "7S 7H", False),
    ("7", "2S 2D 2H 2C 2S 2D", "7S 7H 7D", False),
    ("7", "7S 7D 7H 7C", "7S 7D", False),  # R16 read literally: not even a blade bomb
    ("7", "4S 4D 4H 4C 4S", "2S 2D 2H 2C", True),  # R16 more cards is bigger
    ("7", "2S 2D 2H 2C", "4S 4D 4H 4C 4S", False),
    ("7", "5S 5D 5H 5C", "4S 4D 4H 4C", True),  # R16 same size: higher rank
    ("7", "4S 4D 4H 4C", "4S 4D 4H BJ", False),  # equal bombs
    ("7", "4S 4D 4H 4C", "BJ BJ SJ SJ", True),
    ("7", "3S 3D 3H 3C", "BJ BJ SJ SJ", False),  # R6 joker bomb equals a bomb of 3s
    ("7", "7S 7D 7H 7C", "2S 2D 2H 2C", True),  # R16 blade highest at equal size
    ("7", "3S 3D 3H 3C 3S", "7S 7D 7H 7C", True),  # …but more cards still win (default)
    ("7", "2S 2D 2H 2C", "AS AS AD AD BJ", False),
    ("7", "3D 3D 3D", "2S 2S 2D 2H 2C 2C BJ", True),  # R17 an atom beats every bomb
    ("7", "3D 3D 3D", "7S", True),  # R17 …and blade loose plays
    ("7", "3D 3D 3D", "7S 7S 7H 7C 7D 7D", True),  # …and blade bombs
    ("7", "2S 2S 2H 2H 2C 2C 2D BJ SJ", "3D 3D 3D", False),  # no bomb beats an atom
    ("7", "7D 7D 7D", "BJ BJ BJ", True),  # R17 blade atoms > 大王 atom
    ("7", "BJ BJ BJ", "SJ SJ SJ", True),  # 大王 > 小王
    ("7", "SJ SJ SJ", "2S 2S 2S", True),  # 小王 > 2
    ("7", "2D 2D 2D", "AS AS AS", True),  # 2 > A
    ("7", "4D 4D 4D", "3S 3S 3S", True),
    ("7", "9S 9S 9S", "9H 9H 9H", True),  # ♠ > ♥
    ("7", "9H 9H 9H", "9C 9C 9C", True),  # ♥ > ♣
    ("7", "9C 9C 9C", "9D 9D 9D", True),  # ♣ > ♦
    ("7", "9D 9D 9D", "9S 9S 9S", False),
    ("7", "7S 7S 7S", "7H 7H 7H", True),  # blade atoms by suit too
    ("7", "7D 7D 7D", "7C 7C 7C", False),
    ("3", "3D 3D 3D", "2S 2S 2S", True),  # a blade 3 atom is high
    ("3", "3D 3D 3D", "BJ BJ BJ", True),
    ("7", "4S 4S 4H 4H 4C 4C 4D 4D", "7S 7S 7S", True),  # R18 hydrogen beats atoms
    ("7", "4S 4S 4H 4H 4C 4C 4D 4D", "2S 2S 2H 2H 2C 2C 2D 2D 2S BJ SJ", True),
    ("7", "4S 4S 4H 4H 4C 4C 4D 4D", "7S", True),
    ("7", "BJ BJ BJ", "4S 4S 4H 4H 4C 4C 4D 4D", False),
    ("7", "8S 8S 8H 8H 8C 8C 8D 8D", "4S 4S 4H 4H 4C 4C 4D 4D", True),  # R18 by rank
    ("7", "7S 7S 7H 7H 7C 7C 7D 7D", "2S 2S 2H 2H 2C 2C 2D 2D", True),  # 刀氢弹 highest
    ("7", "2S 2S 2H 2H 2C 2C 2D 2D", "7S 7S 7H 7H 7C 7C 7D 7D", False),
    ("7", "4S 4S 4H 4H 4C 4C 4D 4D", "4S 4S 4H 4H 4C 4C 4D 4D", False),
]


@pytest.mark.parametrize(("blade", "play", "top", "expected"), BEATS_CASES)
def test_r15_to_r19_beats(blade: str, play: str, top: str, expected: bool) -> None:
    b = rank(blade)
    p, t = classify(cards(play), b), classify(cards(top), b)
    assert beats(p, t) is expected
    if expected:
        assert beats(t, p) is False  # never both ways


BLADE_BOMB_CASES: list[tuple[str, str, bool, bool]] = [
    # (play, top, default, with blade_bomb_only_atoms) — blade 7
    ("3S 3D 3H 3C 3S", "7S 7D 7H 7C", True, False),  # R16 option: a bigger bomb is not enough
    ("2S 2D 2H 2C 2S 2D", "7S 7D 7H 7C", True, False),
    ("7S 7D 7H 7C 7S", "7S 7D 7H 7C", True, True),  # a bigger blade bomb still beats it
    ("7S 7D 7H 7C", "7S 7D 7H 7C", False, False),
    ("3D 3D 3D", "7S 7D 7H 7C 7S 7D", True, True),  # an atom still beats it
    ("4S 4S 4H 4H 4C 4C 4D 4D", "7S 7D 7H 7C", True, True),  # a hydrogen bomb too
    ("3S 3D 3H 3C 3S", "2S 2D 2H 2C", True, True),  # non-blade bombs are unaffected
    ("7S 7D 7H 7C", "2S 2D 2H 2C", True, True),
    ("7S 7D 7H 7C 7S", "2S 2D 2H 2C", True, True),
]


@pytest.mark.parametrize(("play", "top", "default", "only_atoms"), BLADE_BOMB_CASES)
def test_r16_option_blade_bomb_only_atoms(
    play: str, top: str, default: bool, only_atoms: bool
) -> None:
    b = rank("7")
    p, t = classify(cards(play), b), classify(cards(top), b)
    assert beats(p, t, False) is default
    assert beats(p, t, True) is only_atoms


def test_r19_order_of_classes() -> None:
    """loose < bomb < atom < hydrogen (with R16's blade exception)."""
    b = rank("7")
    ladder = ["2S 2D 2H", "3S 3D 3H 3C", "3D 3D 3D", "3S 3S 3H 3H 3C 3C 3D 3D"]
    moves = [classify(cards(g), b) for g in ladder]
    for lo, hi in itertools.combinations(moves, 2):
        assert beats(hi, lo) and not beats(lo, hi)


def test_pass_value() -> None:
    assert PASS.is_pass and PASS.kind == Kind.PASS
    assert PASS.text() == "pass"
    assert not classify(cards("3S"), 0).is_pass


# -- properties ----------------------------------------------------------------------------


@at_least(300)
@given(groups, blades)
def test_r13_classification_agrees_with_the_rule_text(group: list[Card], blade: int) -> None:
    expected = oracle_classify(group, blade)
    try:
        got: dict[str, Any] | None = fields(classify(group, blade))
    except InvalidCombination:
        got = None
    assert got == expected, format_cards(group)


@given(groups, blades, st.randoms(use_true_random=False))
def test_r13_classification_is_unique_and_deterministic(
    group: list[Card], blade: int, rnd: Any
) -> None:
    """A multiset is exactly one thing: invalid, or one kind — whatever the order."""
    def outcome(g: Sequence[Card]) -> Move | None:
        try:
            return classify(g, blade)
        except InvalidCombination:
            return None

    first = outcome(group)
    shuffled = list(group)
    rnd.shuffle(shuffled)
    assert outcome(shuffled) == first
    assert outcome(tuple(reversed(group))) == first
    assert outcome(group) == first
    if first is not None:
        assert first.size == len(group)
        assert first.jokers == sum(c.is_joker for c in group)
        # the move is the same value every time (hashable, frozen)
        assert hash(first) == hash(outcome(shuffled))


@at_least(300)
@given(same_rank_groups(), same_rank_groups(), blades, st.booleans())
def test_r15_r18_beats_agrees_with_the_rule_text(
    a: list[Card], b: list[Card], blade: int, only_atoms: bool
) -> None:
    try:
        pa, pb = classify(a, blade), classify(b, blade)
    except InvalidCombination:
        return
    fa, fb = fields(pa), fields(pb)
    assert beats(pa, pb, only_atoms) is oracle_beats(fa, fb, only_atoms)
    assert beats(pb, pa, only_atoms) is oracle_beats(fb, fa, only_atoms)


@given(same_rank_groups(), same_rank_groups(), blades, st.booleans())
def test_beats_never_holds_both_ways_nor_for_equal_groups(
    a: list[Card], b: list[Card], blade: int, only_atoms: bool
) -> None:
    try:
        pa, pb = classify(a, blade), classify(b, blade)
    except InvalidCombination:
        return
    assert not (beats(pa, pb, only_atoms) and beats(pb, pa, only_atoms))
    assert not beats(pa, pa, only_atoms)
    if Counter(a) == Counter(b) or (pa.kind, pa.rank_text, pa.size) == (pb.kind, pb.rank_text,
                                                                        pb.size):
        assert not beats(pa, pb, only_atoms) and not beats(pb, pa, only_atoms)


@given(same_rank_groups(), same_rank_groups(), same_rank_groups(), blades, st.booleans())
def test_beats_is_transitive(
    a: list[Card], b: list[Card], c: list[Card], blade: int, only_atoms: bool
) -> None:
    try:
        pa, pb, pc = (classify(g, blade) for g in (a, b, c))
    except InvalidCombination:
        return
    if beats(pa, pb, only_atoms) and beats(pb, pc, only_atoms):
        assert beats(pa, pc, only_atoms)


# -- the text form of an abstract move ----------------------------------------------------


def _all_moves(blade: int) -> set[Move]:
    out: set[Move] = set()
    for r in range(13):
        out.update(rank_moves(blade, r, pack_code((3, 3, 3, 3)), 6).all)
    out.update(joker_moves(3, 3).all)
    return out


@pytest.mark.parametrize("blade", [0, 4, 12])
def test_move_text_round_trips(blade: int) -> None:
    moves = _all_moves(blade)
    assert len({m.text() for m in moves}) == len(moves)
    for m in moves:
        assert parse_move(m.text(), blade) == m
        assert str(m) == m.text()
    assert parse_move("pass", blade) == PASS


@pytest.mark.parametrize(
    ("text", "group"),
    [
        ("pair 9 j1", "9D BJ"),
        ("pair 9", "9D 9S"),
        ("atom 7S", "7S 7S 7S"),
        ("atom BJ", "BJ BJ BJ"),
        ("atom SJ", "SJ SJ SJ"),
        ("bomb 9x5 j2", "9D 9S 9H BJ SJ"),
        ("hydrogen 4", "4S 4S 4H 4H 4C 4C 4D 4D"),
        ("single 3 j1", "BJ"),
        ("bomb 3x4 j4", "BJ BJ SJ SJ"),
        ("triple 10", "TS TH TC"),
    ],
)
def test_move_text_examples(text: str, group: str) -> None:
    b = rank("7")
    assert parse_move(text, b) == classify(cards(group), b)
    assert classify(cards(group), b).text() == text


@pytest.mark.parametrize(
    "text",
    ["", "pair", "pair 7 j1", "bomb 9x3", "bomb 9", "single Z", "atom 7", "atom 7X",
     "triple 9 j9", "pair 5 j2", "hydrogen", "flush 7", "single 7 x1"],
)
def test_bad_move_texts_are_errors(text: str) -> None:
    """``pair 7 j1`` is a joker with a blade card under blade 7 (R11)."""
    with pytest.raises(CardError):
        parse_move(text, rank("7"))
