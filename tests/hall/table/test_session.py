"""Session rooms at a table (issue 26, hall/table/session.py): opened by the owner of a
private table for 4, 8 or 16 games or until someone leaves; the tally from the stored
games after each one; the end by its last game, a vote, the owner, a player leaving, an
escape (R35) or the table closing; and a session that goes on after a restart (kill -9)
exactly where it was.

Games play themselves: the players choose 托管 (R34) before they get ready, and the
other seats are the random bot.
"""

from __future__ import annotations

from collections.abc import Callable

import pytest
import sqlalchemy as sa
from tests.hall.table.harness import World, until

from yuanzi.hall.errors import Code
from yuanzi.hall.models import Account
from yuanzi.hall.sessions.views import SessionView
from yuanzi.hall.table import commands as c
from yuanzi.hall.table.commands import Sender

Run = Callable[..., None]


def session(w: World, table: int) -> SessionView:
    view = w.hall.table(table).view().session
    assert view is not None
    return view


async def private_table(w: World, owner: Account, others: tuple[Account, ...] = (),
                        bots: int = 3) -> int:
    """The owner's private table: ``others`` came in by its code (and sat), ``bots`` bots
    in the seats left; everyone connected."""
    table = await w.table(owner, private=True)
    for other in others:
        assert await w.hall.send(c.ComeIn(Sender.of(other), table, "code")) is not None
    free = [i for i, s in enumerate(w.hall.table(table).spec.seats) if s.empty]
    for seat in free[:bots]:
        await w.hall.send(c.AddBot(Sender.of(owner), table, seat, "random"))
    for p in (owner, *others):
        await w.hall.connected(p.id)
    return table


async def play_game(w: World, table: int, players: tuple[Account, ...]) -> None:
    """One whole game, every player in 托管; back when it is over."""
    before = w.hall.table(table).view().session
    played = 0 if before is None else before.played
    for p in players:
        await w.hall.send(c.AutoPlay(Sender.of(p), table, True))
    for p in players:
        await w.hall.send(c.Ready(Sender.of(p), table))

    def over() -> bool:
        view = w.hall.table(table).view()
        return view.status == "open" and view.session is not None \
            and view.session.played > played
    await until(over, 30)
    await w.hall.send(c.Resync(Sender.of(players[0]), table))  # the game's last job done


async def last_game_ends_it(w: World, table: int, players: tuple[Account, ...],
                            played: int) -> None:
    """The agreed last game played out in 托管: the vote ends the session after it."""
    for p in players:
        await w.hall.send(c.AutoPlay(Sender.of(p), table, True))
    await until(lambda: session(w, table).status == "ended", 30)
    s = session(w, table)
    assert s.reason == "vote" and s.played == played


def test_a_session_of_four_games_ends_by_itself_with_its_tally(hall_world: Run) -> None:
    async def body(w: World) -> None:
        owner = await w.account()
        table = await private_table(w, owner)
        reply = await w.hall.send(c.OpenSession(Sender.of(owner), table, 4))
        assert isinstance(reply, c.SessionSet) and reply.status == "running"
        heard = w.listen_table(table)
        for n in range(1, 5):
            await play_game(w, table, (owner,))
            s = session(w, table)
            assert s.played == n
            assert s.status == ("ended" if n == 4 else "running")
        s = session(w, table)
        assert s.reason == "games" and s.ended_at is not None
        assert len(s.lines) == 4 and len({line.game_id for line in s.lines}) == 4
        assert [p.key for p in s.players] == [f"a{owner.id}", *(
            f"bot:{w.hall.table(table).spec.seats[i].name}" for i in (1, 2, 3))]
        assert all(p.games == 4 for p in s.players)
        # R36: every finished game's stakes sum to zero, so the totals do
        assert sum(p.total for p in s.players) == 0
        for line in s.lines:
            assert sum(line.stakes.values()) == 0
            winners = {k for k, v in line.stakes.items() if v > 0}
            assert (line.winner is None) == (not winners)
        for p in s.players:
            assert p.total == sum(line.stakes[p.key] for line in s.lines)
            assert p.wins == sum(line.stakes[p.key] > 0 for line in s.lines)
            assert p.doubles == sum(line.stakes[p.key] == 2 for line in s.lines)
        partners = {s.players[0].key: s.players[2].key, s.players[1].key: s.players[3].key}
        for a, b in partners.items():  # nobody changed seats: his partner is his best
            assert {x.key: x.partner for x in s.players}[a] == b
        assert heard.last("table")["table"]["session"]["status"] == "ended"
        # the table goes on as a private table: no game belongs to the ended session
        await play_game_outside(w, table, owner)
        assert session(w, table).played == 4

    hall_world(body)


async def play_game_outside(w: World, table: int, owner: Account) -> None:
    await w.hall.send(c.AutoPlay(Sender.of(owner), table, True))
    await w.hall.send(c.Ready(Sender.of(owner), table))
    await until(lambda: w.hall.table(table).view().status == "open", 30)
    await w.hall.send(c.Resync(Sender.of(owner), table))


def test_who_may_open_a_session_and_how_long(hall_world: Run) -> None:
    async def body(w: World) -> None:
        owner, friend = await w.account(), await w.account()
        public = await w.table(owner)
        assert await w.refused(c.OpenSession(Sender.of(owner), public, 4)) == Code.NOT_PRIVATE
        await w.hall.send(c.Stand(Sender.of(owner), public))
        table = await private_table(w, owner, (friend,), bots=2)
        assert await w.refused(c.OpenSession(Sender.of(friend), table, 4)) == Code.NOT_OWNER
        for bad in (1, 3, 5, 32, -4):
            assert await w.refused(c.OpenSession(Sender.of(owner), table, bad)) == Code.MALFORMED
        assert w.hall.table(table).view().session is None  # nothing was opened
        await w.hall.send(c.OpenSession(Sender.of(owner), table, 0))
        assert await w.refused(c.OpenSession(Sender.of(owner), table, 8)) \
            == Code.SESSION_RUNNING
        assert session(w, table).games == 0

    hall_world(body)


def test_a_vote_during_a_game_makes_it_the_last(hall_world: Run) -> None:
    async def body(w: World) -> None:
        owner, friend, stranger = await w.account(), await w.account(), await w.account()
        table = await private_table(w, owner, (friend,), bots=2)
        assert await w.refused(c.EndSession(Sender.of(owner), table)) == Code.NO_SESSION
        await w.hall.send(c.OpenSession(Sender.of(owner), table, 8))
        assert await w.refused(c.EndSession(Sender.of(stranger), table)) \
            == Code.NO_SUCH_TABLE  # not in: the private table is not there for him
        w.hall.table(table).spec.admitted.add(stranger.id)  # in, watching: not a player
        assert await w.refused(c.EndSession(Sender.of(stranger), table)) == Code.NOT_SEATED
        await play_game(w, table, (owner, friend))
        for p in (friend, owner):  # 托管 for the game about to start
            await w.hall.send(c.Ready(Sender.of(p), table))
        assert w.hall.table(table).view().status == "playing"
        reply = await w.hall.send(c.EndSession(Sender.of(owner), table))
        assert reply.status == "running" and session(w, table).votes == [0]
        assert session(w, table).vote_until is not None
        await w.hall.send(c.EndSession(Sender.of(friend), table, agree=False))
        assert session(w, table).votes == []  # a no ends the vote
        await w.hall.send(c.EndSession(Sender.of(friend), table))
        reply = await w.hall.send(c.EndSession(Sender.of(owner), table))
        assert reply.status == "ending"
        await last_game_ends_it(w, table, (owner, friend), played=2)

    hall_world(body)


def test_the_owner_ends_it_between_games(hall_world: Run) -> None:
    async def body(w: World) -> None:
        owner, friend = await w.account(), await w.account()
        table = await private_table(w, owner, (friend,), bots=2)
        await w.hall.send(c.OpenSession(Sender.of(owner), table, 16))
        await play_game(w, table, (owner, friend))
        reply = await w.hall.send(c.EndSession(Sender.of(owner), table))  # he alone
        assert reply.status == "ended" and session(w, table).reason == "owner"
        assert await w.refused(c.EndSession(Sender.of(owner), table)) == Code.NO_SESSION

    hall_world(body)


def test_the_owners_yes_that_completes_everyones_is_the_tables_vote(hall_world: Run) -> None:
    """Issue 45: a player asked, the owner agreed between games — everyone's vote: the
    summary says 大家同意，提前结束, not 房主结束了牌局."""
    async def body(w: World) -> None:
        owner, friend = await w.account(), await w.account()
        table = await private_table(w, owner, (friend,), bots=2)
        await w.hall.send(c.OpenSession(Sender.of(owner), table, 16))
        await play_game(w, table, (owner, friend))
        reply = await w.hall.send(c.EndSession(Sender.of(friend), table))
        assert reply.status == "running"  # a player asks; the owner has not agreed
        reply = await w.hall.send(c.EndSession(Sender.of(owner), table))
        assert reply.status == "ended" and session(w, table).reason == "vote"

    hall_world(body)


def test_someone_leaving_ends_it_once_it_has_begun(hall_world: Run) -> None:
    async def body(w: World) -> None:
        owner, friend, other = await w.account(), await w.account(), await w.account()
        table = await private_table(w, owner, (friend,), bots=2)
        await w.hall.send(c.OpenSession(Sender.of(owner), table, 0))
        await w.hall.send(c.Stand(Sender.of(friend), table))  # before its first game
        assert session(w, table).status == "running"
        await w.hall.send(c.ComeIn(Sender.of(other), table, "code"))
        await w.hall.connected(other.id)
        await play_game(w, table, (owner, other))
        await w.hall.send(c.Stand(Sender.of(other), table))
        s = session(w, table)
        assert s.status == "ended" and s.reason == "left" and s.played == 1

    hall_world(body)


def test_an_escape_ends_it_and_counts_as_r35_says(hall_world: Run) -> None:
    async def body(w: World) -> None:
        owner, friend = await w.account(), await w.account()
        table = await private_table(w, owner, (friend,), bots=2)
        await w.hall.send(c.OpenSession(Sender.of(owner), table, 4))
        await play_game(w, table, (owner, friend))
        for p in (owner, friend):
            await w.hall.send(c.Ready(Sender.of(p), table))
        await w.hall.send(c.Stand(Sender.of(friend), table, escape=True))
        s = session(w, table)
        assert s.status == "ended" and s.reason == "left" and s.played == 2
        assert s.lines[-1].status == "abandoned"
        assert s.lines[-1].stakes[f"a{friend.id}"] == -2
        assert sum(v for k, v in s.lines[-1].stakes.items() if k != f"a{friend.id}") == 0

    hall_world(body)


def test_the_table_closing_ends_it(hall_world: Run) -> None:
    async def body(w: World) -> None:
        owner = await w.account()
        table = await w.table(owner, private=True)
        await w.hall.send(c.OpenSession(Sender.of(owner), table, 4))
        session_id = session(w, table).id
        await w.hall.send(c.Stand(Sender.of(owner), table))
        stored = await w.db.store.stored_session(session_id)
        assert stored is not None and stored.status == "ended" and stored.reason == "closed"

    hall_world(body)


def test_a_session_goes_on_after_a_restart(hall_world: Run) -> None:
    async def body(w: World) -> None:
        owner = await w.account()
        table = await private_table(w, owner)
        await w.hall.send(c.OpenSession(Sender.of(owner), table, 4))
        for _ in range(2):
            await play_game(w, table, (owner,))
        before = session(w, table)
        await w.restart()
        await w.hall.connected(owner.id)
        after = session(w, table)
        assert after.model_dump(exclude={"votes", "vote_until"}) == before.model_dump(
            exclude={"votes", "vote_until"})
        for _ in range(2):
            await play_game(w, table, (owner,))
        assert session(w, table).status == "ended" and session(w, table).played == 4

    hall_world(body)


def test_a_crash_after_the_last_settlement_ends_it_on_restart(hall_world: Run) -> None:
    async def body(w: World) -> None:
        owner = await w.account()
        table = await private_table(w, owner)
        await w.hall.send(c.OpenSession(Sender.of(owner), table, 4))
        for _ in range(4):
            await play_game(w, table, (owner,))
        session_id = session(w, table).id
        with w.db.engine.begin() as conn:  # as if the end had not been written yet
            conn.execute(sa.text("UPDATE table_sessions SET status='running', reason=NULL, "
                                 "ended_at=NULL WHERE id=:i"), {"i": session_id})
        await w.restart()
        s = session(w, table)
        assert s.status == "ended" and s.reason == "games" and s.played == 4

    hall_world(body)


def test_a_vote_and_an_agreed_last_game_survive_a_restart(hall_world: Run) -> None:
    async def body(w: World) -> None:
        owner, friend = await w.account(), await w.account()
        table = await private_table(w, owner, (friend,), bots=2)
        await w.hall.send(c.OpenSession(Sender.of(owner), table, 8))
        await play_game(w, table, (owner, friend))
        await w.hall.send(c.EndSession(Sender.of(friend), table))  # asks, between games
        seat = w.hall.table(table).seat_of(friend.id)
        asked = session(w, table)
        assert asked.votes == [seat] and asked.vote_until is not None
        await w.restart()
        for p in (owner, friend):
            await w.hall.connected(p.id)
        kept = session(w, table)
        assert kept.votes == [seat] and kept.vote_until == pytest.approx(asked.vote_until)
        await w.hall.send(c.EndSession(Sender.of(friend), table, agree=False))
        await w.restart()
        assert session(w, table).votes == []  # the no was kept too
        for p in (owner, friend):
            await w.hall.connected(p.id)
        for p in (owner, friend):  # the second game starts, in 托管
            await w.hall.send(c.Ready(Sender.of(p), table))
        assert w.hall.table(table).view().status == "playing"
        await w.hall.send(c.EndSession(Sender.of(owner), table))
        reply = await w.hall.send(c.EndSession(Sender.of(friend), table))
        assert reply.status == "ending"
        await w.restart()  # kill -9 in the agreed last game: it stays the last
        for p in (owner, friend):
            await w.hall.connected(p.id)
        assert session(w, table).status == "ending"
        await last_game_ends_it(w, table, (owner, friend), played=2)

    hall_world(body)


def test_an_agreed_last_game_settled_before_a_crash_ends_it_on_restart(hall_world: Run) -> None:
    async def body(w: World) -> None:
        owner = await w.account()
        table = await private_table(w, owner)
        await w.hall.send(c.OpenSession(Sender.of(owner), table, 8))
        await play_game(w, table, (owner,))
        session_id = session(w, table).id
        with w.db.engine.begin() as conn:  # as if the end had not been written yet
            conn.execute(sa.text("UPDATE table_sessions SET status='running', reason=NULL, "
                                 "ended_at=NULL, end_agreed=:t WHERE id=:i"),
                         {"i": session_id, "t": True})
        await w.restart()
        s = session(w, table)
        assert s.status == "ended" and s.reason == "vote" and s.played == 1

    hall_world(body)
