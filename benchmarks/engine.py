"""Engine benchmark: random self-play of whole games, legal moves generated every turn.

Reported numbers (``yuanzi bench engine``):

- ``plays_per_s``: actions applied per second (plays and passes), each chosen uniformly
  from ``Game.legal_moves()`` generated that turn and applied with the checked
  ``Game.apply`` (the path the hall uses); ``plays_per_s_trusted`` uses ``apply_trusted``
  (the path search rollouts use).
- ``games_per_s``: whole games (both halves where R30 asks for a second) per second.
- ``legal_moves_us``: µs to generate a leader's moves for a 41-card hand with the
  hand's caches cleared: every rank's move group looked up again in the memoised
  tables (warm, as in play) and the list rebuilt.
- With RLCard installed (``pip install -e '.[bench]'``): ``rlcard_plays_per_s`` from its raw
  斗地主 game and ``ratio_vs_rlcard``, measured in the same run, interleaved in rounds
  so machine noise hits both sides alike.
"""

from __future__ import annotations

import random
import statistics
import time
from dataclasses import dataclass
from typing import Any

from benchmarks.rlcard_anchor import rlcard_plays_per_s
from yuanzi.engine import Game
from yuanzi.engine.cards import full_deck
from yuanzi.engine.hand import Hand
from yuanzi.engine.rules import Rules


@dataclass
class SelfPlay:
    plays: int = 0
    games: int = 0
    seconds: float = 0.0


def self_play(seconds: float, seed: int, trusted: bool = False) -> SelfPlay:
    """Play random whole games for about ``seconds``; whole games only."""
    deal_rng = random.Random(seed)
    pick = random.Random(seed + 1).random
    out = SelfPlay()
    start = time.perf_counter()
    deadline = start + seconds
    while True:
        game = Game.new(deal_rng)
        legal = game.legal_moves
        apply = game.apply_trusted if trusted else game.apply
        plays = 0
        while game.result is None:
            moves = legal()
            apply(moves[int(pick() * len(moves))])
            plays += 1
        out.plays += plays
        out.games += 1
        now = time.perf_counter()
        if now >= deadline:
            out.seconds = now - start
            return out


def legal_moves_us(samples: int, seed: int) -> float:
    """Median µs to generate a 41-card leader's legal moves from a cold hand cache."""
    rng = random.Random(seed)
    rules = Rules()
    deck = full_deck()
    times = []
    for _ in range(samples):
        rng.shuffle(deck)
        hand = Hand(deck[:41], rng.randrange(13))
        reps = 50
        t0 = time.perf_counter()
        for _ in range(reps):
            hand._refresh_all_groups()  # cold: look every rank's group up again
            hand._all = None  # and rebuild the move list from the groups
            hand_moves = _leader_moves(hand, rules)
        times.append((time.perf_counter() - t0) / reps * 1e6)
        assert hand_moves
    return statistics.median(times)


def _leader_moves(hand: Hand, rules: Rules) -> list[Any]:
    from yuanzi.engine.moves import legal_moves

    return legal_moves(hand, None, rules)


def run(seconds: float = 8.0, seed: int = 0, rounds: int = 3) -> dict[str, Any]:
    """The whole benchmark; ``seconds`` is the engine's share, RLCard gets the same."""
    self_play(0.5, seed)  # warm the memoised move tables
    engine = SelfPlay()
    rl_plays = 0.0
    rl_seconds = 0.0
    rl_available = True
    share = seconds / rounds
    for r in range(rounds):
        sp = self_play(share, seed + r)
        engine.plays += sp.plays
        engine.games += sp.games
        engine.seconds += sp.seconds
        if rl_available:
            rate = rlcard_plays_per_s(share, seed + r)
            if rate is None:
                rl_available = False
            else:
                rl_plays += rate * share
                rl_seconds += share
    trusted = self_play(min(3.0, share), seed)
    out: dict[str, Any] = {
        "plays_per_s": round(engine.plays / engine.seconds),
        "games_per_s": round(engine.games / engine.seconds, 1),
        "plays_per_game": round(engine.plays / engine.games, 1),
        "plays_per_s_trusted": round(trusted.plays / trusted.seconds),
        "legal_moves_us": round(legal_moves_us(200, seed), 2),
        "games": engine.games,
        "seconds": round(engine.seconds, 2),
    }
    if rl_available and rl_seconds:
        rl_rate = rl_plays / rl_seconds
        out["rlcard_plays_per_s"] = round(rl_rate)
        out["ratio_vs_rlcard"] = round(out["plays_per_s"] / rl_rate, 2)
    return out
