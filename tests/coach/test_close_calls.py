"""Issue 31: a call the worlds' noise leaves open at the mistake line is looked at again."""

from __future__ import annotations

from yuanzi.coach.marks import band, close_call


def test_the_band_spans_the_marks_the_noise_allows() -> None:
    assert band([(0.0, 0.0, 0.0, 0.0)]) == ("good", "good")  # the move made against itself
    assert band([(12.0, 1.0, 0.0, 0.0)]) == ("mistake", "mistake")
    assert band([(12.0, 4.0, 0.0, 0.0)]) == ("inaccuracy", "blunder")
    assert band([(1.0, 0.5, 30.0, 2.0)]) == ("mistake", "mistake")  # the points line
    assert band([(0.0, 0.0, 0.0, 0.0), (6.0, 2.0, 0.0, 0.0)]) == ("good", "mistake")


def test_only_doubt_at_the_mistake_and_blunder_lines_is_a_close_call() -> None:
    assert close_call("good", "mistake") and close_call("mistake", "blunder")
    assert not close_call("good", "inaccuracy") and not close_call("mistake", "mistake")
    assert close_call(*band([(6.0, 2.0, 0.0, 0.0)]))
    assert not close_call(*band([(1.0, 1.0, 0.0, 0.0)]))
