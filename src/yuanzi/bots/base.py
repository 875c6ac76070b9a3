"""The bot interface: a bot sees one seat's observation and its legal moves, nothing else.

This is structural: :meth:`Bot.choose` is handed an :class:`~yuanzi.engine.Observation`
(which holds no other seat's hand, R45) and the legal moves; it never receives a
:class:`~yuanzi.engine.Game`. A bot is seeded and deterministic for its seed (a bot that
thinks against the clock is deterministic for its seed and its amount of thinking).
"""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from collections.abc import Sequence

from yuanzi.engine import Move, Observation


class Bot(ABC):
    """A player that picks one of the legal moves for an observation."""

    name: str = "bot"
    budget_ms: float | None = None
    """Thinking time per decision; only bots that search use it."""
    inline: bool = True
    """Whether a decision is cheap enough (microseconds) to make on the caller's thread.
    A bot that thinks against a clock is not: a server runs it in a worker process
    (:mod:`yuanzi.hall.runtime.thinking`), and it must then be picklable."""

    def __init__(self, seed: int = 0) -> None:
        self.seed = seed
        self.rng = random.Random(seed)

    @abstractmethod
    def choose(self, obs: Observation, legal: Sequence[Move]) -> Move:
        """Return one element of ``legal`` (non-empty) for the seat that observes ``obs``."""

    def quick_choose(self, obs: Observation, legal: Sequence[Move]) -> Move:
        """A decision in microseconds, for when there is no time to think (a busy hall);
        the same as :meth:`choose` for a bot that does not think."""
        return self.choose(obs, legal)
