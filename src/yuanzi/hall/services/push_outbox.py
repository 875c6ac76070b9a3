"""The pushes waiting to go out (issue 54): a bounded queue and a few senders of its own.

A push service is a party the hall does not control: it may answer slowly, never, or
with a body of any size. Posting from the threads the database and password hashing
share let a handful of silent endpoints stall every page of the hall for a minute. Here
a push waits in a queue of fixed size and at most ``senders`` of them are in the air at
once, each bounded by the sender's own timeouts; a push that finds the queue full is
dropped and counted — a nudge lost, never a page slowed.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Awaitable, Callable
from dataclasses import dataclass

from yuanzi.hall.desk_ports import Push, PushSender, PushSubscription

log = logging.getLogger(__name__)


@dataclass(slots=True)
class PushCounts:
    """What became of the pushes (the node's metrics)."""

    sent: int = 0
    gone: int = 0
    """Answered 404/410: the subscription expired, and was removed."""
    failed: int = 0
    """Refused, timed out, unreachable: nothing is retried (a nudge is soon stale)."""
    refused: int = 0
    """Not posted: the endpoint's host resolved to an address the hall does not call."""
    dropped: int = 0
    """Not posted: the queue was full."""


@dataclass(frozen=True, slots=True)
class _Letter:
    subscription: PushSubscription
    push: Push
    key: str


class PushOutbox:
    def __init__(self, sender: PushSender, senders: int, capacity: int,
                 gone: Callable[[PushSubscription], Awaitable[object]]) -> None:
        self.sender = sender
        self.counts = PushCounts()
        self._queue: asyncio.Queue[_Letter] = asyncio.Queue(capacity)
        self._senders = senders
        self._gone = gone
        self._workers: list[asyncio.Task[None]] = []

    @property
    def waiting(self) -> int:
        return self._queue.qsize()

    def offer(self, subscription: PushSubscription, push: Push, key: str) -> bool:
        """Queue one push; False (and counted) when the queue is full."""
        try:
            self._queue.put_nowait(_Letter(subscription, push, key))
        except asyncio.QueueFull:
            self.counts.dropped += 1
            return False
        if not self._workers:
            self._workers = [asyncio.get_running_loop().create_task(self._work())
                             for _ in range(self._senders)]
        return True

    async def close(self) -> None:
        """Stop the senders (pushes still queued are dropped: the hall is stopping)."""
        workers, self._workers = self._workers, []
        for task in workers:
            task.cancel()
        for task in workers:
            with contextlib.suppress(asyncio.CancelledError):
                await task

    async def _work(self) -> None:
        while True:
            letter = await self._queue.get()
            try:
                outcome = await self.sender.send(letter.subscription, letter.push, letter.key)
                if outcome == "gone":
                    await self._gone(letter.subscription)
            except asyncio.CancelledError:
                raise
            except Exception:  # a push is a nudge: it never stops the sender
                log.exception("a push failed")
                outcome = "failed"
            finally:
                self._queue.task_done()
            setattr(self.counts, outcome, getattr(self.counts, outcome) + 1)
