"""A table's clock: R33's turn clock and R34's 托管 timing.

The clock knows when the seat to move must act (its deadline, on the event loop's clock
for waking and on the wall clock for clients) and when the hall's bot plays a seat
instead: a bot seat after its thinking time, a seat in 托管 at once, a player who went
away once his grace has run out. It wakes its table through one callback; the table
decides what the wake means.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable

from yuanzi.hall.settings import Settings

EARLY = 0.002
"""A timer firing this much before its moment counts as on time (the loop's resolution);
earlier, it is re-armed for the moment."""


class TableClock:
    def __init__(self, settings: Settings, turn_seconds: float,
                 wake: Callable[[], None]) -> None:
        self.settings = settings
        self.turn_seconds = turn_seconds
        self._wake = wake
        self.turn_started = 0.0
        self.deadline = 0.0
        """When the turn times out, on the event loop's clock."""
        self.deadline_wall: float | None = None
        """The same moment as Unix time, for clients (None while no one is to move)."""
        self.auto: set[int] = set()
        """Seats in 托管 (R34): the hall's bot plays them until their player takes over."""
        self.away_since: dict[int, float] = {}
        """Seats whose player's connections are all gone, since when (loop time)."""
        self._timer: asyncio.TimerHandle | None = None
        self._timer_at = 0.0
        """When the armed timer fires (loop time)."""
        self._wake_at = 0.0
        """When the table must be woken: the timer's moment, or later."""

    @staticmethod
    def now() -> float:
        return asyncio.get_running_loop().time()

    @property
    def scheduled(self) -> bool:
        return self._timer is not None

    # -- the turn (R33) --------------------------------------------------------------------

    def turn_begins(self, after: float = 0.0) -> None:
        """A turn starts now, or ``after`` seconds from now (the pause between the
        halves, issue 31): its deadline, and a bot's or 托管's thinking, count from then."""
        self.turn_started = self.now() + after
        self.deadline = self.turn_started + self.turn_seconds
        self.deadline_wall = time.time() + after + self.turn_seconds

    def no_turn(self) -> None:
        """No one is to move (the game ended or waits for its second deal)."""
        self.deadline_wall = None

    def extend(self, seconds: float) -> None:
        """Push the turn's deadline back (a timer fired, R41)."""
        self.deadline += seconds
        if self.deadline_wall is not None:
            self.deadline_wall += seconds

    def timed_out(self) -> bool:
        return self.now() >= self.deadline

    # -- who the hall's bot plays (R34) ----------------------------------------------------

    def set_auto(self, seat: int, on: bool) -> None:
        if on:
            self.auto.add(seat)
        else:
            self.auto.discard(seat)

    def went_away(self, seat: int) -> None:
        self.away_since.setdefault(seat, self.now())

    def away_from_now(self, seat: int) -> None:
        """A game starts (or resumes) with the seat's player away: his grace starts now."""
        self.away_since[seat] = self.now()

    def came_back(self, seat: int) -> None:
        self.away_since.pop(seat, None)

    def swap(self, a: int, b: int) -> None:
        """Two seats changed hands between games: what the clock knows of each (托管,
        away since) goes with its player."""
        auto = {b if s == a else a if s == b else s for s in self.auto}
        away = {b if s == a else a if s == b else s: t for s, t in self.away_since.items()}
        self.auto, self.away_since = auto, away

    def forget(self, seat: int) -> None:
        """The seat's player stood up: neither 托管 nor away any more."""
        self.auto.discard(seat)
        self.away_since.pop(seat, None)

    def played_by_hall(self, seat: int, playing: bool) -> bool:
        """What a seat shows as ``auto``: 托管, or away while a game is played."""
        return seat in self.auto or (playing and seat in self.away_since)

    def bot_due(self, seat: int, bot_seat: bool) -> float | None:
        """When the hall's bot plays this seat, if it does: a bot seat, 托管, or its player
        away (after the grace)."""
        think = self.settings.bot_think_seconds
        if bot_seat or seat in self.auto:
            return self.turn_started + think
        away = self.away_since.get(seat)
        if away is not None:
            return max(self.turn_started + think,
                       away + self.settings.disconnect_grace_seconds)
        return None

    def describe(self) -> str:
        now = self.now()
        timer = f"in {self._timer_at - now:.1f} s" if self._timer is not None else "none"
        return (f"timer {timer}, wake in {self._wake_at - now:.1f} s, "
                f"deadline in {self.deadline - now:.1f} s, "
                f"auto {sorted(self.auto)}, away {sorted(self.away_since)}")

    # -- waking the table ------------------------------------------------------------------

    def schedule(self, to_move: int, bot_seat: bool) -> None:
        """Wake the table when the seat to move is due (its bot) or times out.

        An armed timer that fires no later than the new moment is kept, and re-armed
        when it fires early: every action moves the deadline a little later, and a
        timer cancelled and made anew for each one cost the loop's heap more than the
        rest of the clock."""
        due = self.bot_due(to_move, bot_seat)
        wake = self.deadline if due is None else min(due, self.deadline)
        self._wake_at = wake
        if self._timer is not None and self._timer_at <= wake:
            return
        self.cancel()
        self._arm(wake)

    def _arm(self, at: float) -> None:
        self._timer_at = at
        self._timer = asyncio.get_running_loop().call_at(at, self._fire)

    def cancel(self) -> None:
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None

    def _fire(self) -> None:
        self._timer = None
        if self._wake_at - self.now() > EARLY:  # armed for an earlier moment: wait on
            self._arm(self._wake_at)
            return
        self._wake()
