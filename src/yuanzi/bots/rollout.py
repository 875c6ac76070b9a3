"""Rollouts: finish a (guessed) half with the policy for every seat, and score the end.

Used by the search bot. A rollout works on an engine :class:`~yuanzi.engine.HalfState`
with :meth:`~yuanzi.engine.HalfState.apply_trusted` and keeps one
:class:`~yuanzi.bots.view.PublicState` up to date instead of building observations, so a
whole half costs a few milliseconds. Every seat decides from its own hand and the public
view only: the rollout does not let the policy cheat, it only plays out one guess.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from yuanzi.bots.plan import Plan, plan_hand
from yuanzi.bots.policy import DEFAULT_STYLE, Style, choose
from yuanzi.bots.view import PublicState
from yuanzi.engine.combos import Kind, Move
from yuanzi.engine.game import DOUBLE_LINE
from yuanzi.engine.half import TEAM_OUT, HalfResult, HalfState

FIRST_HALF_SPREAD = 150.0
"""Scale (points) of how a first-half lead turns into winning the game after the second
(fitted on heuristic self-play: P(win) ≈ (1 + tanh((margin + edge) / 150)) / 2)."""
UPSTREAM_EDGE = 25.0
"""What being the first-half 上游's team is worth in points: it needs 300, not 305 (R31),
and its 上游 leads the second half (R23)."""
SECOND_HALF_SPREAD = 12.0
"""Scale (points) that smooths the 300/305 line (R31) so near misses still inform."""


def play_out(half: HalfState, view: PublicState, style: Style = DEFAULT_STYLE) -> HalfResult:
    """Play ``half`` to its end in place with the policy; ``view`` is updated along."""
    hands = half.hands
    actions = half.actions
    plans: list[Plan | None] = [None, None, None, None]
    while half.ended_by is None:
        seat = half.to_move
        assert seat is not None
        hand = hands[seat]
        top = half.top
        view.seat = seat
        view.top = top
        view.top_seat = half.top_seat
        view.cards_left = [h.size for h in hands]
        view.table_points = half.trick_points
        view.won = half.won
        plan = plans[seat]
        if plan is None:
            plan = plan_hand(hand)
        move = choose(hand, view, style, plan)
        half.apply_trusted(move)
        if move.kind != Kind.PASS:
            view.note_played(actions[-1][1] or ())
            plans[seat] = plan.without(move)  # hands only shrink: keep the plan
    assert half.result is not None
    return half.result


def outcomes(base: HalfState, view: PublicState, moves: Sequence[Move],
             style: Style = DEFAULT_STYLE) -> list[HalfResult]:
    """Each move played in a copy of ``base`` (one guessed world) and the half rolled out
    with the policy: the half's end after each. The same world judges every move, so
    their differences are paired (the search bot, the coach)."""
    results = []
    for move in moves:
        half = base.clone()
        half.apply_trusted(move)
        rollout_view = copy_view(view)
        if not move.is_pass:
            rollout_view.note_played(half.actions[-1][1] or ())
        result = half.result if half.ended_by is not None else play_out(
            half, rollout_view, style)
        assert result is not None
        results.append(result)
    return results


def copy_view(view: PublicState) -> PublicState:
    return PublicState(
        seat=view.seat, blade=view.blade, top=view.top, top_seat=view.top_seat,
        cards_left=list(view.cards_left), table_points=view.table_points,
        won=list(view.won), gone=list(view.gone), second=view.second, carry=view.carry,
        first_upstream=view.first_upstream, rules=view.rules,
    )


def _squash(x: float) -> float:
    """A smooth step from -1 to 1."""
    return math.tanh(x)


def half_value(result: HalfResult, team: int, view: PublicState) -> float:
    """How good a finished half is for ``team``, from -1 (game lost) to 1 (game won).

    First half: 双夹 decides the game (R30); otherwise the game is still open and the
    points lead is what carries into the second half. Second half: the 300/305 line of
    R31, smoothed.
    """
    points = result.points[team]
    if not view.second:
        if result.ended_by == TEAM_OUT:
            return 1.0 if (result.upstream & 1) == team else -1.0
        if points < DOUBLE_LINE:
            return -1.0
        if 300 - points < DOUBLE_LINE:
            return 1.0
        edge = UPSTREAM_EDGE if (result.upstream & 1) == team else -UPSTREAM_EDGE
        return _squash((points - 150 + edge) / FIRST_HALF_SPREAD)
    need = 300 if (view.first_upstream & 1) == team else 305
    margin = view.carry[team] + points - need + 0.5
    return _squash(margin / SECOND_HALF_SPREAD)
