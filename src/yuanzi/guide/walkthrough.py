"""The guide's walkthroughs, played by the engine: a tiny scripted half through
:class:`yuanzi.engine.half.HalfState` (tricks, passes, going out, 接风, the points of R29),
the same half under ``jiefeng: partner``, and two halves' points decided by
:func:`yuanzi.engine.game.decide` (R31).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from yuanzi.engine.cards import RANKS, Card, cards_points, format_cards, parse_cards
from yuanzi.engine.combos import Kind
from yuanzi.engine.deal import SEATS, Deal, blade_rank_of
from yuanzi.engine.errors import IllegalAction
from yuanzi.engine.game import decide
from yuanzi.engine.half import TEAM_NAMES, HalfResult, HalfState, team_of
from yuanzi.engine.rules import DEFAULT_RULES, Rules
from yuanzi.guide.examples import (
    GAME_DECISIONS,
    GUIDE_BLADE_CARD,
    MINI_HALF,
    SEAT_CODES,
    GuideError,
)
from yuanzi.guide.groups import move_info


def play_half(hands: dict[int, str], leader: int, actions: Sequence[tuple[int, str | None]],
              blade_card: str, rules: Rules = DEFAULT_RULES) -> dict[str, Any]:
    """Play a scripted (tiny) half through :class:`HalfState`; report every step and what
    the engine did after it: tricks won and their points, seats going out, who leads next
    (接风 when the trick's winner has gone out), and the half's end with its points (R29)."""
    card = parse_cards(blade_card)[0]
    blade = blade_rank_of(card, False, rules)
    dealt = {s: parse_cards(hands[s]) for s in range(SEATS)}
    deal = Deal(blade_card=card, blade_holder=leader, first_drawer=leader,
                hands=(dealt[0], dealt[1], dealt[2], dealt[3]))
    state = HalfState(deal, blade, rules, leader)
    steps: list[dict[str, Any]] = []
    for seat, text in actions:
        if state.to_move != seat:
            raise GuideError(f"step {len(steps)}: seat {seat} is not to move ({state.to_move})")
        top_seat, won_before, out_before = state.top_seat, list(state.won), len(state.out_order)
        cards = None if text is None else parse_cards(text)
        try:
            move = state.apply_cards(cards)
        except IllegalAction as e:
            raise GuideError(f"step {len(steps)}: {e}") from None
        step: dict[str, Any] = {"seat": SEAT_CODES[seat], "cards": text,
                                "kind": move.kind.label}
        if move.kind != Kind.PASS:
            step.update(move_info(move), points=cards_points(cards or ()))
        if len(state.out_order) > out_before:
            step["out"] = len(state.out_order)
        ended_trick = move.kind == Kind.PASS and state.top is None
        if ended_trick or state.result is not None:
            winner = top_seat if move.kind == Kind.PASS else seat
            step["trick"] = {"winner": SEAT_CODES[winner],
                             "points": state.won[winner] - won_before[winner]}
        if ended_trick and state.to_move is not None:
            step["lead"] = SEAT_CODES[state.to_move]
            step["jiefeng"] = state.hands[winner].size == 0
        steps.append(step)
    if state.result is None:
        return {"blade": RANKS[blade], "hands": _hands_info(dealt), "steps": steps,
                "result": None, "to_move": _seat_code(state.to_move)}
    return {"blade": RANKS[blade], "hands": _hands_info(dealt), "steps": steps,
            "result": _half_result(state, state.result), "to_move": None}


def _seat_code(seat: int | None) -> str | None:
    return None if seat is None else SEAT_CODES[seat]


def _hands_info(dealt: dict[int, tuple[Card, ...]]) -> dict[str, str]:
    return {SEAT_CODES[s]: format_cards(dealt[s]) for s in range(SEATS)}


def _half_result(state: HalfState, result: HalfResult) -> dict[str, Any]:
    """A finished half in the guide's terms; the points and where R29 moved them (the
    score cards left in hands, 下游's tricks) are the engine's."""
    won = result.trick_points
    return {
        "ended_by": result.ended_by,
        "out_order": [SEAT_CODES[s] for s in result.out_order],
        "upstream": SEAT_CODES[result.upstream],
        "downstream": _seat_code(result.downstream),
        "left": {SEAT_CODES[s]: format_cards(state.hands[s].cards()) for s in range(SEATS)
                 if state.hands[s].size},
        "trick_points": {SEAT_CODES[s]: won[s] for s in range(SEATS)},
        "hand_points": {SEAT_CODES[s]: result.hand_points[s] for s in range(SEATS)},
        "moved": result.downstream_points,
        "points": {TEAM_NAMES[t]: result.points[t] for t in (0, 1)},
    }


def mini_half(rules: Rules = DEFAULT_RULES) -> dict[str, Any]:
    """:data:`MINI_HALF` played by the engine (under ``rules``)."""
    return play_half(MINI_HALF["hands"], MINI_HALF["leader"], MINI_HALF["actions"],
                     MINI_HALF["blade_card"], rules)


def jiefeng_partner() -> str | None:
    """Who leads after the mini half's 接风 trick under the option ``jiefeng: partner``."""
    actions = MINI_HALF["actions"]
    default = mini_half()
    at = next(i for i, s in enumerate(default["steps"]) if s.get("jiefeng"))
    partner = play_half(MINI_HALF["hands"], MINI_HALF["leader"], actions[:at + 1],
                        MINI_HALF["blade_card"], Rules(jiefeng="partner"))
    lead: str | None = partner["steps"][at].get("lead")
    return lead


def game_decisions(rules: Rules = DEFAULT_RULES) -> list[dict[str, Any]]:
    """R31: two halves' points and the first-half 上游 → the winner, by :func:`decide`."""
    out = []
    card = parse_cards(GUIDE_BLADE_CARD)[0]
    for upstream, first_points, second_points in GAME_DECISIONS:
        halves = [HalfResult(blade_card=card, blade_rank=blade_rank_of(card, False, rules),
                             ended_by="three_out", out_order=(upstream,), upstream=upstream,
                             downstream=None, trick_points=(0, 0, 0, 0), points=pts)
                  for pts in (first_points, second_points)]
        result = decide(halves[0], halves[1], rules)
        totals = result.totals
        out.append({
            "upstream_team": TEAM_NAMES[team_of(upstream)],
            "halves": [{TEAM_NAMES[t]: h.points[t] for t in (0, 1)} for h in halves],
            "totals": {TEAM_NAMES[t]: totals[t] for t in (0, 1)},
            "winner": None if result.winner is None else TEAM_NAMES[result.winner],
            "kind": result.kind,
        })
    return out


__all__ = ["game_decisions", "jiefeng_partner", "mini_half", "play_half"]
