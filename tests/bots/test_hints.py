"""The Hint button's answer (issue 10, yuanzi.bots.hints): the advice, its reason and every
play that beats the top, smallest first, as concrete cards."""

from __future__ import annotations

from collections import Counter

import pytest
from tests.bots.helpers import positions
from tests.engine.scenario import cards, game_from, move, play

from yuanzi.bots import make_bot
from yuanzi.bots.hints import MAX_BEATS, Hint, Reason, advise, beating_plays, play_order
from yuanzi.engine import DEFAULT_RULES, PASS, Card, Game, Kind, Move, beats, classify, format_cards
from yuanzi.engine.hand import Hand
from yuanzi.engine.moves import legal_moves


def heuristic_hint(game: Game) -> tuple[Move, Hint]:
    """The hall's way: the heuristic bot's move for the seat to move, explained."""
    seat = game.to_move
    assert seat is not None
    obs = game.observation(seat)
    legal = game.legal_moves()
    chosen = make_bot("heuristic", 1).choose(obs, legal)
    return chosen, advise(obs, legal, chosen)


def texts(groups: tuple[tuple[Card, ...], ...]) -> list[str]:
    return [format_cards(g) for g in groups]


def partner_leads_four_threes() -> Game:
    """North (0) leads four 3s; East (1) passes; South (2), North's partner, holds four Ks
    and more (no single play empties the hand), and West (3) has cards to come."""
    game = game_from(["3S 3H 3C 3D 4S 9H",
                      "6S 8D",
                      "KS KH KC KD 5S 6H 8C 9D 10S JH QH AS",
                      "6C 8H"], blade_holder=0)  # blade 7 (7H), North leads (R23)
    play(game, [(0, "3S 3H 3C 3D"), (1, "pass")])
    return game


def test_partner_winning_with_a_bomb_in_hand_advises_pass_and_lists_the_bomb() -> None:
    """The issue's scenario: the partner's bomb of 3s is on top and South could bomb it
    with four Ks (R16). The bot passes (never bomb over the partner); the hint says why and
    still shows the K bomb as the play that beats."""
    game = partner_leads_four_threes()
    assert game.to_move == 2
    chosen, hint = heuristic_hint(game)
    assert chosen == PASS
    assert hint.advice == () and hint.passes
    assert hint.reason.value == "partner_winning"  # its wire form
    assert texts(hint.beats) == ["KS KH KC KD"]


def test_an_opponents_trick_not_worth_a_bomb_is_save_strength() -> None:
    """East leads a pointless low single; South holds only a bomb that beats it (R16). The
    heuristic keeps the bomb: the reason says so rather than "nothing beats"."""
    game = game_from(["3S 9H", "4S 6D", "KS KH KC KD 5S 6H 8C 9D 10S JH QH",
                      "6C 8H JD QD"], blade_holder=1)
    play(game, [(1, "4S")])
    assert game.to_move == 2
    obs = game.observation(2)
    legal = game.legal_moves()
    hint = advise(obs, legal, PASS)
    assert hint.reason == Reason.SAVE_STRENGTH
    assert texts(hint.beats)[:3] == ["5S", "6H", "8C"]  # smallest first
    assert texts(hint.beats)[-1] == "KS KH KC KD"  # loose plays before the bomb (R19)


def test_nothing_beats_only_when_nothing_beats() -> None:
    game = game_from(["3S", "2S 2H", "4S 5S", "6C"], blade_holder=1)
    play(game, [(1, "2S 2H")])
    obs = game.observation(2)
    hint = advise(obs, game.legal_moves(), PASS)
    assert game.legal_moves() == [PASS]
    assert hint.reason == Reason.CANNOT_BEAT and hint.beats == () and hint.advice == ()


def test_a_play_is_beat_and_a_lead_lists_nothing() -> None:
    game = game_from(["3S 9H", "4S 6D", "KS KH 5S 6H", "6C 8H"], blade_holder=1)
    lead = game.observation(1)
    hint = advise(lead, game.legal_moves(), move("4S"))
    assert hint.reason == Reason.LEAD and texts((hint.advice,)) == ["4S"] and hint.beats == ()
    play(game, [(1, "4S")])
    legal = game.legal_moves()
    hint = advise(game.observation(2), legal, move("6H"))
    assert hint.reason == Reason.BEAT and format_cards(hint.advice) == "6H"
    assert texts(hint.beats) == ["5S", "6H", "KH"]  # the weaker suit goes first


def test_the_advice_must_be_legal_and_the_seat_to_move() -> None:
    game = partner_leads_four_threes()
    with pytest.raises(ValueError, match="not a legal move"):
        advise(game.observation(2), game.legal_moves(), move("5S"))
    with pytest.raises(ValueError, match="seat to move"):
        advise(game.observation(3), game.legal_moves(), PASS)


def test_minimal_jokers_and_intact_units() -> None:
    """R11, R13: against a triple, ``7S 7S BJ`` (a triple with one joker) is listed before
    the bomb ``7S 7S 7S BJ`` and the atom ``7S 7S 7S``; against a bomb of eight, the
    8-card bomb of a 3-2-2-2 hand is not played as a hydrogen bomb (R10)."""
    hand = Hand(cards("7S 7S 7S BJ"), 10)  # blade Q
    got = texts(beating_plays(hand, _legal(hand, "6S 6H 6C")))
    assert got == ["7S 7S BJ", "7S 7S 7S BJ", "7S 7S 7S"]
    nine = Hand(cards("9S 9S 9S 9H 9H 9C 9C 9D 9D"), 10)
    top = "4S 4S 4H 4H 4C 4D SJ BJ"  # a bomb of eight
    got = texts(beating_plays(nine, _legal(nine, top)))
    assert got[0] == "9S 9S 9S 9H 9C 9C 9D 9D"
    assert classify(cards(got[0]), 10).kind == Kind.BOMB
    assert got[1:] == ["9S 9S 9S 9H 9H 9C 9C 9D 9D",  # the bomb of nine
                       "9S 9S 9S",  # an atom beats any bomb (R17)
                       "9S 9S 9H 9H 9C 9C 9D 9D"]  # the hydrogen bomb last (R19)


def test_one_play_per_combination_and_the_cap() -> None:
    hand = Hand(cards("5S 5H 5C 5D 5S 5H 6S 6H 6C 6D 8S 8H 8C 8D BJ BJ SJ SJ"), 10)
    legal = _legal(hand, "3S 3H 3C 3D")
    every = beating_plays(hand, legal, limit=1000)
    assert len(every) > MAX_BEATS
    assert beating_plays(hand, legal) == every[:MAX_BEATS]
    moves = [classify(g, 10) for g in every]
    assert len(set(moves)) == len(moves)
    assert moves == sorted(moves, key=play_order)


def _legal(hand: Hand, top: str) -> list[Move]:
    return legal_moves(hand, classify(cards(top), hand.blade), DEFAULT_RULES)


def test_hints_across_real_positions_are_true() -> None:
    """On positions of seeded heuristic games: the advice is the bot's move as the engine's
    cards (Game.cards_for); each listed play beats the top, comes from the hand, keeps the
    order; a pass with something to beat never says "nothing beats"."""
    seen: Counter[str] = Counter()
    for game, obs in positions(range(6), every=5):
        legal = game.legal_moves()
        chosen, h = heuristic_hint(game)
        seen[h.reason] += 1
        assert h.advice == (() if chosen.is_pass else game.cards_for(chosen))
        plays = [m for m in legal if not m.is_pass]
        assert len(h.beats) == min(len(plays), MAX_BEATS) if obs.top is not None else not h.beats
        hand = Counter(obs.hand or ())
        moves = []
        for group in h.beats:
            assert not Counter(group) - hand
            m = classify(group, obs.blade_rank)
            assert obs.top is not None and beats(m, obs.top, obs.rules.blade_bomb_only_atoms)
            assert game.cards_for(m) == group
            moves.append(m)
        assert moves == sorted(moves, key=play_order)
        if h.reason == Reason.CANNOT_BEAT:
            assert not plays
        if chosen.is_pass and plays:
            assert h.reason in (Reason.PARTNER_WINNING, Reason.SAVE_STRENGTH)
    assert {Reason.LEAD, Reason.BEAT, Reason.CANNOT_BEAT} <= set(seen)
    assert seen[Reason.PARTNER_WINNING] + seen[Reason.SAVE_STRENGTH] > 0
