"""Scheduled tournaments (定时赛) with check-in, a club's own tournaments, and a player
who withdraws (退赛) while one runs (issue 28), on a real hall."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import update
from tests.hall.table.harness import World, run_world, until

from yuanzi.hall.errors import Code, HallError
from yuanzi.hall.models import Account
from yuanzi.hall.tournaments.views import TournamentView
from yuanzi.store.models.tournaments import TournamentRow

FAST = {"disconnect_grace_seconds": 0.0, "tournament_pause_seconds": 0.0,
        "tournament_check_in_seconds": 3600.0, "tournament_tick_seconds": 0.1}
Run = Callable[..., None]


@pytest.fixture
def world(tmp_path: Path) -> Run:
    def run(body: Callable[[World], Any]) -> None:
        run_world(tmp_path, body, **FAST)
    return run


def start_now(w: World, tournament_id: int) -> None:
    """Its start time comes (as the clock would make it): moved into the past."""
    with w.db.sessions() as s:
        s.execute(update(TournamentRow).where(TournamentRow.id == tournament_id)
                  .values(starts_at=TournamentRow.created_at))
        s.commit()


def starts_in(w: World, tournament_id: int, seconds: float) -> None:
    """Its start moved to ``seconds`` from now."""
    with w.db.sessions() as s:
        s.execute(update(TournamentRow).where(TournamentRow.id == tournament_id)
                  .values(starts_at=datetime.now(UTC) + timedelta(seconds=seconds)))
        s.commit()


async def status_of(w: World, tournament_id: int, wanted: str,
                    timeout: float = 90) -> TournamentView:
    async def reached() -> TournamentView | None:
        view = await w.hall.tournaments.view(tournament_id)
        return view if view.status == wanted else None
    found: TournamentView = await until(reached, timeout)
    return found


async def refused(code: Code, call: Any) -> None:
    with pytest.raises(HallError) as e:
        await call
    assert e.value.code == code


def test_a_scheduled_tournament_starts_at_its_time_with_those_checked_in(world: Run) -> None:
    async def body(w: World) -> None:
        a, b, c, late = [await w.account() for _ in range(4)]
        await refused(Code.MALFORMED, w.hall.tournaments.create(
            a, "Evening cup", 8, 1, starts_at=time.time() + 5))  # too soon
        await refused(Code.MALFORMED, w.hall.tournaments.create(
            a, "Evening cup", 8, 1, starts_at=time.time() + 40 * 86400))  # too far
        t = await w.hall.tournaments.create(a, "Evening cup", 8, 1,
                                            starts_at=time.time() + 7200)
        assert t.starts_at is not None and t.check_in_opens_at == t.starts_at - 3600
        for p in (a, b, c):  # (before its check-in opens: signed up, not checked in)
            await w.hall.tournaments.enter(p, t.id)
        starts_in(w, t.id, 120)  # …and now it is open
        await refused(Code.NOT_ENTERED, w.hall.tournaments.check_in(late, t.id))
        await refused(Code.TOURNAMENT_CLOSED, w.hall.tournaments.fill_with_bots(a, t.id))
        await w.hall.tournaments.check_in(a, t.id)
        view = await w.hall.tournaments.check_in(b, t.id)
        assert [e.checked_in for e in view.entries] == [True, True, False]
        assert view.status == "signup"  # not before its time, however many came
        heard = w.listen_account(a)
        start_now(w, t.id)
        await refused(Code.TOURNAMENT_CLOSED, w.hall.tournaments.enter(late, t.id))
        await refused(Code.TOURNAMENT_CLOSED, w.hall.tournaments.check_in(c, t.id))
        running = await status_of(w, t.id, "running", 10)
        players = [e.account_id for e in running.entries if e.account_id is not None]
        assert players == [a.id, b.id]  # c did not check in: out
        assert len(running.entries) == 8 and sum(e.bot is not None for e in running.entries) == 6
        frame = await until(lambda: heard.last("tournament"), 10)
        assert frame["status"] == "running" and w.hall.seat_of(a.id) == frame["table"]
        assert w.hall.seat_of(c.id) is None
        done = await status_of(w, t.id, "finished")
        assert len(done.standings) == 8

    world(body)


def test_a_scheduled_tournament_with_too_few_checked_in_is_cancelled(world: Run) -> None:
    async def body(w: World) -> None:
        a, b = await w.account(), await w.account()
        t = await w.hall.tournaments.create(a, "Quiet night", 8, 1,
                                            starts_at=time.time() + 7200)
        await w.hall.tournaments.enter(a, t.id)
        await w.hall.tournaments.enter(b, t.id)  # (before its check-in opened)
        starts_in(w, t.id, 120)
        await w.hall.tournaments.check_in(a, t.id)  # one alone
        heard, b_heard = w.listen_account(a), w.listen_account(b)
        start_now(w, t.id)
        gone = await status_of(w, t.id, "cancelled", 10)
        assert gone.tables == [] and w.hall.seat_of(a.id) is None
        for ear in (heard, b_heard):  # issue 45: every entrant hears it, checked in or not
            frame = await until(lambda ear=ear: ear.last("tournament"), 10)
            assert frame["status"] == "cancelled" and frame["table"] is None
        assert [e.account_id for e in gone.entries] == [a.id, b.id]  # (still listed)
        assert t.id in [x.id for x in await w.hall.tournaments.list(a)]

    world(body)


def test_check_in_opens_only_before_the_start(tmp_path: Path) -> None:
    async def body(w: World) -> None:
        a = await w.account()
        t = await w.hall.tournaments.create(a, "Far cup", 8, 1,
                                            starts_at=time.time() + 7200)
        await w.hall.tournaments.enter(a, t.id)
        await refused(Code.CHECK_IN_CLOSED, w.hall.tournaments.check_in(a, t.id))
        sit_and_go = await w.hall.tournaments.create(a, "Now cup", 8, 1)
        await w.hall.tournaments.enter(a, sit_and_go.id)
        await refused(Code.TOURNAMENT_CLOSED, w.hall.tournaments.check_in(a, sit_and_go.id))

    run_world(tmp_path, body, tournament_check_in_seconds=1800.0)


async def club_of(w: World, founder: Account, *members: Account) -> int:
    club = await w.hall.clubs.create(founder, "南湖牌友")
    await w.hall.clubs.configure(founder, club.id, open_join=True)
    for m in members:
        await w.hall.clubs.join(m, None, club.join_code)
    return club.id


def test_a_clubs_tournament_is_its_members_own(world: Run) -> None:
    async def body(w: World) -> None:
        boss, member, outsider = await w.account(), await w.account(), await w.account()
        club = await club_of(w, boss, member)
        await refused(Code.NOT_CLUB_MANAGER, w.hall.tournaments.create(
            member, "Club cup", 8, 1, club_id=club))
        await refused(Code.NOT_A_MEMBER, w.hall.tournaments.create(
            outsider, "Club cup", 8, 1, club_id=club))
        t = await w.hall.tournaments.create(boss, "Club cup", 8, 1, club_id=club)
        assert t.club_id == club and t.club_name == "南湖牌友"
        open_cup = await w.hall.tournaments.create(outsider, "Open cup", 8, 1)
        assert [x.id for x in await w.hall.tournaments.list(outsider)] == [open_cup.id]
        assert {x.id for x in await w.hall.tournaments.list(member)} == {t.id, open_cup.id}
        for call in (w.hall.tournaments.view(t.id, outsider),
                     w.hall.tournaments.enter(outsider, t.id),
                     w.hall.tournaments.leave(outsider, t.id),
                     w.hall.tournaments.check_in(outsider, t.id),
                     w.hall.tournaments.fill_with_bots(outsider, t.id)):
            await refused(Code.NO_SUCH_TOURNAMENT, call)  # no word that it exists
        view = await w.hall.tournaments.enter(member, t.id)
        assert [e.account_id for e in view.entries] == [member.id]
        await w.hall.tournaments.fill_with_bots(boss, t.id)
        done = await status_of(w, t.id, "finished")
        game = done.tables[0].games[0].game_id
        assert await w.hall.tournaments.record_open(member, game)
        assert not await w.hall.tournaments.record_open(outsider, game)  # not his club's

    world(body)


def test_a_player_who_withdraws_is_played_by_tuoguan_and_ranked_last(world: Run) -> None:
    async def body(w: World) -> None:
        ming = await w.account("阿明")
        t = await w.hall.tournaments.create(ming, "Long night", 8, rounds=2,
                                            games_per_round=2)
        await w.hall.tournaments.enter(ming, t.id)
        await w.hall.connected(ming.id)  # here: the game waits for his turn…
        heard = w.listen_account(ming)
        await w.hall.tournaments.fill_with_bots(ming, t.id)
        frame = await until(lambda: heard.last("tournament"), 10)
        actor = w.hall.table(frame["table"])
        other = await w.account()

        async def a_game_of_the_round_ended() -> int | None:
            games = await w.db.store.tournament_games(t.id)
            return games[0].game_id if games else None
        first = await until(a_game_of_the_round_ended, 30)  # (another table's)
        assert not await w.hall.tournaments.record_open(other, first)  # round in play
        seat = next(i for i, s in enumerate(actor.spec.seats)
                    if s.account is not None and s.account.id == ming.id)
        await until(lambda: actor.game is not None and actor.game.to_move == seat, 10)
        view = await w.hall.tournaments.leave(ming, t.id)  # …until he withdraws (退赛)
        assert [e.withdrawn for e in view.entries] == [True] + [False] * 7
        assert seat in actor.clock.auto  # 托管 at once, and for the round's next game
        await refused(Code.NOT_SEATED, w.hall.tournaments.leave(ming, t.id))  # once
        done = await status_of(w, t.id, "finished")
        last = done.standings[-1]
        assert last.name == "阿明" and last.withdrawn and last.games == 4
        assert last.stake == -8  # four games, each an escape for him alone (R35)
        assert not any(s.withdrawn for s in done.standings[:-1])
        second = [x for x in done.tables if x.round == 1]
        mine = next(x for x in second if 0 in x.seats)
        games = await w.db.store.tournament_games(t.id)
        seats = next(g.seats for g in games if g.table_id == mine.table_id)
        assert all(s["account_id"] is None for s in seats)  # the hall's bot in his name
        assert any(s["name"] == "阿明" for s in seats)
        assert all(len(x.games) == 2 for x in done.tables)  # each game's replay listed
        assert await w.hall.tournaments.record_open(other, first)  # the round is over

    world(body)


def open_check_in(w: World, tournament_id: int) -> None:
    """Its check-in opens (the clock comes within the hour before its start)."""
    with w.db.sessions() as s:
        s.execute(update(TournamentRow).where(TournamentRow.id == tournament_id)
                  .values(starts_at=datetime.now(UTC) + timedelta(seconds=600)))
        s.commit()


def test_those_signed_up_hear_once_that_the_check_in_opened(tmp_path: Path) -> None:
    """When a scheduled tournament's check-in opens, each player signed up and not
    checked in is told so (its name and start, to check in from the message); once,
    whatever the restarts."""
    async def body(w: World) -> None:
        a, b, c = [await w.account() for _ in range(3)]
        t = await w.hall.tournaments.create(a, "Morning cup", 8, 1,
                                            starts_at=time.time() + 7200)
        for p in (a, b, c):
            await w.hall.tournaments.enter(p, t.id)
        heard = {p.id: w.listen_account(p) for p in (a, b, c)}
        await w.hall.tournament_news.remind_check_in(3600)
        assert all(h.last("tournament") is None for h in heard.values())  # not open yet
        open_check_in(w, t.id)
        await w.hall.tournaments.check_in(a, t.id)
        await w.hall.tournament_news.remind_check_in(3600)
        for p in (b, c):
            frame = await until(lambda p=p: heard[p.id].last("tournament"), 5)
            assert (frame["tournament"], frame["status"], frame["table"], frame["name"]) == (
                t.id, "check_in", None, "Morning cup")
            assert abs(frame["starts_at"] - (time.time() + 600)) < 30
        assert heard[a.id].last("tournament") is None  # checked in: nothing to say
        await w.hall.tournament_news.remind_check_in(3600)
        await w.restart()  # its schedule looks again at once
        again = w.listen_account(b)
        await w.hall.tournament_news.remind_check_in(3600)
        await asyncio.sleep(0.2)
        assert [len(heard[p.id].of("tournament")) for p in (b, c)] == [1, 1]
        assert again.last("tournament") is None

    run_world(tmp_path, body, **{**FAST, "tournament_tick_seconds": 60.0})
