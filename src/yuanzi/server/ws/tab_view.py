"""What a tab shows in front, as its ``view`` messages say (issue 47): the table it
showed hears it does no more, the new one that it does, and every table it told hears
when the tab closes. A seated player none of whose tabs shows his table is pushed his
turn (:mod:`yuanzi.hall.table.nudges`); a client that never says is counted by its
connection alone. A tab that has spoken and is then seated somewhere it does not show
(it reconnected hidden, said ``view null``, and a tournament seated it) tells that table
it is away as soon as the table's view reaches it (issue 54: such a player was never
pushed his turn)."""

from __future__ import annotations

import asyncio
import contextlib

from yuanzi.hall.core.hall import Hall
from yuanzi.hall.errors import HallError
from yuanzi.hall.table import commands
from yuanzi.hall.table.commands import Sender

KEPT = 8
"""Tables a tab's word is kept at (its own, and the few it showed before)."""


class TabView:
    def __init__(self, hall: Hall, who: Sender) -> None:
        self.hall = hall
        self.who = who
        self.table: int | None = None
        """The table this tab says it shows in front."""
        self.told: dict[int, None] = {}
        """The tables told anything, oldest first (told again when the tab closes); at
        most :data:`KEPT`: a tab naming table after table costs the hall no more."""
        self.spoken = False
        """The tab said what it shows at least once (one that never does is no browser
        that knows: it counts as in view while connected)."""
        self._telling: set[asyncio.Task[None]] = set()

    async def shows(self, table_id: int | None) -> None:
        """The tab shows ``table_id`` in front now (None: no table, or it is hidden)."""
        was, self.table = self.table, table_id
        self.spoken = True
        if was is not None and was != table_id:
            await self._tell(was, False)
        if table_id is not None and table_id != was:
            await self._tell(table_id, True)

    def heard(self, table_id: int) -> None:
        """A seat's view of ``table_id`` reached this tab: if the tab has said it shows
        something else, the table hears it is not in view here."""
        if not self.spoken or table_id == self.table or table_id in self.told:
            return
        self.told[table_id] = None  # (the next frames of that table ask nothing more)
        task = asyncio.get_running_loop().create_task(self._tell(table_id, False))
        self._telling.add(task)
        task.add_done_callback(self._telling.discard)

    async def closed(self) -> None:
        self.table = None
        for table_id in list(self.told):
            await self._tell(table_id, None)

    async def _tell(self, table_id: int, in_view: bool | None) -> None:
        self.told.pop(table_id, None)
        if in_view is not None:
            self.told[table_id] = None
            if len(self.told) > KEPT:  # the oldest forgets this tab now
                await self._tell(next(iter(self.told)), None)
        with contextlib.suppress(HallError):  # (a table gone meanwhile is no matter)
            await self.hall.send(commands.View(self.who, table_id, in_view))
