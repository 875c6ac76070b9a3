"""``yuanzi verify`` and the judge's ``verify`` (issue 28): a fair record holds, a
tampered one is named half by half, and bad input is a clear error."""

from __future__ import annotations

import copy
import json
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
    seed = secrets.token_bytes(32)
    rules = Rules()
    game = Game(rules, fair_deal(seed, 0, VALUES, rules))
    record = record_of(game).to_json()
    record["halves"][0]["fairness"] = fairness_fields(seed, VALUES, ["player"] * 4)
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
