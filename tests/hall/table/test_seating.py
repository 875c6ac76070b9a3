"""Who sits at a table (hall/table/seating.py, with the actor's sit and stand): seats,
R40's money rules, the owner's bots and bet, and an admin's kick — through ``Hall.send``."""

from __future__ import annotations

import asyncio
from collections.abc import Callable

from tests.hall.table.harness import World, until

from yuanzi.hall.errors import Code
from yuanzi.hall.runtime.pubsub import lobby_topic
from yuanzi.hall.table import commands as c
from yuanzi.hall.table.commands import Sender

Run = Callable[..., None]


def test_sit_and_stand(hall_world: Run) -> None:
    """A player sits at a free seat of one table at a time and stands up again; the
    table tells everyone (a ``table`` frame)."""

    async def body(w: World) -> None:
        owner, guest = await w.account(), await w.account()
        table = await w.table(owner)
        frames = w.listen_table(table)
        assert await w.hall.send(c.Sit(Sender.of(guest), table, 2)) == c.Seated(table, 2)
        assert w.hall.seat_of(guest.id) == table
        seat = w.hall.table(table).view().seats[2]
        assert (seat.kind, seat.account_id, seat.ready) == ("player", guest.id, False)
        assert frames.of("table")[-1]["table"]["seats"][2]["account_id"] == guest.id

        assert await w.refused(c.Sit(Sender.of(guest), table, 3)) == Code.ALREADY_SEATED
        other = await w.table(await w.account())
        assert await w.refused(c.Sit(Sender.of(guest), other, 1)) == Code.ALREADY_SEATED

        assert await w.hall.send(c.Stand(Sender.of(guest), table)) == c.Done(table)
        assert w.hall.seat_of(guest.id) is None
        assert w.hall.table(table).view().seats[2].kind == "empty"
        assert await w.refused(c.Stand(Sender.of(guest), table)) == Code.NOT_SEATED
        assert await w.hall.send(c.Sit(Sender.of(guest), other, 1)) == c.Seated(other, 1)

    hall_world(body)


def test_a_taken_seat_and_a_full_table_refuse(hall_world: Run) -> None:
    """A seat holds one player or bot; a table of four has no seat left; there are four
    seats, 0 to 3."""

    async def body(w: World) -> None:
        owner, guest = await w.account(), await w.account()
        table = await w.table(owner, bots=2)
        assert await w.refused(c.Sit(Sender.of(guest), table, 0)) == Code.SEAT_TAKEN
        assert await w.refused(c.Sit(Sender.of(guest), table, 1)) == Code.SEAT_TAKEN
        assert await w.refused(c.Sit(Sender.of(guest), table, 4)) == Code.MALFORMED
        await w.hall.send(c.Sit(Sender.of(guest), table, 3))
        late = await w.account()
        for seat in range(4):
            assert await w.refused(c.Sit(Sender.of(late), table, seat)) == Code.SEAT_TAKEN
        assert w.hall.seat_of(late.id) is None
        assert w.hall.table(table).free_seat() is None

    hall_world(body)


def test_nobody_sits_down_during_a_game(hall_world: Run) -> None:
    """A game holds its four seats: sitting is refused as a game in progress."""

    async def body(w: World) -> None:
        owner, guest = await w.account(), await w.account()
        table = await w.playing(owner)
        assert await w.refused(c.Sit(Sender.of(guest), table, 3)) == Code.GAME_IN_PROGRESS
        assert w.hall.seat_of(guest.id) is None

    hall_world(body)


def test_the_last_player_to_stand_closes_the_table(hall_world: Run) -> None:
    """Bots do not keep a table open: when its last player stands it closes."""

    async def body(w: World) -> None:
        owner = await w.account()
        table = await w.table(owner, bots=3)
        lobby = w.listen(lobby_topic())
        await w.hall.send(c.Stand(Sender.of(owner), table))
        assert lobby.last("table_closed") == {"type": "table_closed", "table": table}
        assert await w.refused(c.Sit(Sender.of(owner), table, 0)) == Code.NO_SUCH_TABLE
        assert w.hall.seat_of(owner.id) is None

    hall_world(body)


def test_sitting_at_a_betting_table_needs_a_hundred_times_the_bet(hall_world: Run) -> None:
    """R40: 100 × bet coins to sit; the coins are read from the store when he sits."""

    async def body(w: World) -> None:
        owner, poor, rich = await w.account(), await w.account(), await w.account()
        table = await w.table(owner, bet=20)
        await w.set_coins(poor, 1999)
        assert await w.refused(c.Sit(Sender.of(poor), table, 1)) == Code.NOT_ENOUGH_COINS
        assert w.hall.seat_of(poor.id) is None
        await w.set_coins(rich, 2000)
        assert await w.hall.send(c.Sit(Sender.of(rich), table, 1)) == c.Seated(table, 1)
        assert w.hall.table(table).view().seats[1].account_id == rich.id

    hall_world(body)


def test_two_players_of_one_address_do_not_bet_at_one_table(hall_world: Run) -> None:
    """The hall's same-address rule (R40, docs/protocol.md): at a betting table two
    players connecting from one address may not sit together; without a bet they may."""

    async def body(w: World) -> None:
        owner, twin, stranger = await w.account(), await w.account(), await w.account()
        for account, address in ((owner, "10.0.0.1"), (twin, "10.0.0.1"),
                                 (stranger, "10.0.0.2")):
            await w.hall.connected(account.id, address)
        betting = await w.table(owner, bet=10)
        assert await w.refused(c.Sit(Sender.of(twin), betting, 1)) == Code.SAME_IP
        assert await w.hall.send(c.Sit(Sender.of(stranger), betting, 1)) == \
            c.Seated(betting, 1)
        free = await w.table(await w.account())
        assert await w.hall.send(c.Sit(Sender.of(twin), free, 1)) == c.Seated(free, 1)

    hall_world(body)


def test_a_player_short_of_the_bet_is_stood_up_before_the_game(hall_world: Run) -> None:
    """R40: before each game every seat is checked again; a player below 100 × bet is
    stood up with a ``stood_up`` frame (reason ``coins``) and the game does not start."""

    async def body(w: World) -> None:
        players = [await w.account() for _ in range(4)]
        table = await w.table(players[0], bet=10)
        for seat, p in enumerate(players[1:], start=1):
            await w.hall.send(c.Sit(Sender.of(p), table, seat))
        short = players[2]
        told = w.listen_account(short)
        await w.set_coins(short, 999)  # lost coins elsewhere after sitting down
        for p in players:
            await w.hall.send(c.Ready(Sender.of(p), table))
        view = w.hall.table(table).view()
        assert view.status == "open" and view.game_id is None
        assert view.seats[2].kind == "empty" and w.hall.seat_of(short.id) is None
        frame = told.last("stood_up")
        assert frame is not None and (frame["table"], frame["seat"], frame["reason"]) == (
            table, 2, "coins")
        assert "999" in frame["message"]

    hall_world(body)


def test_ready_refuses_a_bet_that_changed(hall_world: Run) -> None:
    """R40: a player agrees to the table's bet by getting ready; agreeing to another
    one is refused (``bet_changed``)."""

    async def body(w: World) -> None:
        owner = await w.account()
        table = await w.table(owner, bet=10)
        assert await w.refused(c.Ready(Sender.of(owner), table, True, 20)) == Code.BET_CHANGED
        assert not w.hall.table(table).view().seats[0].ready
        assert await w.hall.send(c.Ready(Sender.of(owner), table, True, 10)) == \
            c.ReadySet(table, True)
        assert w.hall.table(table).view().seats[0].ready

    hall_world(body)


def test_the_owners_new_bet(hall_world: Run) -> None:
    """R40: only the owner changes the bet, between games, to a value of the series;
    every seated player must hold 100 × the new bet, or nothing changes; a new bet
    un-readies the players."""

    async def body(w: World) -> None:
        owner, guest = await w.account(), await w.account()
        table = await w.table(owner)
        await w.hall.send(c.Sit(Sender.of(guest), table, 1))
        await w.hall.send(c.Ready(Sender.of(guest), table))
        await w.set_coins(guest, 3000)
        assert await w.refused(c.SetBet(Sender.of(guest), table, 10)) == Code.NOT_OWNER
        assert await w.refused(c.SetBet(Sender.of(owner), table, 30)) == Code.BAD_OPTIONS
        assert await w.refused(c.SetBet(Sender.of(owner), table, 40)) == Code.NOT_ENOUGH_COINS
        view = w.hall.table(table).view()
        assert view.bet == 0 and view.seats[1].ready  # nothing changed
        assert await w.hall.send(c.SetBet(Sender.of(owner), table, 20)) == c.BetSet(table, 20)
        view = w.hall.table(table).view()
        assert view.bet == 20 and not view.seats[1].ready

    hall_world(body)


def test_bots_do_not_play_at_a_betting_table(hall_world: Run) -> None:
    """R40: no bot sits at a betting table, and a table with a bot gets no bet."""

    async def body(w: World) -> None:
        owner = await w.account()
        betting = await w.table(owner, bet=10)
        assert await w.refused(c.AddBot(Sender.of(owner), betting, 1, "random")) == \
            Code.BOTS_DO_NOT_BET
        assert w.hall.table(betting).view().seats[1].kind == "empty"
        await w.hall.send(c.SetBet(Sender.of(owner), betting, 0))
        await w.hall.send(c.AddBot(Sender.of(owner), betting, 1, "random"))
        assert await w.refused(c.SetBet(Sender.of(owner), betting, 10)) == Code.BOTS_DO_NOT_BET
        assert w.hall.table(betting).view().bet == 0

    hall_world(body)


def test_the_owners_bots(hall_world: Run) -> None:
    """Only the owner seats and removes the hall's bots, by a known name without a
    thinking budget; each gets a name and a face of its own at the table."""

    async def body(w: World) -> None:
        owner, guest = await w.account(), await w.account()
        table = await w.table(owner)
        await w.hall.send(c.Sit(Sender.of(guest), table, 3))
        assert await w.refused(c.AddBot(Sender.of(guest), table, 1, "random")) == \
            Code.NOT_OWNER
        assert await w.refused(c.AddBot(Sender.of(owner), table, 1, "nobody")) == \
            Code.UNKNOWN_BOT
        assert await w.refused(c.AddBot(Sender.of(owner), table, 1, "search@100")) == \
            Code.UNKNOWN_BOT
        assert await w.refused(c.AddBot(Sender.of(owner), table, 3, "random")) == \
            Code.SEAT_TAKEN
        for seat in (1, 2):
            assert await w.hall.send(c.AddBot(Sender.of(owner), table, seat, "random")) == \
                c.BotAdded(table, seat, "random")
        bots = w.hall.table(table).view().seats[1:3]
        assert all(b.kind == "bot" and b.ready and b.name for b in bots)
        assert bots[0].name != bots[1].name and bots[0].avatar != bots[1].avatar
        assert await w.refused(c.RemoveBot(Sender.of(guest), table, 1)) == Code.NOT_OWNER
        assert await w.refused(c.RemoveBot(Sender.of(owner), table, 3)) == Code.MALFORMED
        assert await w.hall.send(c.RemoveBot(Sender.of(owner), table, 1)) == \
            c.BotRemoved(table, 1)
        assert w.hall.table(table).view().seats[1].kind == "empty"

    hall_world(body)


def test_a_kick_between_games_stands_the_player_up(hall_world: Run) -> None:
    """An admin's kick between games frees the seat at once (``stood``) and tells the
    player (``stood_up``, reason ``kicked``); someone not seated is ``not_seated``."""

    async def body(w: World) -> None:
        owner, guest, admin = await w.account(), await w.account(), await w.admin()
        table = await w.table(owner)
        await w.hall.send(c.Sit(Sender.of(guest), table, 1))
        told = w.listen_account(guest)
        assert await w.hall.send(c.Kick(Sender.of(admin), table, guest.id, "kicked")) == \
            c.Kicked(table, "stood")
        assert w.hall.table(table).view().seats[1].kind == "empty"
        assert w.hall.seat_of(guest.id) is None
        frame = told.last("stood_up")
        assert frame is not None and (frame["seat"], frame["reason"]) == (1, "kicked")
        assert await w.hall.send(c.Kick(Sender.of(admin), table, guest.id, "kicked")) == \
            c.Kicked(table, "not_seated")
        assert await w.refused(c.Kick(Sender.of(owner), table, owner.id, "kicked")) == \
            Code.FORBIDDEN

    hall_world(body)


def test_a_kick_during_a_game_waits_for_its_end(hall_world: Run) -> None:
    """A kick during a game is neither an escape (R35) nor a loss for the partner: the
    hall's bot plays the seat to the end (``auto``), the player may no longer play, and
    he is stood up when the game is over."""

    async def body(w: World) -> None:
        owner, guest, admin = await w.account(), await w.account(), await w.admin()
        table = await w.playing(owner, bots=2, others=(guest,))
        frames = w.listen_player(table, owner)
        told = w.listen_account(guest)
        await w.hall.send(c.AutoPlay(Sender.of(owner), table, True))
        game = await w.my_turn(guest, table)
        # his own play, queued right behind the kick, comes too late
        kicked, played = await asyncio.gather(
            w.hall.send(c.Kick(Sender.of(admin), table, guest.id, "kicked")),
            w.refused(c.Play(Sender.of(guest), table, game["version"], None)))
        assert (kicked, played) == (c.Kicked(table, "after_game"), Code.NOT_SEATED)
        assert w.hall.table(table).view().seats[1].auto
        assert w.hall.seat_of(guest.id) == table  # still seated while the game runs
        assert await w.refused(c.AutoPlay(Sender.of(guest), table, False)) == Code.NOT_SEATED
        over = await until(lambda: frames.last("game_over"), 20.0)
        assert over["status"] == "finished" and over["escaper"] is None
        assert {f["reason"] for f in frames.of("played") if f["seat"] == 1} <= {"auto"}
        assert w.hall.seat_of(guest.id) is None
        assert w.hall.table(table).view().seats[1].kind == "empty"
        frame = told.last("stood_up")
        assert frame is not None and frame["reason"] == "kicked"

    hall_world(body)


def test_a_kick_during_a_game_outlives_a_restart(hall_world: Run) -> None:
    """The kick is stored before anyone hears of it: after a restart mid-game the hall's
    bot still plays the seat, the player may not take it back, and he is stood up at the
    game's end; a restart after that end, before he was stood up, stands him up then."""

    async def body(w: World) -> None:
        owner, guest, admin = await w.account(), await w.account(), await w.admin()
        table = await w.playing(owner, bots=2, others=(guest,))
        await w.hall.send(c.AutoPlay(Sender.of(owner), table, True))
        assert await w.hall.send(c.Kick(Sender.of(admin), table, guest.id, "banned")) == \
            c.Kicked(table, "after_game")
        await w.restart(bot_think_seconds=0.0)
        actor = w.hall.table(table)
        assert actor.game is not None and actor.view().seats[1].auto
        assert w.hall.seat_of(guest.id) == table
        assert await w.refused(c.AutoPlay(Sender.of(guest), table, False)) == Code.NOT_SEATED
        await w.hall.send(c.AutoPlay(Sender.of(owner), table, True))  # (away: 托管 anyway)
        await until(lambda: w.hall.table(table).game is None, 30.0)
        assert w.hall.seat_of(guest.id) is None
        assert w.hall.table(table).view().seats[1].kind == "empty"

    hall_world(body)


def test_a_player_kicked_during_a_game_leaves_when_the_hall_stopped_at_its_end(
        hall_world: Run) -> None:
    async def body(w: World) -> None:
        owner, guest = await w.account(), await w.account()
        table = await w.table(owner, bots=2)
        await w.hall.send(c.Sit(Sender.of(guest), table, 3))
        spec = w.hall.table(table).spec
        spec.seats[3].leaving = "kicked"  # as the game's end left it, the hall then killed
        await w.db.store.save_table(spec)
        await w.restart()
        told = w.listen_account(guest)  # (the new hall's broker; its tables start next)
        # (the seat is freed in memory first; the frame goes out once the table is stored)
        await until(lambda: told.last("stood_up") is not None, 5.0)
        assert w.hall.seat_of(guest.id) is None
        stored, = await w.db.store.open_tables(only=table)
        assert stored.seats[3].empty and stored.seats[0].account == owner

    hall_world(body)
