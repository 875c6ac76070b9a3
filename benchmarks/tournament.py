"""What a tournament's page costs the server: ``yuanzi bench tournament`` (issue 44).

Issue 44 found ``GET /api/tournaments/{id}`` at 50–70 ms of CPU for 16 players and 15
rounds, with no limit: one account's eight loops took 16 CPU-seconds in 15 s. This
harness plays such a tournament of the hall's bots to its end in an in-process hall
(SQLite), then measures, one read at a time, in one run:

- ``made_ms``: CPU of the page made from the store as every read made it before (the draw,
  every round's tables, every game scored);
- ``kept_ms``: CPU of a read now — the tournament's state read (two queries) and the page
  kept for it given again;
- ``ratio``: how many times cheaper a read is;
- ``account_cpu_share_max``: the most CPU one account can make the server spend on pages
  under the limit (reads allowed per second × ``kept_ms``), beside ``before_share``, what
  one account's loop could make it spend before (one core: no limit).
"""

from __future__ import annotations

import asyncio
import tempfile
import time
from pathlib import Path
from typing import Any

from yuanzi.hall.core.hall import Hall
from yuanzi.hall.runtime.pubsub import LocalBroker
from yuanzi.hall.settings import Settings
from yuanzi.store.setup import open_database


async def _played(hall: Hall, players: int, rounds: int, timeout: float) -> int:
    boss = await hall.store.create_account("benchboss", "benchboss", "x", "admin")
    t = await hall.tournaments.create(boss, "基准杯", players, rounds)
    await hall.tournaments.fill_with_bots(boss, t.id)
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        stored = await hall.store.tournament(t.id)
        if stored is not None and stored.status == "finished":
            return t.id
        await asyncio.sleep(0.2)
    raise TimeoutError(f"the tournament was not over in {timeout} s")


def _cpu_ms(started: float, reads: int) -> float:
    return round((time.process_time() - started) / reads * 1000, 3)


async def _measure(tmp: Path, players: int, rounds: int, reads: int,
                   timeout: float) -> dict[str, Any]:
    settings = Settings(db_path=tmp / "hall.db", database_url="", bot_think_seconds=0.0,
                        bot_workers=0, tournament_pause_seconds=0.0, half_break_seconds=0.0,
                        deal_contribution_seconds=0.0, max_tables=200)
    db = open_database(settings)
    hall = Hall(settings, db.store, LocalBroker(), db.economy)
    try:
        await hall.resume()
        wall = time.perf_counter()
        tournament = await _played(hall, players, rounds, timeout)
        played_s = time.perf_counter() - wall
        desk = hall.tournaments
        stored = await db.store.tournament(tournament)
        assert stored is not None
        games = len(await db.store.tournament_games(tournament))
        started = time.process_time()
        for _ in range(reads):
            await desk._view(stored)  # what every read did before
        made = _cpu_ms(started, reads)
        await desk.view(tournament)  # (the page made once for this state)
        started = time.process_time()
        for _ in range(reads):
            await desk.view(tournament)
        kept = _cpu_ms(started, reads)
    finally:
        await hall.close()
        db.close()
    per_second = settings.tournament_page_reads / settings.lobby_window_seconds
    return {"players": players, "rounds": rounds, "reads": reads,
            "games": games, "played_seconds": round(played_s, 1), "made_ms": made, "kept_ms": kept,
            "ratio": round(made / kept, 1) if kept else None,
            "page_reads_per_window": settings.tournament_page_reads,
            "window_seconds": settings.lobby_window_seconds,
            "account_cpu_share_max": round(per_second * kept / 1000, 4),
            "before_share": 1.0}


def run(seconds: float = 8.0, seed: int = 0, players: int = 16, rounds: int = 15,
        reads: int = 50, timeout: float = 600.0) -> dict[str, Any]:
    """(``seconds`` and ``seed`` as every harness takes them: the work here is fixed, and
    the bots' deals are the hall's own.)"""
    with tempfile.TemporaryDirectory() as tmp:
        return asyncio.run(_measure(Path(tmp), players, rounds, reads, timeout))
