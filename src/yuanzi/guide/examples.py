"""The rules guide's examples as chosen (:mod:`yuanzi.guide`): card groups, "what beats
what" pairs, turned blade cards, a tiny scripted half and two halves' points. Only the
choice is here; what each example *means* is the engine's (:mod:`yuanzi.guide.groups`,
:mod:`yuanzi.guide.walkthrough`).
"""

from __future__ import annotations

from typing import Any

GUIDE_BLADE_CARD = "7H"
"""The blade card turned in every example: 7 is the blade rank throughout the guide."""

SEAT_CODES = ("N", "E", "S", "W")
"""Seats as R20 numbers them: North 0, East 1, South 2, West 3."""

COMBINATIONS: tuple[tuple[str, str, str], ...] = (
    # (id, section, cards): the groups the guide draws, section by section
    ("single", "loose", "9S"),
    ("pair", "loose", "9S 9H"),
    ("triple", "loose", "9S 9H 9D"),
    ("bomb4", "bomb", "9S 9H 9C 9D"),
    ("bomb5", "bomb", "9S 9S 9H 9C 9D"),
    ("bomb6", "bomb", "9S 9S 9H 9H 9C 9D"),
    ("bomb8", "bomb", "9S 9S 9S 9H 9H 9C 9D 9D"),
    ("bomb_max", "bomb", "9S 9S 9S 9H 9H 9H 9C 9C 9C 9D 9D 9D BJ BJ BJ SJ SJ SJ"),
    ("blade_single", "blade", "7S"),
    ("blade_pair", "blade", "7S 7D"),
    ("blade_triple", "blade", "7S 7H 7C"),
    ("blade_bomb", "blade", "7S 7H 7C 7D"),
    ("atom", "atom", "JS JS JS"),
    ("atom_low", "atom", "3D 3D 3D"),
    ("atom_blade", "atom", "7S 7S 7S"),
    ("atom_bj", "atom", "BJ BJ BJ"),
    ("atom_sj", "atom", "SJ SJ SJ"),
    ("not_atom", "atom", "JS JS JH"),
    ("hydrogen", "hydrogen", "QS QS QH QH QC QC QD QD"),
    ("hydrogen_blade", "hydrogen", "7S 7S 7H 7H 7C 7C 7D 7D"),
    ("joker_single", "jokers", "BJ"),
    ("joker_pair", "jokers", "BJ SJ"),
    ("joker_triple", "jokers", "BJ BJ SJ"),
    ("joker_bomb", "jokers", "BJ BJ SJ SJ"),
    ("wild_pair", "wild", "10S BJ"),
    ("wild_triple", "wild", "KS KH SJ"),
    ("wild_bomb", "wild", "4S 4H 4C SJ"),
    ("wild_atom_cards", "wild", "JS JS JS BJ"),
    ("wild_no_hydrogen", "wild", "QS QS QH QH QC QC QD BJ"),
    ("bad_blade_joker", "invalid", "7S BJ"),
    ("bad_two_ranks", "invalid", "9S 10S"),
)
"""Every group the guide shows; what each one *is* comes from :func:`classify`."""

BEATS: tuple[tuple[str, str, str, str, dict[str, bool]], ...] = (
    # (id, section, play, top, rule options): "does play beat top?" — the engine answers
    ("higher_single", "loose", "10S", "9H", {}),
    ("same_rank", "loose", "9S 9H", "9C 9D", {}),
    ("size_must_match", "loose", "KS KH", "9C", {}),
    ("triple_vs_pair", "loose", "AS AH AC", "9C 9D", {}),
    ("two_over_ace", "order", "2S", "AS", {}),
    ("blade_over_two", "order", "7C", "2S", {}),
    ("jokers_are_three", "order", "BJ", "3S", {}),
    ("four_over_jokers", "order", "4S", "BJ", {}),
    ("wild_pair", "wild", "10S BJ", "9S 9H", {}),
    ("joker_pair_low", "wild", "4S 4H", "BJ SJ", {}),
    ("bomb_over_loose", "bomb", "3S 3H 3C 3D", "2S 2H 2C", {}),
    ("bomb_not_blade", "bomb", "AS AH AC AD", "7S", {}),
    ("bomb_more_cards", "bomb", "4S 4S 4H 4C 4D", "AS AH AC AD", {}),
    ("bomb_higher_rank", "bomb", "AS AH AC AD", "KS KH KC KD", {}),
    ("blade_bomb_top", "bomb", "7S 7H 7C 7D", "2S 2H 2C 2D", {}),
    ("bigger_over_blade_bomb", "bomb", "8S 8S 8H 8C 8D", "7S 7H 7C 7D", {}),
    ("blade_bomb_option", "bomb", "8S 8S 8H 8C 8D", "7S 7H 7C 7D",
     {"blade_bomb_only_atoms": True}),
    ("atom_over_bomb", "atom", "3D 3D 3D", "AS AS AH AH AC AC AD AD BJ SJ", {}),
    ("atom_over_blade", "atom", "3D 3D 3D", "7S 7H 7C", {}),
    ("atom_suit", "atom", "JS JS JS", "JH JH JH", {}),
    ("atom_rank", "atom", "QD QD QD", "JS JS JS", {}),
    ("atom_sj_over_two", "atom", "SJ SJ SJ", "2S 2S 2S", {}),
    ("atom_bj_over_sj", "atom", "BJ BJ BJ", "SJ SJ SJ", {}),
    ("atom_blade_top", "atom", "7D 7D 7D", "BJ BJ BJ", {}),
    ("hydrogen_over_atom", "hydrogen", "3S 3S 3H 3H 3C 3C 3D 3D", "7S 7S 7S", {}),
    ("hydrogen_rank", "hydrogen", "QS QS QH QH QC QC QD QD", "3S 3S 3H 3H 3C 3C 3D 3D", {}),
    ("hydrogen_blade", "hydrogen", "7S 7S 7H 7H 7C 7C 7D 7D", "2S 2S 2H 2H 2C 2C 2D 2D", {}),
)
"""The "what beats what" pairs; each verdict (both ways) comes from :func:`beats`."""

BLADE_TURNS: tuple[tuple[str, int], ...] = (
    # (card turned, half 1 or 2)
    ("7H", 1),
    ("KD", 1),
    ("BJ", 1),
    ("KD", 2),
    ("9C", 2),
)
"""Turned blade cards and the blade rank each makes (R5, R21)."""

POINT_CARDS = ("5S", "10H", "KD", "9S", "BJ")
"""Cards whose points (R3) the guide shows: three score cards and two that carry none."""

MINI_HALF: dict[str, Any] = {
    "blade_card": GUIDE_BLADE_CARD,
    "leader": 1,
    "hands": {1: "5S 5H 9C", 2: "KS KD 4C 10D", 3: "AS", 0: "2S 6D"},
    "actions": (
        (1, "5S 5H"), (2, "KS KD"), (3, None), (0, None), (1, None),
        (2, "4C"), (3, "AS"), (0, "2S"), (1, None), (2, None),
        (0, "6D"), (1, None), (2, None),
        (1, "9C"),
    ),
}
"""A whole (tiny) half played through the engine: a trick, passes, going out, 接风 after a
seat wins a trick with its last card, three seats out, and the points of R29."""

GAME_DECISIONS: tuple[tuple[int, tuple[int, int], tuple[int, int]], ...] = (
    # (first-half 上游 seat, first-half points NS/EW, second-half points NS/EW)
    (1, (150, 150), (150, 150)),
    (1, (160, 140), (145, 155)),
    (2, (120, 180), (175, 125)),
)
"""Two halves' points and the first-half 上游: :func:`decide` names the winner (R31)."""


class GuideError(RuntimeError):
    """An example the engine does not accept as written (a bug in this module's data)."""


__all__ = ["BEATS", "BLADE_TURNS", "COMBINATIONS", "GAME_DECISIONS", "GUIDE_BLADE_CARD",
           "MINI_HALF", "POINT_CARDS", "SEAT_CODES", "GuideError"]
