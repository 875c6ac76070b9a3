"""The blade and the deal (R4, R5, R20–R23), from an injected shuffler (``random.Random``,
or the provably fair stream of :mod:`yuanzi.engine.fairness`)."""

from __future__ import annotations

from collections.abc import MutableSequence
from dataclasses import dataclass
from typing import Any, Protocol

from yuanzi.engine.cards import CARDS, SCORE_RANKS, SJ, Card, full_deck
from yuanzi.engine.rules import Rules

SEATS = 4
NEXT_SEAT = (1, 2, 3, 0)
"""Turn order 1 → 2 → 3 → 0 (R20)."""
FACE_VALUE = (3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 1, 2)
"""R21 face values by rank index: A = 1, J = 11, Q = 12, K = 13 (a joker counts 3)."""


class Shuffler(Protocol):
    """What a deal draws on: ``random.Random`` does, and so does the provably fair stream
    of :mod:`yuanzi.engine.fairness`."""

    def shuffle(self, x: MutableSequence[Any]) -> None: ...
    def randrange(self, stop: int, /) -> int: ...


@dataclass(frozen=True, slots=True)
class Deal:
    """One half's deal: the blade card, who holds it, who drew first, and the four hands."""

    blade_card: Card
    blade_holder: int
    first_drawer: int
    hands: tuple[tuple[Card, ...], tuple[Card, ...], tuple[Card, ...], tuple[Card, ...]]


def blade_rank_of(card: int, second_half: bool, rules: Rules) -> int:
    """The blade rank a turned card gives (R5): a joker, or in the second half a score card
    (option), makes 3 the blade."""
    if card >= SJ:
        return 0
    rank = card >> 2
    if second_half and rules.second_half_score_blade_three and rank in SCORE_RANKS:
        return 0
    return rank


def first_drawer_of(blade_card: int) -> int:
    """R21: (face value of the blade card) mod 4; a joker counts 3."""
    value = 3 if blade_card >= SJ else FACE_VALUE[blade_card >> 2]
    return value % 4


def hand_sizes(first_drawer: int) -> list[int]:
    """R22: the first drawer and the next seat get 41 cards, the other two 40."""
    sizes = [40] * SEATS
    sizes[first_drawer] = 41
    sizes[NEXT_SEAT[first_drawer]] = 41
    return sizes


def deal_half(rng: Shuffler, rules: Rules, first_drawer: int | None = None) -> Deal:
    """Shuffle, turn the blade card, deal one card at a time in turn order (R4, R21, R22).

    ``first_drawer`` is given in the second half (the first-half 上游, R21); in the first
    half it follows from the blade card. Under ``joker_blade: redraw`` the next card of
    the stack is turned while a joker shows.
    """
    stack = full_deck()
    rng.shuffle(stack)
    pos = rng.randrange(len(stack))
    if rules.joker_blade == "redraw":
        while stack[pos] >= SJ:
            pos = (pos + 1) % len(stack)
    blade_card = stack[pos]
    if first_drawer is None:
        first_drawer = first_drawer_of(blade_card)
    hands: list[list[Card]] = [[], [], [], []]
    for i, card in enumerate(stack):
        hands[(first_drawer + i) % SEATS].append(CARDS[card])
    holder = (first_drawer + pos) % SEATS
    return Deal(
        blade_card=CARDS[blade_card],
        blade_holder=holder,
        first_drawer=first_drawer,
        hands=(tuple(hands[0]), tuple(hands[1]), tuple(hands[2]), tuple(hands[3])),
    )
