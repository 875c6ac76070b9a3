"""Typed errors of the engine: every refusal names its reason and changes nothing."""

from __future__ import annotations


class EngineError(ValueError):
    """Base class of every error the engine raises on bad input."""


class CardError(EngineError):
    """A card token or card group that cannot be parsed (R2); names the bad token."""


class InvalidCombination(EngineError):
    """A multiset of cards that is no combination (R13)."""


class RulesError(EngineError):
    """An unknown rule option or an option value out of range (§12)."""


class IllegalAction(EngineError):
    """An action that the rules forbid in the current state; the state is unchanged."""


class RecordError(EngineError):
    """A game record that is malformed or breaks a rule; names the half and action index."""

    def __init__(self, reason: str, half: int | None = None, action: int | None = None) -> None:
        self.reason = reason
        self.half = half
        self.action = action
        where = []
        if half is not None:
            where.append(f"half {half}")
        if action is not None:
            where.append(f"action {action}")
        super().__init__(f"{' '.join(where)}: {reason}" if where else reason)
