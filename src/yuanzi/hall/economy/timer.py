"""The timer item (定时器, R41) firing on its owner's timeout (R33).

Hall: "定时器双击后不立即被使用，仅当轮到自己出牌，并且超时的时候才生效。定时器延时90秒，
扣除使用人270金币，补偿另外3方每人90金币。" The owner arms a timer (double-click); when
he then times out on his turn, the timer adds 90 s to that turn, costs him 270 coins and
pays 90 to each of the other three. The coins move between players only (R44).

:func:`fire_timer` is what the table calls at the owner's timeout while a timer is armed:
it returns either :class:`TimerFired` (the extension, the ledger entries, the owner's
inventory with one timer spent) or :class:`TimerNotFired` with the reason, in which case
the normal timeout of R33 applies (a random card for a leader, else a pass).

Decisions where the rules leave room (recorded in the project's notes):

* Not enough coins: the timer does **not** fire — no partial payment, no debt; nothing
  is spent and play proceeds with the normal timeout. The timer stays armed.
* One arming is one firing: the fired timer is spent and disarmed; with more timers in
  the stack the owner arms again. (Hall: double-clicking registers the use.)
* The item is spent when it fires, not when armed (hall: 不立即被使用). No timer left in
  the inventory (armed, then it was somehow removed) → it does not fire.
* A seat without an account (a bot) is not paid, and the owner pays only 90 per paid
  seat, so no coin is created or destroyed; a bot never owns a timer.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from yuanzi.hall.economy.inventory import Inventory
from yuanzi.hall.economy.items import ItemCode
from yuanzi.hall.economy.ledger import AccountId, Entries, GameId, Reason, transfer
from yuanzi.hall.economy.stakes import SEATS, check_seat

TIMER_EXTENSION_SECONDS = 90
"""R41: an armed timer adds 90 s to its owner's turn."""
TIMER_FEE_EACH = 90
"""R41: the owner pays 90 coins to each of the other three (270 in all)."""


@dataclass(frozen=True, slots=True)
class TimerFired:
    """The timer fired: extend the turn, post the entries, store the inventory, disarm."""

    owner: int
    extension_seconds: int
    entries: Entries
    inventory: Inventory


@dataclass(frozen=True, slots=True)
class TimerNotFired:
    """The timer did not fire; the normal timeout applies (R33)."""

    owner: int
    reason: str


def timer_fee(owner: int, accounts: Sequence[AccountId | None]) -> tuple[int, int, int, int]:
    """R41: per-seat coins of one firing: −90 per paid seat for the owner, +90 each."""
    check_seat(owner)
    if len(accounts) != 4:
        raise ValueError(f"a table has four seats, got {len(accounts)}")
    if accounts[owner] is None:
        raise ValueError(f"seat {owner} has no account and cannot own a timer")
    deltas = [TIMER_FEE_EACH if s != owner and accounts[s] is not None else 0 for s in SEATS]
    deltas[owner] = -sum(deltas)
    return (deltas[0], deltas[1], deltas[2], deltas[3])


def fire_timer(game_id: GameId, owner: int, accounts: Sequence[AccountId | None],
               owner_balance: int, inventory: Inventory) -> TimerFired | TimerNotFired:
    """R33, R41: the armed timer at its owner's timeout (see the module doc)."""
    deltas = timer_fee(owner, accounts)
    cost = -deltas[owner]
    if inventory.count(ItemCode.TIMER) == 0:
        return TimerNotFired(owner, "no timer left in the inventory")
    if owner_balance < cost:
        return TimerNotFired(owner, f"the timer needs {cost} coins, the owner has "
                                    f"{owner_balance}")
    entries = transfer(Reason.TIMER, game_id, accounts, deltas, item=ItemCode.TIMER.value)
    return TimerFired(owner, TIMER_EXTENSION_SECONDS, entries,
                      inventory.take_code(ItemCode.TIMER))
