"""Why a marked move was worse, in one sentence a player can check (issue 45): drawn from
what the coach computed — in the same worlds, the move made against the best one — not a
verdict alone.

Each world's end of the half (:class:`~yuanzi.engine.half.HalfResult`) is read from the
reviewed team's side into :class:`HalfFacts`: whether the team was 上游, whether the
opponents went out first and second (R28a: in the first half a 双夹, R30), the 下游's trick
points R29 moved to or from the team, the points the team's cards still in hand gave away
(R29), and the trick points it won. :func:`reason` compares the two moves' means and names
the largest difference that stands out:

1. ``double`` — the opponents went out first and second more often (by 10 % or more);
2. the largest of the points — ``downstream`` (the 下游's points), ``cards_left`` (points
   left in hand), ``tricks`` (trick points) — when 5 points or more;
3. ``upstream`` — the team was 上游 less often (by 15 % or more);
4. ``points`` — none stands out alone, and the mark came from the half's points: how
   many the move lost; ``overall`` — the win chance over the worlds.

The client words each code in both languages (``coach.why.*``) with its number.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from yuanzi.engine.half import TEAM_OUT, HalfResult

DOUBLE_SHARE = 0.10
UPSTREAM_SHARE = 0.15
POINTS = 5.0


@dataclass(frozen=True, slots=True)
class HalfFacts:
    """One world's end of the half, from the reviewed team's side."""

    upstream: float
    """1 when the team's seat went out first."""
    double: float
    """1 when the opponents went out first and second (R28a)."""
    downstream: float
    """The 下游's trick points R29 moved to the team (negative: away from it)."""
    cards_left: float
    """Points of the team's own cards left in hand (R29 gives them to the opponents)."""
    tricks: float
    """Trick points the team's seats won and kept (the 下游's, when R29 moved them to
    the other team, are counted there, in ``downstream``, not twice)."""


def facts_of(result: HalfResult, team: int) -> HalfFacts:
    up_team = result.upstream & 1
    moved = float(result.downstream_points)
    return HalfFacts(
        upstream=1.0 if up_team == team else 0.0,
        double=1.0 if result.ended_by == TEAM_OUT and up_team != team else 0.0,
        downstream=moved if up_team == team else -moved,
        cards_left=float(sum(p for s, p in enumerate(result.hand_points) if s & 1 == team)),
        tricks=float(sum(p for s, p in enumerate(result.trick_points) if s & 1 == team))
        - (moved if up_team != team else 0.0))


@dataclass(frozen=True, slots=True)
class Why:
    code: str
    """``double``, ``downstream``, ``cards_left``, ``tricks``, ``upstream``, ``points`` or
    ``overall``."""
    amount: float
    """Its number: a share in percent (double, upstream, overall) or points."""


def _mean(values: Sequence[float]) -> float:
    return sum(values) / len(values) if values else 0.0


def reason(best: Sequence[HalfFacts], played: Sequence[HalfFacts], loss: float,
           points_lost: float = 0.0) -> Why:
    """Why the move made (``played``, world by world) was worse than the best (``best``,
    the same worlds); ``loss`` is its loss of win chance in percentage points,
    ``points_lost`` its loss of the half's points."""
    double = _mean([p.double - b.double for b, p in zip(best, played, strict=True)])
    if double >= DOUBLE_SHARE:
        return Why("double", round(100 * double))
    points = {
        "downstream": _mean([b.downstream - p.downstream for b, p in zip(best, played,
                                                                        strict=True)]),
        "cards_left": _mean([p.cards_left - b.cards_left for b, p in zip(best, played,
                                                                        strict=True)]),
        "tricks": _mean([b.tricks - p.tricks for b, p in zip(best, played, strict=True)]),
    }
    code = max(points, key=lambda k: points[k])
    if points[code] >= POINTS:
        return Why(code, round(points[code]))
    upstream = _mean([b.upstream - p.upstream for b, p in zip(best, played, strict=True)])
    if upstream >= UPSTREAM_SHARE:
        return Why("upstream", round(100 * upstream))
    if round(loss) < 1 and points_lost >= 1:  # (marked on the half's points alone)
        return Why("points", round(points_lost))
    return Why("overall", round(loss))
