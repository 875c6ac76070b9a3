"""R24–R29: tricks, 接风, going out, the end of a half and its points.

Hands are partial (a few cards a seat) so that a whole half fits in a short script; the
blade is 7 unless a test says otherwise, and no 7 appears unless it matters.
"""

from __future__ import annotations

import pytest

from yuanzi.engine import PASS, IllegalAction, Rules
from yuanzi.engine.half import TEAM_NAMES, team_of

from .scenario import act, cards, half_state, move, play


def test_r20_teams_and_turn_order() -> None:
    assert [team_of(s) for s in range(4)] == [0, 1, 0, 1]
    assert TEAM_NAMES == ("NS", "EW")
    s = half_state(["3D 4D", "3S 4S", "3H 4H", "3C 4C"], leader=1)
    order = []
    act(s, 1, "4S")
    for _ in range(3):
        order.append(s.to_move)
        act(s, s.to_move or 0, "pass")
    assert order == [2, 3, 0]  # 1 → 2 → 3 → 0


def test_r24_leader_must_play_and_followers_may_pass_then_play() -> None:
    s = half_state(["6D 3D", "4S 8S 3S", "9H 3H", "5C 3C 4C"], leader=1)
    with pytest.raises(IllegalAction, match="R24"):
        s.apply_cards(None)
    with pytest.raises(IllegalAction, match="R24"):
        s.apply_move(PASS)
    assert s.to_move == 1 and s.actions == []
    play(s, [(1, "4S"), (2, "pass"), (3, "5C"), (0, "6D"), (1, "8S")])
    act(s, 2, "9H")  # seat 2 passed earlier in this trick and may still play (R24)
    assert s.top == move("9H") and s.top_seat == 2
    with pytest.raises(IllegalAction, match="does not beat"):
        s.apply_cards(cards("3C"))  # R15: lower single
    with pytest.raises(IllegalAction, match="not one rank"):
        s.apply_cards(cards("3C 4C"))
    with pytest.raises(IllegalAction, match="does not hold"):
        s.apply_cards(cards("10C"))
    assert s.to_move == 3 and len(s.actions) == 6


def test_r25_trick_ends_when_every_other_holder_passed_and_winner_takes_points() -> None:
    s = half_state(["3D 4D", "5S 10S 3S", "KH 4H", "9C 4C"], leader=1)
    play(s, [(1, "5S"), (2, "KH"), (3, "pass"), (0, "pass")])
    assert s.top is not None and s.trick_points == 15
    act(s, 1, "pass")  # the third pass since the top play ends the trick
    assert s.leader  # no top: a new trick
    assert s.won == [0, 0, 15, 0]  # 5 + K (R3)
    assert s.to_move == 2  # the winner leads the next trick
    assert s.current_trick() == []
    assert s.legal_moves()[0] != PASS


def test_r25_a_new_top_restarts_the_count_of_passes() -> None:
    s = half_state(["3D 4D 5D", "6S 3S", "8H 3H", "9C 3C"], leader=0)
    play(s, [(0, "3D"), (1, "pass"), (2, "pass"), (3, "9C")])
    assert s.top_seat == 3
    play(s, [(0, "pass"), (1, "pass")])
    assert s.top is not None  # seat 2 has not yet passed since the 9C
    act(s, 2, "pass")
    assert s.leader and s.to_move == 3


@pytest.mark.parametrize(("jiefeng", "leader"), [("next", 2), ("partner", 3)])
def test_r26_jiefeng_after_a_trick_won_with_the_last_card(jiefeng: str, leader: int) -> None:
    s = half_state(["3D 4D", "2S", "3H 4H", "3C 4C"], leader=1, rules=Rules.from_dict(
        {"jiefeng": jiefeng}))
    play(s, [(1, "2S"), (2, "pass"), (3, "pass"), (0, "pass")])
    assert s.out_order == [1]
    assert s.won[1] == 0
    assert s.to_move == leader  # 下家 by default, the partner under jiefeng: partner
    assert s.leader


@pytest.mark.parametrize("jiefeng", ["next", "partner"])
def test_r26_the_lead_skips_seats_that_are_out(jiefeng: str) -> None:
    s = half_state(["2S 3D", "AS", "3H 4H", "3C 4C"], leader=1,
                   rules=Rules.from_dict({"jiefeng": jiefeng}))
    play(s, [(1, "AS"), (2, "pass"), (3, "pass"), (0, "2S")])
    assert s.out_order == [1]
    assert s.to_move == 2  # seat 1 is out: turn passes over it
    play(s, [(2, "pass"), (3, "pass")])
    assert s.to_move == 0 and s.leader


def test_r26_seat_0_wins_with_its_last_card_and_seat_1_leads() -> None:
    s = half_state(["2S", "AS 3S", "3H 4H", "3C 4C"], leader=1)
    play(s, [(1, "AS"), (2, "pass"), (3, "pass"), (0, "2S")])
    assert s.out_order == [0]
    play(s, [(1, "pass"), (2, "pass"), (3, "pass")])
    assert s.to_move == 1 and s.won[0] == 0  # 接风: the next seat after 0 holding cards


@pytest.mark.parametrize(("jiefeng", "leader"), [("next", 3), ("partner", 0)])
def test_r26_jiefeng_for_seat_2(jiefeng: str, leader: int) -> None:
    """(Under ``partner`` the partner always still holds cards when this happens: had
    it gone out before, the winner's last card would have ended the half, R28a.)"""
    rules = Rules.from_dict({"jiefeng": jiefeng})
    s = half_state(["2S 3D", "3S 4S 5S", "AH", "3C 4C 5C"], leader=2, rules=rules)
    play(s, [(2, "AH"), (3, "pass"), (0, "pass"), (1, "pass")])
    assert s.out_order == [2]
    assert s.to_move == leader


def test_r27_r28a_team_out_ends_the_half_and_hand_points_go_to_the_other_team() -> None:
    s = half_state(["3D KD", "2S", "5H 4H", "2H"], leader=1)
    play(s, [(1, "2S"), (2, "pass"), (3, "pass"), (0, "pass")])
    assert s.to_move == 2
    play(s, [(2, "5H"), (3, "2H")])
    assert s.is_over and s.legal_moves() == []  # no one is to move
    r = s.result
    assert r is not None
    assert r.ended_by == "team_out"
    assert r.out_order == (1, 3)
    assert (r.upstream, r.downstream) == (1, None)
    assert r.trick_points == (0, 0, 0, 5)  # R28: the unfinished trick goes to its top (3)
    assert r.points == (0, 5 + 10)  # R29: seat 0's KD goes to EW
    with pytest.raises(IllegalAction):
        s.apply_cards(cards("3D"))
    assert s.legal_moves() == []


def test_r28_two_out_of_different_teams_do_not_end_the_half() -> None:
    s = half_state(["3D 4D", "2S", "AH", "5C 6C"], leader=1)
    play(s, [(1, "2S"), (2, "pass"), (3, "pass"), (0, "pass"), (2, "AH")])
    assert s.out_order == [1, 2]
    assert not s.is_over and s.to_move == 3


@pytest.mark.parametrize(("option", "points"), [(True, (0, 25)), (False, (20, 5))])
def test_r28b_r29_three_out_and_downstream_to_upstream(
    option: bool, points: tuple[int, int]
) -> None:
    rules = Rules(downstream_to_upstream=option)
    s = half_state(["KD KC 3D 5D", "2S", "AH", "2H 4C"], leader=0, rules=rules)
    play(s, [(0, "KD KC"), (1, "pass"), (2, "pass"), (3, "pass")])
    assert s.won == [20, 0, 0, 0]
    play(s, [(0, "3D"), (1, "2S"), (2, "pass"), (3, "pass"), (0, "pass")])
    assert s.to_move == 2  # 接风 after seat 1 went out
    play(s, [(2, "AH"), (3, "2H")])
    assert not s.is_over  # seat 3 still holds 4C
    play(s, [(0, "pass")])
    assert s.to_move == 3
    act(s, 3, "4C")
    r = s.result
    assert r is not None
    assert r.ended_by == "three_out"
    assert r.out_order == (1, 2, 3)
    assert (r.upstream, r.downstream) == (1, 0)
    assert r.trick_points == (20, 0, 0, 0)
    # NS won 20 in tricks; 下游 (0) holds 5D, worth 5 to EW (R29). Under the option
    # 下游's 20 go to 上游's team EW as well.
    assert r.points == points


@pytest.mark.parametrize("option", [True, False])
def test_r29_downstream_partner_of_upstream_keeps_its_points(option: bool) -> None:
    rules = Rules(downstream_to_upstream=option)
    s = half_state(["2D", "2S", "AH", "KS KH 4S 10S"], leader=3, rules=rules)
    play(s, [(3, "KS KH"), (0, "pass"), (1, "pass"), (2, "pass")])
    play(s, [(3, "4S"), (0, "pass"), (1, "2S"), (2, "pass"), (3, "pass"), (0, "pass")])
    assert s.to_move == 2
    play(s, [(2, "AH"), (3, "pass"), (0, "2D")])
    r = s.result
    assert r is not None and r.ended_by == "three_out"
    assert r.out_order == (1, 2, 0) and r.downstream == 3
    assert r.trick_points == (0, 0, 0, 20)
    assert r.points == (10, 20)  # 3's 10S left in hand goes to NS either way


def test_r28_third_out_of_a_team_already_half_out_is_three_out() -> None:
    s = half_state(["3D 4D", "2S", "AH", "2H"], leader=1)
    play(s, [(1, "2S"), (2, "pass"), (3, "pass"), (0, "pass"), (2, "AH"), (3, "2H")])
    r = s.result
    assert r is not None
    assert r.ended_by == "three_out" and r.out_order == (1, 2, 3) and r.downstream == 0


def test_trick_state_and_clone_are_independent() -> None:
    s = half_state(["3D 4D", "5S 10S 3S", "KH 4H", "9C 4C"], leader=1)
    act(s, 1, "5S")
    twin = s.clone()
    play(twin, [(2, "KH"), (3, "pass"), (0, "pass"), (1, "pass")])
    assert twin.won == [0, 0, 15, 0]
    assert s.won == [0, 0, 0, 0] and s.to_move == 2 and s.top == move("5S")
    assert s.hands[2].size == 2 and twin.hands[2].size == 1
    assert len(s.actions) == 1 and len(twin.actions) == 5
