"""Arena runs: many duplicate games, optionally on several processes.

Duplicate deals halve the luck of the cards: deal ``i`` is played twice, once with A's
bots in the North–South seats and once in the East–West seats, so both sides get the
same cards. ``jobs`` > 1 spreads the pairs over worker processes (the machine's cores);
results are identical to a single-process run because every game is seeded by its deal.
"""

from __future__ import annotations

import json
import os
from collections.abc import Callable, Iterator
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

from yuanzi.arena.match import GameLog, play_game
from yuanzi.arena.report import Outcome, Report, outcome_of, summarise
from yuanzi.bots import make_bot

Progress = Callable[[int, int], None]
"""Called with (games done, games in all) after each game."""


def _pair(args: tuple[str, str, int, int, bool]) -> tuple[GameLog, GameLog]:
    a, b, deal, seed, keep = args
    return (play_game(a, b, deal, 0, seed, keep), play_game(a, b, deal, 1, seed, keep))


def _pairs(a: str, b: str, deals: range, seed: int, jobs: int, keep: bool
           ) -> Iterator[tuple[GameLog, GameLog]]:
    tasks = [(a, b, deal, seed, keep) for deal in deals]
    if jobs <= 1:
        yield from map(_pair, tasks)
        return
    with ProcessPoolExecutor(max_workers=jobs) as pool:
        yield from pool.map(_pair, tasks)


def run_arena(a: str, b: str, games: int, seed: int = 0, jobs: int = 1,
              save: Path | None = None, progress: Progress | None = None,
              first_deal: int = 0, log: Path | None = None) -> Report:
    """Play ``games`` games (rounded up to whole duplicate pairs) of A against B, on the
    deals from ``first_deal`` on; ``log`` gets a JSON line per game as it ends (a long run
    may be played in parts and merged: :func:`merge_logs`)."""
    make_bot(a)  # fail fast on an unknown bot, before any process starts
    make_bot(b)
    pairs = max(1, (games + 1) // 2)
    if jobs <= 0:
        jobs = os.cpu_count() or 1
    if save is not None:
        save.mkdir(parents=True, exist_ok=True)
    if first_deal < 0:
        raise ValueError("the first deal is 0 or more")
    deals = range(first_deal, first_deal + pairs)
    logs: list[GameLog] = []
    lines = None if log is None else log.open("a", encoding="utf-8")
    head = {"a": a, "b": b, "seed": seed}  # what --merge checks the parts agree on
    try:
        for pair in _pairs(a, b, deals, seed, jobs, save is not None):
            for game in pair:
                logs.append(game)
                if save is not None and game.record is not None:
                    side = "ns" if game.a_team == 0 else "ew"
                    path = save / f"deal{game.deal:05d}-a-{side}.json"
                    path.write_text(game.record.dumps() + "\n", encoding="utf-8")
                if lines is not None:
                    lines.write(json.dumps({**head, **outcome_of(game).to_dict()}) + "\n")
                    lines.flush()
            if progress is not None:
                progress(len(logs), 2 * pairs)
    finally:
        if lines is not None:
            lines.close()
    return summarise(a, b, logs, seed)


def merge_logs(paths: list[Path]) -> Report:
    """One report from the game lines of several parts of a run (``--log`` files).

    The parts must be the same pairing on the same seed, and no deal may be played twice.
    """
    games: list[Outcome] = []
    heads: set[tuple[str, str, int]] = set()
    seen: set[tuple[int, int]] = set()
    for path in paths:
        for n, text in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
            if not text.strip():
                continue
            try:
                d = json.loads(text)
                heads.add((d["a"], d["b"], int(d["seed"])))
                game = Outcome.from_dict(d)
            except (ValueError, KeyError, TypeError) as e:
                raise ValueError(f"{path}:{n}: not an arena game line ({e})") from None
            if (game.deal, game.a_team) in seen:
                raise ValueError(f"{path}:{n}: deal {game.deal} is played twice")
            seen.add((game.deal, game.a_team))
            games.append(game)
    if not games:
        raise ValueError("no games in the logs")
    if len(heads) > 1:
        raise ValueError(f"the logs are of different runs: {sorted(heads)}")
    a, b, seed = heads.pop()
    return summarise(a, b, games, seed)
