"""Tricks and halves (R24–R29): the state of one half-game 半局."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from yuanzi.engine.cards import CARDS, POINTS, RANK_POINTS, Card
from yuanzi.engine.combos import PASS, Kind, Move
from yuanzi.engine.deal import NEXT_SEAT, Deal
from yuanzi.engine.errors import IllegalAction
from yuanzi.engine.hand import Hand
from yuanzi.engine.moves import check_move, check_selection, legal_moves
from yuanzi.engine.rules import Rules

TEAM_NAMES = ("NS", "EW")
"""Team 0 is South–North (seats 0, 2), team 1 East–West (seats 1, 3) (R20)."""
TEAM_OUT = "team_out"
THREE_OUT = "three_out"

Action = tuple[int, tuple[int, ...] | None]
"""One recorded action: (seat, card ids played) or (seat, None) for a pass."""


def team_of(seat: int) -> int:
    return seat & 1


@dataclass(frozen=True, slots=True)
class HalfResult:
    """How a half ended (R27–R29), in the judge's terms (RECORD.md)."""

    blade_card: Card
    blade_rank: int
    ended_by: str
    out_order: tuple[int, ...]
    upstream: int
    downstream: int | None
    trick_points: tuple[int, int, int, int]
    points: tuple[int, int]
    """Team points after R29: (NS, EW); they sum to 300."""
    hand_points: tuple[int, int, int, int] = (0, 0, 0, 0)
    """Points of the score cards still in each seat's hand when the half ended: R29 gives
    them to the other team."""
    downstream_points: int = 0
    """下游's trick points that R29 moved to 上游's team (0 when none moved: not R28(b),
    partners, or the option ``downstream_to_upstream`` off)."""


class HalfState:
    """One half being played: hands, the current trick, points won, who is out."""

    __slots__ = (
        "actions",
        "blade_rank",
        "deal",
        "ended_by",
        "hands",
        "need",
        "out_order",
        "passes",
        "result",
        "rules",
        "second",
        "seen",
        "to_move",
        "top",
        "top_seat",
        "trick_points",
        "trick_start",
        "won",
    )

    def __init__(self, deal: Deal, blade_rank: int, rules: Rules, leader: int,
                 second: bool = False) -> None:
        self.rules = rules
        self.deal = deal
        self.second = second
        self.blade_rank = blade_rank
        self.hands = [Hand(h, blade_rank) for h in deal.hands]
        self.to_move: int | None = leader
        self.top: Move | None = None
        self.top_seat = -1
        self.need = 0
        self.passes = 0
        self.trick_points = 0
        self.won = [0, 0, 0, 0]
        self.out_order: list[int] = []
        self.ended_by: str | None = None
        self.actions: list[Action] = []
        self.seen: list[tuple[int, tuple[Card, ...] | None]] = []
        """The first actions as cards, filled in by :meth:`seen_actions`."""
        self.trick_start = 0
        self.result: HalfResult | None = None

    # -- reading ---------------------------------------------------------------------------

    def seen_actions(self) -> list[tuple[int, tuple[Card, ...] | None]]:
        """The actions with their cards as :class:`Card`\\ s (an observation's history),
        each converted once: a game's views cost the new actions, not the whole half."""
        seen = self.seen
        if len(seen) < len(self.actions):
            for s, c in self.actions[len(seen):]:
                seen.append((s, None if c is None else tuple([CARDS[x] for x in c])))
        return seen

    @property
    def is_over(self) -> bool:
        return self.ended_by is not None

    @property
    def leader(self) -> bool:
        """Whether the seat to move leads a new trick."""
        return self.top is None

    def cards_left(self) -> tuple[int, int, int, int]:
        h = self.hands
        return (h[0].size, h[1].size, h[2].size, h[3].size)

    def legal_moves(self) -> list[Move]:
        if self.to_move is None:
            return []
        return legal_moves(self.hands[self.to_move], self.top, self.rules)

    def current_trick(self) -> list[Action]:
        return self.actions[self.trick_start:]

    # -- acting ----------------------------------------------------------------------------

    def apply_move(self, move: Move) -> tuple[int, ...] | None:
        """Apply an abstract move for the seat to move (checked); returns the cards played."""
        seat = self._seat()
        check_move(self.hands[seat], move, self.top, self.rules)
        if move.kind == Kind.PASS:
            self._pass(seat)
            return None
        cards = self.hands[seat].play(move)
        self._played(seat, move, cards)
        return cards

    def apply_cards(self, cards: Sequence[int] | None) -> Move:
        """Apply a concrete selection (``None`` passes) for the seat to move (checked)."""
        seat = self._seat()
        if cards is None:
            if self.top is None:
                raise IllegalAction("the leader must play, not pass (R24)")
            self._pass(seat)
            return PASS
        hand = self.hands[seat]
        move = check_selection(hand, cards, self.top, self.rules)
        hand.remove(cards)
        self._played(seat, move, tuple(cards))
        return move

    def apply_trusted(self, move: Move) -> None:
        """Apply a move taken from :meth:`legal_moves` of this very state, unchecked.

        For self-play and search rollouts, where the move list was just generated.
        """
        seat = self.to_move
        assert seat is not None
        if move.kind == Kind.PASS:
            self._pass(seat)
        else:
            self._played(seat, move, self.hands[seat].play(move))

    # -- internals -------------------------------------------------------------------------

    def _seat(self) -> int:
        if self.to_move is None:
            raise IllegalAction("the half is over: no one is to move")
        return self.to_move

    def _next_holding(self, seat: int) -> int:
        hands = self.hands
        s = NEXT_SEAT[seat]
        while hands[s].size == 0:
            s = NEXT_SEAT[s]
        return s

    def _pass(self, seat: int) -> None:
        self.actions.append((seat, None))
        self.passes += 1
        if self.passes < self.need:
            self.to_move = self._next_holding(seat)
            return
        # Everyone else still holding cards has passed: the trick ends (R25).
        winner = self.top_seat
        self.won[winner] += self.trick_points
        self.trick_points = 0
        self.top = None
        self.passes = 0
        self.trick_start = len(self.actions)
        if self.hands[winner].size:
            self.to_move = winner
        elif self.rules.jiefeng == "partner" and self.hands[winner ^ 2].size:
            self.to_move = winner ^ 2  # 接风 to the partner (option, R26)
        else:
            self.to_move = self._next_holding(winner)  # 接风 to the next seat (R26)

    def _played(self, seat: int, move: Move, cards: tuple[int, ...]) -> None:
        self.actions.append((seat, cards))
        pts = 0
        for c in cards:
            pts += POINTS[c]
        self.trick_points += pts
        self.top = move
        self.top_seat = seat
        self.passes = 0
        hands = self.hands
        if hands[seat].size == 0:
            self.out_order.append(seat)
            if self._check_end():
                return
        need = 0
        for s in range(4):
            if s != seat and hands[s].size:
                need += 1
        self.need = need
        self.to_move = self._next_holding(seat)

    def _check_end(self) -> bool:
        out = self.out_order
        if len(out) == 2 and (out[0] & 1) == (out[1] & 1):
            self._finish(TEAM_OUT)  # R28(a)
            return True
        if len(out) == 3:
            self._finish(THREE_OUT)  # R28(b)
            return True
        return False

    def _finish(self, ended_by: str) -> None:
        """End the half (R28) and count its points (R29)."""
        self.ended_by = ended_by
        self.to_move = None
        self.won[self.top_seat] += self.trick_points  # the unfinished trick (R28)
        self.trick_points = 0
        won = self.won
        points = [won[0] + won[2], won[1] + won[3]]
        left = [_hand_points(h) if h.size else 0 for h in self.hands]
        for s in range(4):
            points[1 - (s & 1)] += left[s]  # score cards left (R29)
        upstream = self.out_order[0]
        downstream = None
        moved = 0
        if ended_by == THREE_OUT:
            downstream = next(s for s in range(4) if self.hands[s].size)
            if self.rules.downstream_to_upstream and (downstream & 1) != (upstream & 1):
                moved = won[downstream]
                points[downstream & 1] -= moved
                points[upstream & 1] += moved
        self.result = HalfResult(
            blade_card=self.deal.blade_card,
            blade_rank=self.blade_rank,
            ended_by=ended_by,
            out_order=tuple(self.out_order),
            upstream=upstream,
            downstream=downstream,
            trick_points=(won[0], won[1], won[2], won[3]),
            points=(points[0], points[1]),
            hand_points=(left[0], left[1], left[2], left[3]),
            downstream_points=moved,
        )

    def clone(self, share_hands: bool = False, history: bool = True) -> HalfState:
        """An independent copy. A search that plays on copies may ``share_hands`` (it
        replaces a hand by a copy before playing from it) and drop the ``history`` (the
        actions so far, which it never reads): a copy then costs a few field reads."""
        new = HalfState.__new__(HalfState)
        new.rules = self.rules
        new.deal = self.deal
        new.second = self.second
        new.blade_rank = self.blade_rank
        new.hands = self.hands.copy() if share_hands else [h.copy() for h in self.hands]
        new.to_move = self.to_move
        new.top = self.top
        new.top_seat = self.top_seat
        new.need = self.need
        new.passes = self.passes
        new.trick_points = self.trick_points
        new.won = self.won.copy()
        new.out_order = self.out_order.copy()
        new.ended_by = self.ended_by
        new.actions = self.actions.copy() if history else []
        new.seen = self.seen.copy() if history else []
        new.trick_start = self.trick_start if history else 0
        new.result = self.result
        return new


def _hand_points(hand: Hand) -> int:
    total = 0
    for r in (2, 7, 10):  # 5, 10, K carry points (R3)
        code = hand.codes[r]
        while code:
            total += RANK_POINTS[r] * (code & 3)
            code >>= 2
    return total
