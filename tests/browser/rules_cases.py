"""Requests for the client's rules port and the engine's answers to compare them with.

The public conformance groups, plus seeded random groups, hands and tops answered by
the engine itself (classification, beats, the move text, the hand's sort order, and the
local hint: its plays that beat the top must be the server's, yuanzi.bots.hints, card for
card), so the JavaScript port is held to the Python rules.
"""

from __future__ import annotations

import json
import random
from collections import Counter
from pathlib import Path
from typing import Any

from yuanzi.bots.hints import beating_plays
from yuanzi.engine import (
    BJ,
    SJ,
    InvalidCombination,
    Kind,
    Rules,
    classify,
    parse_cards,
    parse_move,
)
from yuanzi.engine.cards import RANKS, format_cards, full_deck, parse_rank, sort_hand
from yuanzi.engine.hand import Hand
from yuanzi.engine.moves import legal_moves
from yuanzi.judge import answer

CONFORMANCE = Path(__file__).resolve().parents[3] / "shared" / "conformance" / "groups.jsonl"
JS_DIR = Path(__file__).resolve().parent / "js"
DECK = full_deck()


def conformance_cases() -> list[dict[str, Any]]:
    if not CONFORMANCE.is_file():
        return []
    return [json.loads(line) for line in CONFORMANCE.read_text().splitlines() if line.strip()]


def matches(expect: dict[str, Any], got: dict[str, Any]) -> bool:
    """Compare only the fields ``expect`` has (conformance/README.md)."""
    if not expect.get("ok", True):
        return got.get("ok") is False
    return all(got.get(k) == v for k, v in expect.items() if k not in ("why",))


def _group(rng: random.Random) -> list[int]:
    rank = rng.randrange(13)
    n = rng.choice([1, 1, 2, 2, 3, 3, 3, 4, 5, 6, 8])
    cards = []
    for _ in range(n):
        roll = rng.random()
        if roll < 0.12:
            cards.append(rng.choice([SJ, BJ]))
        elif roll < 0.17:
            cards.append(rng.randrange(52))
        else:
            cards.append(rank * 4 + rng.randrange(4))
    if rng.random() < 0.15:
        suit = rng.randrange(4)
        cards = [rank * 4 + suit] * 3
    if rng.random() < 0.05:
        cards = [rank * 4 + s for s in range(4) for _ in range(2)]
    return cards


def random_cases(seed: int = 6, n: int = 1500) -> list[tuple[dict[str, Any], dict[str, Any]]]:
    """(request, the engine's answer) pairs for classify, beats, move text and sort."""
    rng = random.Random(seed)
    out: list[tuple[dict[str, Any], dict[str, Any]]] = []
    for _ in range(n):
        blade = RANKS[rng.randrange(13)]
        a, b = format_cards(_group(rng)), format_cards(_group(rng))
        for req in ({"op": "classify", "blade": blade, "cards": a},
                    {"op": "beats", "blade": blade, "top": a, "play": b,
                     "rules": {"blade_bomb_only_atoms": rng.random() < 0.3}}):
            out.append((req, answer(req)))
        try:
            move = classify(parse_cards(a), parse_rank(blade))
        except InvalidCombination:
            continue
        out.append(({"op": "move_text", "blade": blade, "cards": a}, {"ok": True,
                                                                        "text": move.text()}))
        out.append(({"op": "parse_move", "blade": blade, "text": move.text()},
                    {"ok": True, "text": move.text()}))
    for _ in range(60):
        blade = RANKS[rng.randrange(13)]
        hand = [rng.randrange(54) for _ in range(rng.randrange(1, 42))]
        sorted_text = format_cards(sort_hand(hand, parse_rank(blade)))
        out.append(({"op": "sort", "blade": blade, "cards": format_cards(hand)},
                    {"ok": True, "cards": sorted_text}))
    return out


HINT_BUGS: list[dict[str, Any]] = [
    # R11: against a triple, a triple with one joker, not a bomb of the atom plus the joker
    {"op": "hint", "blade": "Q", "hand": "7S 7S 7S BJ", "top": "triple 6", "bbo": False,
     "expect": {"cards": "7S 7S BJ", "reason": "beat"}},
    # R10: nine 9s (3-2-2-2) against a bomb of eight: the natural bomb of eight, not the
    # same eight cards dealt round robin into a hydrogen bomb (and so a bomb of nine)
    {"op": "hint", "blade": "Q", "hand": "9S 9S 9S 9H 9H 9C 9C 9D 9D", "top": "bomb 4x8 j2",
     "bbo": False, "expect": {"cards": "9S 9S 9S 9H 9C 9C 9D 9D", "reason": "beat"}},
    # R9: leading, an atom is not played as a plain group: lead something else
    {"op": "hint", "blade": "Q", "hand": "4S 4S 4S 9H", "top": None, "bbo": False,
     "expect": {"cards": "9H", "reason": "lead"}},
    {"op": "hint", "blade": "Q", "hand": "4S 4S 4S 4H 9H", "top": None, "bbo": False,
     "expect": {"cards": "4H", "reason": "lead"}},
    # the partner's bomb is on top: pass, and the K bomb still listed (issue 10)
    {"op": "hint", "blade": "7", "hand": "KS KH KC KD 5S", "top": "bomb 3x4", "bbo": False,
     "partner": True, "expect": {"cards": None, "reason": "partner_winning",
                                 "beats": ["KS KH KC KD"]}},
    {"op": "hint", "blade": "7", "hand": "4S 5S", "top": "pair 3", "bbo": False,
     "partner": True, "expect": {"cards": None, "reason": "cannot_beat", "beats": []}},
]
"""Cases the first local hint got wrong (issue 10), with the answers they must get."""


def hint_cases(seed: int = 7, n: int = 400) -> list[dict[str, Any]]:
    """The cases of :data:`HINT_BUGS`, then random hands and tops (some with the partner's
    play on top); the JS answer is checked by :func:`check_hint`."""
    rng = random.Random(seed)
    out = [dict(c) for c in HINT_BUGS]
    for _ in range(n):
        blade = RANKS[rng.randrange(13)]
        hand = rng.sample(DECK, rng.randrange(1, 30))  # a real hand: ≤ 3 copies (R1)
        top = None
        if rng.random() < 0.85:
            try:
                top = classify(_group(rng), parse_rank(blade)).text()
            except InvalidCombination:
                top = None
        out.append({"op": "hint", "blade": blade, "hand": format_cards(hand), "top": top,
                    "bbo": rng.random() < 0.2, "partner": rng.random() < 0.2})
    return out


def _units(cards: list[Any]) -> tuple[int, int, int]:
    """(hydrogen bombs, atoms, loose naturals) of a hand (R9, R10): per rank, a hydrogen
    bomb is set aside first, then the atoms of what is left (the engine's preference,
    yuanzi.engine.lookup.take_naturals); joker atoms count as atoms, and the jokers outside
    them as loose."""
    counts = [[0, 0, 0, 0] for _ in range(13)]
    jokers = Counter(c for c in cards if c >= SJ)
    for c in cards:
        if c < SJ:
            counts[c >> 2][c & 3] += 1
    hydrogens = atoms = loose = 0
    for suits in counts:
        if min(suits) >= 2:
            hydrogens += 1
            suits = [x - 2 for x in suits]
        atoms += sum(1 for x in suits if x == 3)
        loose += sum(x for x in suits if x != 3)
    for j in (SJ, BJ):
        if jokers[j] == 3:
            atoms += 1
        else:
            loose += jokers[j]
    return hydrogens, atoms, loose


def check_hint(req: dict[str, Any], got: dict[str, Any]) -> str | None:
    """Why the JS hint is wrong for ``req``, or None. It must answer as the server's hint
    does (yuanzi.bots.hints): ``beats`` exactly the engine's beating plays, smallest first;
    the advice the first of them, or pass when the partner's play is on top (reason
    partner_winning) or nothing beats (cannot_beat); leading, a legal play that keeps the
    hand's atoms and hydrogen bombs whole when anything else can lead; and the answers of
    :data:`HINT_BUGS`."""
    if not got.get("ok"):
        return f"error {got}"
    for key, want in req.get("expect", {}).items():
        have = got.get(key)
        if key == "cards" and want is not None and have is not None:
            if Counter(parse_cards(have)) != Counter(parse_cards(want)):
                return f"hinted {have}, not {want}"
        elif have != want:
            return f"{key} is {have!r}, not {want!r}"
    blade = parse_rank(req["blade"])
    hand_cards = list(parse_cards(req["hand"]))
    hand = Hand(hand_cards, blade)
    top = None if req["top"] is None else parse_move(req["top"], blade)
    rules = Rules(blade_bomb_only_atoms=req["bbo"])
    legal = legal_moves(hand, top, rules)
    want_beats = [format_cards(g) for g in beating_plays(hand, legal)] if top else []
    if got.get("beats") != want_beats:
        return f"beats {got.get('beats')} are not the engine's {want_beats}"
    if top is not None:
        if not want_beats:
            want = (None, "cannot_beat")
        elif req.get("partner"):
            want = (None, "partner_winning")
        else:
            want = (want_beats[0], "beat")
        if (got["cards"], got.get("reason")) != want:
            return f"advice {got['cards']!r} ({got.get('reason')}), not {want}"
        return None
    if got.get("reason") != "lead" or got["cards"] is None:
        return f"a leader must play (R24), not {got}"
    cards = list(parse_cards(got["cards"]))
    if Counter(cards) - Counter(hand_cards):
        return f"{got['cards']} is not in the hand"
    try:
        move = classify(cards, blade)
    except InvalidCombination as e:
        return str(e)
    before = _units(hand_cards)
    after = _units(list((Counter(hand_cards) - Counter(cards)).elements()))
    if move.kind in (Kind.ATOM, Kind.HYDROGEN):
        if before[2]:
            return f"led the unit {got['cards']} although loose cards could lead"
    elif after[0] < before[0] or after[1] < before[1]:
        return f"the lead {got['cards']} breaks an atom or a hydrogen bomb"
    return None
