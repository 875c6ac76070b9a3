"""Seeded random games played to the end, checked at every step against an independent
model of the turn order (R24–R28), the points (R3, R25, R28, R29) and the result
(R30, R31) — OpenSpiel's random simulation test. ``--slow`` plays many thousands.
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass, field

import pytest
from hypothesis import given, settings, strategies as st

from yuanzi.engine import DOUBLE, DRAW, NORMAL, PASS, Game, GameResult, Move, Rules, classify
from yuanzi.engine.cards import POINTS
from yuanzi.engine.half import HalfResult, HalfState

from .scenario import DECK, held_cards, played_cards

RULE_SETS: tuple[Rules, ...] = (
    Rules(),
    Rules(jiefeng="partner"),
    Rules(joker_blade="redraw"),
    Rules(blade_bomb_only_atoms=True),
    Rules(downstream_to_upstream=False),
    Rules(second_half_needs_upstream=True),
    Rules(second_half_score_blade_three=False, jiefeng="partner"),
)


class Referee:
    """Follows one half's actions and says what R24–R29 make of them."""

    def __init__(self, half: HalfState) -> None:
        self.rules = half.rules
        self.left = [len(h) for h in half.deal.hands]
        self.to_move: int | None = half.to_move
        self.top_seat: int | None = None
        self.passed: set[int] = set()
        self.out: list[int] = []
        self.table = 0
        self.won = [0, 0, 0, 0]
        self.ended_by: str | None = None

    def _next_holder(self, seat: int) -> int:
        s = (seat + 1) % 4  # turn order 1 → 2 → 3 → 0 (R20)
        while self.left[s] == 0:
            s = (s + 1) % 4
        return s

    def play(self, seat: int, cards: tuple[int, ...]) -> None:
        assert seat == self.to_move
        self.left[seat] -= len(cards)
        self.table += sum(POINTS[c] for c in cards)
        self.top_seat = seat
        self.passed = set()
        if self.left[seat] == 0:
            self.out.append(seat)  # R27
            if len(self.out) == 2 and self.out[0] % 2 == self.out[1] % 2:
                return self._end("team_out")  # R28(a)
            if len(self.out) == 3:
                return self._end("three_out")  # R28(b)
        self.to_move = self._next_holder(seat)

    def pass_(self, seat: int) -> None:
        assert seat == self.to_move and self.top_seat is not None  # R24
        self.passed.add(seat)
        others = {s for s in range(4) if s != self.top_seat and self.left[s] > 0}
        if others <= self.passed:  # R25: the trick ends
            winner = self.top_seat
            self.won[winner] += self.table
            self.table = 0
            self.top_seat = None
            self.passed = set()
            if self.left[winner]:
                self.to_move = winner
            elif self.rules.jiefeng == "partner" and self.left[winner ^ 2]:
                self.to_move = winner ^ 2  # R26 option
            else:
                self.to_move = self._next_holder(winner)  # R26
        else:
            self.to_move = self._next_holder(seat)

    def _end(self, how: str) -> None:
        assert self.top_seat is not None
        self.won[self.top_seat] += self.table  # R28: the unfinished trick
        self.table = 0
        self.ended_by = how
        self.to_move = None

    def points(self, half: HalfState) -> tuple[int, int]:
        """R29, from the trick points and the cards left in hand."""
        pts = [self.won[0] + self.won[2], self.won[1] + self.won[3]]
        for s in range(4):
            pts[1 - s % 2] += sum(POINTS[c] for c in half.hands[s].cards())
        if self.ended_by == "three_out" and self.rules.downstream_to_upstream:
            down = next(s for s in range(4) if self.left[s])
            up = self.out[0]
            if down % 2 != up % 2:
                pts[down % 2] -= self.won[down]
                pts[up % 2] += self.won[down]
        return pts[0], pts[1]

    def check_result(self, half: HalfState) -> HalfResult:
        r = half.result
        assert r is not None and self.ended_by == r.ended_by
        assert r.out_order == tuple(self.out)
        assert r.upstream == self.out[0]
        holding = [s for s in range(4) if self.left[s]]
        assert r.downstream == (holding[0] if self.ended_by == "three_out" else None)
        assert r.trick_points == tuple(self.won)
        assert r.points == self.points(half)
        assert sum(r.points) == 300  # R29
        assert r.blade_card == half.deal.blade_card
        return r


def expected_result(halves: list[HalfResult], rules: Rules) -> GameResult | None:
    """R30 after one half (None: a second half is due); R31 after two."""
    first = halves[0]
    if len(halves) == 1:
        if first.ended_by == "team_out":
            return GameResult(first.upstream % 2, DOUBLE, (first,))
        for team in (0, 1):
            if first.points[team] < 60:
                return GameResult(1 - team, DOUBLE, (first,))
        return None
    second = halves[1]
    up = first.upstream % 2
    totals = [first.points[t] + second.points[t] for t in (0, 1)]
    assert sum(totals) == 600
    winner = up if totals[up] >= 300 else 1 - up
    assert totals[winner] >= (300 if winner == up else 305)
    if rules.second_half_needs_upstream and second.upstream % 2 != winner:
        return GameResult(None, DRAW, (first, second))
    return GameResult(winner, NORMAL, (first, second))


def choose(legal: list[Move], style: int, rnd: random.Random) -> Move:
    """0: uniform; 1: never pass when able to play; 2: pass often."""
    if style == 1 and len(legal) > 1 and legal[0] == PASS:
        return rnd.choice(legal[1:])
    if style == 2 and legal[0] == PASS and rnd.random() < 0.6:
        return PASS
    return rnd.choice(legal)


@dataclass
class Stats:
    games: int = 0
    actions: int = 0
    seen: Counter[str] = field(default_factory=Counter)


def play_checked(
    seed: int, rules: Rules, stats: Stats, rnd: random.Random | None = None
) -> None:
    """Deal from ``seed``, choose moves with ``rnd``, check everything on the way."""
    rnd = rnd or random.Random(seed ^ 0x5EED)
    style = seed % 3
    game = Game.new(random.Random(seed), rules)
    referee = Referee(game.half)
    assert game.to_move == game.half.deal.blade_holder  # R23
    finished: list[HalfResult] = []
    while not game.is_over:
        half = game.half
        assert held_cards(half) + played_cards(half) == DECK  # 162 cards conserved
        assert game.to_move == referee.to_move
        legal = game.legal_moves()
        assert legal, "a seat to move always has a legal move"
        assert (PASS in legal) == (half.top is not None)  # R24
        m = choose(legal, style, rnd)
        seat = game.to_move
        assert seat is not None
        if m.is_pass:
            assert game.apply(None if stats.actions % 2 else PASS) == PASS
            referee.pass_(seat)
        else:
            cards = game.cards_for(m)
            assert classify(cards, half.blade_rank) == m
            if stats.actions % 2:
                assert game.apply(cards) == m
            else:
                game.apply(m)
            assert half.actions[-1] == (seat, tuple(cards))
            referee.play(seat, tuple(cards))
        stats.actions += 1
        if half.is_over:
            assert held_cards(half) + played_cards(half) == DECK
            finished.append(referee.check_result(half))
            stats.seen[half.result.ended_by if half.result else "?"] += 1
            expected = expected_result(finished, rules)
            assert game.result == expected
            if expected is None:  # R30: the second half, dealt by the first-half 上游
                second = game.half
                assert second is not half and second.second
                upstream = finished[0].upstream
                assert second.deal.first_drawer == upstream  # R21
                assert game.to_move == upstream  # R23
                referee = Referee(second)
                stats.seen["second half"] += 1
    assert game.result is not None
    stats.seen[game.result.kind] += 1
    stats.games += 1


def run(seeds: range) -> Stats:
    stats = Stats()
    for seed in seeds:
        play_checked(seed, RULE_SETS[seed % len(RULE_SETS)], stats)
    return stats


def test_random_games_keep_every_invariant() -> None:
    stats = run(range(210))
    assert stats.games == 210
    # the run reaches every ending, so the checks above were all exercised
    for outcome in ("team_out", "three_out", "second half", DOUBLE, NORMAL, DRAW):
        assert stats.seen[outcome] > 0, stats.seen


@settings(max_examples=25)
@given(st.integers(0, 2**32), st.sampled_from(RULE_SETS), st.randoms(use_true_random=False))
def test_any_game_conserves_cards_and_splits_300_points(
    seed: int, rules: Rules, rnd: random.Random
) -> None:
    """Hypothesis-driven deals and choices: hands + played = the 162 cards at every step,
    each half's team points sum to 300, and the result follows R30/R31."""
    stats = Stats()
    play_checked(seed, rules, stats, rnd)
    assert stats.games == 1 and stats.actions > 0


@pytest.mark.slow
def test_many_random_games_keep_every_invariant() -> None:
    stats = run(range(1000, 7000))
    assert stats.games == 6000
    for outcome in ("team_out", "three_out", "second half", DOUBLE, NORMAL, DRAW):
        assert stats.seen[outcome] > 0, stats.seen
