"""Sampling worlds: guesses of the hidden hands that agree with everything observed.

The unseen cards (162 minus the own hand minus every card played this half) are dealt
at random to the other seats in the numbers the observation shows. Passing is always
allowed in 原子, so a pass proves nothing about a hand; no void inference is made, and
every consistent deal is equally likely.
"""

from __future__ import annotations

import random

from yuanzi.engine.cards import Card
from yuanzi.engine.determinize import unseen_cards
from yuanzi.engine.observe import Observation


class WorldSampler:
    """Deals the unseen cards of one observation, again and again."""

    def __init__(self, obs: Observation) -> None:
        if obs.seat is None or obs.hand is None:
            raise ValueError("a spectator has no hand to build worlds from")
        self.obs = obs
        self.seat = obs.seat
        self.unseen = unseen_cards(obs)
        sizes = [0 if s == obs.seat else obs.cards_left[s] for s in range(4)]
        if sum(sizes) != len(self.unseen):
            raise ValueError(
                f"{len(self.unseen)} unseen cards for {sum(sizes)} places in the other hands")
        self.sizes = sizes

    def sample(self, rng: random.Random) -> list[list[Card]]:
        """Four hands: the observer's own, and a random deal of the unseen cards."""
        cards = self.unseen.copy()
        rng.shuffle(cards)
        hands: list[list[Card]] = []
        pos = 0
        for s in range(4):
            if s == self.seat:
                assert self.obs.hand is not None
                hands.append(list(self.obs.hand))
            else:
                hands.append(cards[pos:pos + self.sizes[s]])
                pos += self.sizes[s]
        return hands
