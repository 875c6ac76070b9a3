"""What the policy reads of a hand: suit counts per rank and jokers, nothing more.

The engine's :class:`~yuanzi.engine.hand.Hand` satisfies :class:`HandLike`; the search
bot's reading of the opponents builds :class:`Counts` instead, because it asks "what would
this seat have done with these cards?" for thousands of guessed hands and a full hand,
with its legal-move tables, costs several times more to build.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Protocol

from yuanzi.engine.cards import BJ, CARDS, SJ, Card
from yuanzi.engine.lookup import suit_counts

_SHIFT = (0, 2, 4, 6)


class HandLike(Protocol):
    """The parts of a hand the policy reads."""

    @property
    def blade(self) -> int: ...
    @property
    def codes(self) -> list[int]: ...
    @property
    def bj(self) -> int: ...
    @property
    def sj(self) -> int: ...
    @property
    def size(self) -> int: ...
    def cards(self) -> list[Card]: ...


class Counts:
    """A hand as counts only (see :mod:`yuanzi.engine.lookup` for the per-rank code)."""

    __slots__ = ("bj", "blade", "codes", "size", "sj")

    def __init__(self, cards: Iterable[int], blade: int) -> None:
        self.blade = blade
        codes = [0] * 13
        bj = sj = size = 0
        for c in cards:
            if c == BJ:
                bj += 1
            elif c == SJ:
                sj += 1
            else:
                codes[c >> 2] += 1 << _SHIFT[c & 3]
            size += 1
        self.codes = codes
        self.bj = bj
        self.sj = sj
        self.size = size

    def cards(self) -> list[Card]:
        out: list[Card] = []
        for r, code in enumerate(self.codes):
            if code:
                for s, n in enumerate(suit_counts(code)):
                    out.extend([CARDS[r * 4 + s]] * n)
        out.extend([CARDS[SJ]] * self.sj)
        out.extend([CARDS[BJ]] * self.bj)
        return out


def can_take(code: int, k: int) -> bool:
    """Whether ``k`` natural cards of one rank (suit counts ``code``) can be played as a
    plain single, pair or triple: three identical cards are an atom, never a triple (R13)."""
    counts = suit_counts(code)
    n = sum(counts)
    if k == 3 and n == 3:
        return max(counts) < 3
    return n >= k
