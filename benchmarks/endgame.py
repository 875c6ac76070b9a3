"""Does 提示 throw won end-games? ``yuanzi bench endgame`` (issue 45).

A table of end-game positions — the second half, every hand still held at most 12 cards,
the seat to move with a choice, and a go-out order at stake: with all four hands known,
an exhaustive search (:func:`yuanzi.bots.endgame.solve`, up to 30,000 positions each)
finds a move that wins the game *and* a move that loses it. The positions come from
seeded self-play of the heuristic bot (at most two per game, a few plays apart).

For each position, each player below sees only the mover's observation (R45) and picks a
move; it *throws* the position when its move loses the game under best play while a
winning move existed. Reported: each one's share of throws (95 % Wilson interval) and
its time per decision:

- ``heuristic``: the rule of thumb, 提示's advice before issue 45;
- ``hint``: 提示 now (:func:`yuanzi.bots.hints.advice_of`: the end-game search over
  guessed worlds);
- ``search_before`` / ``search``: the search bot without and with the end-game search
  (``--games`` caps the positions the search bot is timed on, as it thinks 300 ms each).

The target: the hint and the search bot throw at most 5 %.
"""

from __future__ import annotations

import math
import random
import statistics
import time
from collections.abc import Callable, Sequence
from typing import Any

from yuanzi.bots import make_bot
from yuanzi.bots.endgame import TooDeep, in_endgame, solve
from yuanzi.bots.heuristic import HeuristicBot
from yuanzi.bots.hints import advice_of
from yuanzi.bots.search import SearchBot, SearchSettings
from yuanzi.engine import DEFAULT_RULES, Game, Move, Observation, Rules

SOLVE_LIMIT = 30_000
Chooser = Callable[[Observation, Sequence[Move]], Move]


def positions(count: int, seed: int, rules: Rules = DEFAULT_RULES
              ) -> list[tuple[Observation, list[Move], dict[Move, bool]]]:
    """``count`` end-game positions at stake, each with its exact answers (those too
    deep to search within :data:`SOLVE_LIMIT` are passed over)."""
    found: list[tuple[Observation, list[Move], dict[Move, bool]]] = []
    game_no = 0
    while len(found) < count and game_no < 40 * count:
        game_no += 1
        rng = random.Random(seed * 1_000_003 + game_no)
        game = Game.new(rng, rules)
        bots = [make_bot("heuristic", seed=game_no * 4 + i) for i in range(4)]
        taken, last = 0, -10
        while not game.is_over and taken < 2:
            seat = game.to_move
            assert seat is not None
            obs = game.observation(seat)
            legal = game.legal_moves()
            ply = len(game.half.actions)
            if (len(game.halves) == 2 and len(legal) > 1 and in_endgame(obs)
                    and ply - last >= 4):
                first = game.halves[0].result
                assert first is not None
                try:
                    answers = solve(game.half.clone(), first, rules, SOLVE_LIMIT)
                except TooDeep:
                    answers = {}
                if answers and any(answers.values()) and not all(answers.values()):
                    found.append((obs, legal, answers))
                    taken += 1
                    last = ply
                    if len(found) == count:
                        break
            game.apply(bots[seat].choose(obs, legal))
    return found


def _wilson(k: int, n: int) -> tuple[float, float]:
    if n == 0:
        return (0.0, 1.0)
    z = 1.96
    p = k / n
    d = 1 + z * z / n
    c = (p + z * z / (2 * n)) / d
    h = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / d
    return (round(max(0.0, c - h), 4), round(min(1.0, c + h), 4))


def _judge(name: str, choose: Chooser,
           table: Sequence[tuple[Observation, list[Move], dict[Move, bool]]]
           ) -> dict[str, Any]:
    thrown = 0
    times = []
    for obs, legal, answers in table:
        started = time.perf_counter()
        move = choose(obs, legal)
        times.append((time.perf_counter() - started) * 1000)
        if not answers[move]:
            thrown += 1
    n = len(table)
    times.sort()
    return {"who": name, "positions": n, "thrown": thrown,
            "share": round(thrown / n, 4) if n else None, "ci95": _wilson(thrown, n),
            "ms_p50": round(statistics.median(times), 2) if times else None,
            "ms_p95": round(times[int(0.95 * (len(times) - 1))], 2) if times else None}


def run(seconds: float = 8.0, seed: int = 0, games: int | None = None,
        positions_count: int = 200) -> dict[str, Any]:
    del seconds  # (a fixed amount of work: the table, then each player over it)
    table = positions(positions_count, seed)
    searched = table[: games if games is not None else 80]
    heuristic = HeuristicBot()

    def search_with(endgame: bool) -> Chooser:
        bot = SearchBot(seed=seed, settings=SearchSettings(endgame=endgame))
        return bot.choose

    rows = [_judge("heuristic", heuristic.choose, table), _judge("hint", advice_of, table),
            _judge("search_before", search_with(False), searched),
            _judge("search", search_with(True), searched)]
    leads = sum(1 for obs, _, _ in table if obs.top is None)
    return {"positions": len(table), "leading": leads,
            "cards_left_mean": round(statistics.mean(
                sum(obs.cards_left) for obs, _, _ in table), 1) if table else None,
            "results": rows}
