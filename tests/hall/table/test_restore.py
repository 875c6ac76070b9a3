"""hall/restore.py: a game rebuilt from what is stored, or without its refused action."""

from __future__ import annotations

import random

from yuanzi.engine import Game, Rules, deal_half, record_of
from yuanzi.hall.table.restore import without_last_action


def _played(seed: int, actions: int) -> Game:
    rng = random.Random(seed)
    game = Game(Rules(), deal_half(rng, Rules()), rng=rng)
    for _ in range(actions):
        if game.needs_second_half():
            first = game.halves[0].result
            assert first is not None
            game.start_second_half(deal_half(rng, Rules(), first_drawer=first.upstream))
        if game.is_over:
            break
        game.apply(rng.choice(game.legal_moves()))
    return game


def test_without_last_action_is_the_game_one_action_earlier() -> None:
    for seed in range(30):
        n = random.Random(seed).randrange(1, 400)
        game = _played(seed, n)
        halves = record_of(game).halves
        before = record_of(without_last_action(game)).halves
        assert before[:-1] == halves[:-1]
        assert before[-1].actions == halves[-1].actions[:-1]
        assert before[-1].hands == halves[-1].hands
        assert without_last_action(game).to_move == halves[-1].actions[-1][0]
