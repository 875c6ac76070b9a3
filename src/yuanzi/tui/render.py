"""Text rendering of cards, the table, actions and results, shared by ``play`` and ``watch``.

Everything here reads an :class:`~yuanzi.engine.Observation` or public results, never a
game's hidden state, so what a terminal player sees is exactly what its seat may see (R45).
"""

from __future__ import annotations

from collections.abc import Sequence

from yuanzi.engine import DOUBLE, DRAW, TEAM_NAMES, GameResult, HalfResult, Observation
from yuanzi.engine.cards import BJ, RANKS, SJ, SUIT_SYMBOLS, sort_hand
from yuanzi.engine.combos import Move
from yuanzi.tui.colour import PLAIN, Palette

SEAT_LETTERS = ("N", "E", "S", "W")
SEAT_NAMES = ("North 北", "East 东", "South 南", "West 西")
TEAM_LABELS = ("North–South", "East–West")


def card(c: int, blade: int, pal: Palette = PLAIN) -> str:
    """One card: ``7♠``, ``10♥``, ``BJ``; red suits red, blade cards highlighted."""
    if c == BJ:
        return pal("BJ", "bold", "red")
    if c == SJ:
        return pal("SJ", "bold")
    rank, suit = c >> 2, c & 3
    text = RANKS[rank] + SUIT_SYMBOLS[suit]
    styles = ["red"] if suit in (1, 3) else []
    if rank == blade:
        styles = ["bold", "yellow", "underline"]
    return pal(text, *styles)


def cards(group: Sequence[int], blade: int, pal: Palette = PLAIN) -> str:
    return " ".join(card(c, blade, pal) for c in sort_hand(group, blade))


def _width(c: int) -> int:
    return 2 if c >= SJ else len(RANKS[c >> 2]) + 1


def hand_rows(hand: Sequence[int], blade: int, pal: Palette = PLAIN, per_row: int = 16
              ) -> list[str]:
    """The hand in rank order (blade first) with 1-based positions under each card."""
    ordered = sort_hand(hand, blade)
    lines: list[str] = []
    for start in range(0, len(ordered), per_row):
        row = ordered[start:start + per_row]
        top = " ".join(" " * (4 - _width(c)) + card(c, blade, pal) for c in row)
        numbers = " ".join(f"{start + i + 1:>4}" for i in range(len(row)))
        lines.append(top)
        lines.append(pal(numbers, "dim"))
    return lines


def describe(move: Move) -> str:
    """A short name of a combination: ``pair``, ``bomb of 5``, ``atom``, ``blade single``."""
    label = move.kind.label
    if label == "bomb":
        label = f"bomb of {move.size}"
    elif label == "hydrogen":
        label = "hydrogen bomb 氢弹"
    elif label == "atom":
        label = "atom 原子"
    return ("blade " + label) if move.blade else label


def action(seat: int, played: Sequence[int] | None, names: Sequence[str], blade: int,
           move: Move | None = None, pal: Palette = PLAIN) -> str:
    """One action as a line: who played what (or passed)."""
    who = pal(names[seat], "bold")
    you = names[seat] == "You"
    if played is None:
        return f"{who} {'pass' if you else 'passes'}"
    kind = f"  ({describe(move)})" if move is not None else ""
    return f"{who} {'play' if you else 'plays'} {cards(played, blade, pal)}{pal(kind, 'dim')}"


def table(obs: Observation, names: Sequence[str], pal: Palette = PLAIN) -> list[str]:
    """The table as the observing seat sees it: blade, seats, points, the current trick."""
    blade = obs.blade_rank
    lines = [
        pal(f"Half {obs.half + 1}", "bold")
        + f" · blade card {card(obs.blade_card, blade, pal)}"
        + f" · blade rank {pal(RANKS[blade], 'bold', 'yellow')}",
    ]
    for s in range(4):
        mark = pal("▶", "green", "bold") if obs.to_move == s else " "
        out = ""
        if s in obs.out_order:
            out = pal(f"  out #{obs.out_order.index(s) + 1}", "green")
        lines.append(
            f" {mark} {SEAT_LETTERS[s]} {names[s]:<16} cards {obs.cards_left[s]:>2}"
            f"   won {obs.trick_points[s]:>3}{out}")
    ns = obs.trick_points[0] + obs.trick_points[2]
    ew = obs.trick_points[1] + obs.trick_points[3]
    lines.append(f"   Teams: {TEAM_NAMES[0]} {ns} · {TEAM_NAMES[1]} {ew}"
                 f" · on the table {obs.table_points}")
    if obs.half == 1 and obs.finished:
        first = obs.finished[0].points
        lines.append(f"   After half 1: {TEAM_NAMES[0]} {first[0]} · {TEAM_NAMES[1]} {first[1]}")
    lines.append("   Trick: " + (trick(obs, names, pal) or pal("(new trick)", "dim")))
    return lines


def trick(obs: Observation, names: Sequence[str], pal: Palette = PLAIN) -> str:
    """The current trick in one line: ``E 7♠ 7♠ · S pass · W 9♦ 9♣``."""
    parts = []
    for seat, played in obs.trick:
        who = SEAT_LETTERS[seat]
        parts.append(f"{who} " + ("pass" if played is None else cards(played, obs.blade_rank, pal)))
    if obs.top_seat is not None and obs.top is not None:
        parts.append(pal(f"(top: {names[obs.top_seat]}, {describe(obs.top)})", "dim"))
    return " · ".join(parts)


def half_result(index: int, h: HalfResult, names: Sequence[str]) -> list[str]:
    """One half's result: how it ended, finishing order, points (R27–R29)."""
    order = ", ".join(names[s] for s in h.out_order)
    ended = "a team went out (R28a)" if h.ended_by == "team_out" else "three seats out (R28b)"
    lines = [
        f"Half {index + 1}: blade card {card(h.blade_card, h.blade_rank)}"
        f" (blade rank {RANKS[h.blade_rank]}); {ended}",
        f"  finishing order: {order}" + (f"; 下游 {names[h.downstream]}"
                                         if h.downstream is not None else ""),
        f"  upstream 上游: {names[h.upstream]}",
        f"  points: {TEAM_NAMES[0]} {h.points[0]} · {TEAM_NAMES[1]} {h.points[1]}"
        f"   (tricks won: " + ", ".join(f"{SEAT_LETTERS[s]} {h.trick_points[s]}"
                                        for s in range(4)) + ")",
    ]
    return lines


def game_result(r: GameResult, names: Sequence[str], pal: Palette = PLAIN,
                halves: bool = True) -> list[str]:
    """The result of a game as R32 states it: winner (or draw), kind, each half
    (``halves=False`` leaves out the halves, for a narration that showed them already)."""
    lines: list[str] = []
    if halves:
        for i, h in enumerate(r.halves):
            lines.extend(half_result(i, h, names))
    if r.kind == DRAW or r.winner is None:
        lines.append(pal("Result: a draw (R31)", "bold"))
    else:
        team = f"{TEAM_LABELS[r.winner]} ({TEAM_NAMES[r.winner]})"
        kind = "双夹 double win (R30)" if r.kind == DOUBLE else "normal win (R31)"
        lines.append(pal(f"Result: {team} wins — {kind}", "bold", "green"))
    if len(r.halves) == 2:
        totals = r.totals
        lines.append(f"  totals: {TEAM_NAMES[0]} {totals[0]} · {TEAM_NAMES[1]} {totals[1]}")
    return lines
