"""The rules guide 玩法说明 (issue 10): its examples, worked out by the engine itself.

The card groups and the little deal below are chosen here; everything the guide *says*
about them is computed by the engine: a group's kind, rank, size and jokers
(:func:`yuanzi.engine.combos.classify`), whether one group beats another (and the other
way round, :func:`yuanzi.engine.combos.beats`), which rank a turned card makes the blade
(:func:`yuanzi.engine.deal.blade_rank_of`), who wins a trick, who leads after it (接风),
how a half ends and where its points go (:class:`yuanzi.engine.half.HalfState`), and who
wins the game (:func:`yuanzi.engine.game.decide`). The server sends :func:`guide_data`
as JSON (``GET /api/guide``); the client puts it in words, zh-CN and English, and draws
every group as real cards.

An example that the engine refuses (a scripted play that is illegal, a seat out of turn)
raises :class:`GuideError`: the guide never shows what the engine would not do.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from typing import Any

from yuanzi.engine.cards import (
    BJ,
    COPIES,
    DECK_SIZE,
    NUM_IDS,
    RANKS,
    SJ,
    SUITS,
    TOTAL_POINTS,
    Card,
    cards_points,
    format_cards,
    full_deck,
    parse_cards,
    rank_power,
)
from yuanzi.engine.combos import Kind, Move, beats, classify
from yuanzi.engine.deal import NEXT_SEAT, SEATS, Deal, blade_rank_of, first_drawer_of, hand_sizes
from yuanzi.engine.errors import IllegalAction, InvalidCombination
from yuanzi.engine.game import DOUBLE_LINE, OTHER_TEAM_WINS_AT, UPSTREAM_TEAM_WINS_AT, decide
from yuanzi.engine.half import TEAM_NAMES, HalfResult, HalfState, team_of
from yuanzi.engine.rules import DEFAULT_RULES, Rules

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


def play_half(hands: dict[int, str], leader: int, actions: Sequence[tuple[int, str | None]],
              blade_card: str, rules: Rules = DEFAULT_RULES) -> dict[str, Any]:
    """Play a scripted (tiny) half through :class:`HalfState`; report every step and what
    the engine did after it: tricks won and their points, seats going out, who leads next
    (接风 when the trick's winner has gone out), and the half's end with its points (R29)."""
    card = parse_cards(blade_card)[0]
    blade = blade_rank_of(card, False, rules)
    dealt = {s: parse_cards(hands[s]) for s in range(SEATS)}
    deal = Deal(blade_card=card, blade_holder=leader, first_drawer=leader,
                hands=(dealt[0], dealt[1], dealt[2], dealt[3]))
    state = HalfState(deal, blade, rules, leader)
    steps: list[dict[str, Any]] = []
    for seat, text in actions:
        if state.to_move != seat:
            raise GuideError(f"step {len(steps)}: seat {seat} is not to move ({state.to_move})")
        top_seat, won_before, out_before = state.top_seat, list(state.won), len(state.out_order)
        cards = None if text is None else parse_cards(text)
        try:
            move = state.apply_cards(cards)
        except IllegalAction as e:
            raise GuideError(f"step {len(steps)}: {e}") from None
        step: dict[str, Any] = {"seat": SEAT_CODES[seat], "cards": text,
                                "kind": move.kind.label}
        if move.kind != Kind.PASS:
            step.update(move_info(move), points=cards_points(cards or ()))
        if len(state.out_order) > out_before:
            step["out"] = len(state.out_order)
        ended_trick = move.kind == Kind.PASS and state.top is None
        if ended_trick or state.result is not None:
            winner = top_seat if move.kind == Kind.PASS else seat
            step["trick"] = {"winner": SEAT_CODES[winner],
                             "points": state.won[winner] - won_before[winner]}
        if ended_trick and state.to_move is not None:
            step["lead"] = SEAT_CODES[state.to_move]
            step["jiefeng"] = state.hands[winner].size == 0
        steps.append(step)
    if state.result is None:
        return {"blade": RANKS[blade], "hands": _hands_info(dealt), "steps": steps,
                "result": None, "to_move": _seat_code(state.to_move)}
    return {"blade": RANKS[blade], "hands": _hands_info(dealt), "steps": steps,
            "result": _half_result(state, state.result), "to_move": None}


def _seat_code(seat: int | None) -> str | None:
    return None if seat is None else SEAT_CODES[seat]


def _hands_info(dealt: dict[int, tuple[Card, ...]]) -> dict[str, str]:
    return {SEAT_CODES[s]: format_cards(dealt[s]) for s in range(SEATS)}


def _half_result(state: HalfState, result: HalfResult) -> dict[str, Any]:
    """A finished half in the guide's terms; the points and where R29 moved them (the
    score cards left in hands, 下游's tricks) are the engine's."""
    won = result.trick_points
    return {
        "ended_by": result.ended_by,
        "out_order": [SEAT_CODES[s] for s in result.out_order],
        "upstream": SEAT_CODES[result.upstream],
        "downstream": _seat_code(result.downstream),
        "left": {SEAT_CODES[s]: format_cards(state.hands[s].cards()) for s in range(SEATS)
                 if state.hands[s].size},
        "trick_points": {SEAT_CODES[s]: won[s] for s in range(SEATS)},
        "hand_points": {SEAT_CODES[s]: result.hand_points[s] for s in range(SEATS)},
        "moved": result.downstream_points,
        "points": {TEAM_NAMES[t]: result.points[t] for t in (0, 1)},
    }


def mini_half(rules: Rules = DEFAULT_RULES) -> dict[str, Any]:
    """:data:`MINI_HALF` played by the engine (under ``rules``)."""
    return play_half(MINI_HALF["hands"], MINI_HALF["leader"], MINI_HALF["actions"],
                     MINI_HALF["blade_card"], rules)


def jiefeng_partner() -> str | None:
    """Who leads after the mini half's 接风 trick under the option ``jiefeng: partner``."""
    actions = MINI_HALF["actions"]
    default = mini_half()
    at = next(i for i, s in enumerate(default["steps"]) if s.get("jiefeng"))
    partner = play_half(MINI_HALF["hands"], MINI_HALF["leader"], actions[:at + 1],
                        MINI_HALF["blade_card"], Rules(jiefeng="partner"))
    lead: str | None = partner["steps"][at].get("lead")
    return lead


def game_decisions(rules: Rules = DEFAULT_RULES) -> list[dict[str, Any]]:
    """R31: two halves' points and the first-half 上游 → the winner, by :func:`decide`."""
    out = []
    card = parse_cards(GUIDE_BLADE_CARD)[0]
    for upstream, first_points, second_points in GAME_DECISIONS:
        halves = [HalfResult(blade_card=card, blade_rank=blade_rank_of(card, False, rules),
                             ended_by="three_out", out_order=(upstream,), upstream=upstream,
                             downstream=None, trick_points=(0, 0, 0, 0), points=pts)
                  for pts in (first_points, second_points)]
        result = decide(halves[0], halves[1], rules)
        totals = result.totals
        out.append({
            "upstream_team": TEAM_NAMES[team_of(upstream)],
            "halves": [{TEAM_NAMES[t]: h.points[t] for t in (0, 1)} for h in halves],
            "totals": {TEAM_NAMES[t]: totals[t] for t in (0, 1)},
            "winner": None if result.winner is None else TEAM_NAMES[result.winner],
            "kind": result.kind,
        })
    return out


@lru_cache(maxsize=1)
def guide_data() -> dict[str, Any]:
    """Everything the guide shows, worked out by the engine (the JSON of ``GET /api/guide``).

    Card groups are in R2 notation; kinds are the engine's labels (``single`` … ``hydrogen``,
    ``invalid``); seats are ``N E S W`` (R20), teams ``NS`` and ``EW``. The words are the
    client's.
    """
    blade_card = parse_cards(GUIDE_BLADE_CARD)[0]
    blade = blade_rank_of(blade_card, False, DEFAULT_RULES)
    return {
        "blade": RANKS[blade],
        "blade_card": GUIDE_BLADE_CARD,
        "deck": deck_facts(),
        "blade_turns": blade_turns(),
        "order": rank_order(blade),
        "points": points_facts(),
        "combinations": combinations(blade),
        "beats": verdicts(blade),
        "half": mini_half(),
        "jiefeng_partner": jiefeng_partner(),
        "scoring": {
            "total": TOTAL_POINTS,
            "double_line": DOUBLE_LINE,
            "upstream_wins_at": UPSTREAM_TEAM_WINS_AT,
            "other_wins_at": OTHER_TEAM_WINS_AT,
            "decisions": game_decisions(),
        },
        "clock": {"turn_seconds": DEFAULT_RULES.turn_seconds},
    }


__all__ = ["BEATS", "COMBINATIONS", "GUIDE_BLADE_CARD", "GuideError", "group_info",
           "guide_data", "play_half"]
