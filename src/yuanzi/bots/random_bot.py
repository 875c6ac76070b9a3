"""The ``random`` bot: uniform over the legal moves."""

from __future__ import annotations

from collections.abc import Sequence

from yuanzi.bots.base import Bot
from yuanzi.engine import Move, Observation


class RandomBot(Bot):
    name = "random"

    def choose(self, obs: Observation, legal: Sequence[Move]) -> Move:
        return legal[self.rng.randrange(len(legal))]
