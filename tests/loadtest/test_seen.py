"""loadtest/seen.py: a player's observation rebuilt from its frames equals the engine's."""

from __future__ import annotations

import json
import random

from yuanzi.engine import Game, Rules, deal_half
from yuanzi.engine.cards import parse_cards
from yuanzi.hall.table import frames
from yuanzi.loadtest.seen import HeuristicPlayer, SeenGame


def test_the_seen_game_is_the_engines_view_and_its_moves_are_legal() -> None:
    """Every turn of whole games: the observation rebuilt from a ``game`` frame and the
    ``played`` frames after it matches the engine's own (R45: what the seat may see),
    and the heuristic player's choice is a legal action the engine accepts."""
    player = HeuristicPlayer(seed=1)
    for seed in range(4):
        rng = random.Random(seed)
        game = Game(Rules(), deal_half(rng, Rules()), rng=rng)
        seen: list[SeenGame] = []
        half = -1
        while not game.is_over:
            if game.needs_second_half():
                first = game.halves[0].result
                assert first is not None
                game.start_second_half(deal_half(rng, Rules(), first_drawer=first.upstream))
            if len(game.halves) - 1 != half:  # a deal: each seat gets its game frame
                half = len(game.halves) - 1
                seen = [SeenGame(json.loads(json.dumps(
                    frames.game_frame(1, 1, 0, game, s, None).model_dump()["view"])))
                    for s in range(4)]
            seat = game.to_move
            assert seat is not None
            mine = seen[seat].observation()
            real = game.observation(seat)
            for field in ("hand", "cards_left", "trick_points", "table_points", "to_move",
                          "top", "top_seat", "history", "out_order", "blade_rank", "half"):
                assert getattr(mine, field) == getattr(real, field), field
            # a finished half's public part (per-seat hand points stay hidden, R45)
            assert [(h.points, h.upstream, h.out_order) for h in mine.finished] == [
                (h.points, h.upstream, h.out_order) for h in real.finished]
            text = player.choose(seen[seat])
            game.apply(None if text == "pass" else list(parse_cards(text)))
            if game.is_over or game.needs_second_half():
                continue
            played = json.loads(frames.played_frame(1, 1, 1, game, seat, text, "player",
                                                    None).text())
            for s in seen:
                s.played(played)
