"""Issue 45's coach measure: plants judged twice (the hall's look and the deeper one), the
table counting only the plants the deeper look calls mistakes, and the search bot's own
moves judged as the hall judges."""

from __future__ import annotations

import random

from benchmarks import coach_expected as expected, coach_planted as planted
from yuanzi.bots.hints import advice_of
from yuanzi.coach import ReviewSettings
from yuanzi.engine import Game, record_of

MARKS = ("best", "good", "inaccuracy", "mistake", "blunder", "forced")

FEW = ReviewSettings(worlds=2, seed=3)


def test_the_deeper_look_has_five_times_the_worlds_and_another_seed() -> None:
    deep = expected.deep_settings(FEW)
    assert (deep.worlds, deep.seed, deep.limit) == (10, 4, FEW.limit)


def test_the_table_counts_what_the_deeper_look_calls_a_mistake() -> None:
    def row(kind: str, hall: str, deep: str) -> dict[str, object]:
        judged = {"mark": hall, "loss": 1.0, "points_lost": 2.0}
        return {"kind": kind, "game": 1, "decision": 2, "hall": judged,
                "deep": {**judged, "mark": deep}}
    rows = [row("big_trick", "mistake", "blunder"), row("big_trick", "good", "mistake"),
            row("big_trick", "mistake", "good"), row("bomb_away", "blunder", "mistake"),
            row("bomb_away", "inaccuracy", "inaccuracy")]
    table = expected.expected_table(rows)
    assert table["big_trick"]["mistakes_in_expectation"] == 2
    assert table["big_trick"]["marked"]["hits"] == 1  # the hall's look missed one
    assert table["big_trick"]["false_alarms"] == {**table["big_trick"]["false_alarms"],
                                                  "n": 1, "hits": 1}
    assert len(table["big_trick"]["missed"]) == 1
    assert table["all"]["plants"] == 5 and table["all"]["marked"]["hits"] == 2
    assert table["all"]["marked"]["n"] == 3 and table["all"]["false_alarms"]["n"] == 2


def test_a_plant_is_judged_by_both_looks() -> None:
    for kind in ("bomb_away", "atom_break"):  # (the kinds quickest to find)
        (game_seed, n), = planted.find_positions(kind, 1, seed=0)
        row = expected.judge_twice((kind, game_seed, n, FEW))
        assert row["kind"] == kind and row["hall"]["played"] == row["deep"]["played"]
        assert row["hall"]["mark"] in MARKS and row["deep"]["mark"] in MARKS


def test_a_made_move_of_a_record_is_judged_as_the_hall_judges() -> None:
    """(The harness plays its records with the search bot; a heuristic game is quicker.)"""
    game = Game.new(random.Random(5))
    while not game.is_over:
        seat = game.to_move
        assert seat is not None
        game.apply(advice_of(game.observation(seat), game.legal_moves()))
    record = record_of(game).to_json()
    plies = planted.choice_points(record)
    marks = [expected.judge_made((record, ply, FEW)) for ply in plies[:6]]
    assert len(marks) == 6 and set(marks) <= set(MARKS)
