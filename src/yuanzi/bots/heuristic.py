"""The ``heuristic`` bot: the rule-based policy of :mod:`yuanzi.bots.policy` on an observation.

It is the bot the hall uses for 托管 and hints, and the policy search bots roll out with.
"""

from __future__ import annotations

from collections.abc import Sequence

from yuanzi.bots.base import Bot
from yuanzi.bots.policy import DEFAULT_STYLE, Style, choose
from yuanzi.bots.view import view_of
from yuanzi.engine import Move, Observation
from yuanzi.engine.hand import Hand


class HeuristicBot(Bot):
    """Plans its hand, plays with its partner, chases points, counts cards."""

    name = "heuristic"

    def __init__(self, seed: int = 0, style: Style = DEFAULT_STYLE) -> None:
        super().__init__(seed)
        self.style = style
        self.fallbacks = 0
        """Times the policy's move was not among the legal moves (a bug; tests keep it 0)."""

    def choose(self, obs: Observation, legal: Sequence[Move]) -> Move:
        if len(legal) == 1 or obs.hand is None:
            return legal[0]
        move = choose(Hand(obs.hand, obs.blade_rank), view_of(obs), self.style)
        if move not in legal:
            # Never let a table stall on a bot: play safe, and count it for the tests.
            self.fallbacks += 1
            return legal[0] if obs.top is not None else legal[-1]
        return move


def _register() -> None:
    from yuanzi.bots import register

    register("heuristic", HeuristicBot)


_register()
