"""Narration of a game as it is played: one line per trick, half results, the game result.

``watch`` prints it for four bots; ``play`` prints the same lines between the human's
turns. It reads only spectator observations (R45: what anyone at the table may see).
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from yuanzi.engine import Game, Observation
from yuanzi.engine.cards import RANKS, cards_points
from yuanzi.tui.colour import PLAIN, Palette
from yuanzi.tui.render import SEAT_LETTERS, card, cards, game_result, half_result

_ANSI = re.compile(r"\x1b\[[0-9;]*m")


class Narrator:
    """Turns the actions of a game into readable lines, trick by trick."""

    def __init__(self, names: Sequence[str], pal: Palette = PLAIN, width: int = 100) -> None:
        self.names = list(names)
        self.pal = pal
        self.width = width
        self.trick_no = 0
        self.parts: list[str] = []
        self.half = -1

    def start_half(self, obs: Observation) -> list[str]:
        """Lines announcing a new half: the blade card and who leads (R4, R5, R23)."""
        self.half = obs.half
        self.trick_no = 0
        self.parts = []
        pal = self.pal
        leader = obs.to_move
        why = "holds the blade card" if obs.half == 0 else "was 上游 of the first half"
        lead = "" if leader is None else f" · {self.names[leader]} leads ({why})"
        return [
            "",
            pal(f"══ Half {obs.half + 1} ══", "bold", "cyan")
            + f" blade card {card(obs.blade_card, obs.blade_rank, pal)}"
            + f" · blade rank {pal(RANKS[obs.blade_rank], 'bold', 'yellow')}" + lead,
        ]

    def action(self, seat: int, played: Sequence[int] | None, before: Observation,
               after: Observation) -> list[str]:
        """Note one action; returns the trick's line when the action ended the trick."""
        pal = self.pal
        blade = before.blade_rank
        text = "pass" if played is None else cards(played, blade, pal)
        if played is not None and after.cards_left[seat] == 0:
            text += pal(" (out)", "green")
        self.parts.append(f"{SEAT_LETTERS[seat]} {text}")
        half_over = after.half != before.half or after.result is not None
        trick_over = half_over or not after.trick
        if not trick_over:
            return []
        winner = before.top_seat if played is None else seat
        if winner is None:
            winner = seat
        points = before.table_points + (0 if played is None else cards_points(played))
        self.trick_no += 1
        ending = f"→ {pal(self.names[winner], 'bold')} takes {points} pts"
        if not half_over:
            ns = after.trick_points[0] + after.trick_points[2]
            ew = after.trick_points[1] + after.trick_points[3]
            ending += pal(f"   [NS {ns} · EW {ew}]", "dim")
        lines = wrap(self.parts, f"{self.trick_no:>3}. ", self.width, tail=ending)
        self.parts = []
        return lines

    def half_end(self, game: Game, index: int) -> list[str]:
        result = game.halves[index].result
        if result is None:
            return []
        return ["", *half_result(index, result, self.names)]

    def game_end(self, game: Game) -> list[str]:
        if game.result is None:
            return []
        return ["", *game_result(game.result, self.names, self.pal, halves=False)]


def wrap(parts: Sequence[str], head: str, width: int, tail: str = "") -> list[str]:
    """Join ``parts`` with `` · `` (then ``tail``) into lines of at most ``width`` visible
    characters, the first starting with ``head`` and the rest indented under it."""
    indent = " " * len(head)
    lines: list[str] = []
    line = head
    pieces = [("" if i == 0 else " · ", part) for i, part in enumerate(parts)]
    if tail:
        pieces.append((" ", tail))
    for i, (sep, part) in enumerate(pieces):
        if i and visible_len(line) + len(sep) + visible_len(part) > width:
            lines.append(line)
            line = indent + part
        else:
            line += sep + part
    lines.append(line)
    return lines


def visible_len(text: str) -> int:
    """Length on screen: ANSI colour codes take no room."""
    return len(_ANSI.sub("", text))


def step(game: Game, narrator: Narrator, seat: int, played: Sequence[int] | None,
         before: Observation) -> list[str]:
    """Lines after an action was applied to ``game``: the trick, and any half/game end."""
    after = game.observation(None)
    lines = narrator.action(seat, played, before, after)
    if after.half != before.half or game.result is not None:
        lines.extend(narrator.half_end(game, before.half))
        if game.result is not None:
            lines.extend(narrator.game_end(game))
        else:
            lines.extend(narrator.start_half(after))
    return lines
