"""Items at a table (R41): the card counter, signs and the tablecloth, the timer, and the
armed timers and recorders a seat shows.

A :class:`TableItems` belongs to one table and runs inside its actor, so like the actor
it needs no locks. What the card counter shows is computed from its owner's own
observation (R45) — every card minus his hand minus the cards played this half — never
from the other hands.
"""

from __future__ import annotations

import logging
import time
from collections import Counter
from typing import Protocol

from yuanzi.engine import Game
from yuanzi.engine.cards import Card, full_deck, sort_hand
from yuanzi.engine.observe import Observation
from yuanzi.hall.economy.items import ItemCode, spec
from yuanzi.hall.economy.timer import TIMER_EXTENSION_SECONDS, TimerFired
from yuanzi.hall.errors import Code, HallError
from yuanzi.hall.events import CounterFrame
from yuanzi.hall.models import TableSpec
from yuanzi.hall.ports import LeaseLost, TableEconomy, TableUpdate
from yuanzi.hall.table import options
from yuanzi.hall.table.clock import TableClock
from yuanzi.hall.table.commands import Renamed, Sender
from yuanzi.hall.table.context import TableContext
from yuanzi.hall.table.frames import counter_frame, timer_frame
from yuanzi.hall.table.views import Outbox

log = logging.getLogger(__name__)
SHOWN_ARMED = (ItemCode.TIMER.value, ItemCode.RECORDER.value)
"""Armed items a seat shows to the table: that they are armed is public (R41); nothing
they will do is."""


class ItemsHost(Protocol):
    """The table as its items see it."""

    spec: TableSpec
    ctx: TableContext
    out: Outbox
    game: Game | None
    version: int
    clock: TableClock

    @property
    def id(self) -> int: ...
    def seat_index(self, account_id: int) -> int | None: ...
    def seat_of(self, account_id: int) -> int: ...
    def publish_table(self) -> None: ...
    def reschedule(self) -> None: ...


def counter_cards(obs: Observation) -> list[Card]:
    """R41's card counter for ``obs``'s seat: the cards the other three hold together.

    All 162 cards minus the seat's own hand minus every card played this half; only the
    seat's own observation is read, so nothing R45 hides can enter.
    """
    if obs.hand is None:
        raise ValueError("a card counter belongs to a seat")
    rest = Counter(full_deck())
    rest.subtract(obs.hand)
    rest.subtract(obs.played_cards())
    if any(n < 0 for n in rest.values()):
        raise AssertionError("more cards seen than the three packs hold")
    return sort_hand(list(rest.elements()), obs.blade_rank)


def _duration(seconds: float) -> str:
    minutes = int(seconds // 60) + 1
    return f"{minutes // 60} h {minutes % 60} min" if minutes >= 60 else f"{minutes} min"


class TableItems:
    def __init__(self, table: ItemsHost) -> None:
        self.table = table
        self.counters: dict[int, int] = {}
        """Seat → account of an active card counter, for the rest of this game."""
        self.timer_version: int | None = None
        """The game version at which a timer last fired: once per turn."""
        self.restored_timer: tuple[int, int] | None = None
        """(version, seat) of a timer that fired before a restart, on the turn still to
        be played: its 90 s are given again, unpaid, when the fresh clock runs out."""
        self.armed: dict[int, list[str]] = {}
        """Account → the items it has armed that its seat shows (:data:`SHOWN_ARMED`)."""

    @property
    def _economy(self) -> TableEconomy:
        return self.table.ctx.economy

    def game_ended(self) -> None:
        """Counters and the timer's once-per-turn count last one game."""
        self.counters.clear()
        self.timer_version = None
        self.restored_timer = None

    def seat_freed(self, seat: int) -> None:
        self.counters.pop(seat, None)

    # -- armed items shown at the seats (R41) ----------------------------------------------

    def armed_of(self, account_id: int) -> list[str]:
        """What the seat of ``account_id`` shows as armed (the table view's ``armed``)."""
        return self.armed.get(account_id, [])

    async def load_armed(self, account_ids: list[int] | None = None) -> None:
        """Read the armed items of these accounts (default: everyone seated)."""
        if account_ids is None:
            account_ids = [s.account.id for s in self.table.spec.seats if s.account is not None]
        armed = await self._economy.armed(account_ids)
        for account_id in account_ids:
            self.armed[account_id] = sorted(a for a in armed.get(account_id, ())
                                            if a in SHOWN_ARMED)

    async def armed_changed(self, account_id: int, armed: list[str]) -> None:
        """The player armed or disarmed an item: his seat shows it (a ``table`` frame)."""
        shown = sorted(a for a in armed if a in SHOWN_ARMED)
        if self.armed.get(account_id, []) == shown:
            return
        self.armed[account_id] = shown
        if self.table.seat_index(account_id) is not None:
            self.table.publish_table()

    def disarm(self, account_id: int | None, code: str) -> None:
        """An armed item acted (and was spent): the seat no longer shows it."""
        if account_id is not None and code in self.armed.get(account_id, []):
            self.armed[account_id] = [a for a in self.armed[account_id] if a != code]

    # -- the card counter (R41) ------------------------------------------------------------

    def counter_frame(self, seat: int) -> CounterFrame | None:
        table = self.table
        if seat not in self.counters or table.game is None or table.spec.game_id is None:
            return None
        cards = counter_cards(table.game.observation(seat))
        return counter_frame(table.id, table.spec.game_id, table.version, seat, cards)

    def publish_counters(self) -> None:
        """Each owner (and only he, on his own topic) gets the counter after a change."""
        for seat, account_id in self.counters.items():
            frame = self.counter_frame(seat)
            if frame is not None:
                self.table.out.account(account_id, frame.envelope())

    async def load_counters(self) -> None:
        """After a restart: the counters bought for the game in progress still count, and
        a timer that fired on the turn still to be played keeps its extension (the clock
        starts afresh; when it runs out the 90 s already paid for are added again)."""
        table = self.table
        game_id = table.spec.game_id
        if game_id is None:
            return
        owners = set(await self._economy.counters_of(game_id))
        for i, s in enumerate(table.spec.seats):
            if s.account is not None and s.account.id in owners:
                self.counters[i] = s.account.id
        await self.load_armed()
        version = table.version
        for detail in await self._economy.timers_of(game_id):
            if detail.get("version") == version and isinstance(detail.get("seat"), int):
                self.timer_version = version  # once per turn, across the restart too
                self.restored_timer = (version, detail["seat"])

    async def use_counter(self, sender: Sender, slot: int | None) -> str:
        """Start the sender's card counter for the rest of this game; the item spent."""
        table = self.table
        account_id = sender.account_id
        seat = table.seat_of(account_id)
        if table.game is None or table.spec.game_id is None:
            raise HallError(Code.NO_GAME, "a card counter is used during a game")
        if seat in self.counters:
            raise HallError(Code.ITEM_UNUSABLE, "your card counter already runs this game")
        await self._economy.spend_at_table(account_id, slot, (ItemCode.CARD_COUNTER,),
                                           game_id=table.spec.game_id, table_id=table.id)
        self.counters[seat] = account_id
        frame = self.counter_frame(seat)
        if frame is not None:
            table.out.account(account_id, frame.envelope())
        return ItemCode.CARD_COUNTER.value

    # -- the timer (R33, R41) --------------------------------------------------------------

    async def timer_fires(self, seat: int) -> bool:
        """The seat to move timed out: an armed timer adds 90 s (and costs 3 × 90)."""
        table = self.table
        game_id = table.spec.game_id
        if table.spec.seats[seat].account is None or game_id is None:
            return False
        if self.restored_timer == (table.version, seat):
            self.restored_timer = None  # paid before the restart: the extension, once
            self._extend(game_id, seat, TIMER_EXTENSION_SECONDS, 0)
            return True
        if self.timer_version == table.version:
            return False
        try:
            fired = await self._economy.fire_timer(game_id, seat, table.spec.seats,
                                                   version=table.version)
        except LeaseLost:
            raise  # another node owns the table now: the actor steps down
        except Exception:  # the clock must go on: a failed timer is a plain timeout
            log.exception("table %s: the timer of seat %s failed", table.id, seat)
            return False
        if not isinstance(fired, TimerFired):
            return False
        self.timer_version = table.version
        owner = table.spec.seats[seat].account
        self.disarm(None if owner is None else owner.id, ItemCode.TIMER.value)  # spent
        fee = -sum(e.amount for e in fired.entries if e.amount < 0)
        self._extend(game_id, seat, fired.extension_seconds, fee)
        table.publish_table()  # the seat no longer shows an armed timer
        return True

    def _extend(self, game_id: int, seat: int, seconds: int, fee: int) -> None:
        """Push the turn's deadline back and tell the table (a ``timer`` frame)."""
        table = self.table
        table.clock.extend(seconds)
        frame = timer_frame(table.id, game_id, seat, seconds, table.clock.deadline_wall, fee,
                            table.spec.seats)
        table.out.everyone(frame.envelope())
        table.reschedule()

    # -- signs and tablecloths (R41) -------------------------------------------------------

    async def rename(self, sender: Sender, name: str, slot: int | None,
                     item: str | None) -> Renamed:
        """招牌 / 金字招牌: rename the table; the name is then protected 1 h / 24 h."""
        table = self.table
        table.seat_of(sender.account_id)
        name = options.table_name(name)
        left = self.protection_left()
        if left > 0:
            raise HallError(Code.NAME_PROTECTED,
                            f"a sign protects this table's name for {_duration(left)} more; "
                            "only an admin may rename it now")
        allowed: tuple[ItemCode, ...] = (ItemCode.SIGN, ItemCode.GOLD_SIGN)
        if item is not None:
            if item not in allowed:
                raise HallError(Code.ITEM_UNUSABLE, "a table is renamed with a sign")
            allowed = (ItemCode(item),)
        code, update = await self._economy.spend_at_table(
            sender.account_id, slot, allowed, table=TableUpdate(table.id, name), table_id=table.id,
            detail={"from": table.spec.name, "to": name})
        table.spec.name = name
        table.spec.name_default = False
        until = None if update is None or update.protected_until is None else (
            update.protected_until.timestamp())
        table.spec.name_protected_until = until
        table.publish_table()
        return Renamed(table.id, name, code.value, until, spec(code).protect_hours)

    def protection_left(self) -> float:
        until = self.table.spec.name_protected_until
        return 0.0 if until is None else max(0.0, until - time.time())

    async def admin_rename(self, sender: Sender, name: str) -> str:
        """An admin renames any table, protected or not; the protection ends (the actor
        has checked the sender is an admin)."""
        table = self.table
        name = options.table_name(name)
        await self._economy.admin_rename(sender.account_id, table.id, table.spec.name, name)
        table.spec.name = name
        table.spec.name_default = False
        table.spec.name_protected_until = None
        table.publish_table()
        return name

    async def set_cloth(self, sender: Sender, pattern: str, slot: int | None) -> str:
        """桌布: the table's cloth pattern changes for everyone at it."""
        table = self.table
        table.seat_of(sender.account_id)
        pattern = options.tablecloth(pattern)
        await self._economy.spend_at_table(
            sender.account_id, slot, (ItemCode.TABLECLOTH,),
            table=TableUpdate(table.id, tablecloth=pattern), table_id=table.id,
            detail={"from": table.spec.tablecloth, "to": pattern})
        table.spec.tablecloth = pattern
        table.publish_table()
        return pattern
