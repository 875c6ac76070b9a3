"""The information-hiding check (R45) over every frame a seat received in a game."""

from __future__ import annotations

import json
import re
from typing import Any

from yuanzi.engine import Game, Record, Rules
from yuanzi.engine.cards import TEXT

SPECTATOR = 4
"""Index of the spectator's entry in :func:`allowed_by_version`."""
CARD = re.compile(
    r"(?<![A-Za-z0-9])(?:10|[2-9JQKA])[SHCD](?![A-Za-z0-9])|(?<![A-Za-z])[SB]J(?![A-Za-z])")


def allowed_by_version(record_json: dict[str, Any]) -> list[list[set[str]]]:
    """``out[v][s]``: the cards seat s may see at version v — its own hand then, every card
    played so far and the blade cards turned so far; ``out[v][SPECTATOR]`` the public
    part alone (R45: a spectator sees what a seat sees minus any hand)."""
    record = Record.from_json(record_json)
    game = Game(record.rules or Rules(), record.halves[0].deal)
    public = {TEXT[record.halves[0].blade_card]}

    def snapshot() -> list[set[str]]:
        hands = game.half.hands
        return [{TEXT[c] for c in hands[s].cards()} | public for s in range(4)] + [set(public)]

    out = [snapshot()]
    for i, half in enumerate(record.halves):
        if i == 1:
            game.start_second_half(half.deal)
            public.add(TEXT[half.blade_card])
            out[-1] = snapshot()
        for _seat, cards in half.actions:
            game.apply(cards)
            if cards:
                public.update(TEXT[c] for c in cards)
            out.append(snapshot())
    return out


def check_frames(frames: list[str], seat: int, allowed: list[list[set[str]]]) -> int:
    """Assert no frame before the game's end shows a card the seat may not see; returns
    the number of frames checked."""
    checked = 0
    for text in frames:
        frame = json.loads(text)
        if frame["type"] == "game_over":
            break  # after the game the record shows all (R45)
        cards = set(CARD.findall(text))
        if not cards:
            checked += 1
            continue
        version = frame.get("version")
        assert version is not None, f"cards in a frame without a version: {text[:200]}"
        leaked = cards - allowed[version][seat]
        assert not leaked, f"seat {seat} was shown {sorted(leaked)} at version {version}"
        checked += 1
    return checked
