"""A club tournament's table to one who may not see the tournament (issue 54,
table/tourney.py): every command of his is answered exactly as for a table that does not
exist — mid-round, whatever the table is doing — while a member who does not sit there
is still told ``round_in_play`` and an admin may watch."""

from __future__ import annotations

from collections.abc import Callable

from tests.hall.table.harness import World, until

from yuanzi.hall.errors import Code, HallError
from yuanzi.hall.models import Account
from yuanzi.hall.table import commands as c
from yuanzi.hall.table.commands import Sender

Run = Callable[..., None]


def asks(who: Account, table: int) -> list[c.Command]:
    """Every way in to a table, or of saying something there, a client has."""
    s = Sender.of(who)
    return [c.Join(s, table, True), c.Resync(s, table), c.Sit(s, table, 1),
            c.Say(s, table, who.nickname, "text", "seat 0 holds 6 jokers"),
            c.ComeIn(s, table, "club"), c.ComeIn(s, table, "invite"), c.Unwatch(s, table)]


async def answer(w: World, command: c.Command) -> tuple[Code, str]:
    """The refusal of a command that must be refused, its table's id said as ``N``."""
    try:
        reply = await w.hall.send(command)
    except HallError as e:
        return e.code, e.message.replace(str(command.table), "N")
    raise AssertionError(f"{command} was not refused: {reply}")


async def club_cup(w: World) -> tuple[int, int, Account, Account]:
    """A club's sit-and-go of 8 (its founder and the hall's bots) mid-round: the club,
    the founder's table (he is not connected: it waits on his turn), him, a member."""
    founder, member = await w.account("圈主"), await w.account("圈友")
    club = await w.hall.clubs.create(founder, "周末俱乐部")
    await w.hall.clubs.store.update_club(club.id, open_join=True)
    await w.hall.clubs.join(member, None, club.join_code)
    t = await w.hall.tournaments.create(founder, "俱乐部杯", 8, rounds=1, club_id=club.id)
    await w.hall.tournaments.enter(founder, t.id)
    await w.hall.tournaments.fill_with_bots(founder, t.id)
    table: int = await until(lambda: w.hall.seat_of(founder.id), 10)
    await until(lambda: w.hall.table(table).game is not None, 10)  # its game is played
    return club.id, table, founder, member


def test_a_club_tournaments_table_is_no_table_to_a_stranger(hall_world: Run) -> None:
    async def body(w: World) -> None:
        club, table, founder, member = await club_cup(w)
        stranger, admin = await w.account("路人"), await w.admin()
        missing = table + 1000
        for at, gone in zip(asks(stranger, table), asks(stranger, missing), strict=True):
            assert await answer(w, at) == await answer(w, gone) == (
                Code.NO_SUCH_TABLE, "there is no table N"), at
        assert stranger.id not in w.hall.table(table).spectators  # (he came in nowhere)
        # one who may see the tournament is told why, as before (issue 43)
        assert await w.refused(c.Join(Sender.of(member), table, True)) == Code.ROUND_IN_PLAY
        assert await w.hall.send(c.Join(Sender.of(admin), table, True))  # (its frames)
        assert admin.id in w.hall.table(table).spectators
        # a member no more is a stranger again
        await w.hall.clubs.remove(founder, club, member.id)
        assert await answer(w, c.Join(Sender.of(member), table, True)) == (
            Code.NO_SUCH_TABLE, "there is no table N")
        assert w.hall.table(table).game is not None  # (all of it mid-round)

    hall_world(body, turn_seconds=600.0)
