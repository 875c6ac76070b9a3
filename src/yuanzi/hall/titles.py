"""The `titles` ladder of R38: level and title from a total score (pure)."""

from __future__ import annotations

TITLES: tuple[str, ...] = (
    "炮灰", "弹壳", "钢刀", "连弩", "火枪", "铁铳", "弩炮", "火炮", "土枪", "驳壳式",
    "长步枪", "冲锋枪", "轻机枪", "重机枪", "手榴弹", "手雷", "火箭筒", "追击炮", "榴弹炮",
    "火箭炮", "飞弹", "洲际导弹", "核反应弹", "生化核弹", "生物核弹", "氢弹",
)
TOP_LEVEL = len(TITLES) - 1


def level_start(level: int) -> int:
    """The score at which level ``level`` ≥ 1 starts: 50·k·(k−1) (R38)."""
    return 50 * level * (level - 1)


def level_of(score: int) -> int:
    """R38: level 0 is any score below 0; level k ≥ 1 from 50·k·(k−1), up to 25."""
    if score < 0:
        return 0
    level = 1
    while level < TOP_LEVEL and score >= level_start(level + 1):
        level += 1
    return level


def title_of(score: int) -> str:
    return TITLES[level_of(score)]
