"""Players that see only an observation (R45): random, heuristic, search.

A bot is named by a *spec*: its registered name, optionally with a thinking budget in
milliseconds after ``@`` (``search@100``), which is how the arena compares budgets.
"""

from __future__ import annotations

from collections.abc import Callable

from yuanzi.bots.base import Bot
from yuanzi.bots.random_bot import RandomBot

_REGISTRY: dict[str, Callable[[int], Bot]] = {"random": RandomBot}


def register(name: str, factory: Callable[[int], Bot]) -> None:
    _REGISTRY[name] = factory


def bot_names() -> list[str]:
    _load_all()
    return sorted(_REGISTRY)


def parse_spec(spec: str) -> tuple[str, float | None]:
    """Split ``name@ms`` into the name and the budget (None when not given)."""
    name, sep, budget = spec.partition("@")
    if not sep:
        return name, None
    try:
        ms = float(budget)
    except ValueError:
        raise ValueError(f"bad budget in {spec!r}: milliseconds expected after '@'") from None
    if not ms > 0:
        raise ValueError(f"bad budget in {spec!r}: it must be positive")
    return name, ms


def make_bot(name: str, seed: int = 0) -> Bot:
    """A new bot by spec (``random``, ``heuristic``, ``search``, ``search@100``), seeded."""
    _load_all()
    base, budget = parse_spec(name)
    try:
        factory = _REGISTRY[base]
    except KeyError:
        raise ValueError(f"unknown bot {base!r}; known: {', '.join(sorted(_REGISTRY))}") from None
    bot = factory(seed)
    if budget is not None:
        bot.budget_ms = budget
    return bot


def _load_all() -> None:
    """Import the optional bot modules so they register themselves."""
    import importlib

    for mod in ("heuristic", "search"):
        try:
            importlib.import_module(f"yuanzi.bots.{mod}")
        except ModuleNotFoundError as e:
            if e.name != f"yuanzi.bots.{mod}":
                raise


__all__ = ["Bot", "RandomBot", "bot_names", "make_bot", "parse_spec", "register"]
