"""Using an item (R41–R43: double-click a slot), routed by what the item does.

Gems and armed items (timer, recorder) change only their owner's wallet
(:class:`~yuanzi.hall.services.wallet.WalletService`). Signs, tablecloths and card
counters act on a table, so they run inside that table's actor
(:class:`~yuanzi.hall.table.items.TableItems`), which checks the table's state and spends
the item in one transaction with the table's change.
The REST route ``POST /api/inventory/use`` and the WebSocket messages ``use_item`` and
``rename_table`` all come here.
"""

from __future__ import annotations

import contextlib
from typing import Any, Protocol

from yuanzi.hall.desk_ports import OpenTables
from yuanzi.hall.economy.items import ItemCode, spec
from yuanzi.hall.errors import Code, HallError
from yuanzi.hall.models import Account
from yuanzi.hall.services.unit import slot_item
from yuanzi.hall.services.views import ArmToggled
from yuanzi.hall.services.wallet import WalletService
from yuanzi.hall.table import commands
from yuanzi.hall.table.commands import Sender, ok_data


class Hall(Protocol):
    """What using an item needs of the hall (issue 29: the few ports, never the Hall):
    the wallet, where the player sits, and a way into a table."""

    @property
    def wallet(self) -> WalletService: ...
    def seat_of(self, account_id: int) -> int | None: ...
    async def send(self, command: commands.Command) -> Any: ...
    @property
    def router(self) -> OpenTables: ...

TABLE_USES = ("rename_table", "tablecloth", "card_counter")


def _table_of(hall: Hall, account: Account, table: int | None) -> int:
    table = table if table is not None else hall.seat_of(account.id)
    if table is None or table < 0:
        raise HallError(Code.NOT_SEATED, "this item is used at the table you sit at")
    return table


async def use_item(hall: Hall, account: Account, slot: int, table: int | None = None,
                   name: str | None = None, pattern: str | None = None) -> dict[str, Any]:
    """Use the item in ``slot``; ``table`` defaults to the table the player sits at.
    The answer, in wire form, is the wallet's (a personal item) or the table's reply."""
    held = slot_item((await hall.wallet.wallet_of(account.id)).inventory, slot)
    kind = spec(held).use
    if kind not in TABLE_USES:
        out = await hall.wallet.use_personal(account.id, slot)
        seated = hall.seat_of(account.id)
        if isinstance(out, ArmToggled) and seated is not None and seated > 0:
            # a timer or recorder armed or disarmed: the player's seat shows it
            with contextlib.suppress(HallError):  # the table just closed: the use stands
                await hall.send(commands.ArmedChanged(Sender.of(account), seated,
                                                      out.armed_items()))
        return out.model_dump()
    table_id = _table_of(hall, account, table)
    await hall.router.check_open(table_id)  # said before a missing name or pattern
    sender = Sender.of(account)
    command: commands.Command
    if kind == "rename_table":
        if name is None:
            raise HallError(Code.MALFORMED, "a sign needs the table's new name")
        command = commands.Rename(sender, table_id, name, slot, held.value)
    elif kind == "tablecloth":
        if pattern is None:
            raise HallError(Code.MALFORMED, "a tablecloth needs its pattern")
        command = commands.SetCloth(sender, table_id, pattern, slot)
    else:
        command = commands.UseCounter(sender, table_id, slot)
    return ok_data(await hall.send(command))


async def rename_table(hall: Hall, account: Account, table: int, name: str,
                       item: str | None = None) -> dict[str, Any]:
    """Rename a table with a sign or a gold sign from anywhere in the inventory."""
    if item is not None and item not in (ItemCode.SIGN, ItemCode.GOLD_SIGN):
        raise HallError(Code.ITEM_UNUSABLE, "a table is renamed with sign or gold_sign")
    return ok_data(await hall.send(commands.Rename(Sender.of(account), table, name, None, item)))
