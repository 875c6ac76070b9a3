"""Typed refusals of the economy core.

Like the engine's errors (ARCHITECTURE: "Typed errors"), every refusal names its reason
and changes nothing: the functions of this package are pure, so a refused operation
simply returns no new value. The server turns these into a clear message to the client.
"""

from __future__ import annotations


class EconomyError(ValueError):
    """Base class of every refusal raised by :mod:`yuanzi.hall.economy`."""


class InvalidBet(EconomyError):
    """A bet that is not in the doubling series 0, 10, 20, 40, … (R40)."""


class InsufficientCoins(EconomyError):
    """An operation that would take more coins than an account holds (R40, R41, R44)."""

    def __init__(self, reason: str, needed: int, balance: int) -> None:
        self.needed = needed
        self.balance = balance
        super().__init__(f"{reason}: needs {needed} coins, has {balance}")


class InventoryFull(EconomyError):
    """No free slot and no stack with room: nothing more can be received (R43)."""


class SlotError(EconomyError):
    """A slot index out of range, or an empty slot where an item is needed (R43)."""


class NotForSale(EconomyError):
    """An item the shop does not sell: gems are never sold (R42)."""


class GemCapReached(EconomyError):
    """A gem used at or above the hall's gem cap (R42)."""


class LedgerImbalance(EconomyError):
    """Coins created or destroyed outside the named sources and the shop (R44)."""


class NegativeBalance(EconomyError):
    """Posting entries would leave an account below zero coins (R44)."""


class ReliefRefused(EconomyError):
    """A relief claim that R44 does not allow: not under 1,000 coins, or claimed today."""
