"""A tournament game's standings wait for its round's end (the side channel closed): every
table of a round plays the same deals, so an entrant's profile or the leaderboard moving
at his game's end would tell the other tables how a deal went. Played on a real hall: at
each round's end, just before its standings are applied, nobody's ladder, rating or wins
show any of the round's games; right after, they show all of them, each applied once —
also when two nodes (or a restart) settle the same round at once."""

from __future__ import annotations

import asyncio
from pathlib import Path

from tests.hall.table.harness import World, run_world, until

from yuanzi.hall.models import Account
from yuanzi.hall.services.round_standings import RoundStandings
from yuanzi.hall.services.views import Profile

FAST = {"disconnect_grace_seconds": 0.0, "tournament_pause_seconds": 0.0}
WIN = {"NS": 0, "EW": 1}


async def finished(w: World, tournament_id: int) -> None:
    async def done() -> bool:
        return (await w.hall.tournaments.view(tournament_id)).status == "finished"
    await until(done, 90)


async def wins_in(w: World, tournament_id: int, account: Account,
                  rounds: range) -> tuple[int, int]:
    """His wins and 双夹 wins in those rounds, from the games the store kept."""
    wins = doubles = 0
    for g in await w.db.store.tournament_games(tournament_id):
        if g.round not in rounds or g.result is None or g.result["winner"] is None:
            continue
        seat = next((s["seat"] for s in g.seats if s["account_id"] == account.id), None)
        if seat is not None and seat % 2 == WIN[g.result["winner"]]:
            wins += 1
            doubles += g.result["kind"] == "double"
    return wins, doubles


async def deltas_in(w: World, tournament_id: int, account: Account, round_: int) -> int:
    """The ladder change his games of the round stored (as applied)."""
    total = 0
    for g in await w.db.store.tournament_games(tournament_id):
        if g.round != round_:
            continue
        game = await w.db.store.played_game(g.game_id)
        assert game is not None and "pending" not in game.settlement
        total += sum(x["score_delta"] for x in game.settlement["seats"]
                     if x["account_id"] == account.id)
    return total


def test_standings_move_only_when_the_round_is_over(tmp_path: Path) -> None:
    async def body(w: World) -> None:
        ming, hua = await w.account("阿明"), await w.account("阿华")
        t = await w.hall.tournaments.create(ming, "Quiet cup", 8, rounds=2, games_per_round=2)
        await w.hall.tournaments.enter(ming, t.id)
        await w.hall.tournaments.enter(hua, t.id)
        heard = w.listen_account(ming)
        settle = w.hall.tournament_news.settle_round
        assert settle is not None
        seen: list[tuple[int, dict[int, Profile], dict[int, Profile], dict[int, int]]] = []
        one_at_a_time = asyncio.Lock()  # (the last tables closing at once both settle)

        async def watched(tournament_id: int, round_: int) -> object:
            async with one_at_a_time:
                if any(r == round_ for r, *_ in seen):  # settled: this one finds nothing
                    return await settle(tournament_id, round_)
                return await looked_at(tournament_id, round_)

        async def looked_at(tournament_id: int, round_: int) -> object:
            before = {a.id: await w.hall.standings.profile(a.id) for a in (ming, hua)}
            board = {line.id: line.score for line in await w.hall.standings.leaderboard("ladder")}
            applied = await settle(tournament_id, round_)
            after = {a.id: await w.hall.standings.profile(a.id) for a in (ming, hua)}
            seen.append((round_, before, after, board))
            return applied

        w.hall.tournament_news.settle_round = watched
        await w.hall.tournaments.fill_with_bots(ming, t.id)
        await finished(w, t.id)
        assert [r for r, *_ in seen] == [0, 1]
        fresh = await w.hall.standings.profile((await w.account()).id)
        for round_, before, after, board in seen:
            for a in (ming, hua):
                was, now = before[a.id], after[a.id]
                assert was.games == now.games == 2 * (round_ + 1)  # (played, counted at once)
                assert (was.wins, was.double_wins) == await wins_in(w, t.id, a, range(round_))
                assert (now.wins, now.double_wins) == await wins_in(w, t.id, a,
                                                                   range(round_ + 1))
                assert board[a.id] == was.score  # the leaderboard showed none of it either
                assert now.score - was.score == await deltas_in(w, t.id, a, round_)
                if round_ == 0:  # nothing of the round showed: a fresh player's standing
                    assert (was.score, was.level, was.skill) == (fresh.score, fresh.level,
                                                                 fresh.skill)
                    assert now.skill != fresh.skill  # rated at the round's end
        # the table's players heard at each game's end what it would be, marked pending
        overs = heard.of("game_over")
        assert len(overs) == 4
        for over in overs:
            people = [s for s in over["seats"] if s["account_id"] is not None]
            assert people and all(s["pending"] for s in people)
        assert not await w.db.store.pending_standings(t.id, 0)
        assert not await w.db.store.pending_standings(t.id, 1)

    run_world(tmp_path, body, **FAST)


def test_a_round_settled_twice_at_once_applies_each_game_once(tmp_path: Path) -> None:
    """Two nodes settling one round together (or a restart settling it again): each
    pending game is claimed in its own transaction, so each is applied exactly once."""
    async def body(w: World) -> None:
        ming = await w.account()
        t = await w.hall.tournaments.create(ming, "Twice cup", 8, rounds=2, games_per_round=2)
        await w.hall.tournaments.enter(ming, t.id)
        held: list[tuple[int, int]] = []

        async def not_yet(tournament_id: int, round_: int) -> object:
            held.append((tournament_id, round_))
            return []

        w.hall.tournament_news.settle_round = not_yet
        await w.hall.tournaments.fill_with_bots(ming, t.id)
        await finished(w, t.id)
        assert sorted(set(held)) == [(t.id, 0), (t.id, 1)]  # (twice when two close at once)
        pending = [g.game_id for g in await w.db.store.pending_standings(t.id, 1)]
        assert len(pending) == 8  # (round 1's settling lists round 0's left pending too)
        assert len(await w.db.store.pending_standings(t.id, 0)) == 4
        waiting = await w.hall.standings.profile(ming.id)
        assert (waiting.games, waiting.wins) == (4, 0)
        rs = RoundStandings(w.db.store, w.hall.standings.store, w.hall.standings.ladder)
        one, two, three = await asyncio.gather(rs.settle(t.id, 0), rs.settle(t.id, 0),
                                               rs.settle(t.id, 1))
        assert sorted(one + two + three) == sorted(pending)  # each once, none twice
        assert await rs.settle(t.id, 0) == [] and await rs.settle(t.id, 1) == []
        done = await w.hall.standings.profile(ming.id)
        assert (done.wins, done.double_wins) == await wins_in(w, t.id, ming, range(2))
        assert done.score - waiting.score == (await deltas_in(w, t.id, ming, 0)
                                              + await deltas_in(w, t.id, ming, 1))
        # his own history says what each game did, as applied
        history = await w.hall.history.of(ming.id, private=True, own=True)
        assert sum(e.score_delta for e in history.games) == done.score - waiting.score

    run_world(tmp_path, body, **FAST)

