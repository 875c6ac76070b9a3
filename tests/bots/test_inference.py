"""Reading the opponents' play: sound for players of the policy, and obeyed by the sampler."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence

from yuanzi.bots.inference import PlayReader
from yuanzi.bots.worlds import WorldSampler
from yuanzi.engine.cards import SJ
from yuanzi.engine.determinize import check_world

from .helpers import positions


def rank_counts(cards: Sequence[int]) -> list[int]:
    counts = [0] * 13
    for c in cards:
        if c < SJ:
            counts[c >> 2] += 1
    return counts


def test_the_true_hands_of_heuristic_players_explain_every_action() -> None:
    read = 0
    for game, obs in positions(range(4), every=9):
        reader = PlayReader(obs)
        hands = [game.half.hands[s].cards() for s in range(4)]
        assert reader.misfits(hands) == 0
        read += len(reader.events)
    assert read > 200


def test_pass_caps_never_exclude_the_true_hands() -> None:
    for game, obs in positions(range(4, 8), every=9):
        reader = PlayReader(obs, lead_caps=False)
        for seat in range(4):
            true = game.half.hands[seat].cards()
            assert all(n <= cap for n, cap in zip(rank_counts(true), reader.caps[seat],
                                                 strict=True))
            held = Counter(int(c) for c in true if c < SJ)
            assert all(held[c] <= reader.copies[seat][c] for c in range(52))


def test_only_opponents_are_read_and_caps_bind_nobody_else() -> None:
    for _, obs in positions([9], every=13):
        assert obs.seat is not None
        reader = PlayReader(obs)
        assert {e.seat for e in reader.events} <= {(obs.seat + 1) % 4, (obs.seat + 3) % 4}
        for seat in (obs.seat, obs.seat ^ 2):
            assert reader.caps[seat] == [12] * 13 and reader.copies[seat] == [3] * 52


def test_read_worlds_agree_with_the_observation_and_keep_the_caps() -> None:
    rng = random.Random(4)
    sampled = 0
    for _, obs in positions(range(10, 13), every=11):
        reader = PlayReader(obs)
        sampler = WorldSampler(obs, reader)
        for _ in range(2):
            hands = sampler.sample(rng)
            check_world(obs, hands)  # own hand, sizes, played cards, 162 cards (R1)
            if sampler.reader is not None and sampler.misfits >= 0:
                for seat in range(4):
                    if reader.by_seat[seat]:
                        counts = rank_counts(hands[seat])
                        assert all(n <= cap for n, cap in zip(counts, reader.caps[seat],
                                                             strict=True))
            sampled += 1
    assert sampled > 20


def test_reading_makes_worlds_explain_more_of_the_opponents_play() -> None:
    rng = random.Random(5)
    plain = read = 0
    for _, obs in positions(range(14, 16), every=10):
        reader = PlayReader(obs)
        if not reader.events:
            continue
        blind = WorldSampler(obs)
        informed = WorldSampler(obs, reader)
        for _ in range(3):
            plain += reader.misfits(blind.sample(rng))
            read += reader.misfits(informed.sample(rng))
    assert read < plain * 0.7
