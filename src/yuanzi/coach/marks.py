"""How a decision is marked and a game's accuracy figured, from the win chance a move
gave away (in percentage points, 0–100, as the search's worlds estimate it).

Thresholds (stated for players in docs/coach.md): a loss under 4 points of win chance is
*good*; from 4 an *inaccuracy*, from 10 a *mistake*, from 20 a *blunder*. Where the game
is all but decided, win chance hardly moves, so the points of the half count too: giving
away 10 expected points (R29) is an inaccuracy, 25 a mistake, 50 a blunder. The worse of
the two marks stands. A loss is marked only when it also stands out of the worlds' noise
(twice the standard error of the paired difference), so a close call between two moves is
never called a mistake. When that noise leaves open whether a move is a mistake or worse
(:func:`close_call`: the mark with every loss two standard errors lower and with every
loss two higher fall on different sides of the mistake or the blunder line), the review
looks again in fresh worlds (``coach/review.py``).

Accuracy per decision follows Lichess' published curve,
``103.1668 · e^(−0.04354 · loss) − 3.1669`` (100 for no loss, ~50 at 16 points, ~0 from
~70), clamped to 0–100; a game's accuracy is the mean over the seat's reviewed decisions.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

MARKS = ("good", "inaccuracy", "mistake", "blunder")
THRESHOLDS = (("blunder", 20.0), ("mistake", 10.0), ("inaccuracy", 4.0))
"""Win chance given away, in percentage points."""
POINT_THRESHOLDS = (("blunder", 50.0), ("mistake", 25.0), ("inaccuracy", 10.0))
"""Expected points of the half given away (R29)."""
NOISE_SIGMAS = 2.0


def mark_of(loss: float, stderr: float, points: float = 0.0,
            points_stderr: float = 0.0, scale: float = 1.0) -> str:
    """The mark of a decision that gave away ``loss`` points of win chance (± ``stderr``)
    and ``points`` expected points of the half (± ``points_stderr``). ``scale`` moves
    every line alike: the hall marks at 1; the coach's bench asks what other lines would
    mark (benchmarks/coach_planted.py)."""
    by_win = _line(loss, stderr, _scaled(THRESHOLDS, scale))
    by_points = _line(points, points_stderr, _scaled(POINT_THRESHOLDS, scale))
    return max(by_win, by_points, key=MARKS.index)


def _scaled(lines: tuple[tuple[str, float], ...], scale: float
            ) -> tuple[tuple[str, float], ...]:
    return lines if scale == 1.0 else tuple((mark, scale * line) for mark, line in lines)


def _line(loss: float, stderr: float, lines: tuple[tuple[str, float], ...]) -> str:
    if loss <= NOISE_SIGMAS * stderr:
        return "good"
    return _plain(loss, lines)


def band(gaps: Sequence[tuple[float, float, float, float]]) -> tuple[str, str]:
    """The least and the worst mark the worlds' noise allows, from each alternative's
    ``(loss, stderr, points, points_stderr)`` against the move made: the mark with every
    loss taken ``NOISE_SIGMAS`` standard errors lower, and with every loss taken as much
    higher. When the two differ the call is close."""
    def worst(sign: float) -> str:
        marks = [max(_plain(w + sign * NOISE_SIGMAS * ws, THRESHOLDS),
                     _plain(p + sign * NOISE_SIGMAS * ps, POINT_THRESHOLDS), key=MARKS.index)
                 for w, ws, p, ps in gaps]
        return max(marks, key=MARKS.index, default="good")
    return worst(-1.0), worst(1.0)


def close_call(low: str, high: str) -> bool:
    """Whether the noise leaves it open if the move is a mistake or worse (and which):
    the band's ends on different sides of the mistake or the blunder line. Whether a move
    is good or an inaccuracy is left to the first worlds (a second look at every such
    doubt would triple a review's time)."""
    return max(MARKS.index(low), 1) != max(MARKS.index(high), 1)


def _plain(loss: float, lines: tuple[tuple[str, float], ...]) -> str:
    for mark, line in lines:
        if loss >= line:
            return mark
    return "good"


def accuracy_of(loss: float) -> float:
    return max(0.0, min(100.0, 103.1668 * math.exp(-0.04354 * max(0.0, loss)) - 3.1669))
