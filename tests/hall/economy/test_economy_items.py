"""R41, R42, R44: the catalogue, and R43: the inventory's slots, stacks, moves."""

from __future__ import annotations

import json

import pytest
from hypothesis import given, strategies as st

from yuanzi.hall.economy.errors import InventoryFull, NotForSale, SlotError
from yuanzi.hall.economy.inventory import DEFAULT_SLOTS, MAX_STACK, Inventory, Stack
from yuanzi.hall.economy.items import (
    CATALOG,
    GEMS,
    ITEMS,
    ItemCode,
    item_code,
    price_of,
    shop_list,
    spec,
)

S, G, T, C, CL, R = (ItemCode.SIGN, ItemCode.GOLD_SIGN, ItemCode.TIMER,
                     ItemCode.CARD_COUNTER, ItemCode.TABLECLOTH, ItemCode.RECORDER)
SHARD, STD, PERFECT = ItemCode.GEM_SHARD, ItemCode.GEM_STANDARD, ItemCode.GEM_PERFECT


# -- catalogue -----------------------------------------------------------------------------

def test_catalogue_codes_names_prices() -> None:
    expected = {
        "sign": ("招牌", 1_000), "gold_sign": ("金字招牌", 10_000), "timer": ("定时器", 500),
        "card_counter": ("算牌器", 300), "tablecloth": ("桌布", 2_000), "recorder": ("录像机", 300),
        "gem_shard": ("钻石碎片", None), "gem_standard": ("标准钻石", None),
        "gem_perfect": ("完美钻石", None),
    }
    assert {c.value: (s.zh, s.price) for c, s in CATALOG.items()} == expected
    assert all(s.en and s.en.isascii() for s in CATALOG.values())
    assert [s.code for s in shop_list()] == list(ITEMS)


def test_items_stack_gems_do_not() -> None:
    assert all(spec(c).stackable and not spec(c).is_gem for c in ITEMS)
    assert all(not spec(c).stackable and not spec(c).for_sale for c in GEMS)
    assert [spec(c).gem_points for c in GEMS] == [1, 10, 100]
    assert (spec(S).protect_hours, spec(G).protect_hours) == (1, 24)


def test_prices_and_refusals() -> None:
    assert price_of("timer") == 500
    for gem in GEMS:
        with pytest.raises(NotForSale):
            price_of(gem)
    with pytest.raises(ValueError, match="unknown item 'sword'"):
        item_code("sword")


# -- inventory -----------------------------------------------------------------------------

def full_of_gems(size: int = DEFAULT_SLOTS) -> Inventory:
    return Inventory.empty(size).add(SHARD, size)


def test_empty_inventory() -> None:
    inv = Inventory.empty()
    assert inv.size == 24 and inv.free_slots == 24
    assert inv.room_for(T) == 24 * 99 and inv.room_for(SHARD) == 24
    with pytest.raises(ValueError):
        Inventory.empty(0)


def test_add_joins_a_stack_then_takes_the_first_free_slot() -> None:
    inv = Inventory.empty(4).add(T).move(0, 2)        # a timer stack in slot 2
    inv = inv.add(T, 3)
    assert inv.slots == (None, None, Stack(T, 4), None)
    inv = inv.add(C)
    assert inv.slots == (Stack(C, 1), None, Stack(T, 4), None)
    inv = inv.add(T, 96)                               # fills slot 2 to 99, then slot 1
    assert inv.slots == (Stack(C, 1), Stack(T, 1), Stack(T, 99), None)
    assert inv.count(T) == 100


def test_gems_take_one_slot_each() -> None:
    inv = Inventory.empty(4).add(SHARD).add(SHARD).add(PERFECT)
    assert inv.slots == (Stack(SHARD, 1), Stack(SHARD, 1), Stack(PERFECT, 1), None)
    with pytest.raises(ValueError):
        Stack(SHARD, 2)


def test_full_inventory_refuses_and_changes_nothing() -> None:
    inv = full_of_gems(3)
    with pytest.raises(InventoryFull):
        inv.add(T)
    with pytest.raises(InventoryFull):
        inv.add(SHARD)
    assert inv == full_of_gems(3)
    # a full slot row still takes an item that joins a stack with room
    inv = Inventory.empty(2).add(T, 98).add(SHARD)
    assert inv.add(T).slots == (Stack(T, 99), Stack(SHARD, 1))
    with pytest.raises(InventoryFull):
        inv.add(T, 2)                                  # all-or-nothing
    assert inv.slots == (Stack(T, 98), Stack(SHARD, 1))


def test_stack_limit_99() -> None:
    inv = Inventory.empty(2).add(R, MAX_STACK)
    assert inv.slots == (Stack(R, 99), None)
    assert inv.add(R).slots == (Stack(R, 99), Stack(R, 1))
    assert inv.room_for(R) == 99
    with pytest.raises(InventoryFull):
        inv.add(R, 100)


def test_take_and_take_code() -> None:
    inv = Inventory.empty(3).add(T, 2).add(SHARD)
    inv2, code = inv.take(0)
    assert code == T and inv2.slots[0] == Stack(T, 1)
    inv3, code = inv2.take(0)
    assert inv3.slots[0] is None
    assert inv.take(1)[0].slots[1] is None
    assert inv.take_code(T).count(T) == 1
    with pytest.raises(SlotError):
        inv.take(2)                                    # empty
    with pytest.raises(SlotError):
        inv.take(0, 3)                                 # more than the stack
    with pytest.raises(SlotError):
        inv.take(24)
    with pytest.raises(SlotError):
        inv.take_code(G)


def test_move_to_empty_swap_merge() -> None:
    inv = Inventory((Stack(T, 5), Stack(SHARD, 1), None, Stack(T, 97), Stack(T, 99)))
    assert inv.move(0, 2).slots == (None, Stack(SHARD, 1), Stack(T, 5), Stack(T, 97),
                                    Stack(T, 99))
    assert inv.move(0, 1).slots == (Stack(SHARD, 1), Stack(T, 5), None, Stack(T, 97),
                                    Stack(T, 99))
    # merge: the target fills to 99, the remainder stays
    assert inv.move(0, 3).slots == (Stack(T, 3), Stack(SHARD, 1), None, Stack(T, 99),
                                    Stack(T, 99))
    assert inv.move(3, 0).slots == (Stack(T, 99), Stack(SHARD, 1), None, Stack(T, 3),
                                    Stack(T, 99))
    # onto a full stack of the same item: swap
    assert inv.move(0, 4).slots == (Stack(T, 99), Stack(SHARD, 1), None, Stack(T, 97),
                                    Stack(T, 5))
    # two gems of one kind never merge
    gems = Inventory((Stack(SHARD, 1), Stack(SHARD, 1)))
    assert gems.move(0, 1) == gems
    assert inv.move(2, 2) is inv
    with pytest.raises(SlotError):
        inv.move(2, 0)
    with pytest.raises(SlotError):
        inv.move(0, 5)


def test_json_round_trip_and_resizing() -> None:
    inv = Inventory.empty(4).add(T, 3).add(PERFECT)
    data = json.loads(json.dumps(inv.to_json()))
    assert data == [{"item": "timer", "count": 3}, {"item": "gem_perfect", "count": 1}, None,
                    None]
    assert Inventory.from_json(data) == inv
    assert Inventory.from_json(data, size=6).size == 6
    assert Inventory.from_json(data, size=2).slots == inv.slots[:2]
    with pytest.raises(ValueError):
        Inventory.from_json(data, size=1)
    for bad in ([{"item": "timer"}], [{"item": "sword", "count": 1}],
                [{"item": "timer", "count": 100}], [{"item": "gem_shard", "count": 2}],
                [{"item": "timer", "count": True}], []):
        with pytest.raises(ValueError):
            Inventory.from_json(bad)


codes = st.sampled_from(list(ItemCode))
ops = st.one_of(
    st.tuples(st.just("add"), codes, st.integers(1, 120)),
    st.tuples(st.just("take"), st.integers(0, 5), st.integers(1, 3)),
    st.tuples(st.just("move"), st.integers(0, 5), st.integers(0, 5)),
)


@given(st.lists(ops, max_size=40))
def test_inventory_operations_conserve_items(steps: list[tuple[str, object, int]]) -> None:
    inv = Inventory.empty(6)
    held = dict.fromkeys(ItemCode, 0)
    for op, a, b in steps:
        before = inv
        try:
            if op == "add":
                assert isinstance(a, ItemCode)
                inv = inv.add(a, b)
                held[a] += b
            elif op == "take":
                assert isinstance(a, int)
                inv, code = inv.take(a, b)
                held[code] -= b
            else:
                assert isinstance(a, int)
                inv = inv.move(a, b)
        except (InventoryFull, SlotError):
            assert inv == before
        assert {c: inv.count(c) for c in ItemCode} == held
        assert Inventory.from_json(inv.to_json()) == inv
