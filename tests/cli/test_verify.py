"""``yuanzi verify`` and the judge's ``verify`` (issue 28): a fair record holds, a
tampered one is named half by half, and bad input is a clear error."""

from __future__ import annotations

import copy
import json
import random
import secrets
import subprocess
import sys
from pathlib import Path
from typing import Any

from yuanzi.engine import Game, Rules, record_of
from yuanzi.engine.fairness import fair_deal, fairness_fields
from yuanzi.judge import answer

VALUES = ["0a" * 8, "1b" * 8, "2c" * 8, "3d" * 8]


def a_record() -> dict[str, Any]:
    """A whole game (issue 43: a record that stops early is not one), fairly dealt."""
    seed = secrets.token_bytes(32)
    rules = Rules()
    game = Game(rules, fair_deal(seed, 0, VALUES, rules))
    rng = random.Random(7)
    while not game.is_over:
        if game.needs_second_half():
            first = game.halves[0].result
            assert first is not None
            game.start_second_half(fair_deal(seed, 1, VALUES, rules, first.upstream))
        game.apply(rng.choice(game.legal_moves()))
    record = record_of(game).to_json()
    for half in record["halves"]:
        half["fairness"] = fairness_fields(seed, VALUES, ["player"] * 4)
    return record


def verify(path: Path | str, stdin: str | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "yuanzi", "verify", str(path)], input=stdin,
                          capture_output=True, text=True, timeout=60, check=False)


def test_a_fair_record_and_a_tampered_one(tmp_path: Path) -> None:
    record = a_record()
    good = tmp_path / "good.json"
    good.write_text(json.dumps(record))
    done = verify(good)
    assert done.returncode == 0 and "half 1: fair" in done.stdout
    bad = copy.deepcopy(record)
    bad["halves"][0]["fairness"]["contributions"][2] = "ff" * 8
    done = verify("-", json.dumps({"record": bad}))  # a replay's answer holds the record
    assert done.returncode == 1 and "half 1: NOT VERIFIED" in done.stdout
    assert "not the one the seed" in done.stdout


def test_a_record_is_judged_as_itself_whatever_else_it_holds() -> None:
    """Issue 43's review: a tampered record that also held a fair one under ``"record"``
    was judged by the fair one. Only an answer that is no record itself is unwrapped;
    the command and the judge agree."""
    bad = a_record()
    bad["halves"][0]["fairness"]["contributions"][2] = "ff" * 8
    bad["record"] = a_record()
    done = verify("-", json.dumps(bad))
    assert done.returncode == 1 and "half 1: NOT VERIFIED" in done.stdout
    assert answer({"op": "verify", "record": bad})["fair"] is False


def test_bad_input_is_a_clear_error(tmp_path: Path) -> None:
    done = verify(tmp_path / "missing.json")
    assert done.returncode == 2 and "verify:" in done.stderr
    (tmp_path / "x.json").write_text("{not json")
    assert verify(tmp_path / "x.json").returncode == 2


def test_the_judge_verifies_on_request() -> None:
    record = a_record()
    out = answer({"op": "verify", "record": record})
    assert out["ok"] and out["fair"] and out["halves"][0]["holds"]
    del record["halves"][0]["fairness"]
    out = answer({"op": "verify", "record": record})
    assert out["ok"] and not out["fair"] and out["halves"][0]["present"] is False
    assert answer({"op": "verify", "record": 7})["ok"] is False
    assert answer({"op": "game", "record": a_record()})["ok"]  # the fields are ignored there


def test_deep_or_huge_input_is_a_clear_error_never_a_traceback(tmp_path: Path) -> None:
    """Issue 43: ``[`` a hundred thousand times crashed it with a RecursionError."""
    from yuanzi.judge import judge_lines

    for name, text in (("deep", "[" * 100_000), ("closed", "[" * 40 + "]" * 40),
                       ("huge", " " * 1_000_001), ("nan", "NaN")):
        path = tmp_path / f"{name}.json"
        path.write_text(text)
        done = verify(path)
        assert done.returncode == 2, (name, done)
        assert done.stderr.startswith("verify: ") and "Traceback" not in done.stderr
    (tmp_path / "latin.json").write_bytes(b'{"halves": "\xff"}')
    assert "UTF-8" in verify(tmp_path / "latin.json").stderr
    deep, = judge_lines(["[" * 100_000])
    assert json.loads(deep) == {"ok": False,
                                "error": "a record nests at most 32 deep; this is deeper"}


def test_a_cut_record_and_an_abandoned_one(tmp_path: Path) -> None:
    """Issue 43: a record whose actions were cut short is not whole; one that says where
    a seat escaped (R35) is."""
    record = a_record()
    cut = copy.deepcopy(record)
    cut["halves"][-1]["actions"].pop()
    (tmp_path / "cut.json").write_text(json.dumps(cut))
    done = verify(tmp_path / "cut.json")
    assert done.returncode == 1 and "game: NOT VERIFIED — the record stops" in done.stdout
    cut["halves"][-1]["fairness"]["abandoned_by"] = 2
    (tmp_path / "left.json").write_text(json.dumps(cut))
    done = verify(tmp_path / "left.json")
    assert done.returncode == 0 and "game: abandoned when seat 2 left" in done.stdout
