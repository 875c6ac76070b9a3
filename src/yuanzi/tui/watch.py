"""Watching four bots play one seeded game, narrated trick by trick."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import TextIO

from yuanzi.bots import make_bot
from yuanzi.engine import Game, IllegalAction
from yuanzi.tui.colour import Palette
from yuanzi.tui.narrate import Narrator, step
from yuanzi.tui.render import SEAT_NAMES


def watch_game(out: TextIO, seed: int, bots: Sequence[str], pal: Palette) -> Game:
    """Play and print one game; ``bots`` are four bot specs by seat (N, E, S, W)."""
    if len(bots) != 4:
        raise ValueError("four bots are needed, one per seat")
    players = [make_bot(spec, seed * 4 + s) for s, spec in enumerate(bots)]
    names = [f"{SEAT_NAMES[s]} ({bots[s]})" for s in range(4)]
    game = Game.new(random.Random(seed))
    narrator = Narrator(names, pal)
    out.write(f"原子 — seed {seed}; North–South ({bots[0]}, {bots[2]}) "
              f"against East–West ({bots[1]}, {bots[3]})\n")
    _write(out, narrator.start_half(game.observation(None)))
    while not game.is_over:
        seat = game.to_move
        assert seat is not None
        legal = game.legal_moves()
        move = players[seat].choose(game.observation(seat), legal)
        if move not in legal:
            raise IllegalAction(f"{names[seat]} chose {move}, which is not legal")
        played = game.cards_for(move) if not move.is_pass else None
        before = game.observation(None)
        game.apply(move)
        _write(out, step(game, narrator, seat, played, before))
    return game


def _write(out: TextIO, lines: list[str]) -> None:
    for line in lines:
        out.write(line + "\n")
