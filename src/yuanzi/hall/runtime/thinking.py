"""Where the hall's bots think: cheap bots on the event loop, searching bots elsewhere.

The heuristic decides in about 50 µs, so a table's actor simply calls it. The search bot
thinks for up to its budget (300 ms) of pure Python: on the event loop that would stall
every table and every connection of the hall for as long as it thinks, and in a thread it
would still hold the GIL. So a bot that is not :attr:`~yuanzi.bots.Bot.inline` thinks in a
worker process; the actor awaits the answer while the loop keeps serving everyone else.
The bot travels to the worker and back (it is small: settings and a seeded ``Random``), so
its state carries on between decisions exactly as if it had thought at home.

The workers are few (one by default) and every owner may seat searching bots, so the queue
is bounded: when ``queue_per_worker`` decisions per worker are already waiting, a bot
decides at once with :meth:`~yuanzi.bots.Bot.quick_choose` (the search bot's heuristic
choice) instead of making its table wait behind all the others.
"""

from __future__ import annotations

import asyncio
import multiprocessing
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool

from yuanzi.bots import Bot
from yuanzi.engine import Move, Observation

QUEUE_PER_WORKER = 4
"""Decisions per worker that may wait or run before bots decide quickly instead."""


class DecisionLost(RuntimeError):
    """A worker's decision did not come back (its pool broke or was shut down)."""


def _think(bot: Bot, obs: Observation, legal: tuple[Move, ...]) -> tuple[Move, Bot]:
    """In the worker: one decision, and the bot as the decision left it."""
    return bot.choose(obs, legal), bot


class BotPool:
    """Worker processes for bots that think (``workers`` of them, started on first use).

    With ``workers`` = 0 every bot thinks on the caller's thread, as in the arena.
    """

    def __init__(self, workers: int, queue_per_worker: int = QUEUE_PER_WORKER) -> None:
        self.workers = workers
        self.limit = max(1, workers * queue_per_worker)
        self.in_flight = 0
        """Decisions sent to the workers and not yet back."""
        self.quick = 0
        """Decisions made quickly because the workers were busy (for measurement)."""
        self._pool: ProcessPoolExecutor | None = None

    async def choose(self, bot: Bot, obs: Observation,
                     legal: Sequence[Move]) -> tuple[Move, Bot]:
        """The bot's move, and the bot to keep for its next decision.

        Raises :class:`DecisionLost` if the worker's answer was lost (the caller plays as
        on a timeout); a cancellation of the calling task itself is passed on.
        """
        if bot.inline or self.workers <= 0:
            return bot.choose(obs, legal), bot
        if self.in_flight >= self.limit:
            self.quick += 1
            return bot.quick_choose(obs, legal), bot
        pool = self._executor()
        self.in_flight += 1
        try:
            return await asyncio.get_running_loop().run_in_executor(
                pool, _think, bot, obs, tuple(legal))
        except BrokenProcessPool as e:  # a worker died (killed, out of memory)
            self._forget(pool)  # the next decision starts a fresh pool
            raise DecisionLost("a bot worker died") from e
        except asyncio.CancelledError:
            task = asyncio.current_task()
            if task is not None and task.cancelling():
                raise  # the table itself is stopping
            raise DecisionLost("the bot workers were shut down") from None
        finally:
            self.in_flight -= 1

    def _executor(self) -> ProcessPoolExecutor:
        if self._pool is None:
            # spawn, not fork: the hall has threads (the journal's) that fork would copy
            # in whatever state they are in.
            self._pool = ProcessPoolExecutor(self.workers,
                                             mp_context=multiprocessing.get_context("spawn"))
        return self._pool

    def _forget(self, pool: ProcessPoolExecutor) -> None:
        """Drop ``pool`` if it is still the current one (another table may already have
        replaced it: that new pool and its decisions are left alone)."""
        if self._pool is pool:
            self._pool = None
            pool.shutdown(wait=False)

    def close(self) -> None:
        """Stop the workers and wait for them to exit (a decision in flight is abandoned;
        its table is stopping). Waiting lets the pool release its queues' semaphores:
        without it the interpreter warns of leaked ones at exit."""
        if self._pool is not None:
            pool, self._pool = self._pool, None
            pool.shutdown(wait=True, cancel_futures=True)
