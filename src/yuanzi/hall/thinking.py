"""Where the hall's bots think: cheap bots on the event loop, searching bots elsewhere.

The heuristic decides in about 50 µs, so a table's actor simply calls it. The search bot
thinks for up to its budget (300 ms) of pure Python: on the event loop that would stall
every table and every connection of the hall for as long as it thinks, and in a thread it
would still hold the GIL. So a bot that is not :attr:`~yuanzi.bots.Bot.inline` thinks in a
worker process; the actor awaits the answer while the loop keeps serving everyone else.
The bot travels to the worker and back (it is small: settings and a seeded ``Random``), so
its state carries on between decisions exactly as if it had thought at home.
"""

from __future__ import annotations

import asyncio
import multiprocessing
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool

from yuanzi.bots import Bot
from yuanzi.engine import Move, Observation


def _think(bot: Bot, obs: Observation, legal: tuple[Move, ...]) -> tuple[Move, Bot]:
    """In the worker: one decision, and the bot as the decision left it."""
    return bot.choose(obs, legal), bot


class BotPool:
    """Worker processes for bots that think (``workers`` of them, started on first use).

    With ``workers`` = 0 every bot thinks on the caller's thread, as in the arena.
    """

    def __init__(self, workers: int) -> None:
        self.workers = workers
        self._pool: ProcessPoolExecutor | None = None

    async def choose(self, bot: Bot, obs: Observation,
                     legal: Sequence[Move]) -> tuple[Move, Bot]:
        """The bot's move, and the bot to keep for its next decision."""
        if bot.inline or self.workers <= 0:
            return bot.choose(obs, legal), bot
        loop = asyncio.get_running_loop()
        try:
            return await loop.run_in_executor(self._executor(), _think, bot, obs, tuple(legal))
        except BrokenProcessPool:  # a worker died (killed, out of memory): start afresh once
            self._drop()
            return await loop.run_in_executor(self._executor(), _think, bot, obs, tuple(legal))

    def _executor(self) -> ProcessPoolExecutor:
        if self._pool is None:
            # spawn, not fork: the hall has threads (the journal's) that fork would copy
            # in whatever state they are in.
            self._pool = ProcessPoolExecutor(self.workers,
                                             mp_context=multiprocessing.get_context("spawn"))
        return self._pool

    def _drop(self) -> None:
        if self._pool is not None:
            self._pool.shutdown(wait=False, cancel_futures=True)
            self._pool = None

    def close(self) -> None:
        """Stop the workers (a decision in flight is abandoned; its table is stopping)."""
        self._drop()
