"""The guide's card facts, worked out by the engine: each example group classified
(:func:`yuanzi.engine.combos.classify`), each "what beats what" pair judged both ways
(:func:`yuanzi.engine.combos.beats`), the rank order under a blade, the blade each turned
card makes (:func:`yuanzi.engine.deal.blade_rank_of`), the deck and its points.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from yuanzi.engine.cards import (
    BJ,
    COPIES,
    DECK_SIZE,
    NUM_IDS,
    RANKS,
    SJ,
    SUITS,
    cards_points,
    format_cards,
    full_deck,
    parse_cards,
    rank_power,
)
from yuanzi.engine.combos import Move, beats, classify
from yuanzi.engine.deal import NEXT_SEAT, SEATS, blade_rank_of, first_drawer_of, hand_sizes
from yuanzi.engine.errors import InvalidCombination
from yuanzi.engine.half import TEAM_NAMES, team_of
from yuanzi.engine.rules import DEFAULT_RULES, Rules
from yuanzi.guide.examples import (
    BEATS,
    BLADE_TURNS,
    COMBINATIONS,
    POINT_CARDS,
    SEAT_CODES,
    GuideError,
)


def group_info(cards: Sequence[int], blade: int) -> dict[str, Any]:
    """What the engine makes of a group under a blade rank, as the guide shows it."""
    text = format_cards(cards)
    try:
        move = classify(cards, blade)
    except InvalidCombination:
        return {"cards": text, "valid": False, "kind": "invalid", "points": cards_points(cards)}
    return {"cards": text, **move_info(move), "points": cards_points(cards)}


def move_info(move: Move) -> dict[str, Any]:
    """A classified play's facts: kind, rank, size, jokers, blade, atom suit, text form."""
    return {
        "valid": True,
        "kind": move.kind.label,
        "rank": move.rank_text,
        "size": move.size,
        "jokers": move.jokers,
        "blade": move.blade,
        "suit": SUITS[move.suit] if move.suit >= 0 else None,
        "move": move.text(),
    }


def combinations(blade: int) -> list[dict[str, Any]]:
    """Every example group of :data:`COMBINATIONS`, classified by the engine."""
    return [{"id": key, "section": section, **group_info(parse_cards(cards), blade)}
            for key, section, cards in COMBINATIONS]


def verdicts(blade: int) -> list[dict[str, Any]]:
    """Every pair of :data:`BEATS`, with the engine's verdict both ways."""
    out = []
    for key, section, play_text, top_text, options in BEATS:
        play_cards, top_cards = parse_cards(play_text), parse_cards(top_text)
        try:
            play, top = classify(play_cards, blade), classify(top_cards, blade)
        except InvalidCombination as e:
            raise GuideError(f"{key}: {e}") from None
        only_atoms = bool(options.get("blade_bomb_only_atoms", False))
        out.append({
            "id": key,
            "section": section,
            "play": group_info(play_cards, blade),
            "top": group_info(top_cards, blade),
            "options": dict(options),
            "beats": beats(play, top, only_atoms),
            "back": beats(top, play, only_atoms),
        })
    return out


def rank_order(blade: int) -> list[str]:
    """The natural ranks high to low under a blade rank (R6): blade, 2, A, … 3."""
    return [RANKS[r] for r in sorted(range(len(RANKS)), key=lambda r: -rank_power(r, blade))]


def blade_turns(rules: Rules = DEFAULT_RULES) -> list[dict[str, Any]]:
    """Turned cards and the blade rank each one gives (R5), and the first drawer (R21)."""
    out = []
    for text, half in BLADE_TURNS:
        card = parse_cards(text)[0]
        out.append({
            "card": text,
            "half": half,
            "joker": card >= SJ,
            "points": card.points,
            "blade": RANKS[blade_rank_of(card, half == 2, rules)],
            "first_drawer": SEAT_CODES[first_drawer_of(card)] if half == 1 else None,
        })
    return out


def deck_facts() -> dict[str, Any]:
    """R1, R3, R20, R22: the deck, its points and how it is dealt."""
    deck = full_deck()
    return {
        "cards": DECK_SIZE,
        "packs": COPIES,
        "per_pack": NUM_IDS,
        "jokers": [format_cards([BJ]), format_cards([SJ])],
        "ranks": list(RANKS),
        "suits": list(SUITS),
        "total_points": cards_points(deck),
        "hand_sizes": sorted(hand_sizes(0), reverse=True),
        "seats": list(SEAT_CODES),
        "turn_order": [SEAT_CODES[s] for s in _turn_order(1)],
        "teams": {TEAM_NAMES[t]: [SEAT_CODES[s] for s in range(SEATS) if team_of(s) == t]
                  for t in (0, 1)},
    }


def _turn_order(start: int) -> list[int]:
    order = [start]
    while len(order) < SEATS:
        order.append(NEXT_SEAT[order[-1]])
    return order


def points_facts() -> dict[str, Any]:
    """R3: the points of a few cards, and of one whole deal."""
    return {
        "cards": [{"card": c, "points": cards_points(parse_cards(c))} for c in POINT_CARDS],
        "total": cards_points(full_deck()),
        "score_ranks": [r for r in RANKS if cards_points(parse_cards(r + "S"))],
    }


__all__ = ["blade_turns", "combinations", "deck_facts", "group_info", "move_info",
           "points_facts", "rank_order", "verdicts"]
