"""The judge protocol of RECORD.md: one JSON request per line in, one answer per line out,
``ok: false`` for every bad line and never a crash."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from hypothesis import given, strategies as st

from yuanzi.engine import Game, record_of
from yuanzi.judge import answer, judge_lines


def finished_record(seed: int = 0) -> tuple[Game, dict[str, Any]]:
    game = Game.new(random.Random(seed))
    rnd = random.Random(seed + 1)
    while not game.is_over:
        game.apply(rnd.choice(game.legal_moves()))
    return game, record_of(game).to_json()


def test_classify_answer_matches_record_md() -> None:
    got = answer({"op": "classify", "blade": "7", "cards": "7S 7S 7S"})
    assert got == {"ok": True, "kind": "atom", "rank": "7", "suit": "S", "size": 3,
                   "blade": True}


@pytest.mark.parametrize(
    ("cards", "expected"),
    [
        ("BJ BJ BJ", {"kind": "atom", "rank": "BJ", "size": 3, "blade": False}),
        ("SJ BJ", {"kind": "pair", "rank": "3", "size": 2, "blade": False}),
        ("9S 9S 9H 9H 9C 9C 9D 9D", {"kind": "hydrogen", "rank": "9", "size": 8,
                                     "blade": False}),
        ("7S 7H 7C 7D 7S", {"kind": "bomb", "rank": "7", "size": 5, "blade": True}),
        ("th 10s", {"kind": "pair", "rank": "10", "size": 2, "blade": False}),
    ],
)
def test_classify_kinds(cards: str, expected: dict[str, Any]) -> None:
    assert answer({"op": "classify", "blade": "7", "cards": cards}) == {"ok": True, **expected}


def test_classify_invalid_group_names_why() -> None:
    got = answer({"op": "classify", "blade": "7", "cards": "7S 8S"})
    assert got["ok"] is False
    assert got["error"] == "invalid: 7S 8S is not one rank"
    got = answer({"op": "classify", "blade": "7", "cards": "7S BJ"})
    assert got["ok"] is False and "blade" in got["error"]


def test_beats_answer_matches_record_md() -> None:
    req = {"op": "beats", "blade": "7", "top": "9D 9D", "play": "BJ QS"}
    assert answer(req) == {"ok": True, "beats": True}
    assert answer({**req, "top": "BJ QS", "play": "9D 9D"}) == {"ok": True, "beats": False}


def test_beats_depends_on_blade_bomb_only_atoms() -> None:
    req = {"op": "beats", "blade": "7", "top": "7S 7H 7C 7D", "play": "3S 3H 3C 3D 3S"}
    assert answer(req) == {"ok": True, "beats": True}
    opt = {**req, "rules": {"blade_bomb_only_atoms": True}}
    assert answer(opt) == {"ok": True, "beats": False}


@pytest.mark.parametrize("which", ["top", "play"])
def test_beats_with_an_invalid_group(which: str) -> None:
    req = {"op": "beats", "blade": "7", "top": "9D", "play": "10D"}
    req[which] = "9D 10D"
    got = answer(req)
    assert got["ok"] is False and "invalid" in got["error"]


def test_game_answer_for_a_finished_record() -> None:
    game, rec = finished_record(0)
    got = answer({"op": "game", "record": rec})
    assert got["ok"] is True
    result = got["result"]
    assert game.result is not None
    w = game.result.winner
    assert result["winner"] == (None if w is None else ("NS", "EW")[w])
    assert result["kind"] == game.result.kind
    assert len(result["halves"]) == len(game.result.halves)
    for h, r in zip(result["halves"], game.result.halves, strict=True):
        assert set(h) >= {"blade_rank", "ended_by", "out_order", "upstream", "downstream",
                          "trick_points", "points"}
        assert h["out_order"] == list(r.out_order)
        assert h["points"] == {"NS": r.points[0], "EW": r.points[1]}
        assert sum(h["points"].values()) == 300
        assert h["ended_by"] in ("team_out", "three_out")


def test_game_answer_for_a_record_in_progress() -> None:
    _, rec = finished_record(4)
    first = rec["halves"][0]
    first["actions"] = first["actions"][:5]
    rec["halves"] = [first]
    got = answer({"op": "game", "record": rec})
    assert got["ok"] is True and got["result"] is None
    assert got["halves"] == []
    assert got["to_move"] in (0, 1, 2, 3)


def test_game_answer_between_the_halves() -> None:
    for seed in range(100):
        game, rec = finished_record(seed)
        if len(game.halves) == 2:
            break
    rec["halves"] = rec["halves"][:1]
    got = answer({"op": "game", "record": rec})
    assert got["ok"] is True and got["result"] is None and got["to_move"] is None
    assert len(got["halves"]) == 1


def test_game_answer_for_a_broken_record_names_half_and_action() -> None:
    _, rec = finished_record(0)
    seat = rec["halves"][0]["actions"][3][0]
    rec["halves"][0]["actions"][3][0] = (seat + 1) % 4
    got = answer({"op": "game", "record": rec})
    assert got["ok"] is False
    assert "half 0" in got["error"] and "action 3" in got["error"]


@pytest.mark.parametrize(
    "req",
    [
        None, 3, "classify", [], ["op", "classify"],
        {},
        {"op": "nope"},
        {"op": None},
        {"op": "classify"},
        {"op": "classify", "blade": "7"},
        {"op": "classify", "cards": "7S"},
        {"op": "classify", "blade": "1", "cards": "7S"},
        {"op": "classify", "blade": 7, "cards": "7S"},
        {"op": "classify", "blade": "7", "cards": ["7S"]},
        {"op": "classify", "blade": "7", "cards": ""},
        {"op": "classify", "blade": "7", "cards": "7S 7Z"},
        {"op": "classify", "blade": "7", "cards": "7S", "rules": {"bogus": 1}},
        {"op": "classify", "blade": "7", "cards": "7S", "rules": []},
        {"op": "beats", "blade": "7", "top": "9D"},
        {"op": "beats", "blade": "7", "play": "9D"},
        {"op": "beats", "blade": "X", "top": "9D", "play": "10D"},
        {"op": "beats", "blade": "7", "top": "9D", "play": "10D", "rules": {"jiefeng": 1}},
        {"op": "game"},
        {"op": "game", "record": None},
        {"op": "game", "record": {}},
        {"op": "game", "record": {"halves": [{}]}},
        {"op": "game", "record": {"halves": [{"blade_card": "7S", "hands": [1, 2, 3, 4]}]}},
        {"op": "game", "record": {"halves": [{"blade_card": "7S", "blade_holder": 0,
                                              "first_drawer": 3, "hands": ["", "", "", ""]}]}},
    ],
)
def test_bad_requests_answer_not_ok(req: Any) -> None:
    got = answer(req)
    assert got["ok"] is False
    assert isinstance(got["error"], str) and got["error"]
    assert not got["error"].startswith("internal error"), got["error"]
    json.dumps(got)


def test_an_unexpected_exception_is_an_answer_too(monkeypatch: pytest.MonkeyPatch) -> None:
    """The judge's last safety net: an engine crash on one line is ``ok: false``."""
    import yuanzi.judge

    def boom(*_: Any) -> Any:
        raise RuntimeError("boom")

    monkeypatch.setattr(yuanzi.judge, "replay", boom)
    got = answer({"op": "game", "record": finished_record(0)[1]})
    assert got == {"ok": False, "error": "internal error: RuntimeError: boom"}
    out = list(judge_lines(['{"op": "game", "record": {}}\n', "[]\n"]))
    assert [json.loads(x)["ok"] for x in out] == [False, False]


def test_bad_card_tokens_are_named() -> None:
    got = answer({"op": "classify", "blade": "7", "cards": "7S 7Z"})
    assert "'7Z'" in got["error"]


json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=8),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=6), inner,
                                                                  max_size=4),
    max_leaves=12,
)
requests = st.fixed_dictionaries(
    {"op": st.sampled_from(["classify", "beats", "game", "x"])},
    optional={
        "blade": st.sampled_from(["7", "3", "2", "10", "T", "1", "", "BJ"]) | json_values,
        "cards": st.text(alphabet="7SHCDBJQ10 ", max_size=12) | json_values,
        "top": st.text(alphabet="9SDBJ ", max_size=8) | json_values,
        "play": st.text(alphabet="9SDBJKA ", max_size=8) | json_values,
        "rules": json_values,
        "record": json_values,
    },
)


@given(requests | json_values)
def test_answer_never_raises(req: Any) -> None:
    got = answer(req)
    assert isinstance(got, dict) and isinstance(got["ok"], bool)
    if not got["ok"]:
        assert isinstance(got["error"], str)
    json.loads(json.dumps(got))


def test_judge_lines_one_answer_per_line_in_order() -> None:
    lines = [
        '{"op": "classify", "blade": "7", "cards": "7S"}\n',
        "\n",
        "   \n",
        "not json\n",
        '{"op": "beats", "blade": "7", "top": "9D 9D", "play": "BJ QS"}\n',
        "[1, 2]\n",
        '{"op": "classify", "blade": "7", "cards": "BJ BJ BJ"}',
    ]
    out = [json.loads(x) for x in judge_lines(lines)]
    assert len(out) == 5
    assert out[0] == {"ok": True, "kind": "single", "rank": "7", "size": 1, "blade": True}
    assert out[1]["ok"] is False and "JSON" in out[1]["error"]
    assert out[2] == {"ok": True, "beats": True}
    assert out[3]["ok"] is False
    assert out[4]["rank"] == "BJ"


@given(st.lists(st.text(max_size=40), max_size=6))
def test_judge_lines_never_crash_on_text(lines: list[str]) -> None:
    out = list(judge_lines(line + "\n" for line in lines))
    assert len(out) == sum(1 for line in lines if line.strip())
    for x in out:
        assert isinstance(json.loads(x)["ok"], bool)
