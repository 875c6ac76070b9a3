"""The economy service on a real store with results made to order: the ladders' edges
(R37, R38) as the hall applies them, bets at their edges (R40), escapes (R35), drops
replayed from the stored seed (R44), the gem cap from the 100th player (R42), and a
hall switching ladders (R39)."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from sqlalchemy import select, update
from tests.hall.economy_fixture import economy_hall, result

from yuanzi.engine import DOUBLE
from yuanzi.hall.economy.drops import DropTable, roll_game_drops
from yuanzi.hall.errors import HallError
from yuanzi.hall.services.views import Bought, GemCap
from yuanzi.store.models.accounts import Account as Row
from yuanzi.store.models.games import GameRow


def test_titles_promotion_and_demotion_at_the_edges(tmp_path: Path) -> None:
    with economy_hall(tmp_path) as h:
        a, b, c, d = (h.account() for _ in range(4))
        h.set_ladder(a, 90, 1)    # 弹壳, 10 short of 钢刀 (100)
        h.set_ladder(b, 100, 2)   # 钢刀 exactly at its floor
        h.set_ladder(c, 0, 1)     # 弹壳 at 0: one loss makes 炮灰
        h.set_ladder(d, 29990, 24)
        s = h.finish([a, b, c, d], result(0))  # NS (a, c) win 10 each
        assert [r.score_delta for r in s.seats] == [10, -10, 10, -10]
        assert [(r.score, r.level, r.title) for r in s.seats] == [
            (100, 2, "钢刀"), (90, 1, "弹壳"), (10, 1, "弹壳"), (29980, 24, "生物核弹")]
        s = h.finish([a, b, c, d], result(1, DOUBLE))  # EW (b, d) win 20 each: 双夹
        assert [(r.score, r.level) for r in s.seats] == [(80, 1), (110, 2), (-10, 0),
                                                         (30000, 25)]
        assert s.seats[2].title == "炮灰" and s.seats[3].title == "氢弹"
        stats = h.run(h.standings.profile(d.id))
        assert (stats.games, stats.wins, stats.double_wins) == (2, 1, 1)
        assert stats.points_to_next is None  # 氢弹 is the top
        assert h.run(h.standings.profile(a.id)).double_losses == 1


def test_doubling_stake_promotion_and_demotion_at_the_edges(tmp_path: Path) -> None:
    with economy_hall(tmp_path, ladder="doubling") as h:
        a, b, c, d = (h.account() for _ in range(4))
        h.set_ladder(a, 9, 1)   # 石块, threshold 10: a win of 2 promotes with 0 points
        h.set_ladder(b, 1, 1)   # loses 2 at level 1 with 1 point: falls to 0 with 5 − 2
        h.set_ladder(c, 0, 1)
        h.set_ladder(d, 0, 2)
        s = h.finish([a, b, c, d], result(0))  # lowest level 1: stake 1 × 2^1 = 2
        got = [(h.fresh(x).ladder_level, h.fresh(x).ladder_score) for x in (a, b, c, d)]
        assert got == [(2, 0), (0, 3), (1, 2), (1, 8)]  # d: 0 − 2 at level 2 → 5·2 − 2
        assert [r.title for r in s.seats] == ["木棍", "空手", "石块", "石块"]
        # standing deltas: promotion forfeits the excess, demotion costs what R37 says
        assert [r.score_delta for r in s.seats] == [15 - 14, 3 - 6, 7 - 5, 13 - 15]
        # a bot counts as level 0: the stake falls to 1 (R37's lowest level)
        s = h.finish([a, None, c, d], result(0))
        assert (h.fresh(a).ladder_level, h.fresh(a).ladder_score) == (2, 1)
        assert s.seats[1].account_id is None and s.seats[1].score is None


def test_bets_pay_bet_times_stake_and_a_short_loser_pays_what_he_has(tmp_path: Path) -> None:
    with economy_hall(tmp_path) as h:
        a, b, c, d = (h.account() for _ in range(4))
        s = h.finish([a, b, c, d], result(1, DOUBLE), bet=40)  # 40 × 20 = 800 each
        assert [r.coins_delta for r in s.seats] == [-800, 800, -800, 800]
        h.run(h.admin.grant(d, a.id, -(h.fresh(a).coins - 301), "test"))  # d acts as admin
        s = h.finish([a, b, c, d], result(1), bet=40)  # a owes 400 but holds 301
        assert [r.coins_delta for r in s.seats] == [-301, 351, -400, 350]  # odd coin to b
        assert h.fresh(a).coins == 0
        assert h.run(h.admin.ledger_audit()).ok


def test_an_escape_costs_only_the_escaper(tmp_path: Path) -> None:
    with economy_hall(tmp_path, ladder="doubling") as h:
        a, b, c, d = (h.account() for _ in range(4))
        for x in (a, b, c, d):
            h.set_ladder(x, 3, 2)
        s = h.escape([a, b, c, d], escaper=1, bet=10)  # 2 × (1 × 2^2) = 8 points, 80 coins
        assert [r.coins_delta for r in s.seats] == [27, -80, 27, 26]  # odd coins: 2, then 0
        assert (h.fresh(b).ladder_level, h.fresh(b).ladder_score) == (1, 10 - 8)
        assert all(h.fresh(x).ladder_score == 3 for x in (a, c, d))
        assert h.run(h.standings.profile(b.id)).escapes == 1


def test_drops_replay_from_the_stored_seed_and_a_full_inventory_loses_them(
        tmp_path: Path) -> None:
    with economy_hall(tmp_path, drop_item_chance=1.0, drop_gem_chance=1.0,
                      inventory_slots=1) as h:
        a, b, c, d = (h.account() for _ in range(4))
        h.give(c, "gem_shard")  # c's only slot is taken by what never stacks
        res = result(0, upstream=2)
        s = h.finish([a, b, c, d], res)
        with h.db.sessions() as x:
            settlement = x.scalars(select(GameRow.settlement).order_by(GameRow.id.desc())
                                   ).first()
        assert settlement is not None
        again = roll_game_drops(res, random.Random(settlement["drop_seed"]),
                                DropTable(1.0, gem_chance=1.0))
        assert [(dr.seat, dr.code.value) for dr in again] == [
            (i, code) for i, r in enumerate(s.seats) for code in r.items + r.lost_items]
        assert len(s.seats[0].items) == 1 and s.seats[1].items == []
        assert s.seats[2].items == [] and len(s.seats[2].lost_items) == 2  # item and gem
        assert settlement["seats"][2]["lost_items"] == s.seats[2].lost_items


def test_the_gem_cap_is_the_100th_players_score_unless_an_admin_sets_it(
        tmp_path: Path) -> None:
    with economy_hall(tmp_path) as h:
        players = [h.account() for _ in range(101)]
        assert h.run(h.standings.gem_cap()) == GemCap(cap=None, admin_cap=None)  # no game yet
        with h.db.sessions.begin() as x:
            for i, p in enumerate(players):
                x.execute(update(Row).where(Row.id == p.id).values(
                    ladder_score=10 * i, games_played=1))
        assert h.run(h.standings.gem_cap()) == GemCap(cap=10 * 1, admin_cap=None)  # 100th: 10
        board = h.run(h.standings.leaderboard("ladder"))
        assert len(board) == 100 and board[0].score == 1000 and board[-1].score == 10
        assert h.run(h.admin.set_gem_cap(players[0], 5000)).model_dump() == {
            "cap": 5000, "admin_cap": 5000}


def test_a_hall_that_switches_ladders_starts_everyone_afresh(tmp_path: Path) -> None:
    with economy_hall(tmp_path) as h:
        a = h.account()
        h.set_ladder(a, 420, 3)
    with economy_hall(tmp_path, ladder="doubling") as h:
        fresh = h.fresh(a)
        assert (fresh.ladder_score, fresh.ladder_level, fresh.title) == (0, 0, "空手")
        log = h.run(h.db.economy.audit_log(5))
        assert log[0]["action"] == "ladder_switch" and log[0]["detail"]["to"] == "doubling"
    with economy_hall(tmp_path, ladder="doubling") as h:  # no second switch
        assert len(h.run(h.db.economy.audit_log(5))) == 1


def test_refusals_change_nothing(tmp_path: Path) -> None:
    with economy_hall(tmp_path) as h:
        a = h.account()
        with pytest.raises(HallError) as e:
            h.run(h.wallet.buy(a.id, "gold_sign", 1))
        assert e.value.code == "not_enough_coins"
        with pytest.raises(HallError) as e:
            h.run(h.wallet.relief(a.id))
        assert e.value.code == "relief_refused"
        assert h.run(h.admin.ledger_audit()).by_reason == {"new_account": 5000}


def test_quantities_bought_at_once_never_overspend(tmp_path: Path) -> None:
    """Five purchases of 7 card counters (2,100 coins each) at once against 5,000: each
    is one transaction, all or nothing — exactly two fit; one ledger row each."""
    import asyncio

    with economy_hall(tmp_path) as h:
        a = h.account()

        async def race() -> list[object]:
            return list(await asyncio.gather(
                *(h.wallet.buy(a.id, "card_counter", 7) for _ in range(5)),
                return_exceptions=True))

        outcomes = h.run(race())
        ok = [o for o in outcomes if isinstance(o, Bought)]
        refused = [o for o in outcomes if isinstance(o, HallError)]
        assert len(ok) == 2 and len(refused) == 3
        assert all(e.code == "not_enough_coins" for e in refused)
        assert h.fresh(a).coins == 5000 - 2 * 2100
        inv = h.run(h.wallet.inventory(a.id))
        assert sum(s.count for s in inv.slots if s) == 14
        audit = h.run(h.admin.ledger_audit())
        assert audit.ok and audit.by_reason["purchase"] == -4200
