"""The policy's light hand agrees with the engine's hand on everything the policy reads."""

from __future__ import annotations

import random

from yuanzi.bots.counts import Counts, can_take
from yuanzi.bots.plan import plan_hand
from yuanzi.engine import Game
from yuanzi.engine.combos import Kind, make_move
from yuanzi.engine.lookup import pack_code


def test_counts_read_like_the_engine_hand() -> None:
    for seed in range(10):
        game = Game.new(random.Random(seed))
        for hand in game.half.hands:
            light = Counts(hand.cards(), hand.blade)
            assert (light.codes, light.bj, light.sj, light.size) == (
                hand.codes, hand.bj, hand.sj, hand.size)
            assert sorted(light.cards()) == sorted(hand.cards())
            assert plan_hand(light) == plan_hand(hand)


def test_can_take_agrees_with_the_engine_legal_moves() -> None:
    from yuanzi.engine.hand import Hand

    for counts in [(1, 0, 0, 0), (2, 0, 0, 0), (3, 0, 0, 0), (2, 1, 0, 0), (3, 1, 0, 0),
                   (1, 1, 1, 0), (0, 0, 0, 0), (3, 3, 0, 0)]:
        code = pack_code(counts)
        cards = [4 * 5 + s for s, n in enumerate(counts) for _ in range(n)]
        hand = Hand(cards, 12)
        for k in (1, 2, 3):
            move = make_move(Kind(k), 5, k, 0, -1, 12)
            assert can_take(code, k) == hand.has_move(move), (counts, k)
