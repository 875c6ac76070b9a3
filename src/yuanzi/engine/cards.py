"""Cards and their text notation (R1–R3).

A card is a small int (its *id*) wrapped in :class:`Card`, so the hot paths of the
engine work on plain integers while every public value still prints and parses.
Natural cards have id ``rank * 4 + suit``; the small joker is 52, the big joker 53.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from yuanzi.engine.errors import CardError

RANKS: tuple[str, ...] = ("3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A", "2")
"""Natural ranks in natural order (index 0 is 3, index 12 is 2)."""
SUITS: tuple[str, ...] = ("S", "H", "C", "D")
"""Suits ♠ ♥ ♣ ♦; index 0 is the highest for atoms (R17)."""
SUIT_SYMBOLS: tuple[str, ...] = ("♠", "♥", "♣", "♦")

SJ = 52
"""Id of the small joker 小王."""
BJ = 53
"""Id of the big joker 大王."""
NUM_IDS = 54
COPIES = 3
"""Every card exists three times (three packs, R1)."""
DECK_SIZE = NUM_IDS * COPIES

RANK_INDEX: dict[str, int] = {r: i for i, r in enumerate(RANKS)}
RANK_INDEX["T"] = RANK_INDEX["10"]
SUIT_INDEX: dict[str, int] = {s: i for i, s in enumerate(SUITS)}

RANK_POINTS: tuple[int, ...] = tuple(
    5 if r == "5" else 10 if r in ("10", "K") else 0 for r in RANKS
)
"""Points of one card of each natural rank (R3)."""
SCORE_RANKS: frozenset[int] = frozenset(i for i, p in enumerate(RANK_POINTS) if p)
TOTAL_POINTS = 300


class Card(int):
    """One card: an int id with a text form that round-trips (``7S``, ``10H``, ``BJ``)."""

    __slots__ = ()

    @property
    def is_joker(self) -> bool:
        return self >= SJ

    @property
    def rank(self) -> int | None:
        """Natural rank index, or None for a joker."""
        return None if self >= SJ else self >> 2

    @property
    def suit(self) -> int | None:
        """Suit index, or None for a joker."""
        return None if self >= SJ else self & 3

    @property
    def points(self) -> int:
        return POINTS[self]

    @property
    def text(self) -> str:
        return TEXT[self]

    def __str__(self) -> str:
        return TEXT[self]

    def __repr__(self) -> str:
        return f"Card({TEXT[self]})"

    @classmethod
    def parse(cls, token: str) -> Card:
        """Parse one token, case-insensitive, ``T`` for ``10`` (R2)."""
        card = _PARSE.get(token.strip().upper())
        if card is None:
            raise CardError(f"bad card token {token!r}")
        return card


TEXT: tuple[str, ...] = tuple(
    [RANKS[i >> 2] + SUITS[i & 3] for i in range(52)] + ["SJ", "BJ"]
)
POINTS: tuple[int, ...] = tuple([RANK_POINTS[i >> 2] for i in range(52)] + [0, 0])
CARDS: tuple[Card, ...] = tuple(Card(i) for i in range(NUM_IDS))
"""The 54 interned card values, indexed by id."""

_PARSE: dict[str, Card] = {TEXT[i]: CARDS[i] for i in range(NUM_IDS)}
_PARSE.update({"T" + s: CARDS[RANK_INDEX["10"] * 4 + i] for i, s in enumerate(SUITS)})


def card_id(rank: int, suit: int) -> int:
    return rank * 4 + suit


def parse_rank(text: str) -> int:
    """Parse a natural rank (``7``, ``10``, ``T``, ``q``); an error names it."""
    r = RANK_INDEX.get(str(text).strip().upper())
    if r is None:
        raise CardError(f"bad rank {text!r}")
    return r


def parse_cards(text: str) -> tuple[Card, ...]:
    """Parse a space-separated group (R2); an empty group is an error.

    >>> format_cards(parse_cards("7s 10H TD bj"))
    '7S 10H 10D BJ'
    >>> parse_cards("7X")
    Traceback (most recent call last):
    ...
    yuanzi.engine.errors.CardError: bad card token '7X'
    """
    if not isinstance(text, str):
        raise CardError(f"cards must be a string, not {type(text).__name__}")
    tokens = text.split()
    if not tokens:
        raise CardError("empty card group")
    out = []
    for tok in tokens:
        card = _PARSE.get(tok.upper())
        if card is None:
            raise CardError(f"bad card token {tok!r}")
        out.append(card)
    return tuple(out)


def format_cards(cards: Iterable[int]) -> str:
    """The text form of a group, in the given order."""
    return " ".join(TEXT[c] for c in cards)


def full_deck() -> list[Card]:
    """The 162 cards of three packs, in a fixed order (R1)."""
    return [CARDS[i] for i in range(NUM_IDS) for _ in range(COPIES)]


def cards_points(cards: Iterable[int]) -> int:
    """R3: a 5 is worth 5, a 10 or a K 10, every other card nothing.

    >>> cards_points(parse_cards("5S 10H KD KD 3C BJ"))
    35
    """
    return sum(POINTS[c] for c in cards)


def counts_of(cards: Iterable[int]) -> list[int]:
    """Count of each card id (a 54-entry list)."""
    counts = [0] * NUM_IDS
    for c in cards:
        counts[c] += 1
    return counts


def rank_power(rank: int, blade: int) -> int:
    """Position of a natural rank in the order of R6: 0 (3) … 12 (2), 13 for the blade."""
    return 13 if rank == blade else rank


def sort_key(card: int, blade: int) -> tuple[int, int]:
    """Key that sorts a hand high to low by rank order, blade first (jokers lead)."""
    if card >= SJ:
        return (-20 - card, 0)
    return (-rank_power(card >> 2, blade), card & 3)


def sort_hand(cards: Sequence[int], blade: int) -> list[Card]:
    """A hand sorted for display: jokers, blade, 2, A, … 3; suits ♠♥♣♦ within a rank."""
    return [CARDS[c] for c in sorted(cards, key=lambda c: sort_key(c, blade))]
