"""A player's own wallet: coins, the shop, 救济金, the inventory's slots, and the items
used without a table (R41–R44).

Each request is one decision over the player's wallet, in one transaction
(:class:`~yuanzi.hall.services.unit.UnitOfWork`): a purchase's coins out and items in,
or neither. Items used *at* a table are a table's business
(:mod:`yuanzi.hall.services.settlement`).
"""

from __future__ import annotations

import logging
from datetime import UTC, date, datetime, tzinfo
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from yuanzi.hall.economy.gems import use_gem
from yuanzi.hall.economy.inventory import Inventory
from yuanzi.hall.economy.items import ItemCode, price_of, shop_list, spec
from yuanzi.hall.economy.ledger import claim_relief, relief_amount
from yuanzi.hall.economy.shop import MAX_QUANTITY, buy
from yuanzi.hall.errors import Code, HallError
from yuanzi.hall.ports import Changes, EconomyStore, ItemUse, Wallet
from yuanzi.hall.services.standings import Standings
from yuanzi.hall.services.unit import UnitOfWork, known_item, slot_item
from yuanzi.hall.services.views import (
    ArmToggled,
    Bought,
    GemUsed,
    InventoryView,
    LedgerLine,
    MyLedger,
    PersonalUse,
    ReliefGranted,
    ReliefStatus,
    Shop,
    ShopItem,
    SlotView,
)
from yuanzi.hall.settings import Settings

log = logging.getLogger(__name__)


def slot_views(inventory: Inventory, armed: frozenset[str]) -> list[SlotView | None]:
    out: list[SlotView | None] = []
    for s in inventory.slots:
        if s is None:
            out.append(None)
            continue
        item = spec(s.code)
        out.append(SlotView(item=s.code.value, count=s.count, zh=item.zh, en=item.en,
                            armed=s.code.value in armed))
    return out


def inventory_view(coins: int, inventory: Inventory, armed: frozenset[str]) -> InventoryView:
    return InventoryView(coins=coins, size=inventory.size, free=inventory.free_slots,
                         slots=slot_views(inventory, armed), armed=sorted(armed))


def hall_timezone(name: str) -> tzinfo:
    try:
        return ZoneInfo(name)
    except (ZoneInfoNotFoundError, ValueError):
        log.warning("time zone %r is unknown; the hall's day is UTC", name)
        return UTC


class WalletService:
    def __init__(self, settings: Settings, store: EconomyStore, standings: Standings) -> None:
        self.settings = settings
        self.store = store
        self.unit = UnitOfWork(store)
        self.standings = standings
        self.tz = hall_timezone(settings.timezone)

    def today(self) -> date:
        """The hall's calendar day (R44: relief once a day)."""
        return datetime.now(self.tz).date()

    async def wallet_of(self, account_id: int) -> Wallet:
        wallet = await self.store.wallet(account_id)
        if wallet is None:
            raise HallError(Code.NO_SUCH_ACCOUNT, f"there is no account {account_id}")
        return wallet

    async def inventory(self, account_id: int) -> InventoryView:
        w = await self.wallet_of(account_id)
        return inventory_view(w.coins, w.inventory, w.armed)

    @staticmethod
    def shop() -> Shop:
        return Shop(items=[ShopItem(item=s.code.value, zh=s.zh, en=s.en,
                                    price=price_of(s.code), stackable=s.stackable)
                           for s in shop_list()])

    async def buy(self, account_id: int, code: str, count: int) -> Bought:
        """R44: the shop — coins out (the only sink) and items in, or neither: ``count``
        (1–99) of one item at price × count, in one transaction."""
        item = known_item(code)
        if not 1 <= count <= MAX_QUANTITY:
            raise HallError(Code.MALFORMED,
                            f"count: buy 1 to {MAX_QUANTITY} at a time, not {count}")

        def decide(wallets: dict[int, Wallet]) -> Changes[InventoryView]:
            w = wallets[account_id]
            bought = buy(account_id, w.coins, w.inventory, item, count)
            c = Changes(entries=bought.entries,
                        result=inventory_view(0, bought.inventory, w.armed))
            c.wallet(account_id).inventory = bought.inventory
            return c

        applied = await self.unit.run([account_id], decide)
        view = applied.value.model_copy(update={"coins": applied.accounts[account_id].coins})
        return Bought(**view.model_dump(), item=item.value, count=count)

    async def relief(self, account_id: int) -> ReliefGranted:
        """R44: 救济金 — once a hall day, a player under the line is topped up to it."""
        today = self.today()
        line = self.settings.relief_line

        def decide(wallets: dict[int, Wallet]) -> Changes[int]:
            w = wallets[account_id]
            entries = claim_relief(account_id, w.coins, w.last_relief, today, line)
            c = Changes(entries=entries, result=entries[0].amount)
            c.wallet(account_id).last_relief = today
            return c

        applied = await self.unit.run([account_id], decide)
        return ReliefGranted(granted=applied.value, coins=applied.accounts[account_id].coins)

    async def relief_status(self, account_id: int) -> ReliefStatus:
        wallet = await self.wallet_of(account_id)
        amount = relief_amount(wallet.coins, wallet.last_relief, self.today(),
                               self.settings.relief_line)
        return ReliefStatus(available=amount, line=self.settings.relief_line,
                            last_claim=None if wallet.last_relief is None
                            else wallet.last_relief.isoformat())

    async def move(self, account_id: int, src: int, dst: int) -> InventoryView:
        """R43: click one slot, then another: move, merge or swap."""
        def decide(wallets: dict[int, Wallet]) -> Changes[InventoryView]:
            w = wallets[account_id]
            inv = w.inventory.move(src, dst)
            c = Changes(result=inventory_view(w.coins, inv, w.armed))
            c.wallet(account_id).inventory = inv
            return c

        return (await self.unit.run([account_id], decide)).value

    async def use_personal(self, account_id: int, slot: int) -> PersonalUse:
        """R41–R43: double-click an item that needs no table — a gem (under the cap), or
        arming (or disarming) a timer or a recorder."""
        held = slot_item((await self.wallet_of(account_id)).inventory, slot)
        kind = spec(held).use
        if kind == "ladder_points":
            return await self._use_gem(account_id, slot)
        if kind == "arm":
            return await self._toggle_armed(account_id, slot, held)
        raise HallError(Code.ITEM_UNUSABLE,
                        f"{spec(held).en} is used at a table: give the table you sit at")

    async def _use_gem(self, account_id: int, slot: int) -> GemUsed:
        cap = (await self.standings.gem_cap()).cap
        ladder = self.standings.ladder

        def use(wallets: dict[int, Wallet]) -> Changes[tuple[InventoryView, int, str]]:
            w = wallets[account_id]
            gem = slot_item(w.inventory, slot)  # as it is now, under the lock
            used = use_gem(ladder, w.account.ladder_player, w.inventory, slot, cap)
            c = Changes(result=(inventory_view(0, used.inventory, w.armed), used.points,
                                gem.value))
            c.wallet(account_id).inventory = used.inventory
            c.wallet(account_id).ladder = used.player
            c.item_uses.append(ItemUse(account_id, gem.value, detail={"points": used.points}))
            return c

        applied = await self.unit.run([account_id], use)
        view, points, gem = applied.value
        a = applied.accounts[account_id]
        return GemUsed(**{**view.model_dump(), "coins": a.coins}, used=gem, points=points,
                       score=a.ladder_score, level=a.level, title=a.title,
                       title_en=a.title_en)

    async def _toggle_armed(self, account_id: int, slot: int, held: ItemCode) -> ArmToggled:
        def arm(wallets: dict[int, Wallet]) -> Changes[InventoryView]:
            w = wallets[account_id]
            if slot_item(w.inventory, slot) != held:
                raise HallError(Code.BAD_SLOT, f"slot {slot} changed; try again")
            armed = (w.armed - {held.value} if held.value in w.armed
                     else w.armed | {held.value})
            c = Changes(result=inventory_view(w.coins, w.inventory, armed))
            c.wallet(account_id).armed = armed
            return c

        applied = await self.unit.run([account_id], arm)
        view = applied.value
        return ArmToggled(coins=applied.accounts[account_id].coins, size=view.size,
                          free=view.free, slots=view.slots, used=held.value,
                          armed=held.value in view.armed)

    async def ledger(self, account_id: int, limit: int) -> MyLedger:
        """The player's own coin movements (R44), newest first."""
        account = await self.standings.require_account(account_id)
        rows = await self.store.ledger_of(account_id, limit)
        return MyLedger(coins=account.coins,
                        entries=[LedgerLine.model_validate(r) for r in rows])
