"""Combinations (牌型, R6–R19): classify a group of cards and decide what beats what.

The result of classification is a :class:`Move`, the *abstract* play: kind, rank, size,
how many jokers it uses and (for atoms) the suit. Legal-move generation produces the
same values, so a human's concrete selection and a bot's choice meet in one type.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import IntEnum

from yuanzi.engine.cards import BJ, RANK_INDEX, RANKS, SJ, SUIT_INDEX, SUITS, format_cards
from yuanzi.engine.errors import CardError, InvalidCombination


class Kind(IntEnum):
    """Kinds of play. Loose plays 散牌 are SINGLE, PAIR and TRIPLE (their value is their size)."""

    PASS = 0
    SINGLE = 1
    PAIR = 2
    TRIPLE = 3
    BOMB = 4
    ATOM = 5
    HYDROGEN = 6

    @property
    def label(self) -> str:
        return self.name.lower()


KIND_BY_LABEL = {k.label: k for k in Kind}

JOKER_RANK_SJ = 13
"""Rank code of the small-joker atom 小王原子."""
JOKER_RANK_BJ = 14
"""Rank code of the big-joker atom 大王原子."""


@dataclass(frozen=True, slots=True)
class Move:
    """An abstract play (or the pass): what the rules care about, not which copies.

    ``rank`` is a natural rank index (0 = 3 … 12 = 2); a joker-only loose play or bomb
    has rank 0 and ``jokers == size`` (R12); joker atoms have rank 13 (SJ) or 14 (BJ).
    ``suit`` is set only for atoms of natural cards. ``power`` orders moves of one
    class: rank order for loose plays, bombs and hydrogen bombs (13 = blade), the
    full R17 order for atoms.
    """

    kind: Kind
    rank: int = 0
    size: int = 0
    jokers: int = 0
    suit: int = -1
    blade: bool = False
    power: int = 0

    @property
    def is_pass(self) -> bool:
        return self.kind == Kind.PASS

    @property
    def naturals(self) -> int:
        """Number of natural (non-joker) cards the move uses."""
        return self.size - self.jokers

    @property
    def rank_text(self) -> str:
        if self.rank == JOKER_RANK_BJ:
            return "BJ"
        if self.rank == JOKER_RANK_SJ:
            return "SJ"
        return RANKS[self.rank]

    def text(self) -> str:
        """One text form that round-trips with :func:`parse_move`: ``pair 7 j1``, ``atom 7S``."""
        if self.kind == Kind.PASS:
            return "pass"
        if self.kind == Kind.ATOM:
            return "atom " + self.rank_text + (SUITS[self.suit] if self.suit >= 0 else "")
        if self.kind == Kind.HYDROGEN:
            return "hydrogen " + self.rank_text
        head = f"bomb {self.rank_text}x{self.size}" if self.kind == Kind.BOMB else (
            f"{self.kind.label} {self.rank_text}"
        )
        return head + (f" j{self.jokers}" if self.jokers else "")

    def __str__(self) -> str:
        return self.text()


PASS = Move(Kind.PASS)
"""The pass 过牌."""


def atom_power(rank: int, suit: int, blade: int) -> int:
    """R17 order of atoms: blade atoms > 大王 > 小王 > 2 > … > 3; ♠ > ♥ > ♣ > ♦."""
    if rank == JOKER_RANK_BJ:
        return 61
    if rank == JOKER_RANK_SJ:
        return 60
    strength = 3 - suit
    if rank == blade:
        return 70 + strength
    return rank * 4 + strength


def make_move(kind: Kind, rank: int, size: int, jokers: int, suit: int, blade: int) -> Move:
    """Build a move with its blade flag and power for a given blade rank."""
    if kind == Kind.ATOM:
        return Move(kind, rank, 3, jokers, suit, rank == blade, atom_power(rank, suit, blade))
    if jokers == size:  # joker-only groups rank as 3, never blade (R6, R12)
        return Move(kind, 0, size, jokers, -1, False, 0)
    is_blade = rank == blade
    return Move(kind, rank, size, jokers, -1, is_blade, 13 if is_blade else rank)


def loose_kind(size: int) -> Kind:
    return Kind(size) if size <= 3 else Kind.BOMB


def classify(cards: Sequence[int], blade: int) -> Move:
    """The combination of a group under a blade rank (R13), or :class:`InvalidCombination`.

    With 9 the blade (rank 6): four 7s are a bomb, three 7♥ an atom, and mixed ranks are
    no play.

    >>> from yuanzi.engine.cards import parse_cards
    >>> classify(parse_cards("7S 7H 7C 7D"), 6).text()
    'bomb 7x4'
    >>> classify(parse_cards("7H 7H 7H"), 6).text()
    'atom 7H'
    >>> classify(parse_cards("7S 8S"), 6)
    Traceback (most recent call last):
    ...
    yuanzi.engine.errors.InvalidCombination: invalid: 7S 8S is not one rank
    """
    n = len(cards)
    if n == 0:
        raise InvalidCombination("invalid: empty group")
    bj = sj = 0
    rank = -1
    suits = [0, 0, 0, 0]
    for c in cards:
        if c >= SJ:
            if c == BJ:
                bj += 1
            else:
                sj += 1
            continue
        r = c >> 2
        if rank < 0:
            rank = r
        elif r != rank:
            raise InvalidCombination(f"invalid: {format_cards(cards)} is not one rank")
        suits[c & 3] += 1
    jokers = bj + sj
    if rank < 0:
        if n == 3 and (bj == 3 or sj == 3):
            return make_move(Kind.ATOM, JOKER_RANK_BJ if bj else JOKER_RANK_SJ, 3, 3, -1, blade)
        return make_move(loose_kind(n), 0, n, n, -1, blade)
    if jokers:
        if rank == blade:
            raise InvalidCombination(
                f"invalid: {format_cards(cards)}: jokers never join blade cards"
            )
    elif n == 8 and suits == [2, 2, 2, 2]:
        return make_move(Kind.HYDROGEN, rank, 8, 0, -1, blade)
    elif n == 3 and max(suits) == 3:
        return make_move(Kind.ATOM, rank, 3, 0, suits.index(3), blade)
    return make_move(loose_kind(n), rank, n, jokers, -1, blade)


def beats(play: Move, top: Move, blade_bomb_only_atoms: bool = False) -> bool:
    """Whether ``play`` beats ``top`` (R15–R19). Never both ways; never for equal groups.

    >>> from yuanzi.engine.cards import parse_cards
    >>> pair, bomb = (classify(parse_cards(t), 6) for t in ("AS AH", "3S 3H 3C 3D"))
    >>> beats(bomb, pair), beats(pair, bomb)
    (True, False)
    """
    pk = play.kind
    tk = top.kind
    if tk == Kind.HYDROGEN:
        return pk == Kind.HYDROGEN and play.power > top.power
    if pk == Kind.HYDROGEN:
        return True
    if tk == Kind.ATOM:
        return pk == Kind.ATOM and play.power > top.power
    if pk == Kind.ATOM:
        return True
    if tk == Kind.BOMB:
        if pk != Kind.BOMB:
            return False
        if blade_bomb_only_atoms and top.blade:
            return play.blade and play.size > top.size
        return play.size > top.size or (play.size == top.size and play.power > top.power)
    if pk == Kind.BOMB:
        return not top.blade
    return pk == tk and play.power > top.power


def parse_move(text: str, blade: int) -> Move:
    """Parse the text form of :meth:`Move.text` under a blade rank."""
    words = text.strip().lower().split()
    if not words:
        raise CardError("empty move")
    if words == ["pass"]:
        return PASS
    try:
        kind = KIND_BY_LABEL[words[0]]
        arg = words[1].upper()
        jokers = 0
        if len(words) == 3 and words[2].startswith("j"):
            jokers = int(words[2][1:])
        elif len(words) != 2:
            raise ValueError
        if kind == Kind.ATOM:
            if arg in ("BJ", "SJ"):
                rank = JOKER_RANK_BJ if arg == "BJ" else JOKER_RANK_SJ
                return make_move(kind, rank, 3, 3, -1, blade)
            return make_move(kind, RANK_INDEX[arg[:-1]], 3, 0, SUIT_INDEX[arg[-1]], blade)
        if kind == Kind.HYDROGEN:
            return make_move(kind, RANK_INDEX[arg], 8, 0, -1, blade)
        if kind == Kind.BOMB:
            rank_text, _, size_text = arg.partition("X")
            size = int(size_text)
            if size < 4:
                raise ValueError
        else:
            rank_text, size = arg, int(kind)
        rank = RANK_INDEX[rank_text]
        if not 0 <= jokers <= min(size, 6) or (jokers and jokers < size and rank == blade):
            raise ValueError
        if jokers == size and rank != 0:
            raise ValueError
        return make_move(kind, rank, size, jokers, -1, blade)
    except (KeyError, ValueError, IndexError):
        raise CardError(f"bad move {text!r}") from None
