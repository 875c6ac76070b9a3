"""The end of a second half, searched exactly (issue 45): with every hand known, does a
team win the game whatever the others do?

Late in the second half the game turns on who goes out when: R28 ends the half when a
team is out or three seats are, R29 gives the cards still in hand to the other team and,
under R28(b), the 下游's trick points to the 上游's team, and R31 then decides the game on
both halves' points. A rule of thumb ("lead the strong triple, then the Qs") can throw a
won game there — it sends both partners out first and hands the last player's points to
the opponents. A search of every move cannot.

:func:`solve` answers, for one world (all four hands known), which of the moves of the
seat to move win the game for its team, by a memoised AND–OR search over the engine's own
:class:`~yuanzi.engine.half.HalfState` (each seat plays for its team; a leaf is the
engine's :func:`~yuanzi.engine.game.decide`). It stops at ``node_limit`` positions and
raises :class:`TooDeep`: the caller then keeps to its rule of thumb.
"""

from __future__ import annotations

import random
import zlib
from collections.abc import Sequence
from dataclasses import dataclass

from yuanzi.bots.inference import PlayReader
from yuanzi.bots.policy import DEFAULT_STYLE
from yuanzi.bots.worlds import WorldSampler
from yuanzi.engine.combos import Move
from yuanzi.engine.determinize import rebuild_half
from yuanzi.engine.game import decide
from yuanzi.engine.half import HalfResult, HalfState
from yuanzi.engine.hand import Hand
from yuanzi.engine.observe import Observation
from yuanzi.engine.rules import Rules

NODE_LIMIT = 20_000
"""Positions one solve may visit (about 0.3 s in CPython)."""
MOST_CARDS = 12
"""The end-game: every seat still holding has at most this many cards."""
WORLDS = 12
"""Guesses of the hidden hands the advice weighs."""
BUDGET = 12_000
"""Positions all the worlds of one advice may visit together: p95 0.22 s, median 56 ms
(``yuanzi bench endgame``; 16 worlds and 40,000 positions threw 4.0 % of the table's
end-games against 4.7 % here, at p95 0.86 s)."""


class TooDeep(Exception):
    """The position has more to search than the limit allows."""


class _Search:
    __slots__ = ("first", "limit", "memo", "nodes", "rules", "team")

    def __init__(self, first: HalfResult, team: int, rules: Rules, limit: int) -> None:
        self.first = first
        self.team = team
        self.rules = rules
        self.limit = limit
        self.nodes = 0
        self.memo: dict[tuple[object, ...], bool] = {}

    def won(self, result: HalfResult) -> bool:
        return decide(self.first, result, self.rules).winner == self.team

    def wins(self, half: HalfState, keys: tuple[object, ...]) -> bool:
        """Whether ``team`` wins from ``half`` with best play on both sides (``keys``:
        each hand's :func:`_hand_key`, carried along: only the mover's changes)."""
        if half.result is not None:
            return self.won(half.result)
        key = (keys, half.to_move, half.top, half.top_seat, half.passes,
               half.trick_points, tuple(half.won), tuple(half.out_order))
        known = self.memo.get(key)
        if known is not None:
            return known
        self.nodes += 1
        if self.nodes > self.limit:
            raise TooDeep(f"more than {self.limit} positions")
        seat = half.to_move
        assert seat is not None
        ours = (seat & 1) == self.team
        answer = not ours
        for move in _ordered(half.legal_moves()):
            child, child_keys = _after(half, keys, move)
            if self.wins(child, child_keys) == ours:  # (ours: one winning move is
                answer = ours                         # enough; theirs: one beating us)
                break
        self.memo[key] = answer
        return answer


def _hand_key(hand: Hand) -> tuple[object, ...]:
    return (tuple(hand.codes), hand.sj, hand.bj)


def _keys(half: HalfState) -> tuple[object, ...]:
    return tuple(_hand_key(h) for h in half.hands)


def _after(half: HalfState, keys: tuple[object, ...],
           move: Move) -> tuple[HalfState, tuple[object, ...]]:
    """``half`` after ``move``, made cheaply: the other hands are shared, not copied (only
    the mover's changes), and the history is not carried (the search never reads it)."""
    seat = half.to_move
    assert seat is not None
    child = half.clone(share_hands=True, history=False)
    if move.is_pass:
        child.apply_trusted(move)
        return child, keys
    hand = child.hands[seat] = half.hands[seat].copy()
    child.apply_trusted(move)
    return child, (*keys[:seat], _hand_key(hand), *keys[seat + 1:])


def _ordered(moves: Sequence[Move]) -> list[Move]:
    """Bigger plays first (they end tricks and hands sooner: cut-offs come early), the
    pass last."""
    return sorted(moves, key=lambda m: (m.is_pass, -m.size, -int(m.kind), -m.power))


def solve(half: HalfState, first: HalfResult, rules: Rules,
          node_limit: int = NODE_LIMIT) -> dict[Move, bool]:
    """Each legal move of the seat to move, and whether it wins the game for that seat's
    team with best play after it (all hands known; :class:`TooDeep` past the limit)."""
    seat = half.to_move
    if seat is None or not half.second:
        raise ValueError("solve looks at a second half still being played")
    return _solve_counted(half, first, rules, node_limit)[0]


@dataclass(frozen=True, slots=True)
class Weighed:
    """What the end-game search found for one piece of advice."""

    move: Move
    wins: int
    """Worlds (of ``worlds``) in which ``move`` wins the game with best play."""
    worlds: int
    fallback_wins: int
    """…and in which the rule of thumb's move does."""


def in_endgame(obs: Observation) -> bool:
    """A second half whose every hand still held is small enough to search."""
    return (obs.half == 1 and obs.hand is not None and obs.to_move == obs.seat
            and bool(obs.finished) and max(obs.cards_left) <= MOST_CARDS)


def endgame_choice(obs: Observation, legal: Sequence[Move], fallback: Move,
                   worlds: int = WORLDS, budget: int = BUDGET) -> Weighed | None:
    """The move that wins the game in the most guessed worlds, searched exactly in each
    (``fallback``, the rule of thumb's move, unless another wins in more); None outside
    the end-game, or when no world could be searched within ``budget``. Deterministic for
    an observation (its worlds are seeded by it), so the coach knows what 提示 said."""
    if not in_endgame(obs) or len(legal) < 2:
        return None
    first = obs.finished[0]
    rng = random.Random(_seed(obs))
    sampler = WorldSampler(obs, PlayReader(obs, DEFAULT_STYLE), tries=4)
    wins = dict.fromkeys(legal, 0)
    solved = 0
    left = budget
    for _ in range(worlds):
        if left <= 0:
            break
        half = rebuild_half(obs, sampler.sample(rng), check=False)
        try:
            answers, used = _solve_counted(half, first, obs.rules, left)
        except TooDeep:
            break  # (the later worlds would be as deep: keep what was found)
        left -= used
        solved += 1
        for move, won in answers.items():
            if won and move in wins:
                wins[move] += 1
    if not solved:
        return None
    best = max(legal, key=lambda m: (wins[m], m == fallback))
    return Weighed(best, wins[best], solved, wins[fallback])


def _solve_counted(half: HalfState, first: HalfResult, rules: Rules,
                   limit: int) -> tuple[dict[Move, bool], int]:
    seat = half.to_move
    assert seat is not None
    search = _Search(first, seat & 1, rules, limit)
    keys = _keys(half)
    out: dict[Move, bool] = {}
    for move in half.legal_moves():
        child, child_keys = _after(half, keys, move)
        out[move] = search.wins(child, child_keys)
    return out, search.nodes


def _seed(obs: Observation) -> int:
    """The same observation, the same worlds."""
    text = repr((obs.seat, obs.hand, obs.history, obs.trick, obs.cards_left))
    return zlib.crc32(text.encode())
