"""``yuanzi arena``: text and JSON reports, saved records, bad arguments."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from yuanzi.cli import main


def test_arena_json_has_the_promised_fields(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["arena", "heuristic", "random", "--games", "4", "--json"]) == 0
    captured = capsys.readouterr()
    data = json.loads(captured.out)
    assert data["games"] == 4
    assert 0 <= data["ci95"][0] <= data["win_rate"] <= data["ci95"][1] <= 1
    for bot in ("heuristic", "random"):
        assert data["decision_ms"][bot]["mean"] >= 0
        assert data["decision_ms"][bot]["p95"] >= 0
    assert "4/4 games" in captured.err  # the progress, on stderr


def test_arena_text_report_and_saved_games(tmp_path: Path,
                                           capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["arena", "random", "random", "--games", "2", "--save", str(tmp_path),
                 "--no-progress"]) == 0
    out = capsys.readouterr()
    assert "random wins 50.0%" in out.out and "95% CI" in out.out and "双夹" in out.out
    assert out.err == ""
    assert len(list(tmp_path.glob("*.json"))) == 2


def test_arena_refuses_unknown_bots_and_no_games(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["arena", "heuristic", "nobody", "--games", "2"]) == 2
    assert "unknown bot" in capsys.readouterr().err
    assert main(["arena", "heuristic", "random", "--games", "0"]) == 2
