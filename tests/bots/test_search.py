"""The search bot: legal, anytime within its budget, and its parts (candidates, values)."""

from __future__ import annotations

import time

from yuanzi.bots.policy import candidates, choose
from yuanzi.bots.rollout import half_value
from yuanzi.bots.search import SearchBot
from yuanzi.bots.view import PublicState, view_of
from yuanzi.engine import PASS, HalfResult, parse_cards
from yuanzi.engine.hand import Hand

from .helpers import positions


def test_candidates_are_distinct_legal_moves_led_by_the_policy_choice() -> None:
    for game, obs in positions(range(4), every=6):
        assert obs.hand is not None
        legal = game.legal_moves()
        hand = Hand(obs.hand, obs.blade_rank)
        view = view_of(obs)
        moves = candidates(hand, view, legal, limit=6)
        assert moves[0] == choose(hand, view)
        assert len(set(moves)) == len(moves) <= 6
        assert all(m in legal for m in moves)
        if obs.top is not None and len(legal) > 1:
            assert PASS in moves


def test_search_answers_within_its_budget() -> None:
    bot = SearchBot(1, budget_ms=60)
    slowest = 0.0
    for game, obs in positions([41], every=9):
        legal = game.legal_moves()
        start = time.perf_counter()
        move = bot.choose(obs, legal)
        slowest = max(slowest, time.perf_counter() - start)
        assert move in legal
    # A search that ignored its budget would run for many seconds here; the real p95 is
    # measured by the arena, not by a timed unit test on a shared machine.
    assert slowest < 0.060 + 2.0


def test_search_with_one_candidate_does_not_search() -> None:
    bot = SearchBot(1, budget_ms=1000)
    game, obs = next(positions([42], every=1))
    legal = game.legal_moves()[:1]
    assert bot.choose(obs, legal) == legal[0]
    assert bot.last_worlds == 0  # answered at once: no world was sampled


def _half(ended_by: str, upstream: int, points: tuple[int, int]) -> HalfResult:
    return HalfResult(parse_cards("7H")[0], 4, ended_by, (upstream, upstream ^ 2), upstream,
                      None, (0, 0, 0, 0), points)


def test_half_values_follow_the_game_rules() -> None:
    first = PublicState(seat=0, blade=4)
    assert half_value(_half("team_out", 1, (200, 100)), 1, first) == 1.0  # R30a 双夹
    assert half_value(_half("team_out", 1, (200, 100)), 0, first) == -1.0
    assert half_value(_half("three_out", 0, (55, 245)), 0, first) == -1.0  # R30b
    assert half_value(_half("three_out", 0, (245, 55)), 0, first) == 1.0
    even = half_value(_half("three_out", 0, (150, 150)), 0, first)
    ahead = half_value(_half("three_out", 0, (200, 100)), 0, first)
    assert 0 < even < ahead < 1
    second = PublicState(seat=0, blade=4, second=True, carry=(150, 150), first_upstream=0)
    assert half_value(_half("three_out", 1, (150, 150)), 0, second) > 0  # 300 wins (R31)
    other = PublicState(seat=1, blade=4, second=True, carry=(150, 150), first_upstream=0)
    assert half_value(_half("three_out", 1, (150, 150)), 1, other) < 0  # needs 305
