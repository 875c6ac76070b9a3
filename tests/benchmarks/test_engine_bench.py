"""The engine benchmark harness runs and reports what the issue names (not a timed test)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from benchmarks import engine

ROOT = Path(__file__).resolve().parents[2]


def test_self_play_plays_whole_games() -> None:
    sp = engine.self_play(0.05, seed=3)
    assert sp.games >= 1
    assert sp.plays >= 40 * sp.games  # a half needs at least one action per card or so
    assert sp.seconds > 0


def test_legal_moves_timing_is_positive() -> None:
    assert engine.legal_moves_us(3, seed=1) > 0


def test_cli_json_has_the_named_fields() -> None:
    out = subprocess.run(
        [sys.executable, "-m", "yuanzi", "bench", "engine", "--json", "--seconds", "0.3"],
        cwd=ROOT, capture_output=True, text=True, timeout=120, check=True,
    )
    data = json.loads(out.stdout)
    for key in ("plays_per_s", "games_per_s", "legal_moves_us"):
        assert data[key] > 0
    if "rlcard_plays_per_s" in data:
        assert data["ratio_vs_rlcard"] > 0
