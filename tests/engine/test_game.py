"""R30–R32: 双夹 after the first half, the second half, the winner; the game's state API."""

from __future__ import annotations

import random

import pytest

from yuanzi.engine import (
    DEFAULT_RULES,
    DOUBLE,
    DRAW,
    NORMAL,
    PASS,
    Game,
    HalfResult,
    IllegalAction,
    Rules,
)
from yuanzi.engine.game import decide

from .scenario import (
    act,
    cards,
    game_from,
    make_deal,
    move,
    play,
    random_game,
    rank,
    snapshot,
)

# A first half (blade 7, seat 1 leads) that ends three out with seat 3 left holding its
# cards. EW win a six-K bomb (60 points); seat 3's score cards left in hand go to NS (R29).
SIX_KINGS = "KS KH KC KD KS KH"
THREE_OUT_SCRIPT = [
    (1, SIX_KINGS), (2, "pass"), (3, "pass"), (0, "pass"),
    (1, "2S"), (2, "pass"), (3, "pass"), (0, "pass"),
    (2, "AH"), (3, "pass"), (0, "2D"),
]


def three_out_first_half(seat3: str, rules: Rules = DEFAULT_RULES) -> Game:
    game = game_from(["2D", SIX_KINGS + " 2S", "AH", seat3], "7H", 1, rules)
    play(game, THREE_OUT_SCRIPT)
    first = game.halves[0].result
    assert first is not None
    assert first.ended_by == "three_out" and first.out_order == (1, 2, 0)
    assert first.downstream == 3 and first.upstream == 1
    return game


def test_r30_exactly_60_is_not_a_double_win() -> None:
    game = three_out_first_half("KC KD 10S 10H 10C 10D 3S")  # 60 points left in hand
    first = game.halves[0].result
    assert first is not None and first.points == (60, 60)
    assert not game.is_over and game.result is None
    assert game.needs_second_half()
    assert game.to_move is None and game.legal_moves() == []
    with pytest.raises(IllegalAction):
        game.apply(PASS)


def test_r30b_under_60_is_a_double_win_for_the_other_team() -> None:
    game = three_out_first_half("KC 10S 10H 10C 10D 5S 3S")  # 55
    r = game.result
    assert r is not None
    assert r.halves[0].points == (55, 60)
    assert (r.winner, r.kind) == (1, DOUBLE)  # EW
    assert game.is_over and not game.needs_second_half()
    assert game.to_move is None and game.legal_moves() == []
    with pytest.raises(IllegalAction, match="over"):
        game.apply(PASS)


def test_r30a_team_out_wins_double_even_with_fewer_than_60_points() -> None:
    game = game_from([SIX_KINGS + " 3D 3C", "2S", "4H 5H", "2H"], "7H", 0)
    play(game, [
        (0, SIX_KINGS), (1, "pass"), (2, "pass"), (3, "pass"),
        (0, "3D"), (1, "2S"), (2, "pass"), (3, "pass"), (0, "pass"),
        (2, "4H"), (3, "2H"),
    ])
    r = game.result
    assert r is not None
    h = r.halves[0]
    assert h.ended_by == "team_out" and h.out_order == (1, 3)
    assert h.points == (60, 5)  # EW only have 2's 5H left in hand
    assert (r.winner, r.kind) == (1, DOUBLE)  # R30(a) comes before R30(b)


# Second half: seat 1 (first-half 上游) leads; seat 2 goes out first (NS 上游), then
# seats 1 and 3; seat 0 is 下游 holding 240 points, which go to EW (R29).
ALL_SCORE_CARDS = " ".join(f"{r}{s}" for r in ("K", "10") for s in "SHCD" for _ in range(3))
SECOND_SCRIPT = [
    (1, "4S"), (2, "AH"), (3, "pass"), (0, "pass"), (1, "2S"),
    (3, "pass"), (0, "pass"), (3, "2H"),
]


@pytest.mark.parametrize(
    ("needs_upstream", "winner", "kind"), [(False, 1, NORMAL), (True, None, DRAW)]
)
def test_r31_second_half_and_second_half_needs_upstream(
    needs_upstream: bool, winner: int | None, kind: str
) -> None:
    rules = Rules(second_half_needs_upstream=needs_upstream)
    game = three_out_first_half("KC KD 10S 10H 10C 10D 3S", rules)
    deal = make_deal([ALL_SCORE_CARDS + " 3D", "4S 2S", "AH", "2H"], "7H", 0, 1)
    game.start_second_half(deal)
    assert not game.needs_second_half()
    assert game.to_move == 1  # R23: the first-half 上游 leads the second half
    assert game.half.second and game.half.blade_rank == cards("7H")[0].rank
    play(game, SECOND_SCRIPT)
    r = game.result
    assert r is not None
    second = r.halves[1]
    assert second.out_order == (2, 1, 3) and second.upstream == 2
    assert second.points == (0, 240)
    assert r.totals == (60, 300)
    # EW had the first-half 上游 and 300 points: they win, unless the option asks for
    # the second-half 上游 too (it was NS's seat 2): then a draw.
    assert (r.winner, r.kind) == (winner, kind)


def test_r30_second_half_must_be_due_and_dealt_by_the_first_half_upstream() -> None:
    game = three_out_first_half("KC KD 10S 10H 10C 10D 3S")
    with pytest.raises(IllegalAction, match="上游"):
        game.start_second_half(make_deal(["3D", "4S", "AH", "2H"], "7H", 0, first_drawer=0))
    assert game.needs_second_half() and len(game.halves) == 1
    game.start_second_half(make_deal(["3D", "4S", "AH", "2H"], "7H", 0, first_drawer=1))
    with pytest.raises(IllegalAction, match="no second half"):
        game.start_second_half(make_deal(["3D", "4S", "AH", "2H"], "7H", 0, first_drawer=1))
    done = three_out_first_half("KC 10S 10H 10C 10D 5S 3S")
    with pytest.raises(IllegalAction, match="no second half"):
        done.start_second_half(make_deal(["3D", "4S", "AH", "2H"], "7H", 0, first_drawer=1))


@pytest.mark.parametrize(
    ("blade_card", "option", "blade"),
    [("KS", True, "3"), ("5D", True, "3"), ("10C", True, "3"), ("BJ", True, "3"),
     ("9S", True, "9"), ("KS", False, "K"), ("5D", False, "5"), ("BJ", False, "3")],
)
def test_r5_second_half_blade(blade_card: str, option: bool, blade: str) -> None:
    rules = Rules(second_half_score_blade_three=option)
    game = three_out_first_half("KC KD 10S 10H 10C 10D 3S", rules)
    game.start_second_half(make_deal(["3D", "4S", "AH", "2H"], blade_card, 0, 1))
    assert game.half.blade_rank == rank(blade)


def hr(upstream: int, points: tuple[int, int]) -> HalfResult:
    """A three-out half result with given 上游 and team points (NS, EW)."""
    return HalfResult(cards("7H")[0], 4, "three_out", (upstream, (upstream + 1) % 4,
                      (upstream + 2) % 4), upstream, (upstream + 3) % 4, (0, 0, 0, 0), points)


@pytest.mark.parametrize(
    ("first", "second", "winner"),
    [
        # R31: the first-half 上游's team needs 300, the other team 305 (all in 5s)
        (hr(1, (150, 150)), hr(0, (150, 150)), 1),  # EW (上游) 300: EW
        (hr(0, (150, 150)), hr(1, (150, 150)), 0),  # NS (上游) 300: NS
        (hr(1, (155, 145)), hr(1, (150, 150)), 0),  # EW 295, NS 305: NS
        (hr(3, (100, 200)), hr(0, (205, 95)), 0),  # EW 295, NS 305: NS
        (hr(2, (60, 240)), hr(1, (240, 60)), 0),  # NS (上游) 300 exactly
        (hr(2, (60, 240)), hr(1, (235, 65)), 1),  # NS 295: EW with 305
        (hr(0, (240, 60)), hr(0, (300, 0)), 0),
    ],
)
def test_r31_winner_by_totals(first: HalfResult, second: HalfResult, winner: int) -> None:
    r = decide(first, second, DEFAULT_RULES)
    assert (r.winner, r.kind) == (winner, NORMAL)
    assert sum(r.totals) == 600
    assert r.halves == (first, second)


@pytest.mark.parametrize(
    ("first", "second", "winner"),
    [
        (hr(1, (150, 150)), hr(3, (150, 150)), 1),  # EW 300 and EW second 上游
        (hr(1, (150, 150)), hr(0, (150, 150)), None),  # EW 300 but NS second 上游: draw
        (hr(1, (155, 145)), hr(2, (150, 150)), 0),  # NS 305 and NS second 上游
        (hr(1, (155, 145)), hr(1, (150, 150)), None),  # NS 305, EW second 上游: draw
    ],
)
def test_r31_option_second_half_needs_upstream(
    first: HalfResult, second: HalfResult, winner: int | None
) -> None:
    r = decide(first, second, Rules(second_half_needs_upstream=True))
    assert r.winner == winner
    assert r.kind == (DRAW if winner is None else NORMAL)
    plain = decide(first, second, DEFAULT_RULES)
    assert plain.winner is not None and plain.kind == NORMAL


# -- the state API ---------------------------------------------------------------------


def test_apply_takes_moves_cards_or_none() -> None:
    game = game_from(["3D 4D", "5S 5D 3S", "KH 4H", "9C 4C"], "7H", 1)
    assert game.apply(move("5S 5D")) == move("5S 5H")
    assert game.half.won == [0, 0, 0, 0] and game.half.trick_points == 10
    assert game.apply(None) == PASS  # seat 2
    assert game.apply(PASS) == PASS  # seat 3
    with pytest.raises(IllegalAction, match="does not beat"):
        game.apply(cards("3D"))
    with pytest.raises(IllegalAction, match="no cards"):
        game.apply([])
    assert game.apply(None) == PASS  # seat 0: the trick ends
    assert game.half.won == [0, 10, 0, 0] and game.to_move == 1
    assert game.apply(cards("3S")) == move("3D")  # seat 1 leads
    assert game.to_move == 2


@pytest.mark.parametrize("seed", range(12))
def test_illegal_actions_raise_and_change_nothing(seed: int) -> None:
    """Every kind of refused action leaves the record, every view and the moves as
    they were (ARCHITECTURE: typed errors, nothing changes)."""
    game = random_game(seed, stop_after=seed * 13 % 97)
    assert not game.is_over
    seat = game.to_move
    assert seat is not None
    half = game.half
    hand = half.hands[seat]
    before = snapshot(game)
    others = [c for s in range(4) if s != seat for c in half.hands[s].cards()]
    missing = next(c for c in others if hand.count(c) == 0)
    attempts: list[object] = [(missing,), ()]
    held = hand.cards()
    ranks = sorted({c.rank for c in held if c.rank is not None})
    if len(ranks) >= 2:
        a = next(c for c in held if c.rank == ranks[0])
        b = next(c for c in held if c.rank == ranks[1])
        attempts.append((a, b))  # not one rank
    if half.top is None:
        attempts += [None, PASS]  # R24
    else:
        weak = [m for m in hand.all_moves() if m not in set(game.legal_moves())]
        attempts += weak[:3]  # held but does not beat the top
        attempts += [hand.cards_for(m) for m in weak[:3]]
    held_moves = set(hand.all_moves())
    foreign = [m for s in range(4) for m in half.hands[s].all_moves() if m not in held_moves]
    attempts += foreign[:3]  # a move this hand cannot make
    assert len(attempts) >= 4
    for action in attempts:
        with pytest.raises(IllegalAction):
            game.apply(action)  # type: ignore[arg-type]
        assert snapshot(game) == before, f"state changed after refusing {action!r}"


def test_actions_after_the_game_are_refused() -> None:
    game = random_game(3)
    assert game.is_over
    before = snapshot(game)
    for action in (PASS, None, cards("3S")):
        with pytest.raises(IllegalAction, match="over"):
            game.apply(action)
    assert snapshot(game) == before
    with pytest.raises(IllegalAction):
        game.cards_for(move("3S"))


def test_clone_is_independent() -> None:
    game = random_game(5, stop_after=40)
    twin = game.clone()
    assert snapshot(twin) == snapshot(game)
    before = snapshot(game)
    rnd = random.Random(0)
    while not twin.is_over and twin.to_move is not None:
        twin.apply_trusted(rnd.choice(twin.legal_moves()))
    assert snapshot(game) == before
    assert twin.rng is None  # a clone does not know the next deal


def test_cards_for_gives_the_cards_a_move_would_play() -> None:
    game = game_from(["3D 4D", "5S 5S 5S 5D 3S", "KH 4H", "9C 4C"], "7H", 1)
    assert sorted(game.cards_for(move("5S 5H"))) == sorted(cards("5D 5S"))
    assert game.cards_for(PASS) == ()
    act(game, 1, "5D 5S")
    assert game.half.hands[1].count(cards("5S")[0]) == 2


def test_r32_result_holds_each_half() -> None:
    for seed in range(30):
        game = random_game(seed)
        r = game.result
        assert r is not None and game.is_over
        assert len(r.halves) == (1 if r.kind == DOUBLE else 2)
        assert [h.blade_card for h in r.halves] == [h.deal.blade_card for h in game.halves]
        for h in r.halves:
            assert sum(h.points) == 300
            assert h.upstream == h.out_order[0]
