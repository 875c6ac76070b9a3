"""The pause between the halves (issue 31): the first half's summary is read before the
second half's clock runs.

When a game goes on to its second half (R30), the players who are at the table and play
themselves — seated, connected, not in 托管 — each get the summary; the leader's turn
clock (R33), and the bots' and 托管's thinking (R34), start when all of them pressed 继续,
when the leader plays (he has seen it), or when the pause's limit has run out, whichever
comes first. Nobody to wait for (bots, 托管, everyone away) means no pause at all.

A restart during the pause ends it: the clock starts afresh, as on any restart.
"""

from __future__ import annotations

import time
from collections.abc import Iterable

from yuanzi.hall.errors import Code, HallError
from yuanzi.hall.events import HalfBreak as HalfBreakFrame
from yuanzi.hall.table.frames import now_ms


class HalfBreak:
    """The pause of one table, while it lasts: who is still to press 继续, and until when
    (Unix time, as clients are told; the table's clock holds the same moment as the
    start of the leader's turn)."""

    def __init__(self) -> None:
        self.waiting: set[int] = set()
        self.until_wall: float | None = None

    @property
    def active(self) -> bool:
        return self.until_wall is not None and time.time() < self.until_wall

    def begin(self, seconds: float, waiting: Iterable[int]) -> float:
        """Start the pause for the seats in ``waiting``; returns its length in seconds
        (0 when nobody is to be waited for, or the setting is 0)."""
        self.waiting = set(waiting)
        if seconds <= 0 or not self.waiting:
            self.end()
            return 0.0
        self.until_wall = time.time() + seconds
        return seconds

    def press(self, seat: int) -> bool:
        """``seat`` pressed 继续; True when nobody is left to wait for."""
        if not self.active:
            raise HallError(Code.NO_HALF_BREAK, "the second half is not waiting for you")
        self.waiting.discard(seat)
        return not self.waiting

    def stop_waiting_for(self, seat: int) -> bool:
        """``seat`` cannot press any more (gone, or in 托管); True when the pause may
        end."""
        self.waiting.discard(seat)
        return self.active and not self.waiting

    def end(self) -> None:
        if self.until_wall is not None:  # (every action ends it: no work when none runs)
            self.waiting.clear()
            self.until_wall = None

    def frame(self, table: int, game_id: int, deadline: float | None) -> HalfBreakFrame:
        """The pause as the table hears it: until when, who is still reading, and the
        leader's deadline (R33) as it stands."""
        return HalfBreakFrame(table=table, game_id=game_id,
                              until=self.until_wall if self.active else None,
                              waiting=sorted(self.waiting) if self.active else [],
                              deadline=deadline, now=now_ms())
