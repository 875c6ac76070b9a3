"""R44 drops (tested statistically on seeded generators) and R42 gems under the cap."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from yuanzi.engine.cards import Card
from yuanzi.engine.half import HalfResult
from yuanzi.engine.result import DOUBLE, NORMAL, GameResult
from yuanzi.hall.economy.drops import (
    DEFAULT_DROPS,
    GEM_WEIGHTS,
    ITEM_WEIGHTS,
    Drop,
    DropTable,
    receive,
    roll_drops,
    roll_game_drops,
    weighted_choice,
)
from yuanzi.hall.economy.errors import GemCapReached, SlotError
from yuanzi.hall.economy.gems import gem_cap, may_use_gem, use_gem
from yuanzi.hall.economy.inventory import Inventory
from yuanzi.hall.economy.items import GEMS, ITEMS, ItemCode
from yuanzi.hall.economy.ladders import DoublingLadder, LadderPlayer, TitlesLadder

# χ² critical values at p = 0.001 (a seeded test either always passes or always fails;
# the margin keeps a correct implementation far from the line for any seed).
CHI2_999 = {2: 13.816, 5: 20.515}


def chi2(counts: Counter[ItemCode], weights: tuple[tuple[ItemCode, int], ...]) -> float:
    n = sum(counts.values())
    total = sum(w for _, w in weights)
    return sum((counts[c] - n * w / total) ** 2 / (n * w / total) for c, w in weights)


def test_default_weights_are_the_rules() -> None:
    assert dict(ITEM_WEIGHTS) == {ItemCode.SIGN: 15, ItemCode.GOLD_SIGN: 3, ItemCode.TIMER: 25,
                                  ItemCode.CARD_COUNTER: 25, ItemCode.TABLECLOTH: 12,
                                  ItemCode.RECORDER: 20}
    assert dict(GEM_WEIGHTS) == {ItemCode.GEM_SHARD: 75, ItemCode.GEM_STANDARD: 22,
                                 ItemCode.GEM_PERFECT: 3}
    assert (DEFAULT_DROPS.item_chance, DEFAULT_DROPS.gem_chance) == (0.30, 0.20)
    assert [c for c, _ in ITEM_WEIGHTS] == list(ITEMS)
    assert [c for c, _ in GEM_WEIGHTS] == list(GEMS)


@pytest.mark.parametrize("seed", [1, 2024])
def test_weighted_choice_follows_the_weights(seed: int) -> None:
    rng = random.Random(seed)
    items = Counter(weighted_choice(rng, ITEM_WEIGHTS) for _ in range(100_000))
    assert chi2(items, ITEM_WEIGHTS) < CHI2_999[5]
    gems = Counter(weighted_choice(rng, GEM_WEIGHTS) for _ in range(100_000))
    assert chi2(gems, GEM_WEIGHTS) < CHI2_999[2]
    assert abs(gems[ItemCode.GEM_PERFECT] / 100_000 - 0.03) < 0.003


def test_drop_rates_per_seat_and_for_upstream() -> None:
    rng = random.Random(7)
    games = 50_000
    per_seat: Counter[int] = Counter()
    items: Counter[ItemCode] = Counter()
    gems: Counter[ItemCode] = Counter()
    for _ in range(games):
        for d in roll_drops(0, 1, rng):
            if d.code in GEMS:
                assert d.seat == 1                    # 上游, here on the losing team
                gems[d.code] += 1
            else:
                assert d.seat in (0, 2)               # only the winning team gets items
                per_seat[d.seat] += 1
                items[d.code] += 1
    # 30 %: sd of a seat's rate is √(.3·.7/50 000) ≈ 0.002; 4 sd tolerance
    for seat in (0, 2):
        assert abs(per_seat[seat] / games - 0.30) < 0.0083
    assert abs(sum(gems.values()) / games - 0.20) < 0.0072
    assert chi2(items, ITEM_WEIGHTS) < CHI2_999[5]
    assert chi2(gems, GEM_WEIGHTS) < CHI2_999[2]


def test_drops_replay_from_the_seed() -> None:
    a = [roll_drops(1, 3, random.Random(s)) for s in range(200)]
    b = [roll_drops(1, 3, random.Random(s)) for s in range(200)]
    assert a == b
    assert any(len(d) == 3 for d in a)


def test_draws_and_the_gem_needs_win_option() -> None:
    rng = random.Random(3)
    draws = [roll_drops(None, 2, rng) for _ in range(2000)]
    assert all(d.seat == 2 and d.code in GEMS for ds in draws for d in ds)
    assert any(draws)
    strict = DropTable(gem_needs_win=True)
    assert all(not roll_drops(None, 2, rng, strict) for _ in range(500))
    assert all(d.code not in GEMS for _ in range(500) for d in roll_drops(0, 1, rng, strict))
    always = DropTable(item_chance=1.0, gem_chance=1.0)
    kinds = [d.seat for d in roll_drops(1, 3, rng, always)]
    assert kinds == [1, 3, 3]
    with pytest.raises(ValueError):
        DropTable(item_chance=1.5)
    with pytest.raises(ValueError):
        DropTable(gem_weights=((ItemCode.GEM_SHARD, 0),))


def half(upstream: int) -> HalfResult:
    return HalfResult(Card.parse("7S"), 4, "three_out", (upstream, 0, 2), upstream, 3,
                      (100, 50, 100, 50), (200, 100))


def test_each_halfs_upstream_rolls_for_a_gem() -> None:
    """R44 as RULES.md now has it (issue 16): each half's 上游, not only the first's."""
    always = DropTable(item_chance=0.0, gem_chance=1.0)
    result = GameResult(0, NORMAL, (half(3), half(0)))
    assert [d.seat for d in roll_game_drops(result, random.Random(1), always)] == [3, 0]
    twice = GameResult(0, NORMAL, (half(2), half(2)))  # 上游 in both halves: two rolls
    assert [d.seat for d in roll_game_drops(twice, random.Random(1), always)] == [2, 2]
    double = GameResult(1, DOUBLE, (half(1),))  # 双夹: one half, one roll
    assert [d.seat for d in roll_game_drops(double, random.Random(1), always)] == [1]
    rng = random.Random(11)  # and each roll is its own 20 %
    games = 20_000
    gems = sum(len(roll_game_drops(result, rng, DropTable(item_chance=0.0)))
               for _ in range(games))
    assert abs(gems / games - 0.40) < 0.014  # two rolls of 20 % a game: 0.4 on average


def test_a_full_inventory_loses_the_drop() -> None:
    inv = Inventory.empty(1).add(ItemCode.GEM_SHARD)
    assert receive(inv, Drop(0, ItemCode.TIMER)) == (inv, False)
    inv2, kept = receive(Inventory.empty(1), Drop(0, ItemCode.TIMER))
    assert kept and inv2.count(ItemCode.TIMER) == 1


# -- gems ----------------------------------------------------------------------------------

def test_gem_cap_is_the_100th_score() -> None:
    board = list(range(1000, 0, -5))                  # 200 players: 1000, 995, …
    assert gem_cap(board) == 505
    assert gem_cap(reversed(board)) == 505            # order does not matter
    assert gem_cap(board[:99]) is None                # fewer than 100 players: no cap
    assert gem_cap(board[:100]) == 505
    assert gem_cap(board[:10], admin_cap=42) == 42    # an admin value wins
    assert gem_cap(board, admin_cap=0) == 0
    assert gem_cap(board, rank=1) == 1000


def test_may_use_gem_strictly_below() -> None:
    assert may_use_gem(504, 505) and not may_use_gem(505, 505)
    assert may_use_gem(10**9, None)


def test_use_gem_on_titles() -> None:
    t = TitlesLadder()
    inv = Inventory.empty(3).add(ItemCode.GEM_PERFECT).add(ItemCode.TIMER)
    used = use_gem(t, LadderPlayer(950, 4), inv, 0, cap=1000)
    assert used.player == LadderPlayer(1050, 5)       # over the cap: checked before use
    assert used.points == 100 and used.inventory.count(ItemCode.GEM_PERFECT) == 0
    with pytest.raises(GemCapReached):
        use_gem(t, LadderPlayer(1000, 5), inv, 0, cap=1000)
    with pytest.raises(SlotError):
        use_gem(t, LadderPlayer(0, 1), inv, 1, cap=None)   # a timer is not a gem
    with pytest.raises(SlotError):
        use_gem(t, LadderPlayer(0, 1), inv, 2, cap=None)   # empty
    with pytest.raises(SlotError):
        use_gem(t, LadderPlayer(0, 1), inv, 9, cap=None)


def test_use_gem_on_doubling_promotes_once() -> None:
    d = DoublingLadder()
    inv = Inventory.empty(2).add(ItemCode.GEM_STANDARD).add(ItemCode.GEM_SHARD)
    assert use_gem(d, LadderPlayer(3, 1), inv, 1, None).player == LadderPlayer(4, 1)
    assert use_gem(d, LadderPlayer(3, 1), inv, 0, None).player == LadderPlayer(0, 2)
    # the cap compares standings: level 2 with 0 points is standing 15
    with pytest.raises(GemCapReached):
        use_gem(d, LadderPlayer(0, 2), inv, 0, cap=15)
    assert use_gem(d, LadderPlayer(0, 2), inv, 1, cap=16).player == LadderPlayer(1, 2)
