"""The lobby benchmark measures a whole lobby and a REST page on real tables."""

from __future__ import annotations

from benchmarks import lobby


def test_lobby_reports_the_cost_of_a_whole_lobby_and_of_a_page() -> None:
    out = lobby.run(seconds=0.2, tables=240)
    assert out["tables"] == 240
    assert out["whole_kb"] > out["page_kb"] > 0  # a page holds 200 of the 240
    assert out["whole_ms"] > 0 and out["page_ms"] > 0
    assert out["account_cpu_share_max"] == round(1.0 * out["whole_ms"] / 1000, 3)
    assert out["browser_first_kb"] < out["page_kb"]  # 100 rows of the browser's filter
    # each filtered subscriber gets only its tables' part of a bundle
    assert 0 < out["bundle_kb_per_client"] < out["bundle_kb_unfiltered"]
    assert out["bundle_ms"] > 0 and out["watchers"] == lobby.WATCHERS
