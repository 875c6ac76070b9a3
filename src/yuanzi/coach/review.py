"""Reviewing one seat's decisions of a finished game.

At each decision of the seat (forced ones, a single legal move, are skipped) the coach
takes *that seat's observation only* (R45: no hidden card it could not know), samples
``worlds`` guesses of the hidden hands that agree with it and with how the others played
(the search bot's :class:`~yuanzi.bots.worlds.WorldSampler`), and in each world plays
every candidate — the policy's sensible moves, the whole units of the seat's plan (up to
``UNITS``), a pass when the seat could pass, 提示's advice and the move actually made —
then rolls the half out with the heuristic policy for all four seats. The same worlds
judge every move, so the differences are paired.

Each move then has an expected win chance for the seat's team (the search's half value,
mapped to 0–1) and the team's expected points at the half's end. The best is the move
with the highest win chance; the decision's *loss* is how much less the move made gave.

A close call — the worlds' noise leaves open whether the move is a mistake or worse
(:func:`~yuanzi.coach.marks.close_call`) — gets a second look: the moves that could make
it one (and the move made) are played again in fresh worlds, a batch of ``worlds`` at a
time, up to ``SECOND_LOOK`` batches or until the call is clear, and only the fresh worlds
judge. The first worlds only chose the contenders: the best of several noisy estimates
is biased up (a move lucky in them would be taken at its lucky value), and at 32 worlds
two standard errors are as wide as the mistake line.

The number of worlds follows that fixed rule (not a time budget) and each decision draws
from its own seed (the review's seed, the half and the action's index), so the same
record, seat and settings give the same review on any machine.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Sequence
from dataclasses import asdict, dataclass, field
from typing import Any

from yuanzi.bots.hints import advice_of
from yuanzi.bots.inference import PlayReader
from yuanzi.bots.plan import plan_hand
from yuanzi.bots.policy import DEFAULT_STYLE, candidates
from yuanzi.bots.rollout import half_value, outcomes
from yuanzi.bots.view import view_of
from yuanzi.bots.worlds import WorldSampler
from yuanzi.coach.marks import MARKS, NOISE_SIGMAS, accuracy_of, band, close_call, mark_of
from yuanzi.coach.why import HalfFacts, facts_of, reason
from yuanzi.engine import Game, Move, Record, format_cards, replay
from yuanzi.engine.cards import Card
from yuanzi.engine.determinize import rebuild_half
from yuanzi.engine.half import TEAM_NAMES, team_of
from yuanzi.engine.hand import Hand

WORST = 3
"""How many worst moments a summary names."""
SECOND_LOOK = 3
"""A close call (marks.close_call) is judged again in fresh worlds, up to this many
batches of the review's worlds, until it is clear."""
UNITS = 6
"""Whole units of the seat's plan weighed besides the policy's candidates (the weakest
first): a hand of bombs and atoms leads each of them, not only the weakest."""


@dataclass(frozen=True, slots=True)
class ReviewSettings:
    worlds: int = 32
    """Sampled worlds per decision (each plays every candidate to the half's end)."""
    seed: int = 0
    limit: int = 6
    """Candidates from the policy per decision (besides a pass and the move made)."""
    tries: int = 8
    """Draws per read seat when sampling a world (the search bot's default)."""


@dataclass(frozen=True, slots=True)
class Decision:
    """One decision of the reviewed seat."""

    half: int
    index: int
    """The action's index in its half (RECORD.md's ``actions``)."""
    ply: int
    """The action's number in the whole game, from 0 (the game's version before it)."""
    played: str
    """The move made, in R2 notation, or ``pass``."""
    best: str
    """The best move the review found (the move made when it was best)."""
    win_played: float
    win_best: float
    """The team's expected win chance (0–1) after each."""
    points_played: float
    points_best: float
    """The team's expected points at the half's end after each."""
    loss: float
    """Win chance given away, in percentage points (0–100)."""
    stderr: float
    points_lost: float
    """Expected points of the half given away (R29)."""
    points_stderr: float
    mark: str
    accuracy: float
    hint: str = ""
    """What 提示 would have advised here (the hall's heuristic bot from the same view,
    R2 notation or ``pass``): the note says so when the review differs from it."""
    why: str = ""
    """Why a marked move was worse (:mod:`yuanzi.coach.why`: ``double``, ``downstream``,
    ``cards_left``, ``tricks``, ``upstream``, ``points``, ``overall``); empty for a good
    one."""
    why_n: float = 0.0
    """The reason's number (a share in percent, or points)."""


@dataclass(frozen=True, slots=True)
class PlayedFor:
    """A move the hall made for the seat (R33's clock or R34's 托管): shown, never graded
    as the player's own."""

    half: int
    index: int
    ply: int
    played: str
    by: str
    """``timeout`` (the clock ran out) or ``auto`` (托管, or away)."""


@dataclass(frozen=True, slots=True)
class SeatReview:
    seat: int
    team: str
    settings: ReviewSettings
    decisions: list[Decision] = field(default_factory=list)
    played_for: list[PlayedFor] = field(default_factory=list)

    @property
    def accuracy(self) -> float:
        if not self.decisions:
            return 100.0
        return sum(d.accuracy for d in self.decisions) / len(self.decisions)

    @property
    def points_given(self) -> float:
        """Expected points the seat's team gave away over the game (R29 points): the
        decisions whose loss of points stands out of the worlds' noise."""
        return sum(d.points_lost for d in self.decisions
                   if d.points_lost > NOISE_SIGMAS * d.points_stderr)

    def worst(self, n: int = WORST) -> list[Decision]:
        """The ``n`` decisions that gave away most (marked ones only), worst first."""
        marked = [d for d in self.decisions if d.mark != "good"]
        return sorted(marked, key=lambda d: (-d.loss, d.ply))[:n]

    def counts(self) -> dict[str, int]:
        return {m: sum(d.mark == m for d in self.decisions) for m in MARKS}

    def to_json(self) -> dict[str, Any]:
        return {"seat": self.seat, "team": self.team, "settings": asdict(self.settings),
                "accuracy": round(self.accuracy, 1), "points_given": round(self.points_given, 1),
                "counts": self.counts(), "worst": [d.ply for d in self.worst()],
                "decisions": [_rounded(asdict(d)) for d in self.decisions],
                "played_for": [asdict(p) for p in self.played_for]}


def review_of(seat: int, settings: ReviewSettings, decisions: list[Decision | None],
              played_for: list[PlayedFor] | None = None) -> SeatReview:
    """A seat's review from its decisions judged one by one (forced ones are None) and
    the moves the hall made for it (not graded)."""
    return SeatReview(seat, TEAM_NAMES[team_of(seat)], settings,
                      [d for d in decisions if d is not None], list(played_for or ()))


def _rounded(d: dict[str, Any]) -> dict[str, Any]:
    return {k: round(v, 4) if isinstance(v, float) else v for k, v in d.items()}


def review_seat(record: Record, seat: int, settings: ReviewSettings = ReviewSettings(),
                progress: Callable[[int, int], None] | None = None) -> SeatReview:
    """Review ``seat``'s decisions of the game in ``record``; ``progress(done, total)``
    is called after each decision."""
    if not 0 <= seat <= 3:
        raise ValueError("a seat is 0–3")
    replay(record)  # the whole record is checked first (RecordError if it breaks a rule)
    points = [(h, k) for h, half in enumerate(record.halves)
              for k, (s, _) in enumerate(half.actions) if s == seat]
    review = SeatReview(seat, TEAM_NAMES[team_of(seat)], settings)
    game = Game(record.rules, record.halves[0].deal)
    ply = done = 0
    for h, half in enumerate(record.halves):
        if h == 1:
            game.start_second_half(half.deal)
        for k, (s, cards) in enumerate(half.actions):
            if s == seat:
                legal = game.legal_moves()
                if len(legal) > 1:
                    review.decisions.append(judge(game, legal, cards, h, k, ply, settings))
                done += 1
                if progress is not None:
                    progress(done, len(points))
            game.apply(cards)
            ply += 1
    return review


def judge(game: Game, legal: list[Move], cards: Sequence[Card] | None, half: int,
          index: int, ply: int, settings: ReviewSettings) -> Decision:
    """The decision about to be made in ``game`` (the reviewed seat to move): the move
    made (``cards``, None for a pass) against the best the worlds find."""
    seat = game.to_move
    assert seat is not None
    obs = game.observation(seat)  # R45: the seat's own view, nothing more
    view = view_of(obs)
    assert obs.hand is not None
    made = game.clone().apply(cards)
    hint = advice_of(obs, legal)
    hand = Hand(obs.hand, obs.blade_rank)
    moves = candidates(hand, view, legal, settings.limit)
    plan = plan_hand(hand)
    allowed = set(legal)
    units = [m for m in (*plan.loose, *plan.control) if m in allowed and m not in moves]
    for extra in ([legal[0]] if legal[0].is_pass else []) + units[:UNITS] + [hint, made]:
        if extra not in moves:
            moves.append(extra)
    team = seat & 1
    rng = random.Random(settings.seed * 1_000_003 + half * 1_009 + index)
    sampler = WorldSampler(obs, PlayReader(obs, DEFAULT_STYLE), settings.tries)

    facts: list[list[list[HalfFacts]]] = []

    def play(pool: list[Move], n: int) -> tuple[list[list[float]], list[list[float]]]:
        """Each move of ``pool`` in ``n`` new worlds: the win chances and the points (and
        each world's end of the half, in ``facts``, for the reason of a mark)."""
        wins = [[0.0] * n for _ in pool]
        pts = [[0.0] * n for _ in pool]
        ends: list[list[HalfFacts]] = [[] for _ in pool]
        for w in range(n):
            base = rebuild_half(obs, sampler.sample(rng), check=False)
            for i, result in enumerate(outcomes(base, view, pool, DEFAULT_STYLE)):
                wins[i][w] = (1.0 + half_value(result, team, view)) / 2.0
                pts[i][w] = float(result.points[team])
                ends[i].append(facts_of(result, team))
        facts.append(ends)  # (a batch: the second look's batches add up below)
        return wins, pts

    wins, pts = play(moves, settings.worlds)
    mine = moves.index(made)
    gaps = _gaps(wins, pts, mine)
    low, high = band(gaps)
    if SECOND_LOOK and close_call(low, high):
        # A close call: the first worlds name the contenders, fresh ones measure them
        # (the best of several noisy estimates is biased up), a batch at a time until
        # the call is clear or SECOND_LOOK batches are seen.
        keep = [i for i, gap in enumerate(gaps)
                if i == mine or MARKS.index(band([gap])[1]) >= max(1, MARKS.index(low))]
        moves = [moves[i] for i in keep]
        mine = moves.index(made)
        wins, pts = [[] for _ in moves], [[] for _ in moves]
        facts.clear()  # (only the fresh worlds judge)
        for _ in range(SECOND_LOOK):
            more_wins, more_pts = play(moves, settings.worlds)
            for i in range(len(moves)):
                wins[i] += more_wins[i]
                pts[i] += more_pts[i]
            if not close_call(*band(_gaps(wins, pts, mine))):
                break
    means = [_mean(v) for v in wins]
    best = max(range(len(moves)),
               key=lambda i: (means[i], _mean(pts[i]), moves[i] == made, moves[i] == hint))
    loss, stderr = _paired(wins[best], wins[mine])
    lost, lost_err = _paired(pts[best], pts[mine])
    loss, stderr, lost = 100.0 * max(0.0, loss), 100.0 * stderr, max(0.0, lost)
    mark = mark_of(loss, stderr, lost, lost_err)
    why = None if mark == "good" else reason(
        [f for batch in facts for f in batch[best]], [f for batch in facts for f in batch[mine]],
        loss, lost)

    def text(move: Move) -> str:  # the move made is written as its cards were played
        return _played(cards) if move == made else _text(game, move)

    return Decision(
        half=half, index=index, ply=ply, played=text(made), best=text(moves[best]),
        win_played=means[mine], win_best=means[best], points_played=_mean(pts[mine]),
        points_best=_mean(pts[best]), loss=loss, stderr=stderr, points_lost=lost,
        points_stderr=lost_err, mark=mark, accuracy=accuracy_of(loss), hint=text(hint),
        why="" if why is None else why.code, why_n=0.0 if why is None else why.amount)


def _gaps(wins: list[list[float]], pts: list[list[float]], mine: int
          ) -> list[tuple[float, float, float, float]]:
    """Each move's win chance (in points of 100) and points over the move made, paired
    world by world, with their standard errors."""
    out = []
    for w, p in zip(wins, pts, strict=True):
        gain, err = _paired(w, wins[mine])
        more, more_err = _paired(p, pts[mine])
        out.append((100.0 * gain, 100.0 * err, more, more_err))
    return out


def _mean(values: list[float]) -> float:
    return sum(values) / len(values)


def _paired(a: list[float], b: list[float]) -> tuple[float, float]:
    """The mean of ``a − b`` world by world, and its standard error."""
    diffs = [x - y for x, y in zip(a, b, strict=True)]
    n = len(diffs)
    mean = sum(diffs) / n
    return mean, math.sqrt(sum((d - mean) ** 2 for d in diffs) / max(1, n - 1) / n)


def _played(cards: Sequence[Card] | None) -> str:
    """The cards actually played, as the record has them (never a re-derived set of the
    same ranks: 10S 10H stays 10S 10H)."""
    return "pass" if not cards else format_cards(cards)


def _text(game: Game, move: Move) -> str:
    return "pass" if move.is_pass else format_cards(game.cards_for(move))


def decision_points(record: Record, seat: int) -> list[tuple[int, int, int]]:
    """``(half, index, ply)`` of each of ``seat``'s actions (forced ones included: the
    worker skips them), in order."""
    out = []
    ply = 0
    for h, half in enumerate(record.halves):
        for k, (s, _) in enumerate(half.actions):
            if s == seat:
                out.append((h, k, ply))
            ply += 1
    return out


def judge_at(record_json: dict[str, Any], half: int, index: int, ply: int,
             settings: ReviewSettings) -> Decision | None:
    """One decision of a record, judged on its own (a worker process's unit of work):
    the game replayed up to it; None when it was forced."""
    record = Record.from_json(record_json)
    game = Game(record.rules, record.halves[0].deal)
    for h, part in enumerate(record.halves[:half + 1]):
        if h == 1:
            game.start_second_half(part.deal)
        actions = part.actions if h < half else part.actions[:index]
        for _, cards in actions:
            game.apply(cards)
    legal = game.legal_moves()
    if len(legal) < 2:
        return None
    return judge(game, legal, record.halves[half].actions[index][1], half, index, ply,
                 settings)
