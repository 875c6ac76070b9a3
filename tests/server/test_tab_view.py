"""What a tab says it shows (issue 47, server/ws/tab_view.py): the table it leaves hears
"not in view", the one it shows "in view", each table told anything hears when the tab
closes — and a tab naming table after table is kept at a few tables only, the oldest
told it is gone, so it costs the hall no more; a table gone meanwhile is no error."""

from __future__ import annotations

import asyncio
from typing import Any

from yuanzi.hall.errors import Code, HallError
from yuanzi.hall.table import commands as c
from yuanzi.hall.table.commands import Sender
from yuanzi.server.ws.tab_view import KEPT, TabView


class Hall:
    def __init__(self) -> None:
        self.said: list[tuple[int, bool | None]] = []

    async def send(self, command: Any) -> c.Done:
        assert isinstance(command, c.View) and command.sender.connection == 7
        self.said.append((command.table, command.in_view))
        if command.table == 404:
            raise HallError(Code.NO_SUCH_TABLE, "there is no table 404")
        return c.Done(command.table)


def test_a_tab_tells_its_tables_and_keeps_only_a_few() -> None:
    async def body() -> None:
        hall = Hall()
        tab = TabView(hall, Sender(3, "player", None, 7, "ann"))  # type: ignore[arg-type]
        await tab.shows(5)
        await tab.shows(5)  # (the same: nothing said)
        await tab.shows(None)
        await tab.shows(6)
        await tab.shows(404)  # gone meanwhile: no error
        assert hall.said == [(5, True), (5, False), (6, True), (6, False), (404, True)]
        await tab.closed()
        assert sorted(hall.said[5:]) == [(5, None), (6, None), (404, None)]
        assert tab.told == {}

        hall.said.clear()
        for table in range(100, 100 + 3 * KEPT):
            await tab.shows(table)
        assert len(tab.told) == KEPT
        forgotten = [t for t, said in hall.said if said is None]
        assert forgotten == list(range(100, 100 + 2 * KEPT))  # the oldest, in turn
        await tab.closed()
        assert sum(1 for _, said in hall.said if said is None) == 3 * KEPT

    asyncio.run(body())
