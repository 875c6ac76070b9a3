"""Searching bots think in a worker process, so the hall's event loop keeps serving."""

from __future__ import annotations

import asyncio
import os
import random
import time
from collections.abc import Sequence

from yuanzi.bots import Bot
from yuanzi.bots.search import SearchBot
from yuanzi.engine import Game, Move, Observation
from yuanzi.hall.runtime.thinking import BotPool, DecisionLost


class Slow(Bot):
    """A bot that holds its thread for a while, as a search does (module level: the
    worker process imports it by name)."""

    name = "slow-test-bot"
    inline = False

    def choose(self, obs: Observation, legal: Sequence[Move]) -> Move:
        time.sleep(0.3)
        return legal[self.rng.randrange(len(legal))]

    def quick_choose(self, obs: Observation, legal: Sequence[Move]) -> Move:
        return legal[0]


class Crash(Bot):
    """A bot whose worker dies mid-decision (as one killed for its memory would)."""

    name = "crash-test-bot"
    inline = False

    def choose(self, obs: Observation, legal: Sequence[Move]) -> Move:
        time.sleep(0.1)
        os._exit(3)


def _position() -> tuple[Observation, list[Move]]:
    game = Game.new(random.Random(11))
    seat = game.to_move
    assert seat is not None
    return game.observation(seat), game.legal_moves()


async def _ticks_while_choosing(pool: BotPool, bot: Bot) -> tuple[int, Move, Bot]:
    """How often a 10 ms heartbeat on the same loop ran while the bot decided."""
    obs, legal = _position()
    ticks = 0

    async def heartbeat() -> None:
        nonlocal ticks
        while True:
            await asyncio.sleep(0.01)
            ticks += 1

    beat = asyncio.create_task(heartbeat())
    await asyncio.sleep(0)
    try:
        move, kept = await pool.choose(bot, obs, legal)
        return ticks, move, kept
    finally:
        beat.cancel()
        pool.close()


def test_a_thinking_bot_does_not_block_the_loop() -> None:
    ticks, move, _ = asyncio.run(_ticks_while_choosing(BotPool(1), Slow(4)))
    assert ticks >= 5  # the loop ran on while the worker thought (≥ 0.3 s)
    assert move in _position()[1]


def test_without_workers_the_bot_thinks_on_the_loop() -> None:
    ticks, _, _ = asyncio.run(_ticks_while_choosing(BotPool(0), Slow(4)))
    assert ticks == 0  # the heartbeat never ran: this is what the pool prevents


def test_the_search_bot_decides_the_same_in_a_worker_and_keeps_its_state() -> None:
    obs, legal = _position()
    home = SearchBot(seed=9, budget_ms=None, worlds=6)
    expected = home.choose(obs, legal)
    away = SearchBot(seed=9, budget_ms=None, worlds=6)
    _, move, kept = asyncio.run(_ticks_while_choosing(BotPool(1), away))
    assert move == expected
    assert isinstance(kept, SearchBot) and kept.last_worlds == 6
    assert kept.rng.getstate() == home.rng.getstate()  # the next decision goes on alike


def test_cheap_bots_stay_on_the_loop_even_with_workers() -> None:
    from yuanzi.bots import make_bot

    bot = make_bot("heuristic", 3)
    ticks, move, kept = asyncio.run(_ticks_while_choosing(BotPool(1), bot))
    assert kept is bot and ticks == 0 and move in _position()[1]


def test_a_busy_pool_lets_bots_decide_quickly_instead_of_queueing() -> None:
    obs, legal = _position()

    async def run() -> tuple[list[Move], int]:
        pool = BotPool(1, queue_per_worker=1)
        try:
            results = await asyncio.gather(*(pool.choose(Slow(s), obs, legal) for s in range(3)))
            return [m for m, _ in results], pool.quick
        finally:
            pool.close()

    moves, quick = asyncio.run(run())
    assert quick == 2 and moves[1] == moves[2] == legal[0]  # two did not wait for the one
    assert all(m in legal for m in moves)


def test_a_dead_worker_loses_decisions_not_tables_and_the_pool_recovers() -> None:
    obs, legal = _position()

    async def run() -> tuple[list[tuple[Move, Bot] | BaseException], Move]:
        pool = BotPool(2)
        try:
            lost = await asyncio.gather(pool.choose(Crash(1), obs, legal),
                                        pool.choose(Slow(2), obs, legal),
                                        return_exceptions=True)
            move, _ = await pool.choose(Slow(3), obs, legal)  # a fresh pool answers
            assert pool.in_flight == 0
            return list(lost), move
        finally:
            pool.close()

    lost, move = asyncio.run(run())
    assert isinstance(lost[0], DecisionLost), lost  # the crashed decision: lost, typed
    # the other was lost with the broken pool, or done first (workers start in any order)
    other = lost[1]
    assert isinstance(other, DecisionLost) or (isinstance(other, tuple) and other[0] in legal)
    assert move in legal


def test_the_search_bots_quick_choice_is_the_heuristics() -> None:
    from yuanzi.bots import make_bot

    for seed in range(5):
        game = Game.new(random.Random(seed))
        for _ in range(12):  # a few turns into the half, leads and follows
            seat = game.to_move
            assert seat is not None
            obs, legal = game.observation(seat), game.legal_moves()
            quick = SearchBot(seed).quick_choose(obs, legal)
            assert quick == make_bot("heuristic", seed).choose(obs, legal)
            game.apply(quick)
