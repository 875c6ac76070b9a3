"""Using gems (宝石, R42): ladder points, but only below the hall's gem cap.

R42: 钻石碎片 +1, 标准钻石 +10, 完美钻石 +100 ladder points when used; a gem can be used
only while the player's points are below the gem cap — by default the score of the 100th
player of the leaderboard; an admin may set it. (Hall: 以免影响排行榜排名 — so that gems do
not buy a place among the top hundred.)

Scores are compared as the ladder's *standing* (``Ladder.standing``): the total score on
``titles``, and on ``doubling`` the points ever needed to reach the level plus the
points within it — the same integer the leaderboard is ordered by.

Decisions where the rules leave room (recorded in the project's notes):

* Fewer than 100 players on the leaderboard: there is no 100th score, so there is **no
  default cap** (every gem may be used) until an admin sets one. A small hall has no
  top hundred to protect, and any stand-in (the last player's score, say) would forbid
  gems to nearly everyone.
* "Below" is strict: the 100th player himself, and everyone above, may not use gems.
* The cap is checked before the use: a gem used just under the cap may lift the player
  above it (the hall's wording is "可能在1000分下才可使用", usable *under* the line).
* On ``doubling`` the gem's points go into the current level with R37's promotion check
  (once, excess forfeited — see :mod:`.ladders`), so a 完美钻石 at level 0 lifts a player
  to 石块 with 0 points. The interface should warn before a use that forfeits points.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from yuanzi.hall.economy.errors import GemCapReached, SlotError
from yuanzi.hall.economy.inventory import Inventory
from yuanzi.hall.economy.items import spec
from yuanzi.hall.economy.ladders import Ladder, LadderPlayer

GEM_CAP_RANK = 100
"""R42: by default the cap is the score of the 100th player of the leaderboard."""


def gem_cap(standings: Iterable[int], admin_cap: int | None = None,
            rank: int = GEM_CAP_RANK) -> int | None:
    """The hall's gem cap: the admin's value if set, else the ``rank``-th highest standing.

    ``standings`` are the leaderboard's standings (all of them, or at least the top
    ``rank``). None means no cap (fewer than ``rank`` players and no admin value).
    """
    if admin_cap is not None:
        return admin_cap
    if rank < 1:
        raise ValueError(f"a leaderboard rank is at least 1, not {rank}")
    top = sorted(standings, reverse=True)
    return top[rank - 1] if len(top) >= rank else None


def may_use_gem(standing: int, cap: int | None) -> bool:
    """R42: a gem may be used only while the player's standing is below the cap."""
    return cap is None or standing < cap


@dataclass(frozen=True, slots=True)
class GemUsed:
    """What the store writes: the new ladder value and the inventory without the gem."""

    player: LadderPlayer
    inventory: Inventory
    points: int


def use_gem(ladder: Ladder, player: LadderPlayer, inventory: Inventory, slot: int,
            cap: int | None) -> GemUsed:
    """Double-click a gem (R42, R43): spend it from ``slot`` and add its points.

    Refused, changing nothing, with :class:`SlotError` (empty slot, not a gem) or
    :class:`GemCapReached`.
    """
    held = inventory.slots[slot] if 0 <= slot < inventory.size else None
    if held is None:
        raise SlotError(f"slot {slot} holds no gem")
    item = spec(held.code)
    if not item.is_gem:
        raise SlotError(f"{item.en} ({item.zh}) is not a gem")
    standing = ladder.standing(player)
    if not may_use_gem(standing, cap):
        raise GemCapReached(f"gems can be used only below {cap} points; you have {standing}")
    new_inventory, _ = inventory.take(slot)
    return GemUsed(ladder.add_points(player, item.gem_points), new_inventory, item.gem_points)
