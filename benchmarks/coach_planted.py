"""Do the coach's marks mean something? ``yuanzi bench coach --planted [--positions N]``.

Issue 31 asks two things of the marks, and this harness measures both:

* **Planted bad moves are caught.** Positions of four kinds are drawn from seeded games of
  four heuristic bots (so they are positions real play reaches); at each, a clearly bad
  move — one the heuristic policy does not make there itself — is *planted* as the move
  made and judged the way the hall judges (:func:`hall_settings`: 32 worlds, the hall's
  review seed). The claim: at least 90 % of each kind is marked a mistake or worse. The
  heuristic's own move in the same position is judged too, as a control (the review
  must tell the bad move, not the position). Each kind's exact definition is its
  finder's docstring: :func:`big_trick`, :func:`no_upstream`, :func:`bomb_away`,
  :func:`atom_break`. One position per game per kind (drawn at random among the game's
  positions of that kind), so positions are not near twins. As a check on the kinds
  themselves, the plant and the heuristic's move are also played out in the *real* deal
  (:func:`in_truth`, the hands the coach never sees): how often the plant really lost a
  mistake's worth there, and whether the coach's estimate agrees on average.
* **The search bot is not called a blunderer.** Seeded games of four deterministic search
  bots (16 worlds a decision, as ``benchmarks/coach.py`` plays them): every decision with
  more than one legal move is judged. The claim: at most 5 % are marked a mistake or
  worse (Wilson 95 % interval given; decisions of one game are not independent, so the
  interval is a little narrower than it should be).

Beside them, for 提示 (the Hint button, :func:`yuanzi.bots.hints.advice_of`: the heuristic
bot) the same self-play decisions say how often the hint's advice would be marked a
mistake or worse, and what asking the search bot instead would cost (milliseconds per
decision at its default budget and at 150 ms, measured on this machine while the other
worker runs) and how often *its* move is marked.

What the plants cost in the real deal is asked of a second judge too, one who sees
every hand and picks in hindsight (:func:`seen_loss`: the plant against the seat's best
move, every seat then weighing its moves by rollouts in the real deal). Whether other
mistake lines could meet both claims at once, :func:`line_sweep` reads off the same
judged moves at lines below the hall's, beside both judges who see every hand.

Work runs in worker processes (``workers``, default 2), one position or one decision a
task; every figure but the timings (and the marks of the time-budgeted search bot's moves)
is the same for any number of workers. :func:`before` judges the same work with the
coach as it was before issue 31's changes. Results: benchmarks/results/issue31-coach-planted.json.
"""

from __future__ import annotations

import os
import random
import time
from collections.abc import Callable, Iterator
from concurrent.futures import ProcessPoolExecutor
from typing import Any

from yuanzi.arena.stats import mean, percentile, wilson
from yuanzi.bots.hints import advice_of
from yuanzi.bots.plan import unit_points
from yuanzi.bots.policy import candidates
from yuanzi.bots.rollout import half_value, outcomes
from yuanzi.bots.search import DEFAULT_BUDGET_MS, SearchBot
from yuanzi.bots.view import PublicState, view_of
from yuanzi.coach import ReviewSettings, review
from yuanzi.coach.marks import POINT_THRESHOLDS, THRESHOLDS, mark_of
from yuanzi.coach.review import Decision, judge
from yuanzi.engine import Game, Kind, Move, Record, record_of
from yuanzi.engine.combos import PASS
from yuanzi.engine.half import HalfResult
from yuanzi.engine.hand import Hand
from yuanzi.hall.services.coach_desk import REVIEW_SEED
from yuanzi.hall.settings import Settings

SEVERE = ("mistake", "blunder")
MARKED = ("inaccuracy", *SEVERE)
SEARCH_WORLDS = 16
"""Worlds per decision of the self-play search bots (deterministic, as benchmarks/coach.py)."""
HINT_BUDGET_MS = 150.0
"""The bounded budget at which a search-bot hint is priced (besides the default 300 ms)."""
MISTAKE_WIN = dict(THRESHOLDS)["mistake"]
MISTAKE_POINTS = dict(POINT_THRESHOLDS)["mistake"]
"""A mistake's worth (coach/marks.py): win chance in points of 100, or points of the half."""
MAX_GAMES = 3_000
"""Seeded games tried per kind before giving up on finding more positions."""

Finder = Callable[[Game, list[Move]], Move | None]


def hall_settings() -> ReviewSettings:
    """What the hall reviews with: ``YUANZI_REVIEW_WORLDS``'s default and its seed."""
    worlds = Settings.model_fields["review_worlds"].default
    return ReviewSettings(worlds=worlds, seed=REVIEW_SEED)


# -- the positions -----------------------------------------------------------------------


def heuristic_move(game: Game, legal: list[Move]) -> Move:
    """The heuristic bot's move here (what 提示 advises)."""
    seat = game.to_move
    assert seat is not None
    return advice_of(game.observation(seat), legal)


def decisions(seed: int) -> Iterator[tuple[Game, list[Move]]]:
    """Every decision with a choice of a seeded game of four heuristic bots, before it is
    made (the game is the live one: clone it to keep it)."""
    game = Game.new(random.Random(seed))  # deals the second half itself
    while not game.is_over:
        legal = game.legal_moves()
        own = heuristic_move(game, legal) if len(legal) > 1 else legal[0]
        if len(legal) > 1:
            yield game, legal
        game.apply(own)


def _opponent_on_top(game: Game) -> bool:
    half = game.half
    seat = game.to_move
    return seat is not None and half.top is not None and (half.top_seat - seat) % 2 == 1


def _last_word(game: Game) -> bool:
    """Whether a pass now ends the trick (every other seat still in has passed)."""
    after = game.clone()
    after.apply_trusted(PASS)
    return after.half.top is None or after.half.ended_by is not None


def big_trick(game: Game, legal: list[Move]) -> Move | None:
    """**A big trick given away**: no seat is out yet, an opponent's play is on top, the
    trick holds 30 points or more, and the seat has the last word (a pass ends the trick:
    the opponents take the points). The heuristic takes it with a *cheap* loose play: a
    single, pair or triple that carries no score card of its own. Planted: the pass."""
    half = game.half
    if (half.out_order or not _opponent_on_top(game) or half.trick_points < 30
            or not legal[0].is_pass or not _last_word(game)):
        return None
    own = heuristic_move(game, legal)
    if not Kind.SINGLE <= own.kind <= Kind.TRIPLE or unit_points(own):
        return None
    return PASS


def no_upstream(game: Game, legal: list[Move]) -> Move | None:
    """**A pass when going out first was possible**: no seat is out yet, an opponent's
    play is on top, and the seat's whole hand is one legal play that beats it (playing
    it makes the seat 上游, R27): a loose play (single, pair or triple) of a rank other
    than the blade's. Planted: the pass. (A hand that is a bomb, an atom or a blade loose
    play beats nearly any next lead anyway, so passing with it mostly only waits a turn:
    those are not planted.)"""
    half = game.half
    seat = game.to_move
    assert seat is not None
    if half.out_order or not _opponent_on_top(game):
        return None
    size = half.hands[seat].size
    if not any(Kind.SINGLE <= m.kind <= Kind.TRIPLE and m.size == size and not m.blade
               for m in legal):
        return None
    return PASS


def _biggest(moves: list[Move]) -> Move:
    return max(moves, key=lambda m: (m.kind, m.size, m.power, -m.jokers))


def bomb_away(game: Game, legal: list[Move]) -> Move | None:
    """**A bomb thrown away**: no seat is out yet, the seat holds 15 cards or more, the
    heuristic does not spend a bomb, atom or hydrogen bomb here, and either
    (a) the partner's play is on top and stands (the opponent after it passed), or
    (b) an opponent's *loose* play worth nothing is on top (no points on the table, no
    opponent with 3 cards or fewer), so a pass or a loose play does.
    Planted: the seat's biggest bomb, atom or hydrogen bomb that beats the top."""
    half = game.half
    seat = game.to_move
    assert seat is not None
    top = half.top
    if top is None or half.out_order or half.hands[seat].size < 15:
        return None
    spend = [m for m in legal if m.kind >= Kind.BOMB]
    if not spend or heuristic_move(game, legal).kind >= Kind.BOMB:
        return None
    if half.top_seat == (seat + 2) % 4:
        if half.actions[-1][1] is not None:
            return None  # the opponent right after the partner did not pass
        return _biggest(spend)
    left = half.cards_left()
    if (top.kind > Kind.TRIPLE or half.trick_points
            or any(left[o] <= 3 for o in ((seat + 1) % 4, (seat + 3) % 4))):
        return None
    return _biggest(spend)


def atom_break(game: Game, legal: list[Move]) -> Move | None:
    """**An atom broken**: no seat is out yet, the seat holds 12 cards or more, among them
    an atom (three identical natural cards) and no other natural card of its rank, so any
    single or pair of that rank without jokers comes out of the atom. Planted: the
    smallest such legal play (a single when leading; following, the single or pair that
    beats the top). The heuristic's own move takes no card of that atom."""
    half = game.half
    seat = game.to_move
    assert seat is not None
    hand = half.hands[seat]
    if half.out_order or hand.size < 12:
        return None
    own = heuristic_move(game, legal)
    naturals = [c for c in hand.cards() if not c.is_joker]
    for rank in sorted({c.rank for c in naturals if c.rank is not None}):
        same = [c for c in naturals if c.rank == rank]
        if len(same) != 3 or len(set(same)) != 1:
            continue
        if (not own.is_pass and own.kind != Kind.ATOM and own.naturals and own.rank == rank):
            continue  # the heuristic breaks it too
        pieces = [m for m in legal if m.kind in (Kind.SINGLE, Kind.PAIR) and m.jokers == 0
                  and m.rank == rank]
        if pieces:
            return min(pieces, key=lambda m: m.size)
    return None


KINDS: dict[str, Finder] = {"big_trick": big_trick, "no_upstream": no_upstream,
                            "bomb_away": bomb_away, "atom_break": atom_break}


def find_positions(kind: str, wanted: int, seed: int = 0) -> list[tuple[int, int]]:
    """``(game seed, decision number)`` of up to ``wanted`` positions of ``kind``, one per
    seeded game: one of the game's positions of that kind, drawn at random (seeded), so
    early and late ones both come."""
    finder = KINDS[kind]
    out: list[tuple[int, int]] = []
    for g in range(MAX_GAMES):
        game_seed = seed * 1_000_003 + g
        spots = [n for n, (game, legal) in enumerate(decisions(game_seed))
                 if finder(game, legal) is not None]
        if spots:
            out.append((game_seed, random.Random(f"{kind} {game_seed}").choice(spots)))
        if len(out) >= wanted:
            break
    return out


def position(game_seed: int, n: int) -> tuple[Game, list[Move]]:
    """The ``n``-th decision of the seeded heuristic game, as a game of its own."""
    for k, (game, legal) in enumerate(decisions(game_seed)):
        if k == n:
            return game.clone(), legal
    raise ValueError(f"game {game_seed} has no decision {n}")


def _where(game: Game) -> tuple[int, int, int]:
    """(half, index in the half, ply) of the decision about to be made."""
    half = len(game.halves) - 1
    index = len(game.half.actions)
    return half, index, sum(len(h.actions) for h in game.halves[:-1]) + index


def _judged(game: Game, legal: list[Move], move: Move, settings: ReviewSettings
            ) -> Decision:
    half, index, ply = _where(game)
    cards = None if move.is_pass else game.cards_for(move)
    return judge(game, legal, cards, half, index, ply, settings)


def _row(d: Decision) -> dict[str, Any]:
    return {"played": d.played, "best": d.best, "mark": d.mark, "loss": round(d.loss, 2),
            "win_played": round(d.win_played, 3), "win_best": round(d.win_best, 3),
            "stderr": round(d.stderr, 2), "points_lost": round(d.points_lost, 1),
            "points_stderr": round(d.points_stderr, 1),
            "points_played": round(d.points_played, 1)}


def in_truth(game: Game, moves: list[Move]) -> list[tuple[float, float]]:
    """Each move played in the real deal (the hands the coach never sees) and the half
    finished by the heuristic for all four seats: the seat's team's win chance (0–100, the
    coach's measure) and points at the half's end. One deal, one deterministic playout."""
    seat = game.to_move
    assert seat is not None
    view = view_of(game.observation(seat))
    return [_scored(r, seat, view) for r in outcomes(game.half, view, moves)]


def _scored(result: HalfResult, seat: int, view: PublicState) -> tuple[float, float]:
    """A finished half as the coach measures it for ``seat``'s team: win chance (0–100)
    and points."""
    return 50.0 * (1.0 + half_value(result, seat & 1, view)), float(result.points[seat & 1])


def _sensible(game: Game, legal: list[Move]) -> tuple[list[Move], PublicState]:
    """The moves the seat to move weighs (the policy's candidates, and a pass when it may
    pass), and its view."""
    seat = game.to_move
    assert seat is not None
    obs = game.observation(seat)
    assert obs.hand is not None
    view = view_of(obs)
    moves = candidates(Hand(obs.hand, obs.blade_rank), view, legal)
    if legal[0].is_pass and legal[0] not in moves:
        moves.append(legal[0])
    return moves, view


def play_seen(game: Game) -> HalfResult:
    """The half under way finished with every hand seen: at each choice the seat to move
    weighs its sensible moves (:func:`_sensible`) by a heuristic rollout in the real deal
    and plays the best for its team. (Whether such play judges better than the heuristic
    alone, which plays every hand blind, is not measured.)"""
    half = game.half
    while half.ended_by is None:
        legal = game.legal_moves()
        move = legal[0]
        if len(legal) > 1:
            seat = game.to_move
            assert seat is not None
            moves, view = _sensible(game, legal)
            results = outcomes(half, view, moves)
            move = moves[max(range(len(moves)), key=lambda i: (
                half_value(results[i], seat & 1, view), results[i].points[seat & 1], -i))]
        game.apply(move)
    assert half.result is not None
    return half.result


def seen_value(game: Game, move: Move) -> tuple[float, float]:
    """``move`` played in the real deal and the half finished by :func:`play_seen`: the
    mover's team's win chance (0–100) and points."""
    seat = game.to_move
    assert seat is not None
    view = view_of(game.observation(seat))
    after = game.clone()
    half = after.half  # (a move that ends the half may deal the next one)
    after.apply(move)
    return _scored(half.result or play_seen(after), seat, view)


def seen_loss(game: Game, legal: list[Move], planted: Move) -> tuple[float, float]:
    """What ``planted`` gave away in the real deal with every hand seen: the best of the
    seat's other sensible moves (:func:`_sensible`, and the heuristic's move) against it,
    each valued by :func:`seen_value` — win chance (0–100) and points of the half. The
    cost in this one deal, not over the hands the seat cannot see; and the best is picked
    in hindsight of the deal, so this leans towards calling a plant costly."""
    pool, _ = _sensible(game, legal)
    pool.append(heuristic_move(game, legal))
    others = [m for m in dict.fromkeys(pool) if m != planted]
    if not others:
        return 0.0, 0.0  # nothing else to play: nothing given away
    win, points = seen_value(game, planted)
    best = max(seen_value(game, m) for m in others)
    return best[0] - win, best[1] - points


def judge_position(job: tuple[str, int, int, ReviewSettings]) -> dict[str, Any]:
    """One planted position judged: the planted move and the heuristic's own, what the
    plant cost against the heuristic's move in the real deal, and against the seat's best
    move with every hand seen (:func:`seen_loss`)."""
    kind, game_seed, n, settings = job
    began = time.perf_counter()
    game, legal = position(game_seed, n)
    bad = KINDS[kind](game, legal)
    assert bad is not None
    own = heuristic_move(game, legal)
    planted, control = (_judged(game, legal, m, settings) for m in (bad, own))
    (win_own, pts_own), (win_bad, pts_bad) = in_truth(game, [own, bad])
    seen_win, seen_points = seen_loss(game, legal, bad)
    return {"kind": kind, "game": game_seed, "decision": n, "planted": _row(planted),
            "own": _row(control), "true_loss": round(win_own - win_bad, 2),
            "true_points_lost": pts_own - pts_bad, "seen_loss": round(seen_win, 2),
            "seen_points_lost": seen_points, "seconds": time.perf_counter() - began}


# -- self-play of the search bot ------------------------------------------------------------


def search_game(seed: int) -> dict[str, Any]:
    """A seeded game of four deterministic search bots, as a record."""
    game = Game.new(random.Random(seed))
    bots = [SearchBot(seed * 4 + s, budget_ms=None, worlds=SEARCH_WORLDS) for s in range(4)]
    while not game.is_over:
        seat = game.to_move
        assert seat is not None
        game.apply(bots[seat].choose(game.observation(seat), game.legal_moves()))
    return record_of(game).to_json()


def _replayed(record: Record, ply: int) -> Game:
    game = Game(record.rules, record.halves[0].deal)
    done = 0
    for h, part in enumerate(record.halves):
        if h == 1:
            game.start_second_half(part.deal)
        for _, cards in part.actions:
            if done == ply:
                return game
            game.apply(cards)
            done += 1
    raise ValueError(f"the record has no action {ply}")


def choice_points(record_json: dict[str, Any]) -> list[int]:
    """Plies of the record's decisions with more than one legal move."""
    record = Record.from_json(record_json)
    game = Game(record.rules, record.halves[0].deal)
    out = []
    ply = 0
    for h, part in enumerate(record.halves):
        if h == 1:
            game.start_second_half(part.deal)
        for _, cards in part.actions:
            if len(game.legal_moves()) > 1:
                out.append(ply)
            game.apply(cards)
            ply += 1
    return out


def judge_decision(job: tuple[dict[str, Any], int, int, ReviewSettings]
                   ) -> dict[str, Any]:
    """One self-play decision: the search bot's move, 提示's advice and the search bot's
    move at a time budget (default and :data:`HINT_BUDGET_MS`), each judged (a move the
    same as one judged already shares its judgement), with the bots' thinking times."""
    record_json, ply, game_seed, settings = job
    record = Record.from_json(record_json)
    game = _replayed(record, ply)
    legal = game.legal_moves()
    seat = game.to_move
    assert seat is not None
    obs = game.observation(seat)
    made = game.clone().apply(_action_at(record, ply))
    hint = advice_of(obs, legal)
    timed: dict[str, tuple[Move, float]] = {}
    for name, budget in (("search_default", DEFAULT_BUDGET_MS), ("search_150", HINT_BUDGET_MS)):
        bot = SearchBot(game_seed * 4 + seat + 7_919 * ply, budget_ms=budget)
        began = time.perf_counter()
        move = bot.choose(obs, legal)
        timed[name] = (move, 1000.0 * (time.perf_counter() - began))
    began = time.perf_counter()
    marks: dict[Move, Decision] = {made: _judged(game, legal, made, settings)}
    review_seconds = time.perf_counter() - began
    for move in (hint, *(m for m, _ in timed.values())):
        if move not in marks:
            marks[move] = _judged(game, legal, move, settings)
    out: dict[str, Any] = {"game": game_seed, "ply": ply, "made": _row(marks[made]),
                           "hint": marks[hint].mark, "hint_is_made": hint == made,
                           "review_seconds": review_seconds}
    for name, (move, ms) in timed.items():
        out[name] = marks[move].mark
        out[name + "_ms"] = ms
    return out


def _action_at(record: Record, ply: int) -> Any:
    for part in record.halves:
        if ply < len(part.actions):
            return part.actions[ply][1]
        ply -= len(part.actions)
    raise ValueError("no such action")


# -- the figures ----------------------------------------------------------------------------


def _percent(hits: int, n: int) -> float:
    return round(100.0 * hits / max(1, n), 1)


def _share(hits: int, n: int) -> dict[str, Any]:
    lo, hi = wilson(hits, n)
    return {"n": n, "hits": hits, "percent": round(100.0 * hits / max(1, n), 1),
            "ci95": [round(100.0 * lo, 1), round(100.0 * hi, 1)]}


def planted_table(rows: list[dict[str, Any]]) -> dict[str, Any]:
    table: dict[str, Any] = {}
    for kind in KINDS:
        mine = [r for r in rows if r["kind"] == kind]
        n = len(mine)
        severe = sum(r["planted"]["mark"] in SEVERE for r in mine)
        costly = [r for r in mine if _costly(r["true_loss"], r["true_points_lost"])]
        seen_costly = [r for r in mine if _costly(r["seen_loss"], r["seen_points_lost"])]
        table[kind] = {
            "n": n,
            "mistake_or_worse_percent": round(100.0 * severe / max(1, n), 1),
            "inaccuracy_or_worse_percent": round(
                100.0 * sum(r["planted"]["mark"] in MARKED for r in mine) / max(1, n), 1),
            "mean_loss": round(mean([r["planted"]["loss"] for r in mine]), 2),
            "mean_points_lost": round(mean([r["planted"]["points_lost"] for r in mine]), 1),
            "plant_vs_own_move": {  # what the plant gave away against the heuristic's move
                "coach_win": round(mean([100.0 * (r["own"]["win_played"]
                                                  - r["planted"]["win_played"])
                                         for r in mine]), 2),
                "truth_win": round(mean([r["true_loss"] for r in mine]), 2),
                "coach_points": round(mean([r["own"]["points_played"]
                                            - r["planted"]["points_played"] for r in mine]), 1),
                "truth_points": round(mean([r["true_points_lost"] for r in mine]), 1)},
            "truly_costly_percent": round(100.0 * len(costly) / max(1, n), 1),
            "mistake_with_every_hand_seen_percent": _percent(len(seen_costly), n),
            "seen_costly_marked_mistake_or_worse_percent": _percent(
                sum(r["planted"]["mark"] in SEVERE for r in seen_costly), len(seen_costly)),
            "truly_costly_marked_mistake_or_worse_percent": round(
                100.0 * sum(r["planted"]["mark"] in SEVERE for r in costly)
                / max(1, len(costly)), 1),
            "own_move_mistake_or_worse_percent": round(
                100.0 * sum(r["own"]["mark"] in SEVERE for r in mine) / max(1, n), 1),
            "missed": [{"game": r["game"], "decision": r["decision"], **r["planted"],
                        "true_loss": r["true_loss"],
                        "true_points_lost": r["true_points_lost"],
                        "seen_loss": r["seen_loss"],
                        "seen_points_lost": r["seen_points_lost"]}
                       for r in mine if r["planted"]["mark"] not in SEVERE],
        }
    return table


def self_play_figures(rows: list[dict[str, Any]]) -> dict[str, Any]:
    n = len(rows)
    out: dict[str, Any] = {
        "games": len({r["game"] for r in rows}), "decisions": n,
        "search_move_mistake_or_worse": _share(
            sum(r["made"]["mark"] in SEVERE for r in rows), n),
        "search_move_inaccuracy_or_worse": _share(
            sum(r["made"]["mark"] in MARKED for r in rows), n),
        "search_move_blunder": _share(sum(r["made"]["mark"] == "blunder" for r in rows), n),
        "hint_mistake_or_worse": _share(sum(r["hint"] in SEVERE for r in rows), n),
        "hint_differs_from_search_move_percent": round(
            100.0 * sum(not r["hint_is_made"] for r in rows) / max(1, n), 1),
        "review_seconds_per_decision": round(mean([r["review_seconds"] for r in rows]), 3),
    }
    for name in ("search_default", "search_150"):
        ms = [r[name + "_ms"] for r in rows]
        out[name + "_hint"] = {
            "budget_ms": DEFAULT_BUDGET_MS if name == "search_default" else HINT_BUDGET_MS,
            "mistake_or_worse": _share(sum(r[name] in SEVERE for r in rows), n),
            "ms_mean": round(mean(ms), 1), "ms_p50": round(percentile(ms, 50), 1),
            "ms_p95": round(percentile(ms, 95), 1)}
    worst = sorted((r for r in rows if r["made"]["mark"] in SEVERE),
                   key=lambda r: -r["made"]["loss"])
    out["search_moves_marked"] = [{"game": r["game"], "ply": r["ply"], **r["made"]}
                                  for r in worst]
    return out


LINE_SCALES = (1.0, 0.8, 0.6, 0.4, 0.2)
"""Mistake lines tried by :func:`line_sweep`, as fractions of the hall's (10 points of
win chance, 25 points of the half)."""


def _severe_at(row: dict[str, Any], scale: float) -> bool:
    """Whether a judged move (a :func:`_row`) would be a mistake or worse with every line
    at ``scale`` times the hall's (coach/marks.py's own marking, noise test and all)."""
    return mark_of(row["loss"], row["stderr"], row["points_lost"], row["points_stderr"],
                   scale) in SEVERE


def _costly(win: float, points: float, scale: float = 1.0) -> bool:
    """A mistake's worth at ``scale`` times the hall's mistake lines, without noise (one
    deal, known)."""
    return win >= scale * MISTAKE_WIN or points >= scale * MISTAKE_POINTS


def line_sweep(planted: list[dict[str, Any]], self_play: list[dict[str, Any]],
               scales: tuple[float, ...] = LINE_SCALES) -> list[dict[str, Any]]:
    """Could other mistake lines meet both claims at once? At each line (both of the
    hall's mistake lines scaled alike): the share of each kind's plants the coach would
    call a mistake or worse; the share that lost that much in the real deal, against the
    heuristic's own move played out blind (:func:`in_truth`) and against the seat's best
    move with every hand seen (:func:`seen_loss`); and the share of the search bot's
    self-play moves the coach would call a mistake or worse. Read from the judged rows as
    they are: the second look (coach/review.py) is taken around the hall's lines only, so
    below them a move's loss may come from its first worlds, where the best move's value
    is biased up: the coach's shares at lower lines lean high."""
    out = []
    for scale in scales:
        kinds = {}
        for kind in KINDS:
            mine = [r for r in planted if r["kind"] == kind]
            n = len(mine)
            kinds[kind] = {
                "coach": _percent(sum(_severe_at(r["planted"], scale) for r in mine), n),
                "real_deal": _percent(sum(
                    _costly(r["true_loss"], r["true_points_lost"], scale) for r in mine), n),
                "every_hand_seen": _percent(sum(
                    _costly(r["seen_loss"], r["seen_points_lost"], scale) for r in mine), n)}
        hits = sum(_severe_at(r["made"], scale) for r in self_play)
        out.append({"scale": scale, "win_line": round(scale * MISTAKE_WIN, 1),
                    "points_line": round(scale * MISTAKE_POINTS, 1), "planted": kinds,
                    "self_play": _share(hits, len(self_play))})
    return out


def run(seconds: float = 0.0, seed: int = 0, positions: int = 50, games: int = 8,
        workers: int | None = None, settings: ReviewSettings | None = None
        ) -> dict[str, Any]:
    """``positions`` planted positions per kind and ``games`` self-play games."""
    del seconds  # the work is fixed, not timed
    settings = settings or hall_settings()
    workers = workers or min(2, os.cpu_count() or 1)
    began = time.perf_counter()
    with ProcessPoolExecutor(workers) as pool:
        found = list(pool.map(_found, [(k, positions, seed) for k in KINDS]))
        jobs = [(kind, g, n, settings) for kind, spots in zip(KINDS, found, strict=True)
                for g, n in spots]
        planted = list(pool.map(judge_position, jobs))
        seeds = [seed * 100_003 + 50_000 + i for i in range(games)]
        records = list(pool.map(search_game, seeds))
        work = [(rec, ply, s, settings) for rec, s in zip(records, seeds, strict=True)
                for ply in choice_points(rec)]
        decided = list(pool.map(judge_decision, work, chunksize=4))
    return {
        "settings": {"worlds": settings.worlds, "seed": settings.seed,
                     "limit": settings.limit, "positions_per_kind": positions,
                     "self_play_games": games, "search_worlds": SEARCH_WORLDS,
                     "seed_of_run": seed},
        "planted": planted_table(planted),
        "self_play": self_play_figures(decided),
        "lines": line_sweep(planted, decided),
        "wall_seconds": round(time.perf_counter() - began, 1),
    }


def _as_before() -> None:
    """A worker's coach as it was before issue 31's item 4: no second look at close calls,
    no whole units of the plan among the candidates (the same worlds otherwise)."""
    review.SECOND_LOOK = 0
    review.UNITS = 0


def _made_and_hint(job: tuple[dict[str, Any], int, int, ReviewSettings]) -> dict[str, Any]:
    record_json, ply, _, settings = job
    record = Record.from_json(record_json)
    game = _replayed(record, ply)
    legal = game.legal_moves()
    seat = game.to_move
    assert seat is not None
    made = game.clone().apply(_action_at(record, ply))
    hint = advice_of(game.observation(seat), legal)
    mark = _judged(game, legal, made, settings).mark
    return {"made": mark,
            "hint": mark if hint == made else _judged(game, legal, hint, settings).mark}


def before(seed: int = 0, positions: int = 50, games: int = 8,
           workers: int | None = None) -> dict[str, Any]:
    """The same planted positions and self-play decisions as :func:`run`, judged by the
    coach as it was before (:func:`_as_before`): what the changes did."""
    settings = hall_settings()
    workers = workers or min(2, os.cpu_count() or 1)
    with ProcessPoolExecutor(workers, initializer=_as_before) as pool:
        found = list(pool.map(_found, [(k, positions, seed) for k in KINDS]))
        jobs = [(kind, g, n, settings) for kind, spots in zip(KINDS, found, strict=True)
                for g, n in spots]
        table = planted_table(list(pool.map(judge_position, jobs)))
        seeds = [seed * 100_003 + 50_000 + i for i in range(games)]
        records = list(pool.map(search_game, seeds))
        work = [(rec, ply, s, settings) for rec, s in zip(records, seeds, strict=True)
                for ply in choice_points(rec)]
        rows = list(pool.map(_made_and_hint, work, chunksize=4))
    n = len(rows)
    return {
        "planted": {k: {key: v[key] for key in ("n", "mistake_or_worse_percent",
                                                "inaccuracy_or_worse_percent", "mean_loss",
                                                "own_move_mistake_or_worse_percent")}
                    for k, v in table.items()},
        "search_move_mistake_or_worse": _share(sum(r["made"] in SEVERE for r in rows), n),
        "search_move_inaccuracy_or_worse": _share(sum(r["made"] in MARKED for r in rows), n),
        "hint_mistake_or_worse": _share(sum(r["hint"] in SEVERE for r in rows), n),
    }


def _found(job: tuple[str, int, int]) -> list[tuple[int, int]]:
    kind, wanted, seed = job
    return find_positions(kind, wanted, seed)
