"""R29 explained: a half's result says where points moved (the score cards left in hands,
下游's tricks), so the hall can show how the trick points became the half's points — and
the judge's answer (RECORD.md) stays exactly what it was."""

from __future__ import annotations

import random

import pytest

from yuanzi.engine import Game, Rules, deal_half
from yuanzi.engine.half import TEAM_NAMES, HalfResult
from yuanzi.engine.observe import game_result_dict, half_result_dict

from .scenario import act, half_state, play

JUDGE_KEYS = {"blade_card", "blade_rank", "ended_by", "out_order", "upstream", "downstream",
              "trick_points", "points"}


def explained(r: HalfResult) -> tuple[int, int]:
    """Each team's points rebuilt from the explanation alone."""
    tp, hp = r.trick_points, r.hand_points
    team = [tp[0] + tp[2] + hp[1] + hp[3], tp[1] + tp[3] + hp[0] + hp[2]]
    if r.downstream_points:
        assert r.downstream is not None and (r.downstream & 1) != (r.upstream & 1)
        team[r.upstream & 1] += r.downstream_points
        team[r.downstream & 1] -= r.downstream_points
    return team[0], team[1]


def test_team_out_left_hand_points_go_to_the_other_team() -> None:
    s = half_state(["3D KD", "2S", "5H 4H", "2H"], leader=1)
    play(s, [(1, "2S"), (2, "pass"), (3, "pass"), (0, "pass"), (2, "5H"), (3, "2H")])
    r = s.result
    assert r is not None and r.points == (0, 15)
    assert r.hand_points == (10, 0, 0, 0)  # seat 0's KD (R29: to EW)
    assert r.downstream_points == 0
    d = half_result_dict(r, detail=True)
    assert d["hand_points"] == [10, 0, 0, 0] and d["downstream_points"] == 0


@pytest.mark.parametrize(("option", "moved"), [(True, 20), (False, 0)])
def test_three_out_downstream_tricks_go_to_upstreams_team(option: bool, moved: int) -> None:
    s = half_state(["KD KC 3D 5D", "2S", "AH", "2H 4C"], leader=0,
                   rules=Rules(downstream_to_upstream=option))
    play(s, [(0, "KD KC"), (1, "pass"), (2, "pass"), (3, "pass"), (0, "3D"), (1, "2S"),
             (2, "pass"), (3, "pass"), (0, "pass"), (2, "AH"), (3, "2H"), (0, "pass")])
    act(s, 3, "4C")
    r = s.result
    assert r is not None and (r.upstream, r.downstream) == (1, 0)
    assert r.trick_points == (20, 0, 0, 0) and r.hand_points == (5, 0, 0, 0)
    assert r.downstream_points == moved
    assert explained(r) == r.points


@pytest.mark.parametrize("seed", range(40))
def test_every_half_of_random_games_adds_up(seed: int) -> None:
    rng = random.Random(seed)
    rules = Rules(downstream_to_upstream=seed % 3 != 0)
    game = Game(rules, deal_half(rng, rules), rng=rng)
    while not game.is_over:
        moves = game.legal_moves()
        game.apply(moves[rng.randrange(len(moves))])
    assert game.result is not None
    for r in game.result.halves:
        assert explained(r) == r.points and sum(r.points) == 300
        assert all(p % 5 == 0 and p >= 0 for p in r.hand_points)
        # only seats still holding cards hold points
        out = set(r.out_order)
        assert all(r.hand_points[s] == 0 for s in out)
    hall = game_result_dict(game.result, detail=True)
    for h, r in zip(hall["halves"], game.result.halves, strict=True):
        assert h["hand_points"] == list(r.hand_points)
        assert h["downstream_points"] == r.downstream_points
        assert h["points"] == {TEAM_NAMES[0]: r.points[0], TEAM_NAMES[1]: r.points[1]}
    # the game view carries the same explanation
    view = game.observation(None).to_dict()
    assert view["result"] == hall and view["finished"] == hall["halves"]


def test_the_judges_answer_is_unchanged() -> None:
    rng = random.Random(7)
    game = Game(Rules(), deal_half(rng, Rules()), rng=rng)
    while not game.is_over:
        moves = game.legal_moves()
        game.apply(moves[rng.randrange(len(moves))])
    assert game.result is not None
    judge = game_result_dict(game.result)
    assert set(judge) == {"halves", "winner", "kind"}
    assert all(set(h) == JUDGE_KEYS for h in judge["halves"])


def second_halves(count: int) -> list[Game]:
    """Random games stopped at the start of their second half (seeds that end with 双夹
    in the first half are passed over)."""
    games = []
    for seed in range(1000):
        rng = random.Random(seed)
        game = Game(Rules(), deal_half(rng, Rules()), rng=rng)
        while not game.is_over and len(game.halves) < 2:
            moves = game.legal_moves()
            game.apply(moves[rng.randrange(len(moves))])
        if not game.is_over:
            games.append(game)
        if len(games) == count:
            return games
    raise AssertionError("too few games reached a second half")


@pytest.mark.parametrize("game", second_halves(15))
def test_while_the_game_runs_the_first_half_is_explained_per_team_only(game: Game) -> None:
    """R45: during the second half no view says which seat kept which score cards in the
    first; the team sums explain R29 just as well. Once the game is over, all is public."""
    first = game.halves[0].result
    assert first is not None
    for seat in (None, 0, 1, 2, 3):
        half = game.observation(seat).to_dict()["finished"][0]
        assert "hand_points" not in half
        hp = first.hand_points
        assert half["team_hand_points"] == {"NS": hp[0] + hp[2], "EW": hp[1] + hp[3]}
        team = {"NS": sum(half["trick_points"][0::2]) + half["team_hand_points"]["EW"],
                "EW": sum(half["trick_points"][1::2]) + half["team_hand_points"]["NS"]}
        d = half["downstream_points"]
        if d:
            team[("NS", "EW")[half["upstream"] & 1]] += d
            team[("NS", "EW")[half["downstream"] & 1]] -= d
        assert team == half["points"]
