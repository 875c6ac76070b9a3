"""托管 chosen by a player survives a restart whenever he chose it (R34; issue 29, item
2): it is stored with his seat when he chooses it — waiting for the game, on its first
turn, between the halves, in the middle of a trick — and the hall that takes the table up
after a crash (:meth:`World.restart`) plays his seat for him, as the one before did. It is
his choice, not his being away: he is back, and still in 托管. And it still lasts one game.

Each table: the owner at seat 0 (who chooses 托管), a friend at seat 1 who plays himself,
bots at seats 2 and 3.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Literal

import pytest
from tests.hall.table.harness import Recorder, World, smallest, until

from yuanzi.engine.cards import parse_cards
from yuanzi.hall.models import Account, TableSpec
from yuanzi.hall.table import commands as c
from yuanzi.hall.table.commands import Sender

Run = Callable[..., None]
Chosen = Literal["before_ready", "then"]
"""When the owner chose 托管: before he got ready (the issue's case), or at the moment
the hall then stops."""


async def two_and_bots(w: World) -> tuple[Account, Account, int]:
    """The table, its two players connected, nobody ready."""
    owner, friend = await w.account(), await w.account()
    table = await w.table(owner)
    await w.hall.send(c.Sit(Sender.of(friend), table, 1))
    for seat in (2, 3):
        await w.hall.send(c.AddBot(Sender.of(owner), table, seat, "random"))
    for p in (owner, friend):
        await w.hall.connected(p.id)
    return owner, friend, table


async def tuoguan(w: World, who: Account, table: int) -> None:
    await w.hall.send(c.AutoPlay(Sender.of(who), table, True))


async def start(w: World, owner: Account, friend: Account, table: int,
                chosen: Chosen) -> None:
    """A game starts; the owner chose 托管 first if ``chosen`` says so (once more for a
    game after another: 托管 lasts one game)."""
    if chosen == "before_ready":
        await tuoguan(w, owner, table)
    for p in (owner, friend):
        await w.hall.send(c.Ready(Sender.of(p), table))
    assert w.status(table) == "playing"


async def taken_up_in_tuoguan(w: World, owner: Account, friend: Account, table: int) -> None:
    """After the restart: the owner's seat is in 托管 as he chose it (the clock's 托管,
    not away), his friend's is not once both are back; and the hall plays the owner's next
    turn at once (``auto``; a seat away would wait for its 600 s grace), the friend
    playing his own (a game waiting for them starts first)."""
    actor = w.hall.table(table)
    assert actor.clock.auto == {0}
    assert [s.auto for s in actor.spec.seats] == [True, False, False, False]
    for p in (owner, friend):
        await w.hall.connected(p.id)
    assert actor.clock.away_since == {}
    seats = actor.view().seats
    assert seats[0].auto and not seats[1].auto
    heard = w.listen_table(table)
    if actor.game is None:  # waiting: the game he chose it for
        for p in (owner, friend):
            await w.hall.send(c.Ready(Sender.of(p), table))
        assert w.status(table) == "playing"

    async def owners_turn() -> dict[str, Any] | None:
        played = next((f for f in heard.of("played") if f["seat"] == 0), None)
        if played is None:
            await smallest(w, friend, table)
        return played

    played = await until(owners_turn, 10.0)
    assert played["reason"] == "auto"


def test_tuoguan_chosen_while_waiting_survives_a_restart(hall_world: Run) -> None:
    """The issue's case: bots added, 托管 on, nobody ready yet; the hall restarts. The
    table comes back waiting with the owner's seat in 托管, and the game then started is
    played for him."""

    async def body(w: World) -> None:
        owner, friend, table = await two_and_bots(w)
        await tuoguan(w, owner, table)
        await w.restart()
        assert w.status(table) == "open"
        await taken_up_in_tuoguan(w, owner, friend, table)

    hall_world(body)


@pytest.mark.parametrize("chosen", ["before_ready", "then"])
def test_tuoguan_survives_a_restart_on_the_first_turn(hall_world: Run, chosen: Chosen) -> None:
    """The game has started and nobody has played yet (bots that think a minute); the
    hall restarts, and its successor's bots think at once."""

    async def body(w: World) -> None:
        owner, friend, table = await two_and_bots(w)
        await start(w, owner, friend, table, chosen)
        if chosen == "then":
            await tuoguan(w, owner, table)
        assert w.hall.table(table).version == 0
        await w.restart(bot_think_seconds=0.0)
        assert w.hall.table(table).version == 0
        await taken_up_in_tuoguan(w, owner, friend, table)

    hall_world(body, bot_think_seconds=60.0)


async def at_the_half_break(w: World, owner: Account, friend: Account, table: int,
                            chosen: Chosen) -> None:
    """Games played (the players by their smallest moves, the owner not while in 托管)
    until one pauses between its halves (issue 31)."""
    heard = Recorder()
    w.broker.subscribe(f"account:{friend.id}", heard)
    pause = w.hall.table(table).gameplay.pause

    async def second_half() -> bool:
        if any(f["view"]["half"] == 1 for f in heard.of("game")):
            return True
        if w.status(table) == "open":  # 双夹 (R30): the next game
            await start(w, owner, friend, table, chosen)
            return False
        for p in (friend,) if chosen == "before_ready" else (owner, friend):
            await smallest(w, p, table)
        return False

    await until(second_half, 30.0)
    assert pause.active


@pytest.mark.parametrize("chosen", ["before_ready", "then"])
def test_tuoguan_survives_a_restart_between_the_halves(hall_world: Run, chosen: Chosen) -> None:
    """The first half is over and the second dealt; the friend is still reading its
    summary (the pause is a minute long) when the hall restarts."""

    async def body(w: World) -> None:
        owner, friend, table = await two_and_bots(w)
        await start(w, owner, friend, table, chosen)
        await at_the_half_break(w, owner, friend, table, chosen)
        if chosen == "then":
            await tuoguan(w, owner, table)
        version = w.hall.table(table).version
        await w.restart()
        game = w.hall.table(table).game
        assert game is not None and len(game.halves) == 2
        assert w.hall.table(table).version == version
        await taken_up_in_tuoguan(w, owner, friend, table)

    hall_world(body, half_break_seconds=60.0)


async def mid_trick(w: World, owner: Account, friend: Account, table: int,
                    chosen: Chosen) -> None:
    """Played (the players by their smallest moves, the owner not while in 托管) until
    the friend is to follow in a trick someone else led."""

    async def friend_follows() -> bool:
        if chosen == "then":
            await smallest(w, owner, table)
        reply: c.Resynced = await w.hall.send(c.Resync(Sender.of(friend), table))
        game = reply.view.game
        assert game is not None
        if game.view["to_move"] != game.seat:
            return False
        if game.view["top"] is not None:
            return True
        lead = (parse_cards(game.view["hand"])[0],)
        await w.hall.send(c.Play(Sender.of(friend), table, game.version, lead))
        return False

    await until(friend_follows, 10.0)


@pytest.mark.parametrize("chosen", ["before_ready", "then"])
def test_tuoguan_survives_a_restart_in_the_middle_of_a_trick(hall_world: Run,
                                                              chosen: Chosen) -> None:
    """A trick was led and the friend is to follow when the hall restarts."""

    async def body(w: World) -> None:
        owner, friend, table = await two_and_bots(w)
        await start(w, owner, friend, table, chosen)
        await mid_trick(w, owner, friend, table, chosen)
        if chosen == "then":
            await tuoguan(w, owner, table)
        version = w.hall.table(table).version
        await w.restart()
        actor = w.hall.table(table)
        assert actor.version == version
        assert actor.game is not None and actor.game.to_move == 1
        assert actor.game.half.top is not None
        await taken_up_in_tuoguan(w, owner, friend, table)

    hall_world(body)


def test_tuoguan_taken_back_while_waiting_stays_off_after_a_restart(hall_world: Run) -> None:
    """托管 on, then off again before the game: the restart keeps the last choice."""

    async def body(w: World) -> None:
        owner, _, table = await two_and_bots(w)
        await tuoguan(w, owner, table)
        await w.hall.send(c.AutoPlay(Sender.of(owner), table, False))
        await w.restart()
        actor = w.hall.table(table)
        assert actor.clock.auto == set() and not actor.spec.seats[0].auto
        assert not actor.view().seats[0].auto

    hall_world(body)


def test_tuoguan_lasts_one_game_also_across_a_restart(hall_world: Run) -> None:
    """R34 as the hall has it: 托管 ends with its game. A restart after the game does not
    bring it back for the next one."""

    async def body(w: World) -> None:
        owner = await w.account()
        table = await w.table(owner, bots=3)
        await w.hall.connected(owner.id)
        await tuoguan(w, owner, table)
        await w.hall.send(c.Ready(Sender.of(owner), table))
        await until(lambda: w.status(table) == "open", 20.0)
        await w.restart()
        actor = w.hall.table(table)
        assert actor.clock.auto == set() and not actor.spec.seats[0].auto

    hall_world(body)


def test_tuoguan_ends_with_its_game_even_if_the_table_was_not_stored_after_it(
        hall_world: Run) -> None:
    """A crash right after a game's settlement committed, before the table (its seats no
    longer in 托管) was stored again: the settlement's own transaction took the stored
    seats out of 托管, so the next game does not start in it."""

    async def body(w: World) -> None:
        owner = await w.account()
        table = await w.table(owner, bots=3)
        await w.hall.connected(owner.id)
        await tuoguan(w, owner, table)
        await w.hall.send(c.Ready(Sender.of(owner), table))
        store: Any = w.db.store

        async def killed(spec: TableSpec) -> None:
            raise RuntimeError("the hall was killed before this write")

        store.save_table = killed  # from here on, as if dead: no table is stored again
        try:
            await until(lambda: w.hall.table(table).game is None, 20.0)
        finally:
            del store.save_table
        await w.restart()
        actor = w.hall.table(table)
        assert actor.game is None
        assert actor.clock.auto == set() and not actor.spec.seats[0].auto

    hall_world(body)
