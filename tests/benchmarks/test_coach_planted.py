"""The coach's planted-positions harness plants what its kinds say, and judges them."""

from __future__ import annotations

import functools
import random

import pytest

from benchmarks import coach_planted as planted
from yuanzi.bots.plan import unit_points
from yuanzi.coach import ReviewSettings
from yuanzi.engine import Game, Kind, Move, Record, record_of
from yuanzi.engine.hand import Hand

FEW = ReviewSettings(worlds=3, seed=1)


@functools.cache
def found(kind: str) -> tuple[tuple[int, int], ...]:
    """The first two positions of a kind (finding them plays many games: once a kind)."""
    return tuple(planted.find_positions(kind, 2, seed=0))


def spots(kind: str) -> list[tuple[Game, list[Move], Move]]:
    first = list(found(kind))
    assert len(first) == 2 and len({g for g, _ in first}) == 2  # one position a game
    out = []
    for game_seed, n in first:
        game, legal = planted.position(game_seed, n)
        bad = planted.KINDS[kind](game, legal)
        assert bad is not None and bad in legal
        assert bad != planted.heuristic_move(game, legal)  # not what the policy plays
        assert not game.half.out_order  # every kind is planted at a full table
        out.append((game, legal, bad))
    return out


def test_a_big_trick_is_passed_at_the_last_word_when_a_cheap_loose_play_takes_it() -> None:
    for game, legal, bad in spots("big_trick"):
        half, seat = game.half, game.to_move
        assert seat is not None and half.top is not None
        assert bad.is_pass and half.trick_points >= 30 and (half.top_seat - seat) % 2 == 1
        after = game.clone()
        after.apply(bad)
        assert after.half.top is None and after.half.won[half.top_seat] >= 30  # theirs now
        own = planted.heuristic_move(game, legal)
        assert Kind.SINGLE <= own.kind <= Kind.TRIPLE and unit_points(own) == 0


def test_a_pass_is_planted_where_the_whole_hand_goes_out_first() -> None:
    for game, legal, bad in spots("no_upstream"):
        seat = game.to_move
        assert seat is not None and bad.is_pass
        own = planted.heuristic_move(game, legal)
        after = game.clone()
        after.apply(own)
        assert after.half.out_order == [seat]  # the move not made: 上游 (R27)
        assert own.kind <= Kind.TRIPLE and not own.blade


def test_the_biggest_bomb_is_thrown_on_a_partners_or_a_worthless_trick() -> None:
    for game, legal, bad in spots("bomb_away"):
        half, seat = game.half, game.to_move
        assert seat is not None and half.top is not None
        assert bad.kind >= Kind.BOMB and planted.heuristic_move(game, legal).kind < Kind.BOMB
        assert bad == planted._biggest([m for m in legal if m.kind >= Kind.BOMB])
        partners = half.top_seat == (seat + 2) % 4
        assert partners or (half.trick_points == 0 and half.top.kind <= Kind.TRIPLE)


def test_a_planted_piece_of_an_atom_takes_cards_from_the_atom() -> None:
    for game, _, bad in spots("atom_break"):
        seat = game.to_move
        assert seat is not None
        hand = game.half.hands[seat]
        assert bad.kind in (Kind.SINGLE, Kind.PAIR) and bad.jokers == 0
        same = [c for c in hand.cards() if not c.is_joker and c.rank == bad.rank]
        assert len(same) == 3 and len(set(same)) == 1  # exactly one atom's three cards
        left = Hand(hand.cards(), hand.blade)
        left.remove(game.cards_for(bad))
        assert not any(m.kind == Kind.ATOM and m.rank == bad.rank for m in left.all_moves())


@pytest.mark.parametrize("kind", list(planted.KINDS))
def test_a_position_is_judged_and_tabled(kind: str) -> None:
    (game_seed, n), = found(kind)[:1]
    row = planted.judge_position((kind, game_seed, n, FEW))
    assert row["planted"]["mark"] in ("good", "inaccuracy", "mistake", "blunder")
    assert row["own"]["played"] != row["planted"]["played"]
    table = planted.planted_table([row])
    assert table[kind]["n"] == 1 and 0 <= table[kind]["mistake_or_worse_percent"] <= 100


def test_a_self_play_decision_is_judged_with_the_hints_beside_it() -> None:
    game = Game.new(random.Random(5))  # a quick game of the heuristic stands in for one
    while not game.is_over:             # of search bots: the harness reads its record
        legal = game.legal_moves()
        game.apply(planted.heuristic_move(game, legal) if len(legal) > 1 else legal[0])
    record = record_of(game).to_json()
    plies = planted.choice_points(record)
    assert plies and all(len(planted._replayed(Record.from_json(record), p).legal_moves()) > 1
                         for p in plies[:5])
    row = planted.judge_decision((record, plies[3], 5, FEW))
    assert row["hint_is_made"]  # the heuristic played it: 提示 advised the very move
    assert row["hint"] == row["made"]["mark"]
    assert row["search_150_ms"] > 0 and row["search_default"] in ("good", "inaccuracy",
                                                                  "mistake", "blunder")
    figures = planted.self_play_figures([row])
    assert figures["decisions"] == 1 and figures["search_150_hint"]["budget_ms"] == 150


def _judged_row(loss: float, stderr: float, points: float = 0.0,
                points_stderr: float = 0.0) -> dict[str, float]:
    return {"loss": loss, "stderr": stderr, "points_lost": points,
            "points_stderr": points_stderr}


def test_the_line_sweep_reads_marks_at_lower_lines_with_the_same_noise_test() -> None:
    plant = {"kind": "big_trick", "planted": _judged_row(7.0, 1.0),
             "true_loss": 0.0, "true_points_lost": 20.0, "seen_loss": 0.0,
             "seen_points_lost": 0.0}
    noisy = {"kind": "big_trick", "planted": _judged_row(7.0, 4.0),
             "true_loss": 12.0, "true_points_lost": 0.0, "seen_loss": 6.0,
             "seen_points_lost": -5.0}
    by_points = {"made": _judged_row(0.0, 0.0, 16.0, 3.0)}
    clean = {"made": _judged_row(1.0, 0.5)}
    sweep = {line["scale"]: line for line in
             planted.line_sweep([plant, noisy], [by_points, clean], scales=(1.0, 0.6))}
    hall, lower = sweep[1.0], sweep[0.6]
    assert (hall["win_line"], hall["points_line"]) == (10.0, 25.0)
    assert (lower["win_line"], lower["points_line"]) == (6.0, 15.0)
    # 7 points of win chance: under the hall's line; over 6, but only 2 standard errors
    # clear of noise count (the noisy one's 7 is within 2 x 4)
    assert hall["planted"]["big_trick"]["coach"] == 0.0
    assert lower["planted"]["big_trick"]["coach"] == 50.0
    # in the real deal: 12 of win chance is a mistake at both lines; 20 points at 15
    assert hall["planted"]["big_trick"]["real_deal"] == 50.0
    assert lower["planted"]["big_trick"]["real_deal"] == 100.0
    # every hand seen: 6 of win chance only at the lower line, no points lost
    assert hall["planted"]["big_trick"]["every_hand_seen"] == 0.0
    assert lower["planted"]["big_trick"]["every_hand_seen"] == 50.0
    assert hall["planted"]["atom_break"] == {"coach": 0.0, "real_deal": 0.0,
                                            "every_hand_seen": 0.0}
    assert hall["self_play"]["hits"] == 0 and lower["self_play"]["hits"] == 1
    assert lower["self_play"]["percent"] == 50.0


def test_with_every_hand_seen_a_plant_is_priced_against_the_seats_best_move() -> None:
    (game_seed, n), = found("no_upstream")[:1]
    game, legal = planted.position(game_seed, n)
    seat = game.to_move
    assert seat is not None
    pass_ = planted.KINDS["no_upstream"](game, legal)
    assert pass_ is not None
    win, points = planted.seen_loss(game, legal, pass_)
    going_out = next(m for m in legal if m.size == game.half.hands[seat].size)
    out_win, out_points = planted.seen_value(game, going_out)  # it ends no half here
    pass_win, pass_points = planted.seen_value(game, pass_)
    assert 0.0 <= pass_win <= 100.0 and 0 <= pass_points <= 300
    # the best of the seat's other moves is at least as good as going out, one of them
    assert win >= out_win - pass_win and (win > out_win - pass_win
                                          or points >= out_points - pass_points)
    assert planted.seen_loss(game, legal, pass_) == (win, points)  # one deal, no dice
    assert planted.seen_loss(game, [pass_], pass_) == (0.0, 0.0)  # nothing else to play


def test_play_seen_finishes_the_half_under_way_and_reads_its_own_result() -> None:
    game, _ = next(planted.decisions(3))  # the live game: it deals the second half itself
    first = game.half
    result = planted.play_seen(game)
    assert result is first.result and first.ended_by is not None
    assert sum(result.points) == 300  # R29
    assert game.is_over or game.half is not first  # R30: over, or the next half dealt


def test_the_table_says_how_many_plants_that_were_mistakes_with_every_hand_seen_it_caught(
) -> None:
    def row(mark: str, seen_loss: float, seen_points: float) -> dict[str, object]:
        judged = {**_judged_row(12.0 if mark == "mistake" else 0.0, 1.0), "mark": mark,
                  "played": "pass", "best": "pass", "win_played": 0.5, "win_best": 0.5,
                  "points_played": 150.0}
        return {"kind": "bomb_away", "game": 1, "decision": 2, "planted": judged,
                "own": {**judged, "mark": "good"}, "true_loss": 0.0,
                "true_points_lost": 0.0, "seen_loss": seen_loss,
                "seen_points_lost": seen_points}

    table = planted.planted_table([
        row("mistake", 15.0, 0.0), row("good", 0.0, 30.0), row("good", 10.0, 0.0),
        row("mistake", 0.0, 0.0), row("good", 9.0, 20.0)])
    bomb = table["bomb_away"]
    assert bomb["mistake_or_worse_percent"] == 40.0
    # 15 and 10 of win chance, 30 points: three of five were mistakes in the deal
    assert bomb["mistake_with_every_hand_seen_percent"] == 60.0
    assert bomb["seen_costly_marked_mistake_or_worse_percent"] == 33.3  # one of those three
    assert [m["seen_loss"] for m in bomb["missed"]] == [0.0, 10.0, 9.0]
