"""Random items and gems after a game (打宝, R41, R42, R44).

R44: after a win each seat of the winning team has a 30 % chance of one item (weights
招牌 15, 金字招牌 3, 定时器 25, 算牌器 25, 桌布 12, 录像机 20); each half's 上游 has a
further 20 % chance of a gem (钻石碎片 75, 标准钻石 22, 完美钻石 3). The chances and
weights are hall settings; :data:`DEFAULT_DROPS` holds the defaults.

Randomness is injected (a seeded ``random.Random``), and the draws are made in a fixed
order — the winning seats in seat order, each one ``random()`` and, on a hit, one
``randrange`` over the weights; then the same for the gem — so a stored seed replays the
drops exactly.

Decisions where the rules leave room (recorded in the project's notes):

* Which 上游: **each half's** (R44 as RULES.md now settles it; issue 16 — until then only
  the first half's rolled): a game of two halves gives two gem rolls, in half order, and
  a seat that took 上游 in both rolls twice; a 双夹 game has one half, and one roll.
* Must 上游 be on the winning team? **No** by default: the hall's help page gives items
  for a win (当你获得胜利时) but gems for taking 上游 (打上游时随机获取), two separate
  triggers, and R42 says gems are "won at random by 上游". So 上游 rolls for a gem in
  every finished game, even on the losing team or in a draw. ``gem_needs_win`` turns
  this into "only if 上游's team won" for a hall that wants it.
* An escaped (abandoned) game has no result and drops nothing.
* A drop that does not fit the inventory is lost (R43: with no free slot nothing more
  can be received); :func:`receive` reports whether it was kept.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass

from yuanzi.engine.result import GameResult
from yuanzi.hall.economy.errors import InventoryFull
from yuanzi.hall.economy.inventory import Inventory
from yuanzi.hall.economy.items import ItemCode
from yuanzi.hall.economy.stakes import SEATS, check_seat

Weights = tuple[tuple[ItemCode, int], ...]

ITEM_WEIGHTS: Weights = (
    (ItemCode.SIGN, 15),
    (ItemCode.GOLD_SIGN, 3),
    (ItemCode.TIMER, 25),
    (ItemCode.CARD_COUNTER, 25),
    (ItemCode.TABLECLOTH, 12),
    (ItemCode.RECORDER, 20),
)
GEM_WEIGHTS: Weights = (
    (ItemCode.GEM_SHARD, 75),
    (ItemCode.GEM_STANDARD, 22),
    (ItemCode.GEM_PERFECT, 3),
)


@dataclass(frozen=True, slots=True)
class DropTable:
    """The hall's drop settings (R44 defaults)."""

    item_chance: float = 0.30
    item_weights: Weights = ITEM_WEIGHTS
    gem_chance: float = 0.20
    gem_weights: Weights = GEM_WEIGHTS
    gem_needs_win: bool = False

    def __post_init__(self) -> None:
        for chance in (self.item_chance, self.gem_chance):
            if not 0.0 <= chance <= 1.0:
                raise ValueError(f"a chance is between 0 and 1, not {chance}")
        for weights in (self.item_weights, self.gem_weights):
            if not weights or any(w < 0 for _, w in weights) or not sum(w for _, w in weights):
                raise ValueError(f"weights must be non-negative with a positive sum: {weights}")


DEFAULT_DROPS = DropTable()


@dataclass(frozen=True, slots=True)
class Drop:
    """One item or gem won by a seat."""

    seat: int
    code: ItemCode


def weighted_choice(rng: random.Random, weights: Sequence[tuple[ItemCode, int]]) -> ItemCode:
    """Pick a code with probability weight / Σ weights, by exact integer arithmetic."""
    r = rng.randrange(sum(w for _, w in weights))
    for code, w in weights:
        if r < w:
            return code
        r -= w
    raise AssertionError("unreachable: r < Σ weights")


def roll_drops(winner: int | None, upstreams: int | Sequence[int] | None,
               rng: random.Random, table: DropTable = DEFAULT_DROPS) -> tuple[Drop, ...]:
    """R44: the drops of a finished game, given the winning team and each half's 上游
    (one seat: a game of one half)."""
    if winner is not None and winner not in (0, 1):
        raise ValueError(f"winner must be team 0 or 1, not {winner!r}")
    drops: list[Drop] = []
    if winner is not None:
        for seat in SEATS:
            if seat % 2 == winner and rng.random() < table.item_chance:
                drops.append(Drop(seat, weighted_choice(rng, table.item_weights)))
    ups = () if upstreams is None else (upstreams,) if isinstance(upstreams, int) else upstreams
    for upstream in ups:
        check_seat(upstream)
        eligible = not table.gem_needs_win or upstream % 2 == winner
        if eligible and rng.random() < table.gem_chance:
            drops.append(Drop(upstream, weighted_choice(rng, table.gem_weights)))
    return tuple(drops)


def roll_game_drops(result: GameResult, rng: random.Random,
                    table: DropTable = DEFAULT_DROPS) -> tuple[Drop, ...]:
    """R44 for an engine result: a gem roll for each half's 上游 (the module doc)."""
    upstreams = [h.upstream for h in result.halves if h.upstream is not None]
    return roll_drops(result.winner, upstreams, rng, table)


def receive(inventory: Inventory, drop: Drop) -> tuple[Inventory, bool]:
    """Put a drop in its winner's inventory; a full inventory keeps nothing (R43)."""
    try:
        return inventory.add(drop.code), True
    except InventoryFull:
        return inventory, False
