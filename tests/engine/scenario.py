"""Helpers for rule scenarios written in card notation (RULES.md R2).

Scenario deals are usually *partial*: a few cards per seat, so that a trick or a half
can be scripted by hand. The play state machine (:class:`HalfState`, :class:`Game`) does
not need the full 162 cards; only record validation (RECORD.md) does, and the record
tests use full seeded deals instead.
"""

from __future__ import annotations

import json
import random
from collections import Counter
from collections.abc import Sequence
from typing import Any

from yuanzi.engine import (
    DEFAULT_RULES,
    Card,
    Deal,
    Game,
    HalfState,
    Move,
    Rules,
    classify,
    observe,
    parse_cards,
    record_of,
)
from yuanzi.engine.cards import full_deck, parse_rank

Script = Sequence[tuple[int, str]]
"""Scripted actions: ``(seat, "7S 7S")`` or ``(seat, "pass")``."""

DECK: Counter[int] = Counter(full_deck())


def cards(text: str) -> tuple[Card, ...]:
    """A group in card notation; the empty string is the empty group."""
    return parse_cards(text) if text.strip() else ()


def rank(text: str) -> int:
    return parse_rank(text)


def move(text: str, blade: str = "7") -> Move:
    """The combination of a group under a blade rank given as text."""
    return classify(cards(text), rank(blade))


def make_deal(
    hands: Sequence[str],
    blade_card: str = "7H",
    blade_holder: int = 0,
    first_drawer: int = 0,
) -> Deal:
    assert len(hands) == 4
    h = [cards(x) for x in hands]
    return Deal(parse_cards(blade_card)[0], blade_holder, first_drawer, (h[0], h[1], h[2], h[3]))


def half_state(
    hands: Sequence[str],
    blade: str = "7",
    leader: int = 0,
    rules: Rules = DEFAULT_RULES,
) -> HalfState:
    """A first half from explicit (partial) hands, blade rank and leader."""
    deal = make_deal(hands, blade_card=blade + "H", blade_holder=leader)
    return HalfState(deal, rank(blade), rules, leader)


def game_from(
    hands: Sequence[str],
    blade_card: str = "7H",
    blade_holder: int = 0,
    rules: Rules = DEFAULT_RULES,
) -> Game:
    """A game whose first half is dealt from explicit (partial) hands; no rng, so the
    second half waits for :meth:`Game.start_second_half`."""
    return Game(rules, make_deal(hands, blade_card, blade_holder))


def act(state: HalfState | Game, seat: int, text: str) -> None:
    """One scripted action, checking first that it is ``seat``'s turn."""
    assert state.to_move == seat, f"expected seat {seat} to move, not {state.to_move}"
    chosen = None if text.strip().lower() == "pass" else cards(text)
    if isinstance(state, Game):
        state.apply(chosen)
    else:
        state.apply_cards(chosen)


def play(state: HalfState | Game, script: Script) -> None:
    for seat, text in script:
        act(state, seat, text)


def snapshot(game: Game) -> tuple[str, list[str], int | None, list[Move]]:
    """Everything observable about a game, to compare before and after a refused action."""
    rec = json.dumps(record_of(game).to_json(), sort_keys=True)
    views = [
        json.dumps(observe(game, seat).to_dict(), sort_keys=True, ensure_ascii=False)
        for seat in (None, 0, 1, 2, 3)
    ]
    return rec, views, game.to_move, list(game.legal_moves())


def random_game(
    seed: int,
    rules: Rules = DEFAULT_RULES,
    stop_after: int | None = None,
) -> Game:
    """A seeded game played with uniformly random legal moves (checked ``apply``)."""
    game = Game.new(random.Random(seed), rules)
    chooser = random.Random(seed * 7919 + 1)
    steps = 0
    while not game.is_over and (stop_after is None or steps < stop_after):
        game.apply(chooser.choice(game.legal_moves()))
        steps += 1
    return game


def played_cards(state: HalfState) -> Counter[int]:
    return Counter(c for _, cs in state.actions if cs is not None for c in cs)


def held_cards(state: HalfState) -> Counter[int]:
    out: Counter[int] = Counter()
    for hand in state.hands:
        out.update(hand.cards())
    return out


def to_json(value: Any) -> str:
    return json.dumps(value, sort_keys=True, ensure_ascii=False)
