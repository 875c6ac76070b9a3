"""The coach against its own deeper look: ``yuanzi bench coach --expected``.

Issue 45 replaces issue 31's planted-kinds claim ("each kind of plant marked ≥ 90 %"),
which the plants themselves could not meet: many of them were never mistakes in
expectation (issue31-coach-planted.json says why — a 30-point trick given at the last
word is often taken back, passing up 上游 early costs little). The claim now:

* **Of plants that are mistakes in expectation, the coach marks ≥ 90 %.** The same four
  kinds of planted moves (:mod:`benchmarks.coach_planted`: positions of seeded heuristic
  games, one a game a kind) are judged twice: as the hall judges (32 worlds, its seed)
  and by the coach's own method with five times its worlds and another seed (160). A
  plant the deep look marks a mistake or worse is a mistake in expectation; the share of
  those the hall's look marks mistake or worse is the figure (Wilson 95 % interval). Its
  mirror is given too: of the plants the deep look does *not* call mistakes, how many the
  hall's look does (a false alarm).
* **The search bot is not called a blunderer.** Its own moves in seeded self-play
  (:func:`benchmarks.coach_planted.search_game`), every decision with a choice judged as
  the hall judges: at most 5 % marked mistake or worse.

Work runs in worker processes (default 2); every figure is the same for any number of
workers. Results: benchmarks/results/issue45-coach-expected.json and docs/coach.md.
"""

from __future__ import annotations

import os
import time
from concurrent.futures import ProcessPoolExecutor
from dataclasses import replace
from typing import Any

from benchmarks import coach_planted as planted
from benchmarks.coach_planted import SEVERE
from yuanzi.arena.stats import wilson
from yuanzi.coach import ReviewSettings
from yuanzi.engine import Record

DEEPER = 5
"""How many times the hall's worlds the deeper look samples."""


def deep_settings(settings: ReviewSettings) -> ReviewSettings:
    """The coach's own method at five times its worlds, with another seed (its worlds are
    not a superset of the hall's: the two looks err apart)."""
    return replace(settings, worlds=DEEPER * settings.worlds, seed=settings.seed + 1)


def judge_twice(job: tuple[str, int, int, ReviewSettings]) -> dict[str, Any]:
    """One planted position: the plant judged as the hall judges and by the deeper look."""
    kind, game_seed, n, settings = job
    game, legal = planted.position(game_seed, n)
    bad = planted.KINDS[kind](game, legal)
    assert bad is not None
    hall = planted._judged(game, legal, bad, settings)
    deep = planted._judged(game, legal, bad, deep_settings(settings))
    return {"kind": kind, "game": game_seed, "decision": n, "hall": planted._row(hall),
            "deep": planted._row(deep)}


def judge_made(job: tuple[dict[str, Any], int, ReviewSettings]) -> str:
    """One self-play decision: the search bot's own move, judged as the hall judges."""
    record_json, ply, settings = job
    record = Record.from_json(record_json)
    game = planted._replayed(record, ply)
    legal = game.legal_moves()
    made = game.clone().apply(planted._action_at(record, ply))
    return planted._judged(game, legal, made, settings).mark


def _share(hits: int, n: int) -> dict[str, Any]:
    lo, hi = wilson(hits, n)
    return {"n": n, "hits": hits, "percent": round(100.0 * hits / max(1, n), 1),
            "ci95": [round(100.0 * lo, 1), round(100.0 * hi, 1)]}


def expected_table(rows: list[dict[str, Any]]) -> dict[str, Any]:
    """Per kind and for all: plants that are mistakes in expectation, and how many of
    them the hall's look marks; false alarms among the rest."""
    table: dict[str, Any] = {}
    for kind in (*planted.KINDS, "all"):
        mine = [r for r in rows if kind in ("all", r["kind"])]
        expected = [r for r in mine if r["deep"]["mark"] in SEVERE]
        other = [r for r in mine if r["deep"]["mark"] not in SEVERE]
        table[kind] = {
            "plants": len(mine),
            "mistakes_in_expectation": len(expected),
            "marked": _share(sum(r["hall"]["mark"] in SEVERE for r in expected),
                             len(expected)),
            "false_alarms": _share(sum(r["hall"]["mark"] in SEVERE for r in other),
                                   len(other)),
            "missed": [{"game": r["game"], "decision": r["decision"],
                        "hall": r["hall"]["mark"], "hall_loss": r["hall"]["loss"],
                        "hall_points_lost": r["hall"]["points_lost"],
                        "deep": r["deep"]["mark"], "deep_loss": r["deep"]["loss"],
                        "deep_points_lost": r["deep"]["points_lost"]}
                       for r in expected if r["hall"]["mark"] not in SEVERE],
        }
    return table


def run(seconds: float = 0.0, seed: int = 0, positions: int = 50, games: int = 8,
        workers: int | None = None, settings: ReviewSettings | None = None
        ) -> dict[str, Any]:
    """``positions`` planted positions per kind, ``games`` self-play games."""
    del seconds  # the work is fixed, not timed
    settings = settings or planted.hall_settings()
    workers = workers or min(2, os.cpu_count() or 1)
    began = time.perf_counter()
    with ProcessPoolExecutor(workers) as pool:
        found = list(pool.map(planted._found, [(k, positions, seed) for k in planted.KINDS]))
        jobs = [(kind, g, n, settings) for kind, spots in zip(planted.KINDS, found, strict=True)
                for g, n in spots]
        judged = list(pool.map(judge_twice, jobs))
        seeds = [seed * 100_003 + 50_000 + i for i in range(games)]
        records = list(pool.map(planted.search_game, seeds))
        work = [(rec, ply, settings) for rec in records for ply in planted.choice_points(rec)]
        marks = list(pool.map(judge_made, work, chunksize=4))
    table = expected_table(judged)
    own = sum(mark in SEVERE for mark in marks)
    return {
        "settings": {"worlds": settings.worlds, "deep_worlds": DEEPER * settings.worlds,
                     "seed": settings.seed, "deep_seed": settings.seed + 1,
                     "positions_per_kind": positions, "self_play_games": games,
                     "seed_of_run": seed},
        "claim": "issue 45: of planted moves that are mistakes in expectation (the coach's "
                 "own method at 5x its worlds marks them mistake or worse), the hall's coach "
                 "marks >= 90 %; of the search bot's own moves, <= 5 %",
        "expected": table,
        "search_bot_own_moves": _share(own, len(marks)),
        "wall_seconds": round(time.perf_counter() - began, 1),
    }
