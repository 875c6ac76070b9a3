"""Arena runs: many duplicate games, optionally on several processes.

Duplicate deals halve the luck of the cards: deal ``i`` is played twice, once with A's
bots in the North–South seats and once in the East–West seats, so both sides get the
same cards. ``jobs`` > 1 spreads the pairs over worker processes (the machine's cores);
results are identical to a single-process run because every game is seeded by its deal.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterator
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

from yuanzi.arena.match import GameLog, play_game
from yuanzi.arena.report import Report, summarise
from yuanzi.bots import make_bot

Progress = Callable[[int, int], None]
"""Called with (games done, games in all) after each game."""


def _pair(args: tuple[str, str, int, int, bool]) -> tuple[GameLog, GameLog]:
    a, b, deal, seed, keep = args
    return (play_game(a, b, deal, 0, seed, keep), play_game(a, b, deal, 1, seed, keep))


def _pairs(a: str, b: str, pairs: int, seed: int, jobs: int, keep: bool
           ) -> Iterator[tuple[GameLog, GameLog]]:
    tasks = [(a, b, deal, seed, keep) for deal in range(pairs)]
    if jobs <= 1:
        yield from map(_pair, tasks)
        return
    with ProcessPoolExecutor(max_workers=jobs) as pool:
        yield from pool.map(_pair, tasks)


def run_arena(a: str, b: str, games: int, seed: int = 0, jobs: int = 1,
              save: Path | None = None, progress: Progress | None = None) -> Report:
    """Play ``games`` games (rounded up to whole duplicate pairs) of A against B."""
    make_bot(a)  # fail fast on an unknown bot, before any process starts
    make_bot(b)
    pairs = max(1, (games + 1) // 2)
    if jobs <= 0:
        jobs = os.cpu_count() or 1
    if save is not None:
        save.mkdir(parents=True, exist_ok=True)
    logs: list[GameLog] = []
    for pair in _pairs(a, b, pairs, seed, jobs, save is not None):
        for log in pair:
            logs.append(log)
            if save is not None and log.record is not None:
                side = "ns" if log.a_team == 0 else "ew"
                path = save / f"deal{log.deal:05d}-a-{side}.json"
                path.write_text(log.record.dumps() + "\n", encoding="utf-8")
        if progress is not None:
            progress(len(logs), 2 * pairs)
    return summarise(a, b, logs, seed)
