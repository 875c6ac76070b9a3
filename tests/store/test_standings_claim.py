"""A tournament game's pending standings in the store (on SQLite and PostgreSQL): its end
stores them pending, the round lists them, and a claim applies them once — two claims at
once (two nodes settling one round) give one success and one refusal that changed
nothing."""

from __future__ import annotations

import asyncio

import pytest
from tests.store.entrants import full_tournament

from yuanzi.hall.models import Seat, TableSpec, TournamentPlace
from yuanzi.hall.ports import Changes, FinishGame, WalletChange
from yuanzi.hall.round_ports import AlreadySettled, StandingsClaim
from yuanzi.hall.tournaments.director import round_deals
from yuanzi.store.setup import Database

PENDING = {"ladder": "titles", "stake": 1, "bet": 0, "pending": True,
           "outcome": {"winner": 0, "kind": "normal"},
           "seats": [{"seat": 0, "account_id": None, "score_delta": 10}]}


def test_pending_standings_are_listed_by_round_and_claimed_once(database: Database) -> None:
    store, economy = database.store, database.economy

    async def run() -> None:
        a = await store.create_account("Pend", "pend", "h", "player")
        t = await full_tournament(store, a)
        deals = round_deals(t, 0)
        seats = [Seat(account=a, ready=True)] + [Seat(bot="heuristic", ready=True)] * 3
        spec = TableSpec(0, "cup", a, "green", 0, {}, seats,
                         tournament=TournamentPlace(t.id, 0, 1, tuple(deals)))
        ids = await store.begin_round(t.id, 0, deals, [spec])
        assert ids is not None
        game_id = await store.start_game(ids[0], {}, seats, fairness=deals[0])
        assert await store.pending_standings(t.id, 0) == []  # (still played)
        outcomes = [("win", 1), ("lose", -1), ("win", 1), ("lose", -1)]
        lines = [{**PENDING["seats"][0], "account_id": a.id}]
        await economy.transact([], lambda w: Changes(finish=FinishGame(
            game_id, "finished", {"winner": "NS", "kind": "normal"}, {}, outcomes, None,
            {**PENDING, "seats": lines}, standings_pending=True)))
        pending, = await store.pending_standings(t.id, 0)
        assert pending.game_id == game_id and pending.accounts == (a.id, None, None, None)
        assert pending.settlement["pending"] is True
        # a later round's settling tries an earlier round's left pending again
        assert [g.game_id for g in await store.pending_standings(t.id, 1)] == [game_id]
        before = await economy.stats(a.id)
        assert before is not None and (before.games, before.wins) == (1, 0)

        applied = {"ladder": "titles", "stake": 1, "bet": 0,
                   "seats": [{"seat": 0, "account_id": a.id, "score_delta": 12}]}

        def claim(w: object) -> Changes[None]:
            return Changes(wallets={a.id: WalletChange(stats={"wins": 1})},
                           standings=StandingsClaim(game_id, applied))

        results = await asyncio.gather(economy.transact([a.id], claim),
                                       economy.transact([a.id], claim),
                                       return_exceptions=True)
        refused = [r for r in results if isinstance(r, BaseException)]
        assert len(refused) == 1 and isinstance(refused[0], AlreadySettled)
        after = await economy.stats(a.id)
        assert after is not None and after.wins == 1  # once, not twice
        assert await store.pending_standings(t.id, 0) == []
        game = await store.played_game(game_id)
        assert game is not None and game.settlement == applied
        with pytest.raises(AlreadySettled):  # a later try changes nothing either
            await economy.transact([a.id], claim)
        again = await economy.stats(a.id)
        assert again is not None and again.wins == 1

    asyncio.run(run())
