"""The reading harness reads real frames from a socket on both roads and prices each."""

from __future__ import annotations

from benchmarks import reading


def test_reading_prices_both_roads_per_message() -> None:
    out = reading.run(seconds=0.0, messages=200)
    assert out["blocks_per_road"] == 3 and out["messages_per_block"] == 200
    assert out["direct_us_per_message"] > 0 and out["asgi_us_per_message"] > 0
    assert abs(out["saved_us_per_message"] - (
        out["asgi_us_per_message"] - out["direct_us_per_message"])) <= 0.011
    low, high = out["direct_range_us"]
    assert low <= out["direct_us_per_message"] <= high
