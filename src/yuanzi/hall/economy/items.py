"""The catalogue of items (道具, R41) and gems (宝石, R42), with shop prices (R44).

Each kind has a stable ``code`` — the text the store and the wire use, never renamed —
its Chinese name as the rules give it, an English name, whether it stacks, its price in
the shop (None: not sold) and, for a gem, the ladder points it adds.

How an item acts is the hall's business (renaming a table, arming a timer, …); the
catalogue records only *what kind of use* it has, so the server can route a
double-click (R43: an item is used by double-clicking it) without a table of its own:

* ``rename_table`` — 招牌 / 金字招牌: rename the table, the name then protected for
  ``protect_hours`` (1 h / 24 h; only an admin renames a protected table);
* ``arm`` — 定时器 / 录像机: "预使用登记" (hall), the item is registered and spent only
  when its condition comes (the owner's timeout; the game's end);
* ``card_counter`` — 算牌器: for the rest of the current game;
* ``tablecloth`` — 桌布: set the table's cloth pattern;
* ``ladder_points`` — the gems: add points, under the gem cap (:mod:`.gems`).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from enum import StrEnum

from yuanzi.hall.economy.errors import NotForSale


class ItemCode(StrEnum):
    """Stable codes: stored in inventories and ledger entries, sent on the wire."""

    SIGN = "sign"
    GOLD_SIGN = "gold_sign"
    TIMER = "timer"
    CARD_COUNTER = "card_counter"
    TABLECLOTH = "tablecloth"
    RECORDER = "recorder"
    GEM_SHARD = "gem_shard"
    GEM_STANDARD = "gem_standard"
    GEM_PERFECT = "gem_perfect"


@dataclass(frozen=True, slots=True)
class ItemSpec:
    """One kind of item or gem."""

    code: ItemCode
    zh: str
    en: str
    stackable: bool
    price: int | None
    use: str
    gem_points: int = 0
    protect_hours: int = 0

    @property
    def is_gem(self) -> bool:
        return self.gem_points > 0

    @property
    def for_sale(self) -> bool:
        return self.price is not None


CATALOG: Mapping[ItemCode, ItemSpec] = {
    spec.code: spec
    for spec in (
        ItemSpec(ItemCode.SIGN, "招牌", "Sign", True, 1_000, "rename_table", protect_hours=1),
        ItemSpec(ItemCode.GOLD_SIGN, "金字招牌", "Gold Sign", True, 10_000, "rename_table",
                 protect_hours=24),
        ItemSpec(ItemCode.TIMER, "定时器", "Timer", True, 500, "arm"),
        ItemSpec(ItemCode.CARD_COUNTER, "算牌器", "Card Counter", True, 300, "card_counter"),
        ItemSpec(ItemCode.TABLECLOTH, "桌布", "Tablecloth", True, 2_000, "tablecloth"),
        ItemSpec(ItemCode.RECORDER, "录像机", "Recorder", True, 300, "arm"),
        ItemSpec(ItemCode.GEM_SHARD, "钻石碎片", "Diamond Shard", False, None, "ladder_points",
                 gem_points=1),
        ItemSpec(ItemCode.GEM_STANDARD, "标准钻石", "Standard Diamond", False, None,
                 "ladder_points", gem_points=10),
        ItemSpec(ItemCode.GEM_PERFECT, "完美钻石", "Perfect Diamond", False, None,
                 "ladder_points", gem_points=100),
    )
}
"""R41, R42, R44: the six items (stackable, sold) and the three gems (neither)."""

ITEMS: tuple[ItemCode, ...] = tuple(c for c, s in CATALOG.items() if not s.is_gem)
GEMS: tuple[ItemCode, ...] = tuple(c for c, s in CATALOG.items() if s.is_gem)


def item_code(code: str) -> ItemCode:
    """Parse a stored or received code; an unknown one raises ``ValueError`` naming it."""
    try:
        return ItemCode(code)
    except ValueError:
        raise ValueError(f"unknown item {code!r}") from None


def spec(code: str) -> ItemSpec:
    """The catalogue entry of ``code``."""
    return CATALOG[item_code(code)]


def price_of(code: str) -> int:
    """R44: the shop price; gems raise :class:`NotForSale` (R42: never sold)."""
    item = spec(code)
    if item.price is None:
        raise NotForSale(f"{item.en} ({item.zh}) is not sold in the shop")
    return item.price


def shop_list() -> tuple[ItemSpec, ...]:
    """The shop's shelf, in catalogue order."""
    return tuple(s for s in CATALOG.values() if s.for_sale)
