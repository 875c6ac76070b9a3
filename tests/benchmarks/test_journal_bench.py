"""The journal harness drives real inserts through the writer beside a busy loop."""

from __future__ import annotations

from benchmarks import journal


def test_journal_reports_what_a_write_costs_and_waits() -> None:
    out = journal.run(seconds=0.5, rate=400.0, work=100.0)
    assert out["inserts"] >= 150 and out["commits"] >= 1
    assert out["cpu_us_per_insert"] > out["work_us"] == 100.0
    assert out["rows_per_commit"] >= 1
    assert 0 < out["write_ms_p50"] <= out["write_ms_p99"]
