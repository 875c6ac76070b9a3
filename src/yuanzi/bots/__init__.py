"""Players that see only an observation (R45): random, heuristic, search."""

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


def make_bot(name: str, seed: int = 0) -> Bot:
    """A new bot by name (``random``, ``heuristic``, ``search``), seeded."""
    _load_all()
    try:
        return _REGISTRY[name](seed)
    except KeyError:
        raise ValueError(f"unknown bot {name!r}; known: {', '.join(sorted(_REGISTRY))}") from None


def _load_all() -> None:
    """Import the optional bot modules so they register themselves."""
    import importlib

    for mod in ("heuristic", "search"):
        try:
            importlib.import_module(f"yuanzi.bots.{mod}")
        except ModuleNotFoundError as e:
            if e.name != f"yuanzi.bots.{mod}":
                raise


__all__ = ["Bot", "RandomBot", "bot_names", "make_bot", "register"]
