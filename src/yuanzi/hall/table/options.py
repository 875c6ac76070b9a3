"""A table's options as the hall accepts them: its name, its cloth, its bet and its rules.

One place for each limit, so that creating a table, renaming it, changing its cloth or
its bet cannot disagree (a name has 1 to 32 characters everywhere).
"""

from __future__ import annotations

from typing import Any

from yuanzi.engine import Rules, RulesError
from yuanzi.hall.economy.bets import check_bet
from yuanzi.hall.economy.errors import InvalidBet
from yuanzi.hall.errors import Code, HallError
from yuanzi.hall.names.text import checked_name

NAME_LENGTH = 32
"""A table name has 1 to 32 characters (after trimming)."""
CLOTHS = ("green", "blue", "red", "wood")
"""The cloths the clients draw; the first is a new table's (R41: 绿呢, no item spent)."""
DEFAULT_CLOTH = CLOTHS[0]


def table_name(raw: str) -> str:
    """1 to 32 characters, normalised, no control or invisible ones."""
    return checked_name(raw, NAME_LENGTH, "table", Code.BAD_OPTIONS)


def default_name(nickname: str) -> str:
    """The stored text of a default name (clients show «X的桌» / "X's table" themselves)."""
    return f"{nickname}的桌"


def tablecloth(pattern: str) -> str:
    if pattern not in CLOTHS:
        raise HallError(Code.BAD_OPTIONS, f"tablecloth is one of {', '.join(CLOTHS)}")
    return pattern


def bet(value: int) -> int:
    """R40: 0 (off) or a member of the doubling series 10, 20, 40, …"""
    try:
        return check_bet(value)
    except InvalidBet as e:
        raise HallError(Code.BAD_OPTIONS, str(e)) from None


def rules(options: dict[str, Any] | None) -> Rules:
    """RULES.md §12's options, checked by the engine."""
    try:
        return Rules.from_dict(options or {})
    except RulesError as e:
        raise HallError(Code.BAD_OPTIONS, str(e)) from None
