"""Hypothesis strategies for cards, groups and hands (always multisets of the 162-card deck),
and the sub-multisets of a group."""

from __future__ import annotations

import itertools
from collections import Counter
from collections.abc import Iterator, Sequence

from hypothesis import settings, strategies as st

from yuanzi.engine.cards import BJ, CARDS, SJ, Card

blades = st.integers(min_value=0, max_value=12)
"""A blade rank index (0 = 3 … 12 = 2)."""


def _pool(ranks: list[int], jokers: bool) -> list[Card]:
    """Every copy (three packs) of the cards of some ranks, and of the jokers."""
    ids = [r * 4 + s for r in ranks for s in range(4)]
    if jokers:
        ids += [SJ, BJ]
    return [CARDS[i] for i in ids for _ in range(3)]


@st.composite
def hands(draw: st.DrawFn, min_size: int = 6, max_size: int = 12) -> list[Card]:
    """A hand of a few ranks (so that it holds pairs, bombs, atoms…), drawn without
    replacement from the three packs, possibly with jokers."""
    ranks = draw(st.lists(st.integers(0, 12), min_size=1, max_size=3, unique=True))
    pool = _pool(ranks, draw(st.booleans()))
    head: list[Card] = []
    if max_size >= 8 and draw(st.integers(0, 4)) == 0:  # start from a hydrogen bomb (R10)
        head = [CARDS[ranks[0] * 4 + s] for s in range(4) for _ in range(2)]
        for c in head:
            pool.remove(c)
    size = min(len(pool), draw(st.integers(max(0, min_size - len(head)),
                                           max_size - len(head))))
    picks = draw(st.lists(st.integers(0, len(pool) - 1), min_size=size, max_size=size,
                          unique=True))
    return head + [pool[i] for i in picks]


@st.composite
def same_rank_groups(draw: st.DrawFn, max_size: int = 10) -> list[Card]:
    """A group of one rank's copies plus some jokers: usually a combination, sometimes not
    (jokers with blade cards), sometimes an atom or a hydrogen bomb."""
    rank = draw(st.integers(0, 12))
    counts = [draw(st.integers(0, 3)) for _ in range(4)]
    bj = draw(st.integers(0, 3))
    sj = draw(st.integers(0, 3))
    if draw(st.integers(0, 3)) == 0:
        counts = [2, 2, 2, 2]
        bj = sj = 0
    group = [CARDS[rank * 4 + s] for s, c in enumerate(counts) for _ in range(c)]
    group += [CARDS[BJ]] * bj + [CARDS[SJ]] * sj
    if not group or len(group) > max_size:
        group = group[:max_size] or [CARDS[rank * 4]]
    return draw(st.permutations(group))


@st.composite
def any_groups(draw: st.DrawFn, max_size: int = 9) -> list[Card]:
    """Any multiset of up to ``max_size`` cards the three packs can hold."""
    ids = draw(st.lists(st.integers(0, 53), min_size=1, max_size=max_size))
    seen: dict[int, int] = {}
    out = []
    for i in ids:
        if seen.get(i, 0) < 3:
            seen[i] = seen.get(i, 0) + 1
            out.append(CARDS[i])
    return out


groups = st.one_of(same_rank_groups(), any_groups())
"""Groups to classify: mostly one rank (to reach every kind), some arbitrary."""


def at_least(examples: int) -> settings:
    """Settings for a property that deserves more examples than the profile's default
    (the ``--slow`` profile raises every test further)."""
    return settings(max_examples=max(examples, settings().max_examples))


def sub_multisets(group: Sequence[Card]) -> Iterator[tuple[Card, ...]]:
    """Every non-empty sub-multiset of a group, once each."""
    counts = Counter(group)
    keys = sorted(counts)
    for took in itertools.product(*(range(counts[k] + 1) for k in keys)):
        if any(took):
            yield tuple(k for k, n in zip(keys, took, strict=True) for _ in range(n))
