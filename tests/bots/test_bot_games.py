"""Whole games between bots: never an illegal move, and decisions use the observation only."""

from __future__ import annotations

import random

import pytest

from yuanzi.bots import Bot, bot_names, make_bot, parse_spec
from yuanzi.bots.search import SearchBot
from yuanzi.engine import Game
from yuanzi.engine.hand import Hand

from .helpers import bots_for, play, positions

MIXES = [["heuristic"], ["random", "heuristic"], ["heuristic", "random"], ["random"]]


@pytest.mark.parametrize("mix", MIXES, ids="-".join)
def test_no_illegal_move_in_seeded_bot_games(mix: list[str]) -> None:
    for seed in range(75):
        game = play(Game.new(random.Random(seed)), bots_for(mix, seed))
        assert game.result is not None


@pytest.mark.slow
@pytest.mark.parametrize("mix", MIXES, ids="-".join)
def test_no_illegal_move_in_thousands_of_bot_games(mix: list[str]) -> None:
    for seed in range(1000, 2500):
        play(Game.new(random.Random(seed)), bots_for(mix, seed))


def test_search_plays_whole_games_legally() -> None:
    for seed in range(2):
        bots = [SearchBot(seed * 4 + s, budget_ms=None, worlds=3) if s % 2 else
                make_bot("heuristic", s) for s in range(4)]
        assert play(Game.new(random.Random(seed)), bots).result is not None


@pytest.mark.slow
def test_search_plays_many_games_legally() -> None:
    for seed in range(40):
        bots = [make_bot("search@20", seed * 4 + s) if s % 2 else make_bot("heuristic", s)
                for s in range(4)]
        play(Game.new(random.Random(seed)), bots)


@pytest.mark.parametrize("name", ["random", "heuristic", "search"])
def test_bots_decide_from_the_observation_alone(name: str) -> None:
    # Once the observation is taken, wiping every hand in the game changes nothing:
    # the bot holds no path back to the engine state (R45).
    for game, _ in positions([21, 22], every=17):
        copy = game.clone()
        seat = copy.to_move
        assert seat is not None
        obs = copy.observation(seat)
        legal = copy.legal_moves()
        first = _bot(name).choose(obs, legal)
        for s in range(4):
            copy.half.hands[s] = Hand((), copy.half.blade_rank)
        assert _bot(name).choose(obs, legal) == first
        assert obs.hand is not None and len(obs.hand) == obs.cards_left[seat]
        assert "hands" not in obs.to_dict()


def _bot(name: str) -> Bot:
    if name == "search":
        return SearchBot(5, budget_ms=None, worlds=4)
    return make_bot(name, 5)


def test_bots_are_deterministic_for_a_seed() -> None:
    for name in ("random", "heuristic"):
        runs = []
        for _ in range(2):
            game = play(Game.new(random.Random(9)), [make_bot(name, 100 + s) for s in range(4)])
            runs.append(game.half.actions)
        assert runs[0] == runs[1]
    moves = []
    for _ in range(2):
        bot = SearchBot(3, budget_ms=None, worlds=6)
        moves.append([bot.choose(obs, game.legal_moves())
                      for game, obs in positions([31], every=11)])
    assert moves[0] == moves[1]


def test_registry_names_and_budget_specs() -> None:
    assert {"random", "heuristic", "search"} <= set(bot_names())
    bot = make_bot("search@50", 1)
    assert isinstance(bot, SearchBot) and bot.budget_ms == 50
    assert parse_spec("heuristic") == ("heuristic", None)
    with pytest.raises(ValueError, match="unknown bot"):
        make_bot("nobody")
    with pytest.raises(ValueError, match="budget"):
        make_bot("search@fast")
