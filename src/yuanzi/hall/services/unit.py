"""One unit of work: a decision run in one transaction, the core's refusal made the
hall's error. Every service writes through :class:`UnitOfWork`, so a check and the write
it guards are never apart (docs/hall.md, "The economy's unit of work")."""

from __future__ import annotations

from collections.abc import Sequence

from yuanzi.hall.economy import errors as ee
from yuanzi.hall.economy.inventory import Inventory
from yuanzi.hall.economy.items import ItemCode, item_code
from yuanzi.hall.errors import Code, HallError
from yuanzi.hall.ports import Applied, Decision, EconomyStore, R

_CODES: tuple[tuple[type[ee.EconomyError], Code], ...] = (
    (ee.InsufficientCoins, Code.NOT_ENOUGH_COINS),
    (ee.NegativeBalance, Code.NOT_ENOUGH_COINS),
    (ee.InventoryFull, Code.INVENTORY_FULL),
    (ee.SlotError, Code.BAD_SLOT),
    (ee.NotForSale, Code.NOT_FOR_SALE),
    (ee.GemCapReached, Code.GEM_CAP),
    (ee.ReliefRefused, Code.RELIEF_REFUSED),
    (ee.InvalidBet, Code.BAD_OPTIONS),
)


def hall_error(e: ee.EconomyError) -> HallError:
    """The core's typed refusal as the hall's stable error code."""
    for kind, code in _CODES:
        if isinstance(e, kind):
            return HallError(code, str(e))
    return HallError(Code.BAD_OPTIONS, str(e))


class UnitOfWork:
    """Runs decisions on the economy's store, one transaction each."""

    def __init__(self, store: EconomyStore) -> None:
        self.store = store

    async def run(self, account_ids: Sequence[int], decide: Decision[R]) -> Applied[R]:
        try:
            return await self.store.transact(account_ids, decide)
        except ee.EconomyError as e:
            raise hall_error(e) from None


def known_item(code: str) -> ItemCode:
    try:
        return item_code(code)
    except ValueError:
        raise HallError(Code.NO_SUCH_ITEM, f"there is no item {code!r}") from None


def slot_item(inventory: Inventory, slot: int) -> ItemCode:
    """The item in ``slot``, or the hall's ``bad_slot`` in words."""
    if isinstance(slot, bool) or not 0 <= slot < inventory.size:
        raise HallError(Code.BAD_SLOT, f"slot {slot} is not one of 0–{inventory.size - 1}")
    held = inventory.slots[slot]
    if held is None:
        raise HallError(Code.BAD_SLOT, f"slot {slot} is empty")
    return held.code
