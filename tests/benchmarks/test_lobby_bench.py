"""The lobby benchmark measures a whole lobby and a REST page on real tables."""

from __future__ import annotations

from benchmarks import lobby


def test_lobby_reports_the_cost_of_a_whole_lobby_and_of_a_page() -> None:
    out = lobby.run(seconds=0.2, tables=240)
    assert out["tables"] == 240
    assert out["whole_kb"] > out["page_kb"] > 0  # a page holds 200 of the 240
    assert out["whole_ms"] > 0 and out["page_ms"] > 0
    assert out["account_cpu_share_max"] == round(1.0 * out["whole_ms"] / 1000, 3)
