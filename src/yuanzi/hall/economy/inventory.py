"""The inventory (物品格, R43): a fixed row of slots holding stacks and gems.

An :class:`Inventory` is an immutable value: every operation returns a new one or raises
a typed refusal and leaves the old one as it was, so the store can write the result in
the same transaction as the coins that paid for it.

Rules (R43, R44): 24 slots by default (hall setting); a stack of one stackable item takes
one slot and holds up to 99; a gem takes one slot each. Receiving fills stacks with room
first (in slot order), then the first free slots. With no room nothing is received.

Decisions where the rules leave room (recorded in the project's notes):

* Adding several at once (a shop purchase of n) is all-or-nothing: if the whole
  quantity does not fit, nothing is added and :class:`InventoryFull` is raised.
* Moving (click one slot, then another — hall: 两者可以交换位置): onto an empty slot the
  item moves; onto a different item, or the same item whose stack is already full, the
  two swap; onto the same stackable item with room the stacks **merge** (the target
  fills up to 99, any remainder stays where it was). Swapping two stacks of the same
  item would change nothing visible, so merging is the only useful meaning of that
  click, and it is what the stacking rule implies. Clicking a slot onto itself does
  nothing.
* Taking by code (a timer fired, R41) takes from the first slot holding that item.
* Serialisation is a JSON list, one element per slot: ``None`` or
  ``{"item": code, "count": n}``. Loading into a different slot count pads with empty
  slots, or drops trailing *empty* slots; it refuses to drop an item.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from yuanzi.hall.economy.errors import InventoryFull, SlotError
from yuanzi.hall.economy.items import ItemCode, item_code, spec

DEFAULT_SLOTS = 24
"""R44: 24 inventory slots (hall setting)."""
MAX_STACK = 99
"""R44: a stack holds up to 99."""


def stack_limit(code: ItemCode) -> int:
    """How many of ``code`` one slot holds: 99 for a stackable item, 1 for a gem."""
    return MAX_STACK if spec(code).stackable else 1


@dataclass(frozen=True, slots=True)
class Stack:
    """What one occupied slot holds."""

    code: ItemCode
    count: int

    def __post_init__(self) -> None:
        object.__setattr__(self, "code", item_code(self.code))  # a plain str becomes the enum
        if not 1 <= self.count <= stack_limit(self.code):
            raise ValueError(f"a slot holds 1–{stack_limit(self.code)} of {self.code}, "
                             f"not {self.count}")


Slot = Stack | None


@dataclass(frozen=True, slots=True)
class Inventory:
    """A player's slots, in order; ``None`` is a free slot."""

    slots: tuple[Slot, ...]

    @classmethod
    def empty(cls, size: int = DEFAULT_SLOTS) -> Inventory:
        if size < 1:
            raise ValueError(f"an inventory has at least one slot, not {size}")
        return cls((None,) * size)

    # -- reading ---------------------------------------------------------------------------

    @property
    def size(self) -> int:
        return len(self.slots)

    @property
    def free_slots(self) -> int:
        return sum(1 for s in self.slots if s is None)

    def count(self, code: str) -> int:
        """How many of ``code`` the inventory holds over all its slots."""
        c = item_code(code)
        return sum(s.count for s in self.slots if s is not None and s.code == c)

    def find(self, code: str) -> int | None:
        """The first slot holding ``code``, or None."""
        c = item_code(code)
        return next((i for i, s in enumerate(self.slots) if s is not None and s.code == c),
                    None)

    def room_for(self, code: str) -> int:
        """How many of ``code`` could still be received."""
        c = item_code(code)
        limit = stack_limit(c)
        room = self.free_slots * limit
        if limit > 1:
            room += sum(limit - s.count for s in self.slots if s is not None and s.code == c)
        return room

    def can_add(self, code: str, quantity: int = 1) -> bool:
        return quantity <= self.room_for(code)

    def _slot(self, index: int) -> Slot:
        if isinstance(index, bool) or not 0 <= index < self.size:
            raise SlotError(f"slot {index!r} is not one of 0–{self.size - 1}")
        return self.slots[index]

    # -- changing --------------------------------------------------------------------------

    def add(self, code: str, quantity: int = 1) -> Inventory:
        """Receive ``quantity`` of ``code``: stacks with room first, then free slots.

        Raises :class:`InventoryFull` (nothing added) when it does not all fit.
        """
        c = item_code(code)
        if quantity < 1:
            raise ValueError(f"a quantity is at least 1, not {quantity}")
        if not self.can_add(c, quantity):
            raise InventoryFull(f"no room for {quantity} × {spec(c).en} ({spec(c).zh}): "
                                f"{self.free_slots} free slots")
        limit = stack_limit(c)
        slots = list(self.slots)
        left = quantity
        if limit > 1:
            for i, s in enumerate(slots):
                if left and s is not None and s.code == c and s.count < limit:
                    put = min(left, limit - s.count)
                    slots[i] = Stack(c, s.count + put)
                    left -= put
        for i, s in enumerate(slots):
            if left and s is None:
                put = min(left, limit)
                slots[i] = Stack(c, put)
                left -= put
        return Inventory(tuple(slots))

    def take(self, index: int, quantity: int = 1) -> tuple[Inventory, ItemCode]:
        """Remove ``quantity`` from one slot (using an item, R43); the slot frees at 0."""
        s = self._slot(index)
        if s is None:
            raise SlotError(f"slot {index} is empty")
        if not 1 <= quantity <= s.count:
            raise SlotError(f"slot {index} holds {s.count} {s.code}, cannot take {quantity}")
        slots = list(self.slots)
        slots[index] = Stack(s.code, s.count - quantity) if s.count > quantity else None
        return Inventory(tuple(slots)), s.code

    def take_code(self, code: str) -> Inventory:
        """Remove one ``code`` from the first slot holding it (a timer firing, R41)."""
        index = self.find(code)
        if index is None:
            raise SlotError(f"no {code} in the inventory")
        return self.take(index)[0]

    def move(self, src: int, dst: int) -> Inventory:
        """Click ``src`` then ``dst`` (R43): move, merge or swap (see the module doc)."""
        a = self._slot(src)
        b = self._slot(dst)
        if src == dst:
            return self
        if a is None:
            raise SlotError(f"slot {src} is empty: nothing to move")
        slots = list(self.slots)
        limit = stack_limit(a.code)
        if b is not None and b.code == a.code and limit > 1 and b.count < limit:
            total = a.count + b.count
            slots[dst] = Stack(a.code, min(total, limit))
            slots[src] = Stack(a.code, total - limit) if total > limit else None
        else:
            slots[src], slots[dst] = b, a
        return Inventory(tuple(slots))

    # -- storing ---------------------------------------------------------------------------

    def to_json(self) -> list[dict[str, Any] | None]:
        """One element per slot: None or {"item": code, "count": n}."""
        return [None if s is None else {"item": s.code.value, "count": s.count}
                for s in self.slots]

    @classmethod
    def from_json(cls, data: Sequence[Any], size: int | None = None) -> Inventory:
        """Rebuild from :meth:`to_json`; ``size`` adapts to a changed slot setting."""
        slots: list[Slot] = []
        for i, raw in enumerate(data):
            if raw is None:
                slots.append(None)
                continue
            if not isinstance(raw, dict) or set(raw) != {"item", "count"}:
                raise ValueError(f"slot {i}: expected {{'item', 'count'}}, got {raw!r}")
            count = raw["count"]
            if isinstance(count, bool) or not isinstance(count, int):
                raise ValueError(f"slot {i}: count must be an integer, got {count!r}")
            slots.append(Stack(item_code(str(raw["item"])), count))
        if size is not None:
            if size < 1:
                raise ValueError(f"an inventory has at least one slot, not {size}")
            if any(s is not None for s in slots[size:]):
                raise ValueError(f"cannot shrink to {size} slots: items in the trailing slots")
            slots = slots[:size] + [None] * (size - len(slots))
        if not slots:
            raise ValueError("an inventory has at least one slot")
        return cls(tuple(slots))
