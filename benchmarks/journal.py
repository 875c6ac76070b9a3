"""The journal's hot path beside a busy event loop: ``yuanzi bench journal``.

Every action played is one row insert through the journal's writer thread while the
event loop does the hall's own work. What a change to the journal costs or buys shows
here without a thousand sockets around it: the loop submits ``rate`` inserts a second
and burns ``work`` µs of Python for each (the hall's CPU per action beside the write),
for ``seconds``, on a real SQLite file. The writer's batches then are as large as its
commits are slow, so a change that makes a commit faster makes batches smaller and
commits more: this harness shows both sides (issue 30).

Reported numbers:

- ``cpu_us_per_insert``: process CPU (the loop and the writer) per insert, ``work`` in it.
- ``journal_us_per_insert``: the same less ``work``: what the journal costs.
- ``rows_per_commit``: the writer's mean batch.
- ``write_ms_p50`` / ``write_ms_p99``: from the insert's submission to its future's
  result (the commit, and the loop hearing of it).
- ``inserts_per_second``: as achieved (below ``rate`` when the machine cannot keep up).
"""

from __future__ import annotations

import asyncio
import statistics
import tempfile
import time
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from yuanzi.hall.models import Seat, TableSpec
from yuanzi.hall.settings import Settings
from yuanzi.store.repos.games import _ACTIONS
from yuanzi.store.setup import open_database

GAMES = 50
YIELD_EVERY = 4
"""Inserts between the loop's turns (a turn of the hall serves a few actions)."""


def _burn(seconds: float) -> None:
    end = time.perf_counter() + seconds
    while time.perf_counter() < end:
        pass


async def _bench(seconds: float, rate: float, work_us: float) -> dict[str, Any]:
    with tempfile.TemporaryDirectory(prefix="yuanzi-bench-journal-") as tmp:
        db = open_database(Settings(db_path=Path(tmp) / "bench.db", database_url=""))
        try:
            owner = await db.store.create_account("Jn", "jn", "h", "player")
            spec = TableSpec(0, "bench", owner, "green", 0, {})
            spec.seats = [Seat(account=owner, ready=True)] + [
                Seat(bot="random", ready=True) for _ in range(3)]
            spec.id = await db.store.create_table(spec)
            games = [await db.store.start_game(spec.id, {}, spec.seats) for _ in range(GAMES)]
            next_idx = dict.fromkeys(games, 0)
            waits: list[float] = []
            pending: set[asyncio.Future[None]] = set()

            async def insert(game_id: int) -> None:
                submitted = time.perf_counter()
                row = {"game_id": game_id, "idx": next_idx[game_id], "half": 0, "seat": 0,
                       "cards": "3", "reason": "player", "at": datetime.now(UTC)}
                next_idx[game_id] += 1
                await db.journal.insert(_ACTIONS, row)
                waits.append(time.perf_counter() - submitted)

            commits0 = db.journal.commits
            cpu0, wall0 = time.process_time(), time.perf_counter()
            n = 0
            while time.perf_counter() - wall0 < seconds:
                lag = wall0 + n / rate - time.perf_counter()
                if lag > 0:
                    await asyncio.sleep(lag)
                task = asyncio.ensure_future(insert(games[n % GAMES]))
                pending.add(task)
                task.add_done_callback(pending.discard)
                _burn(work_us / 1e6)
                n += 1
                if n % YIELD_EVERY == 0:
                    await asyncio.sleep(0)
            await asyncio.gather(*pending)
            cpu, wall = time.process_time() - cpu0, time.perf_counter() - wall0
            commits = db.journal.commits - commits0
            cuts = statistics.quantiles(waits, n=100)
            per_insert = cpu / n * 1e6
            return {
                "inserts": n,
                "inserts_per_second": round(n / wall),
                "work_us": work_us,
                "cpu_us_per_insert": round(per_insert, 1),
                "journal_us_per_insert": round(per_insert - work_us, 1),
                "commits": commits,
                "rows_per_commit": round(n / max(commits, 1), 2),
                "write_ms_p50": round(statistics.median(waits) * 1000, 2),
                "write_ms_p99": round(cuts[98] * 1000, 2),
            }
        finally:
            db.close()


def run(seconds: float = 8.0, seed: int = 0, rate: float = 3000.0,
        work: float = 200.0) -> dict[str, Any]:
    """``seed`` is unused (the harness draws nothing); ``work`` in µs per insert."""
    return asyncio.run(_bench(seconds, rate, work))
