"""A seat's hand: suit counts per rank and joker counts, with cached legal-move groups.

The hand is the engine's hot data structure. It never re-sorts or re-classifies: each
rank is one small integer code (see :mod:`yuanzi.engine.lookup`), and the move groups
of a rank are looked up again only when that rank (or the jokers) changed.

The groups are built on first need, not when the hand is dealt: a human's hand at a
hall's table is checked card by card (:meth:`Hand.contains`, :meth:`Hand.remove`) and
may never need them, and a thousand tables dealing at once should not pay for move
tables nobody reads (issue 30).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from yuanzi.engine.cards import BJ, CARDS, POINTS, RANK_POINTS, SJ, Card, format_cards
from yuanzi.engine.combos import JOKER_RANK_BJ, Kind, Move
from yuanzi.engine.errors import CardError, IllegalAction
from yuanzi.engine.lookup import (
    HYDROGEN_CODE_STEP,
    GroupMoves,
    joker_moves,
    rank_moves,
    suit_counts,
    take_jokers,
    take_naturals,
)

_SUIT_SHIFT = (0, 2, 4, 6)


class Hand:
    """The cards one seat holds, for one blade rank."""

    __slots__ = ("_all", "_groups", "_jgroup", "_stale", "bj", "blade", "codes", "size", "sj")

    def __init__(self, cards: Iterable[int], blade: int) -> None:
        self.blade = blade
        self.codes = [0] * 13
        self.bj = 0
        self.sj = 0
        self.size = 0
        for c in cards:
            # At most three copies of any card exist (R1); a fourth would overflow the
            # two-bit suit counter and corrupt the memoised move tables.
            if c == BJ:
                if self.bj == 3:
                    raise CardError("a hand cannot hold a fourth BJ (R1)")
                self.bj += 1
            elif c == SJ:
                if self.sj == 3:
                    raise CardError("a hand cannot hold a fourth SJ (R1)")
                self.sj += 1
            elif 0 <= c < SJ:
                shift = _SUIT_SHIFT[c & 3]
                if (self.codes[c >> 2] >> shift) & 3 == 3:
                    raise CardError(f"a hand cannot hold a fourth {CARDS[c]} (R1)")
                self.codes[c >> 2] += 1 << shift
            else:
                raise CardError(f"not a card: {c!r}")
            self.size += 1
        self._groups: list[GroupMoves | None] = [None] * 13
        self._jgroup: GroupMoves | None = None
        self._all: list[Move] | None = None
        self._stale = True
        """No group built yet: :meth:`_refresh_all_groups` builds them all on first need."""

    # -- reading ---------------------------------------------------------------------------

    def count(self, card: int) -> int:
        """How many copies of one card the hand holds."""
        if card == BJ:
            return self.bj
        if card == SJ:
            return self.sj
        return (self.codes[card >> 2] >> _SUIT_SHIFT[card & 3]) & 3

    def cards(self) -> list[Card]:
        """The hand as cards, in id order."""
        out: list[Card] = []
        for r, code in enumerate(self.codes):
            if code:
                for s, c in enumerate(suit_counts(code)):
                    out.extend([CARDS[r * 4 + s]] * c)
        out.extend([CARDS[SJ]] * self.sj)
        out.extend([CARDS[BJ]] * self.bj)
        return out

    def points(self) -> int:
        """Points of the score cards still held (R3)."""
        total = 0
        for r in (2, 7, 10):  # 5, 10, K
            code = self.codes[r]
            if code:
                total += RANK_POINTS[r] * sum(suit_counts(code))
        return total

    def contains(self, cards: Sequence[int]) -> bool:
        need: dict[int, int] = {}
        for c in cards:
            need[c] = need.get(c, 0) + 1
        return all(self.count(c) >= k for c, k in need.items())

    def groups(self) -> list[GroupMoves]:
        """The move groups of every rank present, then the jokers' group."""
        if self._stale:
            self._refresh_all_groups()
        out = [g for g in self._groups if g is not None]
        if self._jgroup is not None:
            out.append(self._jgroup)
        return out

    def all_moves(self) -> list[Move]:
        """Every distinct play this hand can lead (cached until the hand changes)."""
        moves = self._all
        if moves is None:
            if self._stale:
                self._refresh_all_groups()
            moves = []
            for g in self._groups:
                if g is not None:
                    moves.extend(g.all)
            if self._jgroup is not None:
                moves.extend(self._jgroup.all)
            self._all = moves
        return moves

    def has_move(self, move: Move) -> bool:
        """Whether the hand holds cards for an abstract move."""
        if move.kind == Kind.PASS:
            return False
        if self._stale:
            self._refresh_all_groups()
        if move.jokers == move.size or move.rank > 12:
            group = self._jgroup
        else:
            group = self._groups[move.rank]
        return group is not None and move in group.all

    # -- changing --------------------------------------------------------------------------

    def cards_for(self, move: Move) -> tuple[Card, ...]:
        """Concrete cards of this hand for an abstract move, keeping atoms and hydrogen
        bombs intact where the move allows; the hand is not changed."""
        if not self.has_move(move):
            raise IllegalAction(f"the hand holds no {move.text()}")
        return tuple(CARDS[c] for c in self._take(move, commit=False))

    def play(self, move: Move) -> tuple[int, ...]:
        """Remove the cards of a move this hand is known to hold; returns their ids."""
        return self._take(move, commit=True)

    def remove(self, cards: Sequence[int]) -> None:
        """Remove exact cards (a human's selection); all or nothing."""
        if not self.contains(cards):
            raise IllegalAction(f"the hand does not hold {format_cards(cards)}")
        jokers_changed = False
        touched = set()
        for c in cards:
            if c == BJ:
                self.bj -= 1
                jokers_changed = True
            elif c == SJ:
                self.sj -= 1
                jokers_changed = True
            else:
                self.codes[c >> 2] -= 1 << _SUIT_SHIFT[c & 3]
                touched.add(c >> 2)
        self.size -= len(cards)
        self._changed(touched, jokers_changed)

    def copy(self) -> Hand:
        """An independent hand; a copy is made to play on (search, rollouts), so the move
        groups are built first and shared by every copy rather than built in each."""
        if self._stale:
            self._refresh_all_groups()
        new = Hand.__new__(Hand)
        new.blade = self.blade
        new.codes = self.codes.copy()
        new.bj = self.bj
        new.sj = self.sj
        new.size = self.size
        new._groups = self._groups.copy()
        new._jgroup = self._jgroup
        new._all = self._all
        new._stale = False
        return new

    # -- internals -------------------------------------------------------------------------

    def _take(self, move: Move, commit: bool) -> tuple[int, ...]:
        kind = move.kind
        taken: tuple[int, ...] = ()
        jokers = move.jokers
        rank = move.rank
        if kind == Kind.ATOM and rank > 12:
            card = BJ if rank == JOKER_RANK_BJ else SJ
            if commit:
                if card == BJ:
                    self.bj -= 3
                else:
                    self.sj -= 3
                self.size -= 3
                self._changed((), True)
            return (card, card, card)
        naturals = move.size - jokers
        if naturals:
            code = self.codes[rank]
            if kind == Kind.ATOM:
                suit = move.suit
                new_code = code - (3 << _SUIT_SHIFT[suit])
                suits: tuple[int, ...] = (suit, suit, suit)
            elif kind == Kind.HYDROGEN:
                new_code = code - HYDROGEN_CODE_STEP
                suits = (0, 0, 1, 1, 2, 2, 3, 3)
            else:
                plain = jokers == 0 and (naturals == 3 or naturals == 8)
                new_code, suits = take_naturals(code, naturals, plain)
            base = rank * 4
            taken = tuple(base + s for s in suits)
            if commit:
                self.codes[rank] = new_code
        if jokers:
            plain = naturals == 0 and jokers == 3
            nbj, nsj, jt = take_jokers(self.bj, self.sj, jokers, plain)
            taken += jt
            if commit:
                self.bj = nbj
                self.sj = nsj
        if commit:
            self.size -= move.size
            self._changed((rank,) if naturals else (), jokers > 0)
        return taken

    def _changed(self, ranks: Iterable[int], jokers_changed: bool) -> None:
        self._all = None
        if self._stale:  # nothing built to keep up to date
            return
        if jokers_changed:
            self._refresh_all_groups()
            return
        jokers = self.bj + self.sj
        for r in ranks:
            code = self.codes[r]
            self._groups[r] = rank_moves(self.blade, r, code, jokers) if code else None

    def _refresh_all_groups(self) -> None:
        jokers = self.bj + self.sj
        blade = self.blade
        groups = self._groups
        for r, code in enumerate(self.codes):
            groups[r] = rank_moves(blade, r, code, jokers) if code else None
        self._jgroup = joker_moves(self.bj, self.sj) if jokers else None
        self._stale = False


def hand_points(cards: Iterable[int]) -> int:
    return sum(POINTS[c] for c in cards)
