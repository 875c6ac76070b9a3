"""R33, R41: the armed timer at its owner's timeout: +90 s, 270 coins out, 3 × 90 in."""

from __future__ import annotations

import pytest

from yuanzi.hall.economy.inventory import Inventory, Stack
from yuanzi.hall.economy.items import ItemCode
from yuanzi.hall.economy.ledger import Reason
from yuanzi.hall.economy.timer import (
    TIMER_EXTENSION_SECONDS,
    TimerFired,
    TimerNotFired,
    fire_timer,
    timer_fee,
)


def test_timer_fires_with_270_coins() -> None:
    inv = Inventory.empty().add(ItemCode.TIMER, 2)
    fired = fire_timer(77, 2, [10, 11, 12, 13], 270, inv)
    assert isinstance(fired, TimerFired)
    assert fired.extension_seconds == TIMER_EXTENSION_SECONDS == 90
    assert {(e.account, e.amount) for e in fired.entries} == {(10, 90), (11, 90), (12, -270),
                                                            (13, 90)}
    assert all(e.reason == Reason.TIMER and e.game_id == 77 for e in fired.entries)
    assert fired.inventory.count(ItemCode.TIMER) == 1
    assert sum(e.amount for e in fired.entries) == 0


def test_timer_does_not_fire_without_coins_or_item() -> None:
    inv = Inventory.empty().add(ItemCode.TIMER)
    not_fired = fire_timer(77, 0, [10, 11, 12, 13], 269, inv)
    assert isinstance(not_fired, TimerNotFired) and "270" in not_fired.reason
    none_left = fire_timer(77, 0, [10, 11, 12, 13], 10**6, Inventory.empty())
    assert isinstance(none_left, TimerNotFired)


def test_timer_with_bots_pays_only_accounts() -> None:
    assert timer_fee(1, [None, 5, 6, None]) == (0, -90, 90, 0)
    assert timer_fee(1, [None, 5, None, None]) == (0, 0, 0, 0)
    fired = fire_timer(3, 1, [None, 5, None, None], 0, Inventory((Stack(ItemCode.TIMER, 1),)))
    assert isinstance(fired, TimerFired) and fired.entries == ()
    with pytest.raises(ValueError):
        timer_fee(0, [None, 5, 6, 7])
