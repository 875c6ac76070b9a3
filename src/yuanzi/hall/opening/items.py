"""Opening a table whose name or cloth is not the default (R41, [choice] "免费改桌名的时代
过去了"): the sign or tablecloth is spent in the same transaction that stores the table,
so a refusal anywhere (no such item, the hall full, a room code taken) keeps the item.

A sign used at creation protects the name as a rename does (1 h; 24 h for a gold sign).
Without ``sign`` the cheaper plain sign goes first.
"""

from __future__ import annotations

import time

from yuanzi.hall.economy.inventory import Inventory
from yuanzi.hall.economy.items import ItemCode, spec
from yuanzi.hall.errors import Code, HallError
from yuanzi.hall.models import TableSpec
from yuanzi.hall.ports import Changes, ItemUse, Wallet
from yuanzi.hall.services.unit import UnitOfWork

SIGNS = (ItemCode.SIGN, ItemCode.GOLD_SIGN)


def sign_kind(code: str) -> ItemCode:
    """The kind of sign a new table's name is to spend (R41)."""
    if code not in SIGNS:
        raise HallError(Code.ITEM_UNUSABLE, "a table is named with sign or gold_sign")
    return ItemCode(code)


def _first_held(inventory: Inventory, codes: tuple[ItemCode, ...]) -> int | None:
    """The slot of the first of ``codes`` the player holds (in that order of choice)."""
    return next((i for code in codes if (i := inventory.find(code)) is not None), None)


async def open_with_items(unit: UnitOfWork, spec_: TableSpec, *, named: bool,
                          clothed: bool, sign: ItemCode | None = None) -> int:
    """Store ``spec_`` and spend a sign (``named``) and a tablecloth (``clothed``) of its
    owner; returns the table's id. ``needs_item`` when he lacks one."""
    owner = spec_.owner.id
    signs = SIGNS if sign is None else (sign,)

    def decide(wallets: dict[int, Wallet]) -> Changes[None]:
        inventory = wallets[owner].inventory
        c = Changes[None](new_table=spec_)
        if named:
            index = _first_held(inventory, signs)
            if index is None:
                raise HallError(Code.NEEDS_ITEM, "a table of your own name needs a sign "
                                "(招牌 or 金字招牌, in the shop); leave the name empty for "
                                "the default one")
            inventory, code = inventory.take(index)
            spec_.name_protected_until = time.time() + 3600 * spec(code).protect_hours
            c.item_uses.append(ItemUse(owner, code.value, None, None,
                                       {"to": spec_.name, "at": "creation"}))
        if clothed:
            index = inventory.find(ItemCode.TABLECLOTH)
            if index is None:
                raise HallError(Code.NEEDS_ITEM, "a cloth other than the green one needs a "
                                "tablecloth (桌布, in the shop)")
            inventory, _ = inventory.take(index)
            c.item_uses.append(ItemUse(owner, ItemCode.TABLECLOTH.value, None, None,
                                       {"to": spec_.tablecloth, "at": "creation"}))
        c.wallet(owner).inventory = inventory
        return c

    await unit.run([owner], decide)
    return spec_.id
