"""One arena game: four bots, one seeded deal, every decision timed.

Bots get only the observation of their own seat and the legal moves (the interface of
:class:`~yuanzi.bots.Bot`); the arena checks each answer is legal, so a buggy bot fails
loudly instead of corrupting the game.
"""

from __future__ import annotations

import random
import time
from dataclasses import dataclass

from yuanzi.bots import make_bot
from yuanzi.engine import Game, GameResult, IllegalAction, Record, record_of


@dataclass(frozen=True, slots=True)
class GameLog:
    """What the arena keeps of one game."""

    deal: int
    """Index of the deal (both games of a duplicate pair share it)."""
    a_team: int
    """The team (0 NS, 1 EW) bot A played."""
    result: GameResult
    times: tuple[tuple[float, ...], tuple[float, ...]]
    """Decision times in ms of bot A and bot B, over the turns that offered a choice."""
    record: Record | None


def deal_seed(seed: int, deal: int) -> int:
    """The seed of one deal of an arena run (stable across runs and processes)."""
    return (seed * 1_000_003 + deal) & 0xFFFF_FFFF


def play_game(a: str, b: str, deal: int, a_team: int, seed: int = 0,
              keep_record: bool = False) -> GameLog:
    """Play one game: bot spec ``a`` on team ``a_team``, ``b`` on the other, deal ``deal``."""
    base = deal_seed(seed, deal)
    game = Game.new(random.Random(base))
    bots = [make_bot(a if (s & 1) == a_team else b, base * 8 + s) for s in range(4)]
    times: tuple[list[float], list[float]] = ([], [])
    while not game.is_over:
        seat = game.to_move
        assert seat is not None
        legal = game.legal_moves()
        obs = game.observation(seat)
        start = time.perf_counter()
        move = bots[seat].choose(obs, legal)
        elapsed = (time.perf_counter() - start) * 1000
        if move not in legal:
            raise IllegalAction(f"bot {bots[seat].name} at seat {seat} chose {move}, not legal")
        if len(legal) > 1:
            times[0 if (seat & 1) == a_team else 1].append(elapsed)
        game.apply(move)
    assert game.result is not None
    return GameLog(
        deal=deal,
        a_team=a_team,
        result=game.result,
        times=(tuple(times[0]), tuple(times[1])),
        record=record_of(game) if keep_record else None,
    )
