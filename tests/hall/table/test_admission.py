"""R40 and the same-address rule, written once (hall/table/admission.py): sitting down,
quick match's choice, before each game, and a new bet all ask the same functions."""

from __future__ import annotations

import pytest

from yuanzi.hall.errors import Code, HallError
from yuanzi.hall.table import admission, options


def test_sitting_at_a_betting_table_needs_a_hundred_times_the_bet() -> None:
    admission.check_coins(2000, 20)
    with pytest.raises(HallError) as e:
        admission.check_coins(1999, 20)
    assert e.value.code == Code.NOT_ENOUGH_COINS and "2000 coins" in e.value.message
    admission.check_coins(0, 0)  # no bet: anyone sits


def test_two_players_of_one_address_do_not_bet_at_one_table() -> None:
    admission.check_address(["1.2.3.4"], "1.2.3.4", 0, True)  # no bet: allowed
    admission.check_address(["1.2.3.4"], "1.2.3.4", 10, False)  # the rule is off
    with pytest.raises(HallError) as e:
        admission.check_address([None, "1.2.3.4"], "1.2.3.4", 10, True)
    assert e.value.code == Code.SAME_IP


@pytest.mark.parametrize(("coins", "others", "mine", "bet", "ok"), [
    (1000, [], "a", 10, True), (999, [], "a", 10, False), (999, [], "a", 0, True),
    (5000, ["a"], "a", 10, False), (5000, ["b"], "a", 10, True), (5000, ["a"], "a", 0, True),
])
def test_quick_match_asks_the_same_question(coins: int, others: list[str], mine: str,
                                            bet: int, ok: bool) -> None:
    assert admission.admissible(coins, others, mine, bet, True) is ok
    refused = False
    try:
        admission.check_coins(coins, bet)
        admission.check_address(others, mine, bet, True)
    except HallError:
        refused = True
    assert refused is not ok


def test_before_a_game_the_short_and_the_shared_addresses_stand() -> None:
    stand = admission.to_stand_before_game([1000, 999, None, 5000], ["a", "b", None, "a"], 10,
                                           True)
    assert stand[1][0] == "coins" and "999" in stand[1][1]
    assert {s for s, (why, _) in stand.items() if why == "same_ip"} == {0, 3}
    assert admission.to_stand_before_game([0, 0, 0, 0], ["a"] * 4, 0, True) == {}


def test_a_new_bet_names_who_is_short() -> None:
    admission.check_new_bet([("Ann", 2000), ("Bob", 2000)], ["a", "b"], 20, True)
    with pytest.raises(HallError) as e:
        admission.check_new_bet([("Ann", 2000), ("Bob", 1500)], ["a", "b"], 20, True)
    assert e.value.code == Code.NOT_ENOUGH_COINS and "Bob has 1500" in e.value.message
    with pytest.raises(HallError) as e:
        admission.check_new_bet([("Ann", 2000), ("Bob", 2000)], ["a", "a"], 20, True)
    assert e.value.code == Code.SAME_IP


@pytest.mark.parametrize("name", ["", "   ", "x" * 33])
def test_a_table_name_has_one_to_32_characters(name: str) -> None:
    with pytest.raises(HallError) as e:
        options.table_name(name)
    assert e.value.code == Code.BAD_OPTIONS


def test_options_are_checked_once() -> None:
    assert options.table_name("  茶馆  ") == "茶馆" and options.table_name("x" * 32) == "x" * 32
    assert options.tablecloth("wood") == "wood" and options.bet(40) == 40
    for bad in (lambda: options.tablecloth("Wood!"), lambda: options.bet(30),
                lambda: options.rules({"jiefeng": "nobody"})):
        with pytest.raises(HallError) as e:
            bad()
        assert e.value.code == Code.BAD_OPTIONS
