"""The tournament page harness (issue 44) plays a real tournament of bots to its end and
prices a read made afresh against one kept for the tournament's state."""

from __future__ import annotations

from benchmarks import tournament


def test_a_kept_page_is_cheaper_than_one_made_afresh() -> None:
    out = tournament.run(players=8, rounds=3, reads=10, timeout=120)
    assert out["games"] == 3 * 2  # three rounds of two tables, one game each
    assert out["kept_ms"] < out["made_ms"]
    assert out["account_cpu_share_max"] < 0.05
