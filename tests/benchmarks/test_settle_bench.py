"""The settlement benchmark plays real records through the hall's settlement service."""

from __future__ import annotations

from benchmarks import settle


def test_settle_reports_games_and_latencies() -> None:
    out = settle.run(seconds=0.5, seed=2)
    assert out["games"] >= 2
    assert out["cpu_us_per_game"] > 0
    assert 0 < out["finish_ms_p50"] <= out["finish_ms_p99"]


def test_played_records_are_whole_games() -> None:
    game = settle._played(5)
    assert game.is_over and game.result is not None
    assert sum(len(h.actions) for h in game.halves) > 100
