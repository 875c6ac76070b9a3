"""The arena's statistics on cases with a known answer."""

from __future__ import annotations

import math

import pytest

from yuanzi.arena.stats import mean, percentile, wilson


def test_wilson_interval_matches_the_textbook_values() -> None:
    lo, hi = wilson(50, 100)
    assert lo == pytest.approx(0.4038, abs=1e-4) and hi == pytest.approx(0.5962, abs=1e-4)
    lo, hi = wilson(81, 263)  # Newcombe (1998), example 1
    assert lo == pytest.approx(0.2553, abs=1e-3) and hi == pytest.approx(0.3662, abs=1e-3)


def test_wilson_interval_is_sane_at_the_edges() -> None:
    lo, hi = wilson(0, 10)
    assert lo == 0.0 and hi == pytest.approx(0.2775, abs=1e-4)
    lo, hi = wilson(10, 10)
    assert hi == pytest.approx(1.0) and lo == pytest.approx(0.7225, abs=1e-4)
    assert wilson(0, 0) == (0.0, 1.0)


def test_wilson_interval_shrinks_like_one_over_root_n() -> None:
    widths = [wilson(n * 0.6, n)[1] - wilson(n * 0.6, n)[0] for n in (100, 400)]
    assert widths[1] == pytest.approx(widths[0] / 2, rel=0.02)
    assert widths[0] == pytest.approx(2 * 1.96 * math.sqrt(0.24 / 100), rel=0.03)


def test_mean_and_nearest_rank_percentile() -> None:
    values = [float(v) for v in range(1, 101)]
    assert mean(values) == 50.5
    assert percentile(values, 95) == 95.0
    assert percentile(values, 100) == 100.0
    assert percentile([3.0], 95) == 3.0
    assert percentile([], 95) == 0.0 and mean([]) == 0.0
