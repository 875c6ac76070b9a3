"""Precomputed move tables: what one rank (or the jokers) of a hand can play.

A hand's natural cards of one rank are summarised by a *code*: the four suit counts
(0–3 each, three packs) packed two bits a suit, ♠ lowest. For a blade rank, a rank,
a code and a number of jokers, the set of abstract moves is fixed, so it is computed
once and memoised; legal-move generation then only concatenates tuples. The same is
done for the choice of which copies to give up for a move (keeping atoms and hydrogen
bombs intact where it can).
"""

from __future__ import annotations

from itertools import product
from typing import NamedTuple

from yuanzi.engine.cards import BJ, SJ
from yuanzi.engine.combos import (
    JOKER_RANK_BJ,
    JOKER_RANK_SJ,
    Kind,
    Move,
    loose_kind,
    make_move,
)

HYDROGEN_CODE_STEP = 0b10101010
"""Subtracting this from a code removes two cards of every suit."""


def suit_counts(code: int) -> tuple[int, int, int, int]:
    return (code & 3, (code >> 2) & 3, (code >> 4) & 3, (code >> 6) & 3)


def pack_code(counts: tuple[int, ...] | list[int]) -> int:
    return counts[0] | counts[1] << 2 | counts[2] << 4 | counts[3] << 6


class GroupMoves(NamedTuple):
    """The moves one rank (or the jokers) of a hand offers, split for fast filtering."""

    power: int
    loose: tuple[tuple[Move, ...], tuple[Move, ...], tuple[Move, ...], tuple[Move, ...]]
    """``loose[k]`` are the loose plays of size k (index 0 unused)."""
    bombs: tuple[Move, ...]
    atoms: tuple[Move, ...]
    hydrogens: tuple[Move, ...]
    all: tuple[Move, ...]


_RANK_CACHE: dict[int, GroupMoves] = {}
_JOKER_CACHE: dict[int, GroupMoves] = {}


def _group(power: int, moves: list[Move]) -> GroupMoves:
    loose: list[list[Move]] = [[], [], [], []]
    bombs, atoms, hydros = [], [], []
    for m in moves:
        if m.kind <= Kind.TRIPLE:
            loose[m.kind].append(m)
        elif m.kind == Kind.BOMB:
            bombs.append(m)
        elif m.kind == Kind.ATOM:
            atoms.append(m)
        else:
            hydros.append(m)
    loose_t = (tuple(loose[0]), tuple(loose[1]), tuple(loose[2]), tuple(loose[3]))
    return GroupMoves(power, loose_t, tuple(bombs), tuple(atoms), tuple(hydros), tuple(moves))


def rank_moves(blade: int, rank: int, code: int, jokers: int) -> GroupMoves:
    """All moves using natural cards of ``rank`` (suit counts ``code``) and up to ``jokers``."""
    if rank == blade:
        jokers = 0  # jokers never join blade cards (R11)
    if not (0 <= code < 256 and 0 <= jokers <= 6 and 0 <= rank < 13 and 0 <= blade < 13):
        raise ValueError("no such hand: at most 3 copies of a card, 6 jokers (R1)")
    key = ((blade * 13 + rank) * 256 + code) * 8 + jokers
    found = _RANK_CACHE.get(key)
    if found is not None:
        return found
    counts = suit_counts(code)
    n = sum(counts)
    moves: list[Move] = []
    # Loose plays and bombs: at least one natural card, any number of jokers (R7, R8, R11).
    for size in range(1, n + jokers + 1):
        for j in range(max(0, size - n), min(jokers, size - 1) + 1):
            if j == 0 and size == 3 and max(counts) == 3 and n == 3:
                continue  # three identical cards are an atom, never a triple (R13)
            if j == 0 and size == 8 and n == 8 and counts == (2, 2, 2, 2):
                continue  # two of each suit is a hydrogen bomb (R10)
            moves.append(make_move(loose_kind(size), rank, size, j, -1, blade))
    for suit, c in enumerate(counts):
        if c == 3:
            moves.append(make_move(Kind.ATOM, rank, 3, 0, suit, blade))
    if min(counts) >= 2:
        moves.append(make_move(Kind.HYDROGEN, rank, 8, 0, -1, blade))
    power = 13 if rank == blade else rank
    found = _group(power, moves)
    _RANK_CACHE[key] = found
    return found


def joker_moves(bj: int, sj: int) -> GroupMoves:
    """Moves made of jokers alone: loose plays and bombs of rank 3, joker atoms (R9, R12)."""
    if not (0 <= bj <= 3 and 0 <= sj <= 3):
        raise ValueError("no such hand: at most 3 copies of each joker (R1)")
    key = bj * 8 + sj
    found = _JOKER_CACHE.get(key)
    if found is not None:
        return found
    total = bj + sj
    moves: list[Move] = []
    for size in range(1, total + 1):
        if size == 3 and (bj, sj) in ((3, 0), (0, 3)):
            continue  # three identical jokers are an atom
        moves.append(make_move(loose_kind(size), 0, size, size, -1, 0))
    if sj == 3:
        moves.append(make_move(Kind.ATOM, JOKER_RANK_SJ, 3, 3, -1, 0))
    if bj == 3:
        moves.append(make_move(Kind.ATOM, JOKER_RANK_BJ, 3, 3, -1, 0))
    found = _group(0, moves)
    _JOKER_CACHE[key] = found
    return found


# -- which copies to give up ---------------------------------------------------------------

_NATURAL_TAKE: dict[int, tuple[int, tuple[int, ...]]] = {}
_JOKER_TAKE: dict[int, tuple[int, int, tuple[int, ...]]] = {}


def _natural_score(rem: tuple[int, ...], took: tuple[int, ...]) -> tuple[int, int, int]:
    hydrogen = 1 if min(rem) >= 2 else 0
    atoms = sum(4 - s for s, c in enumerate(rem) if c == 3)
    weak_first = -sum(d * (4 - s) for s, d in enumerate(took))
    return (hydrogen, atoms, weak_first)


def take_naturals(code: int, k: int, plain: bool) -> tuple[int, tuple[int, ...]]:
    """Suits to give up for ``k`` natural cards of one rank: (new code, suits taken).

    ``plain`` means the taken cards alone must be neither an atom (k == 3) nor a hydrogen
    bomb (k == 8), because the move is a triple or bomb without jokers. Among the choices
    the one keeping a hydrogen bomb, then the most (and strongest) atoms, wins.
    """
    key = (code * 16 + k) * 2 + plain
    found = _NATURAL_TAKE.get(key)
    if found is not None:
        return found
    counts = suit_counts(code)
    best: tuple[tuple[int, int, int], tuple[int, ...]] | None = None
    for took in product(*(range(c + 1) for c in counts)):
        if sum(took) != k:
            continue
        if plain and ((k == 3 and max(took) == 3) or (k == 8 and took == (2, 2, 2, 2))):
            continue
        rem = tuple(c - d for c, d in zip(counts, took, strict=True))
        score = _natural_score(rem, took)
        if best is None or score > best[0]:
            best = (score, took)
    if best is None:
        raise ValueError(f"cannot take {k} cards from suit counts {counts}")
    took = best[1]
    new_code = pack_code([c - d for c, d in zip(counts, took, strict=True)])
    suits = tuple(s for s, d in enumerate(took) for _ in range(d))
    found = (new_code, suits)
    _NATURAL_TAKE[key] = found
    return found


def take_jokers(bj: int, sj: int, j: int, plain: bool) -> tuple[int, int, tuple[int, ...]]:
    """Jokers to give up: (big left, small left, joker ids taken), keeping joker atoms.

    ``plain`` forbids taking three identical jokers (the move is a triple, not an atom).
    """
    key = ((bj * 4 + sj) * 8 + j) * 2 + plain
    found = _JOKER_TAKE.get(key)
    if found is not None:
        return found
    best: tuple[tuple[int, int, int], int] | None = None
    for tb in range(min(bj, j) + 1):
        ts = j - tb
        if ts > sj or ts < 0:
            continue
        if plain and j == 3 and (tb == 3 or ts == 3):
            continue
        score = ((bj - tb == 3) * 2 + (sj - ts == 3), -tb, 0)
        if best is None or score > best[0]:
            best = (score, tb)
    if best is None:
        raise ValueError(f"cannot take {j} jokers from {bj} big and {sj} small")
    tb = best[1]
    ts = j - tb
    found = (bj - tb, sj - ts, (BJ,) * tb + (SJ,) * ts)
    _JOKER_TAKE[key] = found
    return found
