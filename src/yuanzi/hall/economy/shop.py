"""The shop (道具商店, R44): buying an item is coins out and an item in, or neither.

The shop is the economy's only sink (R44). A purchase checks both sides before changing
either — the price against the balance, the quantity against the inventory's room —
so a refused purchase of any quantity, 1 to :data:`MAX_QUANTITY` (:class:`InsufficientCoins`,
:class:`InventoryFull`, :class:`NotForSale` for a gem), leaves coins and items exactly as
they were.
"""

from __future__ import annotations

from dataclasses import dataclass

from yuanzi.hall.economy.errors import InsufficientCoins, InventoryFull
from yuanzi.hall.economy.inventory import Inventory
from yuanzi.hall.economy.items import price_of, spec
from yuanzi.hall.economy.ledger import AccountId, Entries, purchase

MAX_QUANTITY = 99
"""One purchase buys 1 to 99 of an item (a full stack, R44) — one price × quantity sink."""


@dataclass(frozen=True, slots=True)
class Purchase:
    """What the store writes in one transaction: the sink entry and the new inventory."""

    entries: Entries
    inventory: Inventory
    cost: int


def buy(account: AccountId, balance: int, inventory: Inventory, code: str,
        quantity: int = 1) -> Purchase:
    """Buy ``quantity`` of ``code`` at the shop price (R44), all or nothing."""
    item = spec(code)
    price = price_of(item.code)
    if not 1 <= quantity <= MAX_QUANTITY:
        raise ValueError(f"a quantity is 1 to {MAX_QUANTITY}, not {quantity}")
    if price * quantity > balance:
        raise InsufficientCoins(f"buying {quantity} × {item.en}", price * quantity, balance)
    if not inventory.can_add(item.code, quantity):
        raise InventoryFull(f"no room for {quantity} × {item.en} ({item.zh})")
    entries = purchase(account, balance, price, item.code.value, quantity)
    return Purchase(entries, inventory.add(item.code, quantity), price * quantity)
