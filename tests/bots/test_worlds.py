"""Sampled worlds agree with the observation; rebuilt states continue like the real game."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from yuanzi.bots.worlds import WorldSampler
from yuanzi.engine import Game
from yuanzi.engine.cards import DECK_SIZE
from yuanzi.engine.determinize import WorldError, check_world, rebuild_game, rebuild_half

from .helpers import positions


def test_sampled_worlds_agree_with_the_observation() -> None:
    rng = random.Random(7)
    checked = 0
    for _, obs in positions(range(6), every=5):
        assert obs.seat is not None and obs.hand is not None
        sampler = WorldSampler(obs)
        for _ in range(3):
            hands = sampler.sample(rng)
            assert Counter(hands[obs.seat]) == Counter(obs.hand)
            assert [len(h) for h in hands] == list(obs.cards_left)
            total = Counter(c for h in hands for c in h) + Counter(obs.played_cards())
            assert sum(total.values()) == DECK_SIZE
            assert all(n == 3 for n in total.values()) and len(total) == 54
            check_world(obs, hands)
            checked += 1
    assert checked > 100


def test_a_rebuilt_world_with_the_true_hands_is_the_real_position() -> None:
    rng = random.Random(3)
    for game, obs in positions(range(3), every=3):
        assert obs.seat is not None
        hands = [game.half.hands[s].cards() for s in range(4)]
        world = rebuild_game(obs, hands)
        assert world.observation(obs.seat) == obs
        assert world.legal_moves() == game.legal_moves()
        # the world and a clone of the real game continue identically to the half's end
        real = game.clone()
        half = real.half
        while not world.half.is_over:
            legal = world.legal_moves()
            assert legal == real.legal_moves()
            move = legal[rng.randrange(len(legal))]
            world.apply(move)
            real.apply(move)
        assert world.half.result == half.result


def test_a_rebuilt_half_deals_each_seat_its_hand_plus_what_it_played() -> None:
    for game, obs in positions([11], every=25):
        hands = [game.half.hands[s].cards() for s in range(4)]
        half = rebuild_half(obs, hands)
        assert sum(len(h) for h in half.deal.hands) == DECK_SIZE
        for seat in range(4):
            played = Counter(c for s, cs in obs.history if s == seat and cs for c in cs)
            assert Counter(half.deal.hands[seat]) == Counter(hands[seat]) + played


def test_worlds_that_contradict_the_observation_are_refused() -> None:
    game = Game.new(random.Random(5))
    seat = game.to_move
    assert seat is not None
    obs = game.observation(seat)
    hands = [list(game.half.hands[s].cards()) for s in range(4)]
    other = (seat + 1) % 4
    mine, theirs = hands[seat], hands[other]
    j = next(i for i, c in enumerate(theirs) if c != mine[0])
    wrong_own = [h.copy() for h in hands]
    wrong_own[seat][0], wrong_own[other][j] = theirs[j], mine[0]
    with pytest.raises(WorldError, match="observed hand"):
        check_world(obs, wrong_own)
    wrong_size = [h.copy() for h in hands]
    wrong_size[other].append(wrong_size[(seat + 2) % 4].pop())
    with pytest.raises(WorldError, match="holds"):
        check_world(obs, wrong_size)
    wrong_total = [h.copy() for h in hands]
    k = next(i for i, c in enumerate(theirs) if c != theirs[0])
    wrong_total[other][k] = theirs[0]  # a fourth copy somewhere, one card missing
    with pytest.raises(WorldError, match="162"):
        check_world(obs, wrong_total)
    check_world(obs, hands)
