"""hall/mailbox.py: one reader, first in first out, never a lost wake-up."""

from __future__ import annotations

import asyncio

from yuanzi.hall.runtime.mailbox import Mailbox


def test_items_come_out_in_order_and_a_waiting_reader_wakes() -> None:
    async def body() -> None:
        box: Mailbox[int] = Mailbox()
        got: list[int] = []

        async def reader() -> None:
            while len(got) < 5:
                got.append(await box.get())

        task = asyncio.create_task(reader())
        await asyncio.sleep(0)  # the reader waits on an empty box
        box.put(1)
        box.put(2)  # two before it runs: both delivered, in order
        await asyncio.sleep(0)
        box.put(3)
        await asyncio.sleep(0)
        box.put(4)
        box.put(5)
        await asyncio.wait_for(task, 1)
        assert got == [1, 2, 3, 4, 5] and len(box) == 0
        box.put(6)
        box.put(7)
        assert box.take_all() == [6, 7] and len(box) == 0

    asyncio.run(body())
