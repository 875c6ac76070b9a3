"""The information-hiding check itself must catch a leak (or it proves nothing)."""

from __future__ import annotations

import json
import random

import pytest
from tests.e2e.hiding import allowed_by_version, check_frames

from yuanzi.engine import Game, record_of
from yuanzi.engine.cards import TEXT


def test_the_check_catches_another_seats_card() -> None:
    game = Game.new(random.Random(7))
    for _ in range(6):
        game.apply(game.legal_moves()[-1])
    record = record_of(game).to_json()
    allowed = allowed_by_version(record)
    hands = game.half.hands
    mine = {TEXT[c] for c in hands[0].cards()}
    foreign = next(TEXT[c] for c in hands[1].cards() if TEXT[c] not in allowed[6][0]
                   and TEXT[c] not in mine)
    ok = json.dumps({"type": "hand", "version": 6, "hand": " ".join(sorted(mine))})
    assert check_frames([ok], 0, allowed) == 1
    leak = json.dumps({"type": "played", "version": 6, "note": f"psst {foreign}"})
    with pytest.raises(AssertionError, match=foreign):
        check_frames([leak], 0, allowed)
