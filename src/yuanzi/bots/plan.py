"""Hand planning: split a hand into the plays (units) a good player means to make.

原子 has no sequences, so a hand falls apart by rank: each rank is naturally one play.
The planner keeps hydrogen bombs 氢弹 and atoms 原子 whole as control, and uses jokers
where they gain most (a low triple plus a joker is a bomb; spare jokers enlarge a bomb),
because a hand with fewer plays and more control goes out sooner. Plans are cached by
hand contents: in search rollouts the same hands recur constantly.
"""

from __future__ import annotations

from dataclasses import dataclass

from yuanzi.bots.counts import HandLike
from yuanzi.engine.cards import RANK_POINTS
from yuanzi.engine.combos import JOKER_RANK_BJ, JOKER_RANK_SJ, Kind, Move, make_move
from yuanzi.engine.lookup import suit_counts


@dataclass(frozen=True, slots=True)
class Plan:
    """A partition of a hand into units, weakest loose plays first, then control."""

    loose: tuple[Move, ...]
    """Singles, pairs and triples (blade ones included), by rising power."""
    control: tuple[Move, ...]
    """Bombs, atoms and hydrogen bombs, weakest first (:func:`control_key`)."""

    @property
    def units(self) -> int:
        return len(self.loose) + len(self.control)

    def contains(self, move: Move) -> bool:
        return move in self.loose or move in self.control

    def without(self, move: Move) -> Plan | None:
        """The plan after playing one of its units (None if ``move`` is not a unit)."""
        loose = self.loose
        if move in loose:
            i = loose.index(move)
            return Plan(loose[:i] + loose[i + 1:], self.control)
        control = self.control
        if move in control:
            i = control.index(move)
            return Plan(loose, control[:i] + control[i + 1:])
        return None


def control_key(move: Move) -> tuple[int, int, int]:
    """Order of control plays by strength: kind, then size (bombs), then power."""
    return (move.kind, move.size if move.kind == Kind.BOMB else 0, move.power)


def unit_points(move: Move) -> int:
    """Points carried by a unit's natural cards (jokers carry none, R3)."""
    if move.rank > 12:
        return 0
    return RANK_POINTS[move.rank] * (move.size - move.jokers)


_CACHE: dict[tuple[int, ...], Plan] = {}
_CACHE_LIMIT = 200_000


def plan_hand(hand: HandLike) -> Plan:
    """The plan of a hand (memoised on its contents and blade rank)."""
    key = (hand.blade, hand.bj, hand.sj, *hand.codes)
    found = _CACHE.get(key)
    if found is None:
        if len(_CACHE) >= _CACHE_LIMIT:
            _CACHE.clear()
        found = _make_plan(hand.blade, hand.codes, hand.bj, hand.sj)
        _CACHE[key] = found
    return found


_LOOSE = (Kind.PASS, Kind.SINGLE, Kind.PAIR, Kind.TRIPLE)
_MOVES: dict[tuple[int, int, int, int, int, int], Move] = {}
_RANKS: dict[tuple[int, int, int], tuple[tuple[Move, ...], int]] = {}


def _move(kind: Kind, rank: int, size: int, jokers: int, suit: int, blade: int) -> Move:
    """A memoised :func:`~yuanzi.engine.combos.make_move` (plans build the same few)."""
    key = (kind, rank, size, jokers, suit, blade)
    found = _MOVES.get(key)
    if found is None:
        found = _MOVES[key] = make_move(kind, rank, size, jokers, suit, blade)
    return found


def _rank_units(blade: int, rank: int, code: int) -> tuple[tuple[Move, ...], int]:
    """Hydrogen bombs and atoms of one rank, and how many of its cards are left over."""
    key = (blade, rank, code)
    found = _RANKS.get(key)
    if found is not None:
        return found
    control: list[Move] = []
    counts = list(suit_counts(code))
    if min(counts) >= 2:
        control.append(_move(Kind.HYDROGEN, rank, 8, 0, -1, blade))
        counts = [c - 2 for c in counts]
    for suit in range(4):
        if counts[suit] == 3:
            control.append(_move(Kind.ATOM, rank, 3, 0, suit, blade))
            counts[suit] = 0
    found = _RANKS[key] = (tuple(control), sum(counts))
    return found


def _make_plan(blade: int, codes: list[int], bj: int, sj: int) -> Plan:
    control: list[Move] = []
    rest: list[tuple[int, int]] = []
    """(cards left after atoms and hydrogen bombs, rank)"""
    for rank, code in enumerate(codes):
        if not code:
            continue
        units, n = _rank_units(blade, rank, code)
        if units:
            control.extend(units)
        if n:
            rest.append((n, rank))
    if bj == 3:
        control.append(_move(Kind.ATOM, JOKER_RANK_BJ, 3, 3, -1, blade))
        bj = 0
    if sj == 3:
        control.append(_move(Kind.ATOM, JOKER_RANK_SJ, 3, 3, -1, blade))
        sj = 0
    jokers = bj + sj
    extra = [0] * 13
    if jokers:
        # A joker turns the lowest non-blade triples into bombs; two turn a pair into one.
        for need, size in ((1, 3), (2, 2)):
            for n, rank in rest:
                if jokers >= need and n == size and rank != blade and not extra[rank]:
                    extra[rank] = need
                    jokers -= need
        if jokers:
            # Spare jokers enlarge the biggest non-blade bomb, else stay a play of their own.
            bombs = [(n + extra[r], r) for n, r in rest if n + extra[r] >= 4 and r != blade]
            if bombs:
                _, rank = max(bombs)
                extra[rank] += jokers
                jokers = 0
    loose: list[Move] = []
    for n, rank in rest:
        j = extra[rank]
        size = n + j
        if size > 3:
            control.append(_move(Kind.BOMB, rank, size, j, -1, blade))
        else:
            loose.append(_move(_LOOSE[size], rank, size, j, -1, blade))
    if jokers:
        if jokers > 3:
            control.append(_move(Kind.BOMB, 0, jokers, jokers, -1, blade))
        else:
            loose.append(_move(_LOOSE[jokers], 0, jokers, jokers, -1, blade))
    loose.sort(key=_loose_key)
    if len(control) > 1:
        control.sort(key=control_key)
    return Plan(tuple(loose), tuple(control))


def _loose_key(m: Move) -> tuple[int, int]:
    return (m.power, -m.size)
