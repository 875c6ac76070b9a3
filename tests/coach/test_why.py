"""Why a marked move was worse (issue 45): each world's end of the half read from the
team's side (R28, R29), and the one difference that stands out named, with its number."""

from __future__ import annotations

from yuanzi.coach.why import HalfFacts, Why, facts_of, reason
from yuanzi.engine.cards import parse_cards
from yuanzi.engine.half import TEAM_OUT, THREE_OUT, HalfResult


def result(ended_by: str, out: tuple[int, ...], downstream: int | None, tricks: tuple[int, ...],
           left: tuple[int, ...] = (0, 0, 0, 0), moved: int = 0) -> HalfResult:
    return HalfResult(parse_cards("7H")[0], 4, ended_by, out, out[0], downstream,
                      (tricks[0], tricks[1], tricks[2], tricks[3]), (150, 150),
                      (left[0], left[1], left[2], left[3]), moved)


def test_the_end_of_a_half_from_each_teams_side() -> None:
    # EW out first and second (R28a): a double against NS; NS keep 15 points in hand
    double = result(TEAM_OUT, (1, 3), None, (60, 40, 30, 50), left=(10, 0, 5, 0))
    ns, ew = facts_of(double, 0), facts_of(double, 1)
    assert (ns.upstream, ns.double, ns.cards_left, ns.tricks) == (0.0, 1.0, 15.0, 90.0)
    assert (ew.upstream, ew.double, ew.cards_left, ew.tricks) == (1.0, 0.0, 0.0, 90.0)
    # three out, NS 上游, EW's 下游 had 60 trick points: R29 moved them to NS
    three = result(THREE_OUT, (0, 1, 2), 3, (40, 30, 20, 60), moved=60)
    assert facts_of(three, 0).downstream == 60.0 and facts_of(three, 1).downstream == -60.0
    # …counted once: EW's tricks are those they kept (90 won, 60 of them moved)
    assert facts_of(three, 1).tricks == 30.0 and facts_of(three, 0).tricks == 60.0
    assert facts_of(three, 0).double == facts_of(three, 1).double == 0.0


def f(upstream: float = 0, double: float = 0, downstream: float = 0, cards_left: float = 0,
      tricks: float = 0) -> HalfFacts:
    return HalfFacts(upstream, double, downstream, cards_left, tricks)


def test_the_reason_is_the_difference_that_stands_out() -> None:
    # the issue's end-game: both partners out first, the 下游's 60 points not ours
    assert reason([f(1, downstream=60)] * 4, [f(1, downstream=0)] * 4, 30) == Why(
        "downstream", 60)
    assert reason([f(), f()], [f(double=1), f()], 12) == Why("double", 50)
    assert reason([f(cards_left=0)] * 2, [f(cards_left=20)] * 2, 8) == Why("cards_left", 20)
    assert reason([f(tricks=45)] * 2, [f(tricks=30)] * 2, 8) == Why("tricks", 15)
    assert reason([f(upstream=1), f(upstream=1)], [f(), f(upstream=1)], 6) == Why(
        "upstream", 50)
    # nothing alone stands out: the win chance over the worlds
    assert reason([f(tricks=2)] * 3, [f()] * 3, 7.4) == Why("overall", 7)
    # marked on the half's points alone (the win chance did not move): the points said
    assert reason([f(tricks=2)] * 3, [f()] * 3, 0.3, 26.4) == Why("points", 26)
    # a double outweighs points (it decides a first half, R30)
    assert reason([f(tricks=30)] * 2, [f(double=1), f()], 25).code == "double"
