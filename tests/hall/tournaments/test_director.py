"""A whole sit-and-go on a real hall (issue 28): one player signs up, bots fill the other
seven places, and it plays itself — two rounds of two games, partners rotating, every
table of a round dealt the same cards (duplicate), the standings from the games — also
across a restart between its rounds; tournament tables refuse what would change them."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from tests.hall.table.harness import World, run_world, until

from yuanzi.hall.errors import Code, HallError
from yuanzi.hall.table import commands as c
from yuanzi.hall.table.commands import Sender
from yuanzi.hall.tournaments.views import TournamentView

FAST = {"disconnect_grace_seconds": 0.0, "tournament_pause_seconds": 0.0}
Run = Callable[..., None]


@pytest.fixture
def tournament_world(tmp_path: Path) -> Run:
    def run(body: Callable[[World], Any]) -> None:
        run_world(tmp_path, body, **FAST)
    return run


async def finished(w: World, tournament_id: int, timeout: float = 90) -> TournamentView:
    async def done() -> TournamentView | None:
        view = await w.hall.tournaments.view(tournament_id)
        return view if view.status == "finished" else None
    found: TournamentView = await until(done, timeout)
    return found


def test_a_sit_and_go_of_eight_plays_to_its_standings(tournament_world: Run) -> None:
    async def body(w: World) -> None:
        ming, stranger = await w.account("阿明"), await w.account()
        t = await w.hall.tournaments.create(ming, "周末赛", 8, rounds=2, games_per_round=2)
        assert t.status == "signup" and t.entries == []
        with pytest.raises(HallError) as e:  # issue 45: no person in it, no bots fill it
            await w.hall.tournaments.fill_with_bots(ming, t.id)
        assert e.value.code == Code.TOURNAMENT_EMPTY
        assert (await w.hall.tournaments.view(t.id)).entries == []  # (nothing changed)
        t = await w.hall.tournaments.enter(ming, t.id)
        with pytest.raises(HallError) as e:
            await w.hall.tournaments.enter(ming, t.id)
        assert e.value.code == Code.ALREADY_ENTERED
        with pytest.raises(HallError) as e:
            await w.hall.tournaments.fill_with_bots(stranger, t.id)
        assert e.value.code == Code.FORBIDDEN
        heard = w.listen_account(ming)
        t = await w.hall.tournaments.fill_with_bots(ming, t.id)
        assert t.status == "running" and len(t.entries) == 8
        assert len({e.name for e in t.entries}) == 8  # every bot named apart
        first = heard.last("tournament")
        assert first is not None and first["round"] == 0
        mine = first["table"]
        assert w.hall.seat_of(ming.id) == mine
        assert await w.refused(c.Stand(Sender.of(ming), mine)) == Code.TOURNAMENT_TABLE
        assert await w.refused(c.Ready(Sender.of(ming), mine, False)) == Code.TOURNAMENT_TABLE
        with pytest.raises(HallError) as e:
            await w.hall.tournaments.enter(stranger, t.id)
        assert e.value.code == Code.TOURNAMENT_CLOSED
        done = await finished(w, t.id)
        assert [s.rank for s in done.standings] == list(range(1, 9))
        assert all(s.games == 4 for s in done.standings)
        assert abs(sum(s.score for s in done.standings)) < 0.1  # duplicate: zero-sum
        assert len(done.tables) == 4 and not any(x.playing for x in done.tables)
        assert [len(r) for r in done.commits] == [2, 2]
        over = heard.last("tournament")
        assert over is not None and over["status"] == "finished"
        assert w.hall.seat_of(ming.id) is None  # free again
        # duplicate: every table of a round was dealt the same first half, game by game
        games = await w.db.store.tournament_games(t.id)
        assert len(games) == 8
        by_table: dict[int, list[int]] = {}
        for g in games:
            by_table.setdefault(g.table_id, []).append(g.game_id)
        for r in (0, 1):
            tables = [x.table_id for x in done.tables if x.round == r]
            for k in (0, 1):
                deals = []
                for table in tables:
                    stored = await w.db.store.game(by_table[table][k])
                    assert stored is not None
                    deals.append(stored.deals[0])
                assert deals[0] == deals[1]
        # partners rotate: nobody partnered the same player twice
        pairs = [frozenset(p) for x in done.tables for p in ((x.seats[0], x.seats[2]),
                                                               (x.seats[1], x.seats[3]))]
        assert len(pairs) == len(set(pairs)) == 8

    tournament_world(body)


def test_a_restart_between_rounds_goes_on(tournament_world: Run) -> None:
    async def body(w: World) -> None:
        ming = await w.account()
        t = await w.hall.tournaments.create(ming, "Night cup", 8, rounds=3)
        await w.hall.tournaments.enter(ming, t.id)
        await w.hall.tournaments.fill_with_bots(ming, t.id)

        async def second_round() -> bool:
            view = await w.hall.tournaments.view(t.id)
            return view.round >= 1
        await until(second_round, 60)
        await w.restart()
        done = await finished(w, t.id)
        assert done.round == 2 and all(s.games == 3 for s in done.standings)

    tournament_world(body)


def test_leaving_before_the_start_and_bad_tournaments(tournament_world: Run) -> None:
    async def body(w: World) -> None:
        a, b = await w.account(), await w.account()
        for bad in ({"size": 6}, {"rounds": 8}, {"rounds": 0}, {"games_per_round": 5},
                    {"name": " "}):
            args: dict[str, Any] = {"name": "Cup", "size": 8, "rounds": 2, **bad}
            with pytest.raises(HallError) as e:
                await w.hall.tournaments.create(a, args.pop("name"), args.pop("size"),
                                                args.pop("rounds"), **args)
            assert e.value.code == Code.MALFORMED
        t = await w.hall.tournaments.create(a, "Cup", 8, 2)
        await w.hall.tournaments.enter(a, t.id)
        t = await w.hall.tournaments.enter(b, t.id)
        assert [e.position for e in t.entries] == [0, 1]
        t = await w.hall.tournaments.leave(a, t.id)
        assert [(e.position, e.account_id) for e in t.entries] == [(0, b.id)]
        with pytest.raises(HallError) as e:
            await w.hall.tournaments.leave(a, t.id)
        assert e.value.code == Code.NOT_SEATED
        with pytest.raises(HallError) as e:
            await w.hall.tournaments.view(t.id + 99)
        assert e.value.code == Code.NO_SUCH_TOURNAMENT

    tournament_world(body)


def test_a_restart_in_the_middle_of_a_round_goes_on(tmp_path: Path) -> None:
    """Killed between two games of a round (its tables open, one game each played): the
    restarted hall's tables play the round's other games from the same deals, and the
    tournament ends with every game played once."""
    async def body(w: World) -> None:
        ming = await w.account()
        t = await w.hall.tournaments.create(ming, "Mid cup", 8, rounds=2, games_per_round=3)
        await w.hall.tournaments.enter(ming, t.id)
        await w.hall.tournaments.fill_with_bots(ming, t.id)

        async def one_game_each() -> bool:
            games = await w.db.store.tournament_games(t.id)
            return len({g.table_id for g in games}) == 2
        await until(one_game_each, 60)
        view = await w.hall.tournaments.view(t.id)
        assert view.round == 0 and any(x.playing for x in view.tables)  # mid-round
        await w.restart()
        done = await finished(w, t.id)
        assert all(s.games == 6 for s in done.standings)
        games = await w.db.store.tournament_games(t.id)
        assert len(games) == 12 and len({g.game_id for g in games}) == 12
        # every table of a round dealt the k-th game alike, across the restart too
        for r in (0, 1):
            tables = [x.table_id for x in done.tables if x.round == r]
            for k in range(3):
                firsts = []
                for table in tables:
                    game_id = [g.game_id for g in games if g.table_id == table][k]
                    stored = await w.db.store.game(game_id)
                    assert stored is not None
                    firsts.append(stored.deals[0])
                assert firsts[0] == firsts[1]

    run_world(tmp_path, body, disconnect_grace_seconds=0.0, tournament_pause_seconds=0.5)


def test_a_crash_right_after_a_tournament_games_settlement_goes_on(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The settlement's transaction leaves a tournament table's players ready (it plays
    its games by itself, nobody may say ready there): a hall killed before the table was
    stored again takes it up and plays its next game."""
    from yuanzi.hall.table.tourney import TableTourney

    async def body(w: World) -> None:
        ming = await w.account()
        t = await w.hall.tournaments.create(ming, "Crash cup", 8, rounds=1, games_per_round=2)
        await w.hall.tournaments.enter(ming, t.id)
        going_on = TableTourney.after_game

        async def killed(self: TableTourney, start: Any) -> None:
            """The hall dies right after the settlement: nothing after it is done."""

        monkeypatch.setattr(TableTourney, "after_game", killed)
        await w.hall.tournaments.fill_with_bots(ming, t.id)
        mine = w.hall.seat_of(ming.id)

        async def games_here(n: int) -> bool:
            games = await w.db.store.tournament_games(t.id)
            return sum(g.table_id == mine for g in games) >= n
        await until(lambda: games_here(1), 60)
        monkeypatch.setattr(TableTourney, "after_game", going_on)
        stored, = await w.db.store.open_tables(only=mine)
        assert all(s.ready for s in stored.seats)
        await w.restart()
        await until(lambda: games_here(2), 30)

    run_world(tmp_path, body, **FAST)


def test_an_admins_kick_at_a_tournament_table_withdraws_the_player(
        tournament_world: Run) -> None:
    """A kick at a tournament's table keeps his seat, played by the hall's bot to the
    table's end (the table plays on), withdraws him (ranked last), and he may not take
    the seat back; the tournament finishes."""
    async def body(w: World) -> None:
        ming, admin = await w.account(), await w.admin()
        t = await w.hall.tournaments.create(ming, "Kick cup", 8, rounds=1, games_per_round=2)
        await w.hall.tournaments.enter(ming, t.id)
        await w.hall.tournaments.fill_with_bots(ming, t.id)
        table = await until(lambda: w.hall.seat_of(ming.id), 10)
        assert await w.hall.send(c.Kick(Sender.of(admin), table, ming.id, "kicked")) == \
            c.Kicked(table, "after_game")
        with pytest.raises(HallError) as refused:
            await w.hall.send(c.AutoPlay(Sender.of(ming), table, False))
        assert refused.value.code == Code.NOT_SEATED
        done = await finished(w, t.id)
        games = [g for g in await w.db.store.tournament_games(t.id) if g.table_id == table]
        assert len(games) == 2  # his table played both its games
        mine, = [e for e in done.entries if e.account_id == ming.id]
        last = done.standings[-1]
        assert mine.withdrawn and (last.position, last.withdrawn) == (mine.position, True)
        assert w.hall.seat_of(ming.id) is None  # free once the table closed

    tournament_world(body)
