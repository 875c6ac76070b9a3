"""The `titles` ladder of R38 as the lobby shows it: level and title from a total score.

A thin view over :mod:`yuanzi.hall.economy.ladders`, the one place the R38 arithmetic
lives, so the lobby's badges and the economy's settlement can never disagree.
"""

from __future__ import annotations

from yuanzi.hall.economy.ladders import MAX_TITLE_LEVEL, TITLE_NAMES, title_floor, title_level

TITLES: tuple[str, ...] = tuple(zh for zh, _ in TITLE_NAMES)
TOP_LEVEL = MAX_TITLE_LEVEL

level_start = title_floor
"""The score at which level k ≥ 1 starts: 50·k·(k−1) (R38)."""
level_of = title_level
"""R38: level 0 is any score below 0; level k ≥ 1 from 50·k·(k−1), up to 25."""


def title_of(score: int) -> str:
    return TITLES[level_of(score)]
