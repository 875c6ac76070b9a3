"""An escape in a record (issue 54, R35): ``[seat, "escape"]`` is the last action of the
last half and nowhere else, by any seat; it ends a game in play, never one that is over;
a record stored before (its fairness said ``abandoned_by``) is given out with it."""

from __future__ import annotations

import random
from types import SimpleNamespace
from typing import cast

import pytest

from yuanzi.engine import Game, Record, Rules, record_of, replay
from yuanzi.engine.deal import deal_half
from yuanzi.engine.errors import RecordError
from yuanzi.engine.record import ESCAPE, escaped, with_escape
from yuanzi.judge import answer
from yuanzi.store.models.games import GameRow
from yuanzi.store.repos.games import _given_out


def a_game(plays: int, seed: int = 3) -> Game:
    rng = random.Random(seed)
    game = Game(Rules(), deal_half(rng, Rules()))
    for _ in range(plays):
        game.apply(rng.choice(game.legal_moves()))
    return game


def test_an_escape_ends_the_record_and_round_trips() -> None:
    game = a_game(9)
    record = escaped(record_of(game), 2)
    data = record.to_json()
    assert data["halves"][-1]["actions"][-1] == [2, ESCAPE]
    assert len(data["halves"][-1]["actions"]) == 10
    again = Record.from_json(data)
    assert again == record and again.escaped_by == 2
    assert len(again.halves[-1].actions) == 9  # (the plays alone)
    assert replay(again).to_move == game.to_move


@pytest.mark.parametrize("where", ["first", "middle"])
def test_an_escape_anywhere_else_is_malformed(where: str) -> None:
    data = record_of(a_game(9)).to_json()
    actions = data["halves"][0]["actions"]
    actions.insert(0 if where == "first" else 4, [1, ESCAPE])
    with pytest.raises(RecordError) as e:
        Record.from_json(data)
    assert (e.value.half, e.value.action) == (0, 0 if where == "first" else 4)


def test_an_escape_after_the_end_breaks_the_rules() -> None:
    game = a_game(0)
    rng = random.Random(5)
    while not game.is_over:
        if game.needs_second_half():
            first = game.halves[0].result
            assert first is not None
            game.start_second_half(deal_half(rng, game.rules, first.upstream))
            continue
        game.apply(rng.choice(game.legal_moves()))
    data = record_of(game).to_json()
    data["halves"][-1]["actions"].append([0, ESCAPE])
    with pytest.raises(RecordError, match="escape after the game is over"):
        replay(Record.from_json(data))
    assert answer({"op": "game", "record": data})["ok"] is False


def test_the_judge_reports_where_an_escape_stopped_the_game() -> None:
    game = a_game(9)
    out = answer({"op": "game", "record": escaped(record_of(game), 3).to_json()})
    assert out == {"ok": True, "result": None, "to_move": game.to_move, "halves": [],
                   "abandoned_by": 3}
    plain = answer({"op": "game", "record": record_of(game).to_json()})
    assert "abandoned_by" not in plain  # (RECORD.md's answer, unchanged)


def test_a_record_stored_before_the_escape_was_an_action_gets_it() -> None:
    data = record_of(a_game(9)).to_json()
    data["halves"][0]["fairness"] = {"scheme": "yuanzi-deal/2", "abandoned_by": 1}
    given = with_escape(data, 1)
    assert given["halves"][0]["actions"][-1] == [1, ESCAPE]
    assert "abandoned_by" not in given["halves"][0]["fairness"]
    assert data["halves"][0]["fairness"]["abandoned_by"] == 1  # (a copy)
    assert with_escape(given, 1) == given  # (once)
    row = cast(GameRow, SimpleNamespace(record=data, status="abandoned",
                                        settlement={"escaper": 1}))
    assert _given_out(row) == given
    row = cast(GameRow, SimpleNamespace(record=data, status="finished", settlement={}))
    assert _given_out(row) == data
