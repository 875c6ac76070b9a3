"""The table's clock (hall/table/clock.py): R33's turn clock and R34's 托管 timing.

The arithmetic is checked on a :class:`TableClock` alone with its two clocks under the
test's control (``TableClock.now``, the loop's time, and the module's ``time.time``, the
wall clock clients get); the behaviour it drives — a timeout's card or pass, 托管, an away
player's grace, an armed timer's 90 s — through a real hall.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable
from types import SimpleNamespace
from typing import Any

import pytest
from tests.hall.table.harness import World, until

from yuanzi.engine.cards import parse_cards
from yuanzi.hall.economy.items import ItemCode
from yuanzi.hall.settings import Settings
from yuanzi.hall.table import clock as clock_module, commands as c
from yuanzi.hall.table.clock import TableClock
from yuanzi.hall.table.commands import Sender

Run = Callable[..., None]


class Clocks:
    """The loop's clock and the wall clock, moved by the test."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.loop = 1000.0
        self.wall = 1_700_000_000.0
        monkeypatch.setattr(TableClock, "now", staticmethod(lambda: self.loop))
        monkeypatch.setattr(clock_module, "time", SimpleNamespace(time=lambda: self.wall))

    def advance(self, seconds: float) -> None:
        self.loop += seconds
        self.wall += seconds


@pytest.fixture
def clocks(monkeypatch: pytest.MonkeyPatch) -> Clocks:
    return Clocks(monkeypatch)


def make_clock(turn: float = 30, think: float = 0.8, grace: float = 5.0) -> TableClock:
    settings = Settings(bot_think_seconds=think, disconnect_grace_seconds=grace)
    return TableClock(settings, turn, lambda: None)


# -- the arithmetic ------------------------------------------------------------------------


def test_a_turn_has_its_seconds_on_both_clocks(clocks: Clocks) -> None:
    """R33: a turn times out ``turn_seconds`` after it begins; clients get the same
    moment as Unix time."""
    clock = make_clock(turn=30)
    assert [clock.deadline_wall] == [None]  # no one is to move yet
    clock.turn_begins()
    assert (clock.turn_started, clock.deadline) == (1000.0, 1030.0)
    assert clock.deadline_wall == 1_700_000_030.0
    clocks.advance(29.9)
    assert not clock.timed_out()
    clocks.advance(0.1)
    assert clock.timed_out()
    clock.no_turn()  # the game ended or waits for its second deal
    assert clock.deadline_wall is None


def test_a_timer_pushes_both_deadlines_back(clocks: Clocks) -> None:
    """R41: an armed timer adds 90 s to the turn, on the loop's clock and the clients'."""
    clock = make_clock(turn=30)
    clock.turn_begins()
    clocks.advance(30)
    assert clock.timed_out()
    clock.extend(90)
    assert clock.deadline == 1120.0 and clock.deadline_wall == 1_700_000_120.0
    assert not clock.timed_out()
    clocks.advance(89.9)
    assert not clock.timed_out()
    clocks.advance(0.1)
    assert clock.timed_out()
    clock.turn_begins()  # the next turn has its own 30 s, not the extension
    assert clock.deadline == clocks.loop + 30
    clock.no_turn()
    clock.extend(90)  # with no one to move the clients' deadline stays unset
    assert clock.deadline_wall is None


def test_who_the_halls_bot_plays_and_when(clocks: Clocks) -> None:
    """R34: a bot seat and a seat in 托管 are played after the thinking time; a player
    who went away once his grace has run out (never before the thinking time); a player
    who is there never."""
    clock = make_clock(turn=30, think=0.8, grace=5.0)
    clock.turn_begins()
    start = clocks.loop
    assert clock.bot_due(1, bot_seat=True) == start + 0.8
    assert clock.bot_due(0, bot_seat=False) is None
    clock.set_auto(0, True)
    assert clock.bot_due(0, bot_seat=False) == start + 0.8
    clock.set_auto(0, False)
    assert clock.bot_due(0, bot_seat=False) is None

    clocks.advance(2)
    clock.went_away(2)  # away 2 s into the turn: the grace runs from then
    assert clock.bot_due(2, bot_seat=False) == start + 2 + 5.0
    clocks.advance(10)
    clock.turn_begins()  # long gone: the next turn is played after the thinking time
    assert clock.bot_due(2, bot_seat=False) == clocks.loop + 0.8
    clock.came_back(2)
    assert clock.bot_due(2, bot_seat=False) is None


def test_going_away_twice_keeps_the_first_moment(clocks: Clocks) -> None:
    """R34: a second lost connection does not restart the grace; a game that starts (or
    resumes) with the player away starts it afresh."""
    clock = make_clock(grace=5.0)
    clock.went_away(3)
    first = clocks.loop
    clocks.advance(4)
    clock.went_away(3)
    assert clock.away_since[3] == first
    clock.away_from_now(3)
    assert clock.away_since[3] == first + 4


def test_what_a_seat_shows_as_auto(clocks: Clocks) -> None:
    """R34: a seat shows ``auto`` in 托管, or away while a game is played (between games
    an away player is only not connected); standing up forgets both."""
    clock = make_clock()
    clock.set_auto(0, True)
    clock.went_away(1)
    assert clock.played_by_hall(0, playing=False) and clock.played_by_hall(0, playing=True)
    assert not clock.played_by_hall(1, playing=False) and clock.played_by_hall(1, playing=True)
    assert not clock.played_by_hall(2, playing=True)
    clock.forget(0)
    clock.forget(1)
    assert not clock.played_by_hall(0, playing=True) and not clock.played_by_hall(1, True)
    assert clock.auto == set() and clock.away_since == {}


def test_the_clock_wakes_its_table_when_the_seat_is_due() -> None:
    """The clock wakes the table once: at once for a bot that needs no thinking time,
    at the deadline for a player who is there, never once cancelled."""

    async def run() -> None:
        loop = asyncio.get_running_loop()
        woke: list[float] = []
        clock = TableClock(Settings(bot_think_seconds=0), 0.05, lambda: woke.append(loop.time()))
        clock.turn_begins()
        clock.schedule(1, bot_seat=True)
        assert (clock.scheduled, woke) == (True, [])  # it wakes the table later, not now
        await until(lambda: woke, 1.0)
        assert not clock.scheduled and len(woke) == 1

        woke.clear()
        clock.turn_begins()
        clock.schedule(0, bot_seat=False)  # a player: the deadline
        await until(lambda: woke, 1.0)
        assert woke[0] >= clock.deadline - 0.005  # (the loop may run a timer a tick early)

        woke.clear()
        clock.turn_begins()
        clock.schedule(0, bot_seat=False)
        clock.cancel()
        await asyncio.sleep(0.1)
        assert woke == [] and not clock.scheduled

    asyncio.run(run())


# -- the clock at a table ------------------------------------------------------------------


def test_a_tables_turn_lasts_its_rules_unless_the_hall_overrides_it(
        hall_world: Run, tmp_path: Any) -> None:
    """R33: ``turn_seconds`` is a table option (30 by default); the hall's setting, when
    set, overrides every table's. The ``game`` frame's deadline is that far ahead."""

    async def body(w: World) -> None:
        owner = await w.account()
        table = await w.playing(owner, rules={"turn_seconds": 45})
        assert w.hall.table(table).view().turn_seconds == 45
        game = await w.my_turn(owner, table)
        assert game["deadline"] == pytest.approx(time.time() + 45, abs=2)

    hall_world(body)

    async def overridden(w: World) -> None:
        owner = await w.account("Other")
        table = await w.table(owner, rules={"turn_seconds": 45})
        assert w.hall.table(table).view().turn_seconds == 12

    hall_world(overridden, turn_seconds=12, db_path=tmp_path / "other.db")


def test_a_player_who_times_out_gets_a_card_or_a_pass(hall_world: Run) -> None:
    """R33: a player who is there and lets his turn run out has one card of his hand
    played for him if he leads (chosen at random), else passes; the frame says
    ``timeout``. A timeout is not 托管 (R34): his seat does not turn ``auto``."""

    async def body(w: World) -> None:
        owner = await w.account()
        table = await w.playing(owner)
        played = w.listen_table(table)
        game = await w.my_turn(owner, table)
        hand = game["view"]["hand"].split()
        frame = await until(lambda: next((f for f in played.of("played")
                                           if f["seat"] == 0), None), 3.0)
        assert frame["reason"] == "timeout" and frame["version"] == game["version"] + 1
        if game["view"]["top"] is None:
            assert len(frame["cards"].split()) == 1 and frame["cards"] in hand
        else:
            assert frame["cards"] == "pass"
        seat = w.hall.table(table).view().seats[0]
        assert seat.connected and not seat.auto

    hall_world(body, turn_seconds=0.3)


def test_autoplay_on_request_plays_the_seat_at_once(hall_world: Run) -> None:
    """R34: 托管 on request: the hall's bot plays the seat on its turn (``auto``) long
    before the deadline; the seat shows ``auto`` until its player takes it back."""

    async def body(w: World) -> None:
        owner = await w.account()
        table = await w.playing(owner)
        played = w.listen_table(table)
        game = await w.my_turn(owner, table)
        assert await w.hall.send(c.AutoPlay(Sender.of(owner), table, True)) == \
            c.AutoSet(table, True)
        frame = await until(lambda: next((f for f in played.of("played")
                                           if f["seat"] == 0), None), 3.0)
        assert frame["reason"] == "auto" and frame["version"] == game["version"] + 1
        assert w.hall.table(table).view().seats[0].auto
        await w.hall.send(c.AutoPlay(Sender.of(owner), table, False))
        assert not w.hall.table(table).view().seats[0].auto
        await w.my_turn(owner, table)  # his turn comes back and waits for him

    hall_world(body)


def test_an_away_player_is_played_for_after_his_grace(hall_world: Run) -> None:
    """R34: a seated player with no connection when the game starts is away: his seat
    shows ``auto`` and the hall's bot plays it, but only once the grace has run out.
    When he comes back the seat is his again."""

    async def body(w: World) -> None:
        owner = await w.account()
        loop = asyncio.get_running_loop()
        created = await w.table(owner, bots=3)
        played = w.listen_table(created)
        started = loop.time()
        await w.hall.send(c.Ready(Sender.of(owner), created))  # never connected
        assert w.hall.table(created).view().seats[0].auto
        arrived: list[float] = []
        played.on_deliver = lambda f: arrived.append(loop.time()) if (
            f["type"] == "played" and f["seat"] == 0) else None
        await until(lambda: arrived, 3.0)
        assert arrived[0] - started >= 0.4
        assert next(f for f in played.of("played") if f["seat"] == 0)["reason"] == "auto"
        await w.hall.connected(owner.id)
        seat = w.hall.table(created).view().seats[0]
        assert seat.connected and not seat.auto
        await w.my_turn(owner, created)  # and his turn waits for him again

    hall_world(body, disconnect_grace_seconds=0.4)


def test_an_armed_timer_adds_ninety_seconds_and_is_spent(hall_world: Run) -> None:
    """R33, R41: when the owner of an armed timer times out on his turn, the timer first
    adds 90 s (a ``timer`` frame with the new deadline) and costs him 90 per other seated
    player; it is spent and disarmed; his turn is not played."""

    async def body(w: World) -> None:
        owner, rival = await w.account(), await w.account()
        await w.give(owner, ItemCode.TIMER, 2, armed=True)
        table = await w.playing(owner, bots=2, others=(rival,))
        frames = w.listen_table(table)
        game = await w.my_turn(owner, table)
        deadline = game["deadline"]
        timer = await until(lambda: frames.last("timer"), 3.0)
        assert (timer["seat"], timer["seconds"], timer["fee"]) == (0, 90, 90)
        assert timer["deadline"] == pytest.approx(deadline + 90)
        assert not [f for f in frames.of("played") if f["seat"] == 0]  # still his turn
        again = await w.my_turn(owner, table)
        assert again["version"] == game["version"]
        assert again["deadline"] == pytest.approx(deadline + 90)
        assert (await w.coins(owner), await w.coins(rival)) == (5000 - 90, 5000 + 90)
        assert await w.held(owner, ItemCode.TIMER) == 1
        assert w.hall.table(table).view().seats[0].armed == []  # disarmed: shown no more
        await w.hall.send(c.Play(Sender.of(owner), table, game["version"],
                                 None if game["view"]["top"] is not None
                                 else (parse_cards(game["view"]["hand"])[0],)))

    hall_world(body, turn_seconds=0.3)
