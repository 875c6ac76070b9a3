"""Shared helpers for the bot tests: seeded games and positions."""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator, Sequence

from yuanzi.bots import Bot, make_bot
from yuanzi.engine import Game, Observation


def bots_for(specs: Sequence[str], seed: int) -> list[Bot]:
    return [make_bot(specs[s % len(specs)], seed * 4 + s) for s in range(4)]


def play(game: Game, bots: Sequence[Bot], stop: Callable[[Game], bool] | None = None) -> Game:
    """Play until the end (or until ``stop``), checking every move is legal."""
    while not game.is_over and not (stop and stop(game)):
        seat = game.to_move
        assert seat is not None
        legal = game.legal_moves()
        move = bots[seat].choose(game.observation(seat), legal)
        assert move in legal, f"seat {seat} chose {move}, not in the legal moves"
        game.apply(move)
    assert all(getattr(bot, "fallbacks", 0) == 0 for bot in bots)
    return game


def positions(seeds: Sequence[int], every: int = 7) -> Iterator[tuple[Game, Observation]]:
    """Positions from heuristic games: every ``every``-th turn, as (game, observation)."""
    for seed in seeds:
        game = Game.new(random.Random(seed))
        bots = bots_for(["heuristic"], seed)
        turn = 0
        while not game.is_over:
            seat = game.to_move
            assert seat is not None
            obs = game.observation(seat)
            if turn % every == 0:
                yield game, obs
            legal = game.legal_moves()
            game.apply(bots[seat].choose(obs, legal))
            turn += 1


def at_decision(seed: int, ply: int) -> Game:
    """Heuristic self-play of a seeded game to the ``ply``-th action of its second half
    (the seeded end-games of tests/bots/test_endgame.py and of the browser's 提示 test)."""
    game = Game.new(random.Random(seed))
    bots = bots_for(["heuristic"], seed)
    while not (len(game.halves) == 2 and len(game.half.actions) == ply):
        seat = game.to_move
        assert seat is not None and not game.is_over, "the position is gone: find others"
        game.apply(bots[seat].choose(game.observation(seat), game.legal_moves()))
    return game
