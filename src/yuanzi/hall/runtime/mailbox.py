"""A first-in first-out box that one task reads and anyone fills without waiting.

A table's inbox and a connection's outbox are this: a deque and at most one waiting
reader. ``asyncio.Queue`` does the same with more bookkeeping per item (its getters and
putters deques, a loop lookup, ``maxsize`` checks), which under load was about a sixth of
the hall's CPU (issue 12); a box with one reader needs none of it.
"""

from __future__ import annotations

import asyncio
from collections import deque
from typing import Generic, TypeVar

T = TypeVar("T")


class Mailbox(Generic[T]):
    def __init__(self) -> None:
        self._items: deque[T] = deque()
        self._waiter: asyncio.Future[None] | None = None

    def __len__(self) -> int:
        return len(self._items)

    def put(self, item: T) -> None:
        """Add ``item`` and wake the reader if it waits."""
        self._items.append(item)
        waiter = self._waiter
        if waiter is not None:
            self._waiter = None
            if not waiter.done():
                waiter.set_result(None)

    async def get(self) -> T:
        """The oldest item, waiting for one if the box is empty (one reader at a time)."""
        while not self._items:
            self._waiter = asyncio.get_running_loop().create_future()
            await self._waiter
        return self._items.popleft()

    def take_all(self) -> list[T]:
        """Empty the box and return what was in it, oldest first."""
        items = list(self._items)
        self._items.clear()
        return items
