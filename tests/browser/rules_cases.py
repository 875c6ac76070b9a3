"""Requests for the client's rules port and the engine's answers to compare them with.

The public conformance groups, plus seeded random groups, hands and tops answered by
the engine itself (classification, beats, the move text, the hand's sort order, and the
local hint's legality), so the JavaScript port is held to the Python rules.
"""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

from yuanzi.engine import BJ, SJ, InvalidCombination, Rules, beats, classify, parse_cards
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


def hint_cases(seed: int = 7, n: int = 400) -> list[dict[str, Any]]:
    """Random hands and tops; the JS answer is checked by :func:`check_hint`."""
    rng = random.Random(seed)
    out = []
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
                    "bbo": rng.random() < 0.2})
    return out


def check_hint(req: dict[str, Any], got: dict[str, Any]) -> str | None:
    """Why the JS hint is wrong for ``req``, or None: legal, and found whenever one exists."""
    from collections import Counter

    from yuanzi.engine import parse_move

    if not got.get("ok"):
        return f"error {got}"
    blade = parse_rank(req["blade"])
    hand = list(parse_cards(req["hand"]))
    top = None if req["top"] is None else parse_move(req["top"], blade)
    rules = Rules(blade_bomb_only_atoms=req["bbo"])
    can_play = any(not m.is_pass for m in legal_moves(Hand(hand, blade), top, rules))
    if got["cards"] is None:
        return "a legal play exists but none was hinted" if can_play else None
    cards = list(parse_cards(got["cards"]))
    if Counter(cards) - Counter(hand):
        return f"{got['cards']} is not in the hand"
    try:
        move = classify(cards, blade)
    except InvalidCombination as e:
        return str(e)
    if top is not None and not beats(move, top, rules.blade_bomb_only_atoms):
        return f"{got['cards']} does not beat {req['top']}"
    return None
