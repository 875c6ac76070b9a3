"""A game's start and end in the store, without the tables: ``yuanzi bench settle``.

The transactions that run when a game starts (its row and seats, the table marked
playing) and when it ends (the result, the whole record, each seat's outcome, ladder,
rating, stats, bet coins in the ledger, drops): what the journal's one writer thread
does at a game's end, measured alone because a hall where games end all the time waits
on it (the load test's ``game_over`` latency, issue 12).

A real SQLite file and the hall's own settlement service; the records are real games
played to the end with random legal moves (about 280 actions each), generated before
the clock starts.

Reported numbers:

- ``cpu_us_per_game``: process CPU (the loop and the journal's thread) for one game's
  start, deal and end, one game at a time.
- ``finish_ms_p50`` / ``finish_ms_p99``: wall time of the end's transaction (commit
  included), one at a time.
- ``games``: games started and settled in the run.
"""

from __future__ import annotations

import asyncio
import random
import statistics
import tempfile
import time
from pathlib import Path
from typing import Any

from yuanzi.engine import Game, record_of
from yuanzi.engine.observe import game_result_dict
from yuanzi.hall.models import Seat, TableSpec
from yuanzi.hall.ports import FinishGame
from yuanzi.hall.services.settlement import TableSettlement
from yuanzi.hall.services.standings import Standings
from yuanzi.hall.settings import Settings
from yuanzi.hall.table.restore import stored_deal
from yuanzi.hall.table.settlement import outcomes
from yuanzi.store.setup import open_database


def _played(seed: int) -> Game:
    rng = random.Random(seed)
    game = Game.new(rng)  # deals its second half itself
    while not game.is_over:
        game.apply_trusted(rng.choice(game.legal_moves()))
    return game


async def _bench(seconds: float, seed: int) -> dict[str, Any]:
    games = [_played(seed * 100 + i) for i in range(8)]
    with tempfile.TemporaryDirectory(prefix="yuanzi-bench-settle-") as tmp:
        settings = Settings(db_path=Path(tmp) / "bench.db", database_url="")
        db = open_database(settings)
        standings = Standings(settings, db.economy)
        await standings.start()
        settlement = TableSettlement(settings, db.economy, standings.ladder)
        try:
            players = [await db.store.create_account(f"s{i}", f"s{i}", "h", "player")
                       for i in range(4)]
            seats = [Seat(account=a) for a in players]
            table = await db.store.create_table(TableSpec(0, "bench", players[0], "green",
                                                          10, {}))
            finish_ms: list[float] = []
            n = 0
            cpu0, wall0 = time.process_time(), time.perf_counter()
            while time.perf_counter() - wall0 < seconds:
                game = games[n % len(games)]
                n += 1
                game_id = await db.store.start_game(table, {}, seats)
                for i, half in enumerate(game.halves):
                    await db.store.store_deal(game_id, stored_deal(i, half.deal))
                result = game.result
                assert result is not None
                finish = FinishGame(game_id, "finished", game_result_dict(result, detail=True),
                                    record_of(game).to_json(), outcomes(game), None)
                t = time.perf_counter()
                await settlement.finish_game(game_id, seats, 10, result, finish)
                finish_ms.append((time.perf_counter() - t) * 1000)
            cpu = time.process_time() - cpu0
            cuts = statistics.quantiles(finish_ms, n=100)
            return {
                "games": n,
                "cpu_us_per_game": round(cpu / n * 1e6, 1),
                "finish_ms_p50": round(statistics.median(finish_ms), 2),
                "finish_ms_p99": round(cuts[98], 2),
            }
        finally:
            db.close()


def run(seconds: float = 8.0, seed: int = 0) -> dict[str, Any]:
    return asyncio.run(_bench(seconds, seed))
