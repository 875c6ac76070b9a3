"""The ``search`` bot: determinized Monte Carlo search over the heuristic's candidates.

For each sampled world (a guess of the hidden hands that agrees with the observation and,
as far as it can, with how the opponents have played: :mod:`yuanzi.bots.worlds`,
:mod:`yuanzi.bots.inference`) every candidate move (:func:`yuanzi.bots.policy.candidates`)
is played and the half is rolled out with the heuristic policy for all four seats
(:mod:`yuanzi.bots.rollout`). The same worlds judge every candidate, so differences are
paired and a few dozen worlds already separate good moves from bad; the heuristic's own
choice is left only on evidence. It is anytime: it stops at its time budget (default
300 ms) or when one move is clearly best, and returns the best move found so far.

Measured: 73.2 % of 1,000 duplicate games won against the heuristic (95 % CI 70.4–75.9 %,
p95 256 ms per decision; benchmarks/results/issue17-arena-search-conf2.json).
"""

from __future__ import annotations

import math
import time
from collections.abc import Sequence
from dataclasses import dataclass

from yuanzi.bots.base import Bot
from yuanzi.bots.endgame import endgame_choice
from yuanzi.bots.inference import PlayReader
from yuanzi.bots.policy import DEFAULT_STYLE, Style, candidates
from yuanzi.bots.rollout import half_value, outcomes
from yuanzi.bots.view import PublicState, view_of
from yuanzi.bots.worlds import WorldSampler
from yuanzi.engine import Move, Observation
from yuanzi.engine.determinize import rebuild_half
from yuanzi.engine.hand import Hand

DEFAULT_BUDGET_MS = 300.0
SAFETY = 0.85
"""Share of the budget the search plans to use, leaving room for the last world."""


@dataclass(frozen=True, slots=True)
class SearchSettings:
    """The search's knobs (defaults measured with the arena)."""

    limit: int = 6
    """Candidate moves weighed per decision."""
    min_worlds: int = 12
    """Worlds to see before stopping early because one move is clearly best."""
    confidence: float = 2.0
    """Standard errors of paired gain needed to overrule the heuristic's own choice. The
    worlds share the policy's blind spots, so a gain they show is often not there: at 1.0
    the choices lost 0.02 more (of -1 … 1) in the true hands than at 2.0, with the same
    worlds (``benchmarks/search_tuning.py``, results/issue17-search-tuning.json)."""
    infer: bool = True
    """Read the opponents' play (:mod:`yuanzi.bots.inference`); off: uniform worlds."""
    passes_only: bool = False
    """Read only their passes (cheaper, weaker)."""
    lead_caps: bool = True
    """Take a led group's rank as emptied (sound for the policy but for kept atoms)."""
    tries: int = 8
    """Draws per read seat, the one that explains its play best being kept."""
    endgame: bool = True
    """At the end of the second half, search each guessed world to the end instead of
    rolling it out (:mod:`yuanzi.bots.endgame`, issue 45)."""


class SearchBot(Bot):
    """Information-set search by sampled worlds and heuristic rollouts.

    ``budget_ms`` bounds the thinking time per decision; ``worlds`` (if given) fixes the
    number of worlds instead, which makes the bot fully deterministic for its seed.
    """

    name = "search"
    inline = False

    def __init__(self, seed: int = 0, budget_ms: float | None = DEFAULT_BUDGET_MS,
                 worlds: int | None = None, settings: SearchSettings = SearchSettings(),
                 style: Style = DEFAULT_STYLE) -> None:
        super().__init__(seed)
        self.budget_ms = budget_ms
        self.worlds = worlds
        self.settings = settings
        self.style = style
        self.last_worlds = 0
        """Worlds examined at the last decision (for measurement)."""

    def choose(self, obs: Observation, legal: Sequence[Move]) -> Move:
        start = time.perf_counter()
        self.last_worlds = 0
        if len(legal) == 1 or obs.hand is None:
            return legal[0]
        hand = Hand(obs.hand, obs.blade_rank)
        view = view_of(obs)
        moves = candidates(hand, view, legal, self.settings.limit, self.style)
        if len(moves) == 1:
            return moves[0]
        if self.settings.endgame:
            weighed = endgame_choice(obs, legal, moves[0])
            if weighed is not None:
                self.last_worlds = weighed.worlds
                return weighed.move
        return self._search(obs, view, moves, start)

    def quick_choose(self, obs: Observation, legal: Sequence[Move]) -> Move:
        """The heuristic policy's own choice, without search."""
        if len(legal) == 1 or obs.hand is None:
            return legal[0]
        hand = Hand(obs.hand, obs.blade_rank)
        return candidates(hand, view_of(obs), legal, 1, self.style)[0]

    def _search(self, obs: Observation, view: PublicState, moves: list[Move],
                start: float) -> Move:
        opts = self.settings
        reader = PlayReader(obs, self.style, passes_only=opts.passes_only,
                            lead_caps=opts.lead_caps) if opts.infer else None
        sampler = WorldSampler(obs, reader, opts.tries)
        team = view.seat & 1
        k = len(moves)
        totals = [0.0] * k
        diffs: list[list[float]] = [[] for _ in range(k)]
        deadline = None if self.budget_ms is None else start + self.budget_ms * SAFETY / 1000
        n = 0
        per_world = 0.0
        while True:
            if self.worlds is not None and n >= self.worlds:
                break
            now = time.perf_counter()
            if deadline is not None and n and now + per_world > deadline:
                break
            hands = sampler.sample(self.rng)
            base = rebuild_half(obs, hands, check=False)
            values = [half_value(result, team, view)
                      for result in outcomes(base, view, moves, self.style)]
            for i, v in enumerate(values):
                totals[i] += v
                diffs[i].append(v - values[0])
            n += 1
            per_world = (time.perf_counter() - start) / n
            if self.worlds is None and n >= opts.min_worlds and _settled(totals, diffs, n):
                break
        self.last_worlds = n
        return moves[_pick(totals, diffs, n, opts.confidence)]


def _pick(totals: list[float], diffs: list[list[float]], n: int, z: float) -> int:
    """The best candidate; leaving the policy's own choice (index 0) needs evidence:
    the paired mean gain must exceed ``z`` standard errors."""
    best = max(range(len(totals)), key=lambda i: (totals[i], -i))
    if best == 0 or n < 2:
        return best if n >= 2 else 0
    d = diffs[best]
    gain = sum(d) / n
    var = sum((x - gain) ** 2 for x in d) / (n - 1)
    return best if gain > z * math.sqrt(var / n) else 0


def _settled(totals: list[float], diffs: list[list[float]], n: int) -> bool:
    """Whether the leader is clearly ahead of every other candidate (paired, ~2.5 sigma)."""
    best = max(range(len(totals)), key=lambda i: totals[i])
    for i in range(len(totals)):
        if i == best:
            continue
        d = [a - b for a, b in zip(diffs[best], diffs[i], strict=True)]
        mean = sum(d) / n
        var = sum((x - mean) ** 2 for x in d) / max(1, n - 1)
        if var < 1e-12 and abs(mean) < 1e-9:
            continue  # indistinguishable in every world so far: no reason to wait
        if mean <= 2.5 * math.sqrt(var / n):
            return False
    return True


def _register() -> None:
    from yuanzi.bots import register

    register("search", SearchBot)


_register()
