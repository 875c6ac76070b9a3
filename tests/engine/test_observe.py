"""R45: what a seat (or a spectator) may see — never another seat's hand."""

from __future__ import annotations

import json
import random
from collections import Counter

import pytest

from yuanzi.engine import Game, Observation, format_cards, observe
from yuanzi.engine.hand import Hand

from .scenario import played_cards, random_game

PUBLIC_KEYS = {
    "seat", "rules", "half", "blade_card", "blade_rank", "hand", "cards_left", "dealt",
    "trick_points", "table_points", "to_move", "top", "top_seat", "trick", "history",
    "out_order", "finished", "result",
}


def with_hidden_hands_shuffled(game: Game, seat: int, seed: int) -> Game:
    """A copy of ``game`` in which the cards the other seats still hold are dealt out
    again among them (same counts): everything ``seat`` may see is unchanged."""
    twin = game.clone()
    half = twin.half
    others = [s for s in range(4) if s != seat]
    pool = [c for s in others for c in half.hands[s].cards()]
    random.Random(seed).shuffle(pool)
    for s in others:
        n = half.hands[s].size
        half.hands[s] = Hand(pool[:n], half.blade_rank)
        pool = pool[n:]
    return twin


@pytest.mark.parametrize("seed", range(6))
def test_r45_a_seat_sees_only_its_own_hand(seed: int) -> None:
    game = Game.new(random.Random(seed))
    chooser = random.Random(seed)
    steps = 0
    while not game.is_over:
        if steps % 23 == 0:
            for seat in range(4):
                obs = observe(game, seat)
                data = obs.to_dict()
                assert set(data) == PUBLIC_KEYS
                own = Counter(game.half.hands[seat].cards())
                assert obs.hand is not None and Counter(obs.hand) == own
                assert data["hand"] == format_cards(obs.hand)
                # the view does not depend on how the hidden cards lie (non-interference)
                twin = with_hidden_hands_shuffled(game, seat, steps)
                if any(twin.half.hands[s].cards() != game.half.hands[s].cards()
                       for s in range(4)):
                    assert observe(twin, seat).to_dict() == data
                    assert observe(twin, None).to_dict() == observe(game, None).to_dict()
                # every card named in the view is the own hand, a played card or the blade
                named = Counter(data["hand"].split())
                for _, cs in data["history"]:
                    if cs != "pass":
                        named.update(cs.split())
                seen = Counter(format_cards(own.elements()).split()) + Counter(
                    format_cards(played_cards(game.half).elements()).split())
                assert named == seen
        game.apply(chooser.choice(game.legal_moves()))
        steps += 1


@pytest.mark.parametrize("seed", range(4))
def test_r45_a_spectator_sees_no_hand(seed: int) -> None:
    game = random_game(seed, stop_after=50 + seed)
    obs = observe(game, None)
    assert obs.seat is None and obs.hand is None
    assert obs.legal_moves() == []
    data = obs.to_dict()
    assert data["hand"] is None and set(data) == PUBLIC_KEYS
    seat_view = observe(game, 0).to_dict()
    assert {k: v for k, v in seat_view.items() if k not in ("seat", "hand")} == {
        k: v for k, v in data.items() if k not in ("seat", "hand")
    }
    json.dumps(data, ensure_ascii=False)  # JSON-ready


def test_r45_public_facts_are_there() -> None:
    game = random_game(11, stop_after=37)
    half = game.half
    seat = game.to_move
    assert seat is not None
    obs = observe(game, seat)
    assert obs.blade_card == half.deal.blade_card and obs.blade_rank == half.blade_rank
    assert obs.cards_left == tuple(h.size for h in half.hands)
    assert obs.dealt == tuple(len(h) for h in half.deal.hands)
    assert obs.trick_points == tuple(half.won)
    trick_cards = [c for _, cs in obs.trick if cs for c in cs]
    assert obs.table_points == sum(c.points for c in trick_cards) == half.trick_points
    assert obs.to_move == seat
    assert len(obs.history) == len(half.actions)
    assert obs.trick == obs.history[half.trick_start:]
    assert obs.top == half.top
    assert Counter(obs.played_cards()) == played_cards(half)
    assert set(obs.legal_moves()) == set(game.legal_moves())
    assert observe(game, (seat + 1) % 4).legal_moves() == []  # not its turn


def test_observation_of_a_finished_game_has_the_result() -> None:
    game = random_game(2)
    obs: Observation = game.observation(1)
    assert obs.result == game.result and obs.to_move is None
    data = obs.to_dict()
    assert data["result"]["kind"] in ("normal", "double", "draw")
    assert len(data["finished"]) == len(game.halves)


def test_observe_rejects_a_bad_seat() -> None:
    game = random_game(1, stop_after=3)
    for bad in (4, -1):
        with pytest.raises(ValueError):
            observe(game, bad)


def test_history_stays_exact_when_views_are_cached_across_clones() -> None:
    """The observation's history is converted once per action (HalfState.seen_actions);
    a clone that plays on differently keeps its own, and each always equals the half's
    actions as cards."""
    import random as _random

    from yuanzi.engine import Game, Rules, deal_half
    from yuanzi.engine.cards import CARDS

    def as_cards(game: Game) -> tuple[object, ...]:
        return tuple((s, None if c is None else tuple(CARDS[x] for x in c))
                     for s, c in game.halves[-1].actions)

    for seed in range(10):
        rng = _random.Random(seed)
        game = Game(Rules(), deal_half(rng, Rules()), rng=rng)
        for step in range(60):
            if game.is_over or game.to_move is None:
                break
            game.apply(rng.choice(game.legal_moves()))
            if step % 7 == 0:
                assert game.observation(None).history == as_cards(game)
        other = game.clone()
        for g in (game, other):
            for _ in range(5):
                if g.is_over or g.to_move is None:
                    break
                g.apply(rng.choice(g.legal_moves()))
            assert g.observation(g.to_move).history == as_cards(g)
