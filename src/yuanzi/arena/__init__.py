"""The self-play arena: bots against bots on duplicate deals, with honest statistics."""

from yuanzi.arena.match import GameLog, play_game
from yuanzi.arena.report import Report, Side, summarise
from yuanzi.arena.run import run_arena
from yuanzi.arena.stats import mean, percentile, wilson

__all__ = ["GameLog", "Report", "Side", "mean", "percentile", "play_game", "run_arena",
           "summarise", "wilson"]
