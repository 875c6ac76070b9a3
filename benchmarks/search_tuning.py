"""How precisely does a search variant choose? ``python -m benchmarks.search_tuning``.

Arena games measure strength, but a 3-point difference in win rate needs thousands of
games to see. This harness measures the search's *precision* instead, at a small cost:

* positions: decisions with a choice from seeded heuristic games (every few turns);
* a reference per position: every candidate of a wide list (12) rolled out in many worlds
  (``--ref-worlds``, another seed than any variant uses), the mean value of each;
* a variant (a :class:`~yuanzi.bots.search.SearchSettings` and a budget) chooses at each
  position; its loss is the reference value of the best candidate minus that of its choice.

Lower mean loss means a search that finds the reference's best play more often, in the
value units of :func:`~yuanzi.bots.rollout.half_value` (-1 lost … 1 won). It is a proxy:
the reference shares the bot's model (heuristic rollouts), so it says nothing about the
model itself, only about how well a budget is spent. The *true loss* judges the same
choice in the true world (the hands the harness knows), every seat then playing the
policy: that does include the model (inference, rollouts), with far more noise.

Variants on a time budget choose differently from run to run: for numbers that repeat,
give ``worlds`` instead. References are cached in ``--cache`` since they cost minutes.
Findings: ``benchmarks/results/issue17-search-tuning.json``.
"""

from __future__ import annotations

import argparse
import json
import math
import pickle
import random
import time
from concurrent.futures import ProcessPoolExecutor
from dataclasses import replace
from pathlib import Path
from typing import Any

from yuanzi.bots import make_bot
from yuanzi.bots.inference import PlayReader
from yuanzi.bots.policy import candidates
from yuanzi.bots.rollout import half_value, outcomes
from yuanzi.bots.search import SearchBot, SearchSettings
from yuanzi.bots.view import view_of
from yuanzi.bots.worlds import WorldSampler
from yuanzi.engine import Game, Move, Observation
from yuanzi.engine.cards import Card
from yuanzi.engine.determinize import rebuild_half
from yuanzi.engine.hand import Hand

REF_LIMIT = 12
REF_SEED = 0xC0FFEE

Position = tuple[Observation, list[Move], list[list[Card]]]
"""An observation, its legal moves, and the true hands (which only the harness sees)."""


def positions(games: int, every: int, seed: int) -> list[Position]:
    """Decisions with at least two candidates, from seeded heuristic games."""
    found: list[Position] = []
    for g in range(games):
        rng = random.Random(seed * 7919 + g)
        game = Game.new(rng)
        bots = [make_bot("heuristic", g * 4 + s) for s in range(4)]
        turn = 0
        while not game.is_over:
            seat = game.to_move
            assert seat is not None
            legal = game.legal_moves()
            obs = game.observation(seat)
            if len(legal) > 1 and turn % every == 0:
                assert obs.hand is not None
                view = view_of(obs)
                if len(candidates(Hand(obs.hand, obs.blade_rank), view, legal, REF_LIMIT)) > 1:
                    truth = [list(game.half.hands[s].cards()) for s in range(4)]
                    found.append((obs, legal, truth))
            turn += 1
            game.apply(bots[seat].choose(obs, legal))
    return found


def reference(job: tuple[Position, int, int]) -> tuple[dict[Move, float], dict[Move, float]]:
    """Mean value of each wide-list candidate over ``worlds`` sampled worlds, and its value
    in the true world (every seat playing the policy from there: exact, one world)."""
    (obs, legal, truth), worlds, seed = job
    assert obs.hand is not None
    view = view_of(obs)
    moves = candidates(Hand(obs.hand, obs.blade_rank), view, legal, REF_LIMIT)
    sampler = WorldSampler(obs, PlayReader(obs))
    rng = random.Random(seed)
    totals = [0.0] * len(moves)
    team = view.seat & 1
    for _ in range(worlds):
        base = rebuild_half(obs, sampler.sample(rng), check=False)
        for i, result in enumerate(outcomes(base, view, moves)):
            totals[i] += half_value(result, team, view)
    true_base = rebuild_half(obs, truth, check=False)
    true = {m: half_value(r, team, view)
            for m, r in zip(moves, outcomes(true_base, view, moves), strict=True)}
    return {m: t / worlds for m, t in zip(moves, totals, strict=True)}, true


Ref = tuple[dict[Move, float], dict[Move, float]]


def judge(job: tuple[list[Position], list[Ref], dict[str, Any], int]) -> dict[str, Any]:
    """A variant's mean loss against the references, and its decision times."""
    found, refs, variant, seed = job
    settings = replace(SearchSettings(), **variant.get("settings", {}))
    bot = SearchBot(seed, budget_ms=variant.get("budget_ms"), worlds=variant.get("worlds"),
                    settings=settings)
    losses, true_losses, times, worlds = [], [], [], []
    for (obs, legal, _), (ref, true) in zip(found, refs, strict=True):
        start = time.perf_counter()
        move = bot.choose(obs, legal)
        times.append((time.perf_counter() - start) * 1000)
        worlds.append(bot.last_worlds)
        losses.append(max(ref.values()) - ref.get(move, min(ref.values())))
        true_losses.append(max(true.values()) - true.get(move, min(true.values())))
    return {"losses": losses, "true_losses": true_losses, "ms": times, "worlds": worlds}


def summary(name: str, parts: list[dict[str, Any]]) -> dict[str, Any]:
    losses = [x for p in parts for x in p["losses"]]
    ms = sorted(x for p in parts for x in p["ms"])
    worlds = [x for p in parts for x in p["worlds"]]
    true = [x for p in parts for x in p["true_losses"]]
    n = len(losses)
    return {"variant": name, "positions": n, "mean_loss": _mean_se(losses),
            "true_loss": _mean_se(true),
            "best_rate": round(sum(x < 1e-9 for x in losses) / n, 4),
            "mean_worlds": round(sum(worlds) / n, 1),
            "ms_mean": round(sum(ms) / n, 1), "ms_p95": round(ms[int(0.95 * (n - 1))], 1)}


def _mean_se(xs: list[float]) -> str:
    n = len(xs)
    mean = sum(xs) / n
    sd = math.sqrt(sum((x - mean) ** 2 for x in xs) / max(1, n - 1))
    return f"{mean:.4f}±{sd / math.sqrt(n):.4f}"


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--games", type=int, default=12)
    ap.add_argument("--every", type=int, default=5)
    ap.add_argument("--seed", type=int, default=3)
    ap.add_argument("--ref-worlds", type=int, default=120)
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--cache", type=Path, default=Path("/tmp/search-tuning-ref.pickle"))
    ap.add_argument("--variants", type=Path, required=True,
                    help="JSON object: name -> {budget_ms|worlds, settings: {...}}")
    args = ap.parse_args()
    found = positions(args.games, args.every, args.seed)
    key = (args.games, args.every, args.seed, args.ref_worlds, len(found))
    refs: list[Ref] | None = None
    if args.cache.exists():
        cached = pickle.loads(args.cache.read_bytes())
        if cached["key"] == key:
            refs = cached["refs"]
    with ProcessPoolExecutor(args.workers) as pool:
        if refs is None:
            began = time.perf_counter()
            jobs = [(p, args.ref_worlds, REF_SEED + i) for i, p in enumerate(found)]
            refs = list(pool.map(reference, jobs, chunksize=4))
            args.cache.write_bytes(pickle.dumps({"key": key, "refs": refs}))
            print(f"# references for {len(found)} positions in "
                  f"{time.perf_counter() - began:.0f} s", flush=True)
        variants = json.loads(args.variants.read_text())
        first: list[dict[str, Any]] | None = None
        for name, variant in variants.items():
            halves = [(found[i::args.workers], refs[i::args.workers], variant, 11 + i)
                      for i in range(args.workers)]
            parts = list(pool.map(judge, halves))
            line = summary(name, parts)
            if first is None:
                first = parts
            else:  # paired with the first variant, position by position
                for metric in ("losses", "true_losses"):
                    d = [x - y for p, q in zip(parts, first, strict=True)
                         for x, y in zip(p[metric], q[metric], strict=True)]
                    line[f"vs_first_{metric}"] = _mean_se(d)
            print(json.dumps(line), flush=True)


if __name__ == "__main__":
    main()
