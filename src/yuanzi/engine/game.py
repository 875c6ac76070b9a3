"""The game 一局 (R30–R32): first half, 双夹 or the second half, and the winner.

:class:`Game` is the one state API (shaped like OpenSpiel's): ``to_move``,
``legal_moves()``, ``apply()``, ``is_over``, ``result``, ``observation(seat)``, ``clone()``.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from yuanzi.engine.cards import NUM_IDS, Card
from yuanzi.engine.combos import Kind, Move
from yuanzi.engine.deal import Deal, blade_rank_of, deal_half
from yuanzi.engine.errors import IllegalAction
from yuanzi.engine.half import TEAM_OUT, HalfResult, HalfState
from yuanzi.engine.observe import Observation, observe
from yuanzi.engine.result import DOUBLE, DRAW, NORMAL, GameResult
from yuanzi.engine.rules import DEFAULT_RULES, Rules

DOUBLE_LINE = 60
"""R30(b): a team under 60 points after the first half loses by 双夹."""
UPSTREAM_TEAM_WINS_AT = 300
OTHER_TEAM_WINS_AT = 305



Action = Move | Sequence[int] | None
"""What :meth:`Game.apply` takes: an abstract move (incl. PASS), concrete cards, or None (pass)."""


class Game:
    """A whole game of 原子: one or two halves.

    A game made with :meth:`new` deals itself from its ``random.Random``, the second half
    too. A game rebuilt from a record gets each half's deal from the record; between the
    halves it waits (``awaiting_deal``) until :meth:`start_second_half` is called.
    """

    __slots__ = ("awaiting_deal", "halves", "result", "rng", "rules")

    def __init__(self, rules: Rules, first: Deal, rng: random.Random | None = None) -> None:
        self.rules = rules
        self.rng = rng
        self.result: GameResult | None = None
        self.awaiting_deal = False
        blade = blade_rank_of(first.blade_card, False, rules)
        self.halves: list[HalfState] = [HalfState(first, blade, rules, first.blade_holder)]

    @classmethod
    def new(cls, rng: random.Random, rules: Rules = DEFAULT_RULES) -> Game:
        """Deal a new game (R4, R5, R21–R23) from a seeded ``random.Random``."""
        return cls(rules, deal_half(rng, rules), rng)

    # -- the state API ---------------------------------------------------------------------

    @property
    def half(self) -> HalfState:
        """The half being played (or the last one)."""
        return self.halves[-1]

    @property
    def to_move(self) -> int | None:
        return None if self.result is not None else self.halves[-1].to_move

    @property
    def is_over(self) -> bool:
        return self.result is not None

    def legal_moves(self) -> list[Move]:
        if self.result is not None:
            return []
        return self.halves[-1].legal_moves()

    def apply(self, action: Action) -> Move:
        """Apply an action for the seat to move; illegal ones raise :class:`IllegalAction`
        and leave the game unchanged. Returns the move's combination."""
        if self.result is not None:
            raise IllegalAction("the game is over")
        half = self.halves[-1]
        if half.is_over:
            raise IllegalAction("the half is over: waiting for the next deal")
        if isinstance(action, Move):
            half.apply_move(action)
            move = action
        else:
            move = half.apply_cards(_card_ids(action))
        if half.result is not None:
            self._half_ended()
        return move

    def apply_trusted(self, move: Move) -> None:
        """Apply a move just taken from :meth:`legal_moves`, skipping the checks."""
        half = self.halves[-1]
        half.apply_trusted(move)
        if half.ended_by is not None:
            self._half_ended()

    def cards_for(self, move: Move) -> tuple[Card, ...]:
        """The concrete cards the seat to move would play for an abstract move."""
        seat = self.to_move
        if seat is None:
            raise IllegalAction("no one is to move")
        if move.kind == Kind.PASS:
            return ()
        return self.halves[-1].hands[seat].cards_for(move)

    def clone(self) -> Game:
        new = Game.__new__(Game)
        new.rules = self.rules
        new.rng = None
        new.result = self.result
        new.awaiting_deal = self.awaiting_deal
        new.halves = [h.clone() for h in self.halves]
        return new

    def observation(self, seat: int | None) -> Observation:
        """What ``seat`` may see (R45); ``None`` for a spectator. See :mod:`.observe`."""
        return observe(self, seat)

    # -- halves ----------------------------------------------------------------------------

    def needs_second_half(self) -> bool:
        return self.awaiting_deal

    def start_second_half(self, deal: Deal) -> None:
        """Install the second half's deal (from a record, or dealt by the caller)."""
        if not self.awaiting_deal:
            raise IllegalAction("no second half is due")
        first = self.halves[0].result
        assert first is not None
        if deal.first_drawer != first.upstream:
            raise IllegalAction("the second half's first drawer must be the first-half 上游 (R21)")
        blade = blade_rank_of(deal.blade_card, True, self.rules)
        self.halves.append(HalfState(deal, blade, self.rules, first.upstream, second=True))
        self.awaiting_deal = False

    def _half_ended(self) -> None:
        first = self.halves[0].result
        assert first is not None
        if len(self.halves) == 1:
            if first.ended_by == TEAM_OUT:  # R30(a): the team that went out wins
                self.result = GameResult(first.upstream & 1, DOUBLE, (first,))
                return
            low = [t for t in (0, 1) if first.points[t] < DOUBLE_LINE]
            if low:  # R30(b): the other team wins
                self.result = GameResult(1 - low[0], DOUBLE, (first,))
                return
            self.awaiting_deal = True
            if self.rng is not None:
                self.start_second_half(deal_half(self.rng, self.rules, first.upstream))
            return
        second = self.halves[1].result
        assert second is not None
        self.result = decide(first, second, self.rules)


def _card_ids(action: object) -> tuple[int, ...] | None:
    """A concrete action as card ids, or an :class:`IllegalAction` naming what is wrong."""
    if action is None:
        return None
    if isinstance(action, str | bytes) or not isinstance(action, Sequence):
        raise IllegalAction(f"an action is a move, a list of cards or None, not {action!r:.40}")
    for c in action:
        if not isinstance(c, int) or isinstance(c, bool) or not 0 <= c < NUM_IDS:
            raise IllegalAction(f"not a card: {c!r:.20}")
    return tuple(action)


def decide(first: HalfResult, second: HalfResult, rules: Rules) -> GameResult:
    """R31: after the second half, add both halves' points and name the winner (or a draw)."""
    up_team = first.upstream & 1
    totals = [first.points[0] + second.points[0], first.points[1] + second.points[1]]
    if totals[up_team] >= UPSTREAM_TEAM_WINS_AT:
        winner = up_team
    else:
        assert totals[1 - up_team] >= OTHER_TEAM_WINS_AT
        winner = 1 - up_team
    if rules.second_half_needs_upstream and (second.upstream & 1) != winner:
        return GameResult(None, DRAW, (first, second))
    return GameResult(winner, NORMAL, (first, second))
