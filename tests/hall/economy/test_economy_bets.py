"""R35, R40: the bet series, the 100× rule, game and escape coins, the same-IP rule."""

from __future__ import annotations

import pytest
from hypothesis import given, strategies as st

from yuanzi.engine.result import DOUBLE, NORMAL
from yuanzi.hall.economy.bets import (
    bet_series,
    check_bet,
    coins_to_sit,
    escape_coins,
    game_coins,
    is_valid_bet,
    may_sit,
    may_sit_ip,
    normalise_ip,
    same_ip_seats,
    seats_to_stand,
)
from yuanzi.hall.economy.errors import InvalidBet
from yuanzi.hall.economy.ladders import DoublingLadder, LadderPlayer, TitlesLadder, stake_for


class Res:
    def __init__(self, winner: int | None, kind: str) -> None:
        self.winner = winner
        self.kind = kind


def test_bet_series() -> None:
    assert bet_series(160) == (0, 10, 20, 40, 80, 160)
    for bet in (0, 10, 20, 40, 80, 1280):
        assert is_valid_bet(bet) and check_bet(bet) == bet
    for bad in (-10, 5, 15, 30, 60, 100, 1000, True):
        assert not is_valid_bet(bad)
        with pytest.raises(InvalidBet):
            check_bet(bad)
    assert not is_valid_bet(320, max_bet=160)


def test_hundred_times_rule() -> None:
    assert coins_to_sit(10) == 1000
    assert coins_to_sit(0) == 0
    assert may_sit(1000, 10) and not may_sit(999, 10)
    assert may_sit(0, 0)
    assert seats_to_stand([1000, 999, None, 5000], 10) == (1,)
    assert seats_to_stand([0, 0, 0, 0], 0) == ()
    with pytest.raises(InvalidBet):
        may_sit(10**6, 30)


def test_game_coins_titles() -> None:
    four = [LadderPlayer(0, 1)] * 4
    stake = stake_for(TitlesLadder(), four, Res(1, NORMAL))     # 10
    assert game_coins(10, stake, 1, [5000] * 4) == (-100, 100, -100, 100)
    stake = stake_for(TitlesLadder(), four, Res(0, DOUBLE))     # 20
    assert game_coins(40, stake, 0, [9000] * 4) == (800, -800, 800, -800)
    assert game_coins(40, 0, None, [9000] * 4) == (0, 0, 0, 0)
    assert game_coins(0, 20, 0, [9000] * 4) == (0, 0, 0, 0)


def test_game_coins_doubling_uses_lowest_level() -> None:
    four = [LadderPlayer(0, 3), LadderPlayer(0, 2), LadderPlayer(0, 5), LadderPlayer(0, 4)]
    stake = stake_for(DoublingLadder(), four, Res(0, DOUBLE))   # 2 × 2^2
    assert game_coins(20, stake, 0, [5000] * 4) == (160, -160, 160, -160)


def test_short_loser_pays_what_he_has() -> None:
    # seat 1 has only 150 of the 200 owed: winners share 350, the odd coin… none here
    assert game_coins(10, 20, 0, [0, 150, 0, 5000]) == (175, -150, 175, -200)
    # an odd total: the lower winning seat gets the odd coin
    assert game_coins(10, 20, 1, [151, 0, 200, 0]) == (-151, 176, -200, 175)
    assert game_coins(10, 20, 1, [0, 0, 0, 0]) == (0, 0, 0, 0)


def test_escape_coins_split_without_creating_coins() -> None:
    # titles: penalty 20, bet 10 → 200; 200 = 3 × 66 + 2 → opponents get 67
    assert escape_coins(10, 20, 0, [5000] * 4) == (-200, 67, 66, 67)
    assert escape_coins(10, 20, 1, [5000] * 4) == (67, -200, 67, 66)  # opponents 2, 0
    # 1 coin of remainder goes to the next seat in turn order
    assert escape_coins(10, 4, 3, [5000] * 4) == (14, 13, 13, -40)
    # divisible: equal shares
    assert escape_coins(10, 6, 2, [5000] * 4) == (20, 20, -60, 20)
    # an escaper short of coins pays what he has
    assert escape_coins(10, 20, 2, [100, 100, 50, 100]) == (16, 17, -50, 17)
    assert escape_coins(0, 20, 2, [100] * 4) == (0, 0, 0, 0)


@given(st.sampled_from(bet_series(10 * 2**10)), st.integers(0, 4096), st.integers(0, 3),
       st.lists(st.integers(0, 10**7), min_size=4, max_size=4))
def test_escape_sums_to_zero(bet: int, penalty: int, escaper: int, balances: list[int]) -> None:
    deltas = escape_coins(bet, penalty, escaper, balances)
    assert sum(deltas) == 0
    assert deltas[escaper] == -min(bet * penalty, balances[escaper])
    others = [d for s, d in enumerate(deltas) if s != escaper]
    assert max(others) - min(others) <= 1
    assert all(b + d >= 0 for b, d in zip(balances, deltas, strict=True))


@given(st.sampled_from(bet_series(10 * 2**10)), st.integers(0, 2**12),
       st.sampled_from([0, 1, None]), st.lists(st.integers(0, 10**7), min_size=4, max_size=4))
def test_game_coins_sum_to_zero(bet: int, stake: int, winner: int | None,
                                balances: list[int]) -> None:
    deltas = game_coins(bet, stake, winner, balances)
    assert sum(deltas) == 0
    assert all(b + d >= 0 for b, d in zip(balances, deltas, strict=True))
    if winner is not None and all(b >= bet * stake for b in balances):
        assert deltas == tuple(bet * stake * (1 if s % 2 == winner else -1) for s in range(4))


def test_same_ip_rule() -> None:
    assert not may_sit_ip(["1.2.3.4", None], "1.2.3.4", 10)
    assert not may_sit_ip(["::ffff:1.2.3.4"], "1.2.3.4", 10)
    assert may_sit_ip(["1.2.3.4"], "1.2.3.5", 10)
    assert may_sit_ip(["1.2.3.4"], "1.2.3.4", 0)                       # no bet: allowed
    assert may_sit_ip(["1.2.3.4"], "1.2.3.4", 10, same_ip_rule=False)  # setting off
    assert may_sit_ip([None, None], None, 10)
    assert normalise_ip(" 2001:DB8::1 ") == "2001:db8::1"
    assert normalise_ip("not-an-ip") == "not-an-ip"
    assert same_ip_seats(["1.1.1.1", "2.2.2.2", "::ffff:1.1.1.1", None], 20) == (0, 2)
    assert same_ip_seats(["1.1.1.1", "1.1.1.1", None, None], 0) == ()
    assert same_ip_seats([None, None, None, None], 20) == ()
