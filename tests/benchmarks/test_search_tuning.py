"""The search-tuning harness: positions with their true hands, references, losses."""

from __future__ import annotations

from benchmarks import search_tuning as tuning
from yuanzi.engine.determinize import check_world


def test_positions_carry_true_hands_that_agree_with_the_observation() -> None:
    found = tuning.positions(games=1, every=25, seed=1)
    assert len(found) >= 3
    for obs, legal, truth in found:
        assert len(legal) > 1
        check_world(obs, truth)  # raises if the hands contradict what the seat saw


def test_losses_are_measured_against_the_reference_and_the_truth() -> None:
    found = tuning.positions(games=1, every=40, seed=2)[:4]
    refs = [tuning.reference((p, 3, 7 + i)) for i, p in enumerate(found)]
    for ref, true in refs:
        assert len(ref) == len(true) > 1
        assert all(-1.0 <= v <= 1.0 for v in [*ref.values(), *true.values()])
    variant = {"worlds": 3}
    out = tuning.judge((found, refs, variant, 5))
    again = tuning.judge((found, refs, variant, 5))
    assert out["losses"] == again["losses"]  # fixed worlds: the same choices
    assert all(x >= 0 for x in out["losses"] + out["true_losses"])
    line = tuning.summary("w3", [out])
    assert line["positions"] == len(found) and line["mean_worlds"] <= 3
