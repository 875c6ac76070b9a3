"""What a seat may see (R45): the one value from which any client's view is built.

Nothing else in the project may build a client's view of a game. A seat sees its own
hand, the blade card, every play made, each seat's number of cards left, the points each
seat has won, and whose turn it is; a spectator sees the same minus any hand. Other
seats' hands appear nowhere in an :class:`Observation`.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Literal, Protocol

from yuanzi.engine.cards import RANKS, TEXT, Card, sort_hand
from yuanzi.engine.combos import Move
from yuanzi.engine.half import TEAM_NAMES, HalfResult, HalfState
from yuanzi.engine.hand import Hand
from yuanzi.engine.moves import legal_moves as _legal_moves
from yuanzi.engine.result import GameResult
from yuanzi.engine.rules import Rules


class Observable(Protocol):
    """What an observation reads of a game (:class:`yuanzi.engine.game.Game` is one)."""

    @property
    def rules(self) -> Rules: ...
    @property
    def halves(self) -> Sequence[HalfState]: ...
    @property
    def to_move(self) -> int | None: ...
    @property
    def result(self) -> GameResult | None: ...

SeenAction = tuple[int, tuple[Card, ...] | None]
"""(seat, cards played) or (seat, None) for a pass."""


@dataclass(frozen=True, slots=True)
class Observation:
    """A seat's (or a spectator's) view of a game at one moment."""

    seat: int | None
    """The observing seat, None for a spectator."""
    rules: Rules
    half: int
    """0 for the first half, 1 for the second."""
    blade_card: Card
    blade_rank: int
    hand: tuple[Card, ...] | None
    """Own hand sorted for display (blade first); None for a spectator."""
    cards_left: tuple[int, int, int, int]
    dealt: tuple[int, int, int, int]
    """Hand sizes as dealt this half (R22)."""
    trick_points: tuple[int, int, int, int]
    """Points each seat has won in tricks this half."""
    table_points: int
    """Points lying in the current, unfinished trick."""
    to_move: int | None
    top: Move | None
    top_seat: int | None
    trick: tuple[SeenAction, ...]
    """The current trick's actions, in order."""
    history: tuple[SeenAction, ...]
    """Every action of this half, in order."""
    out_order: tuple[int, ...]
    finished: tuple[HalfResult, ...]
    """Results of the halves already finished (public)."""
    result: GameResult | None

    @property
    def leading(self) -> bool:
        return self.top is None

    def played_cards(self) -> list[Card]:
        """Every card played so far this half."""
        return [c for _, cards in self.history if cards for c in cards]

    def legal_moves(self) -> list[Move]:
        """The observing seat's legal moves when it is to move, else an empty list."""
        if self.hand is None or self.seat is None or self.to_move != self.seat:
            return []
        return _legal_moves(Hand(self.hand, self.blade_rank), self.top, self.rules)

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready form for the wire (cards in R2 notation)."""

        def seen(actions: tuple[SeenAction, ...]) -> list[list[Any]]:
            return [[s, "pass" if c is None else " ".join(TEXT[x] for x in c)] for s, c in actions]

        return {
            "seat": self.seat,
            "rules": self.rules.to_dict(),
            "half": self.half,
            "blade_card": TEXT[self.blade_card],
            "blade_rank": RANKS[self.blade_rank],
            "hand": None if self.hand is None else " ".join(TEXT[c] for c in self.hand),
            "cards_left": list(self.cards_left),
            "dealt": list(self.dealt),
            "trick_points": list(self.trick_points),
            "table_points": self.table_points,
            "to_move": self.to_move,
            "top": None if self.top is None else self.top.text(),
            "top_seat": self.top_seat,
            "trick": seen(self.trick),
            "history": seen(self.history),
            "out_order": list(self.out_order),
            # while the game runs, where R29 moved points is told per team only: which
            # seat kept which score cards stays its own (R45) until the game is over
            "finished": [half_result_dict(h, detail=True if self.result else "team")
                         for h in self.finished],
            "result": None if self.result is None else game_result_dict(self.result,
                                                                        detail=True),
        }


@dataclass(frozen=True, slots=True)
class Progress:
    """The public state of a half after an action: what everyone at the table may know
    (R45) — the part of a spectator's observation that an action changes."""

    to_move: int | None
    top: Move | None
    top_seat: int | None
    cards_left: tuple[int, int, int, int]
    trick_points: tuple[int, int, int, int]
    table_points: int
    out_order: tuple[int, ...]


def progress(game: Observable) -> Progress:
    """The public :class:`Progress` of the half being played: the same values as
    ``observe(game, None)``, without building its history (one per action in the hall)."""
    half = game.halves[-1]
    return Progress(game.to_move, half.top, None if half.top is None else half.top_seat,
                    half.cards_left(), tuple(half.won),  # type: ignore[arg-type]
                    half.trick_points, tuple(half.out_order))


def observe(game: Observable, seat: int | None) -> Observation:
    """Build the observation of ``seat`` (None: a spectator) — the only way to see a game."""
    if seat is not None and (type(seat) is not int or not 0 <= seat <= 3):
        raise ValueError(f"no seat {seat}")
    half = game.halves[-1]
    history = tuple(half.seen_actions())
    hand = None
    if seat is not None:
        hand = tuple(sort_hand(half.hands[seat].cards(), half.blade_rank))
    return Observation(
        seat=seat,
        rules=game.rules,
        half=len(game.halves) - 1,
        blade_card=half.deal.blade_card,
        blade_rank=half.blade_rank,
        hand=hand,
        cards_left=half.cards_left(),
        dealt=tuple(len(h) for h in half.deal.hands),  # type: ignore[arg-type]
        trick_points=tuple(half.won),  # type: ignore[arg-type]
        table_points=half.trick_points,
        to_move=game.to_move,
        top=half.top,
        top_seat=None if half.top is None else half.top_seat,
        trick=history[half.trick_start:],
        history=history,
        out_order=tuple(half.out_order),
        finished=tuple(h.result for h in game.halves if h.result is not None),
        result=game.result,
    )


def half_result_dict(h: HalfResult, detail: bool | Literal["team"] = False) -> dict[str, Any]:
    """A half's result in the judge's form (RECORD.md).

    With ``detail`` (the hall's views, not the judge) it also says where R29 moved points:
    ``hand_points[s]``, the score cards left in seat s's hand (they went to the other
    team), and ``downstream_points``, 下游's trick points given to 上游's team — so a
    team's ``points`` = its seats' ``trick_points`` + the other team's ``hand_points``
    ± ``downstream_points``. With ``detail="team"`` (a finished half while its game
    runs) the hands' points are summed per team instead: ``team_hand_points``.
    """
    out: dict[str, Any] = {
        "blade_card": TEXT[h.blade_card],
        "blade_rank": RANKS[h.blade_rank],
        "ended_by": h.ended_by,
        "out_order": list(h.out_order),
        "upstream": h.upstream,
        "downstream": h.downstream,
        "trick_points": list(h.trick_points),
        "points": {TEAM_NAMES[0]: h.points[0], TEAM_NAMES[1]: h.points[1]},
    }
    if detail == "team":
        hp = h.hand_points
        out["team_hand_points"] = {TEAM_NAMES[0]: hp[0] + hp[2], TEAM_NAMES[1]: hp[1] + hp[3]}
        out["downstream_points"] = h.downstream_points
    elif detail:
        out["hand_points"] = list(h.hand_points)
        out["downstream_points"] = h.downstream_points
    return out


def game_result_dict(r: GameResult, detail: bool = False) -> dict[str, Any]:
    """A game's result in the judge's form (RECORD.md); ``detail`` as in
    :func:`half_result_dict`."""
    return {
        "halves": [half_result_dict(h, detail) for h in r.halves],
        "winner": None if r.winner is None else TEAM_NAMES[r.winner],
        "kind": r.kind,
    }
