"""Does the coach's accuracy mean something? ``yuanzi bench coach --games 50``.

Seeded games of two pairings — random (N–S) against heuristic (E–W), and heuristic (N–S)
against the search bot (E–W, 16 worlds per decision, so it is deterministic) — and each
game's seats 0 and 1 reviewed by the coach with more worlds (48) and another seed than the
search bot plays with. The claim (issue 17): random's seats get a lower mean accuracy than
the heuristic's, and the heuristic's lower than the search bot's. Each difference is paired
by game (the same deal, the two seats reviewed side by side) with its 95 % confidence
interval (normal approximation of the mean of the per-game differences).

Games run in worker processes (``--workers``, default 2); results are per game, so the
figures do not depend on how many ran at once.
"""

from __future__ import annotations

import math
import os
import random
import time
from concurrent.futures import ProcessPoolExecutor
from typing import Any

from yuanzi.arena.stats import Z95, mean
from yuanzi.bots import make_bot
from yuanzi.bots.search import SearchBot
from yuanzi.coach import ReviewSettings, review_seat
from yuanzi.engine import Game, Record, record_of

PAIRINGS = {"random-heuristic": ("random", "heuristic"),
            "heuristic-search": ("heuristic", "search")}
REVIEW_WORLDS = 48
SEARCH_WORLDS = 16


def _bot(kind: str, seed: int) -> Any:
    if kind == "search":
        return SearchBot(seed, budget_ms=None, worlds=SEARCH_WORLDS)
    return make_bot(kind, seed)


def play(seed: int, ns: str, ew: str) -> Record:
    rng = random.Random(seed)
    game = Game.new(rng)  # deals the second half itself
    bots = [_bot(ns if s % 2 == 0 else ew, seed * 4 + s) for s in range(4)]
    while not game.is_over:
        seat = game.to_move
        assert seat is not None
        game.apply(bots[seat].choose(game.observation(seat), game.legal_moves()))
    return record_of(game)


def one_game(job: tuple[str, int, int]) -> dict[str, Any]:
    pairing, seed, review_seed = job
    ns, ew = PAIRINGS[pairing]
    began = time.perf_counter()
    record = play(seed, ns, ew)
    settings = ReviewSettings(worlds=REVIEW_WORLDS, seed=review_seed)
    a, b = review_seat(record, 0, settings), review_seat(record, 1, settings)
    return {"pairing": pairing, "seed": seed, ns: a.accuracy, ew: b.accuracy,
            "decisions": len(a.decisions) + len(b.decisions),
            "seconds": time.perf_counter() - began}


def _ci(diffs: list[float]) -> tuple[float, float, float]:
    m = mean(diffs)
    sd = math.sqrt(sum((d - m) ** 2 for d in diffs) / max(1, len(diffs) - 1))
    half = Z95 * sd / math.sqrt(len(diffs))
    return m, m - half, m + half


def run(seconds: float = 0.0, seed: int = 0, games: int = 50,
        workers: int | None = None) -> dict[str, Any]:
    jobs = [(p, seed * 100_003 + i, seed * 7 + 1_000 + i)
            for p in PAIRINGS for i in range(games)]
    workers = workers or min(2, os.cpu_count() or 1)
    began = time.perf_counter()
    with ProcessPoolExecutor(workers) as pool:
        rows = list(pool.map(one_game, jobs))
    out: dict[str, Any] = {"games_per_pairing": games, "review_worlds": REVIEW_WORLDS,
                           "search_worlds": SEARCH_WORLDS, "seed": seed}
    for pairing, (ns, ew) in PAIRINGS.items():
        mine = [r for r in rows if r["pairing"] == pairing]
        diffs = [r[ew] - r[ns] for r in mine]
        m, lo, hi = _ci(diffs)
        out[f"{pairing}.{ns}_accuracy"] = round(mean([r[ns] for r in mine]), 2)
        out[f"{pairing}.{ew}_accuracy"] = round(mean([r[ew] for r in mine]), 2)
        out[f"{pairing}.difference"] = round(m, 2)
        out[f"{pairing}.difference_ci95"] = [round(lo, 2), round(hi, 2)]
    out["review_seconds_per_decision"] = round(
        sum(r["seconds"] for r in rows) / max(1, sum(r["decisions"] for r in rows)), 3)
    out["wall_seconds"] = round(time.perf_counter() - began, 1)
    return out
