"""Sampling worlds: guesses of the hidden hands that agree with everything observed.

The unseen cards (162 minus the own hand minus every card played this half) are dealt to
the other seats in the numbers the observation shows. With a
:class:`~yuanzi.bots.inference.PlayReader` the deal also follows what the opponents'
actions reveal: each read seat's hand is drawn within its caps, a few times, and the
draw the policy's replay disagrees with least is kept, then repaired by swapping out
cards of the rank the policy would wrongly have played. Seats are drawn one at a time,
in random order, which finds agreeing hands far sooner than redealing all seats together.
Without a reader every deal consistent with the observation is equally likely.
"""

from __future__ import annotations

import random

from yuanzi.bots.inference import PlayReader
from yuanzi.engine.cards import SJ, Card
from yuanzi.engine.determinize import unseen_cards
from yuanzi.engine.observe import Observation


class WorldSampler:
    """Deals the unseen cards of one observation, again and again."""

    def __init__(self, obs: Observation, reader: PlayReader | None = None,
                 tries: int = 8, repairs: int = 6) -> None:
        if obs.seat is None or obs.hand is None:
            raise ValueError("a spectator has no hand to build worlds from")
        self.obs = obs
        self.seat = obs.seat
        self.own = list(obs.hand)
        self.unseen = unseen_cards(obs)
        sizes = [0 if s == obs.seat else obs.cards_left[s] for s in range(4)]
        if sum(sizes) != len(self.unseen):
            raise ValueError(
                f"{len(self.unseen)} unseen cards for {sum(sizes)} places in the other hands")
        self.sizes = sizes
        self.reader = reader if reader is not None and reader.events else None
        self.tries = tries
        self.repairs = repairs
        self.misfits = 0
        """Actions the last sampled world could not explain (0: it explains them all)."""

    def sample(self, rng: random.Random) -> list[list[Card]]:
        """Four hands: the observer's own, and a deal of the unseen cards to the others."""
        reader = self.reader
        if reader is not None:
            for _ in range(3):
                hands = self._read(rng, reader)
                if hands is not None:
                    return hands
        self.misfits = 0
        return self._uniform(rng)

    def _uniform(self, rng: random.Random) -> list[list[Card]]:
        cards = self.unseen.copy()
        rng.shuffle(cards)
        hands: list[list[Card]] = []
        pos = 0
        for s in range(4):
            if s == self.seat:
                hands.append(self.own.copy())
            else:
                hands.append(cards[pos:pos + self.sizes[s]])
                pos += self.sizes[s]
        return hands

    def _read(self, rng: random.Random, reader: PlayReader) -> list[list[Card]] | None:
        """Read seats first (random order), each the best of a few draws; the rest after."""
        read = [s for s in range(4) if s != self.seat and reader.by_seat[s] and self.sizes[s]]
        rng.shuffle(read)
        rest = [s for s in range(4) if s != self.seat and s not in read]
        pool = self.unseen.copy()
        hands: list[list[Card]] = [[], [], [], []]
        hands[self.seat] = self.own.copy()
        self.misfits = 0
        for seat in read:
            best: list[Card] | None = None
            best_bad = 1 << 30
            for _ in range(self.tries):
                hand = _draw(rng, pool, self.sizes[seat], reader.caps[seat],
                             reader.copies[seat])
                if hand is None:
                    continue
                bad = reader.seat_misfits(seat, hand, best_bad)
                if bad < best_bad:
                    best, best_bad = hand, bad
                    if not bad:
                        break
            if best is None:
                return None
            if best_bad and self.repairs:
                best_bad = self._repair(rng, reader, seat, best, pool)
            self.misfits += best_bad
            hands[seat] = best
            _remove(pool, best)
        rng.shuffle(pool)
        for seat in rest:
            hands[seat] = pool[:self.sizes[seat]]
            del pool[:self.sizes[seat]]
        return hands


    def _repair(self, rng: random.Random, reader: PlayReader, seat: int, hand: list[Card],
                pool: list[Card]) -> int:
        """Swap cards out of ``hand`` (in place) that made the policy act differently from
        the seat: a card of the rank the policy would have played goes back to the pool
        for a random card of another rank. Returns the misfits left."""
        bad, wrong = reader.first_misfit(seat, hand)
        caps = reader.caps[seat]
        free = pool.copy()
        _remove(free, hand)
        for _ in range(self.repairs):
            if not bad or wrong is None or wrong.rank > 12 or wrong.jokers == wrong.size:
                break
            rank = wrong.rank
            out = [i for i, c in enumerate(hand) if c < SJ and c >> 2 == rank]
            if not out:
                break
            i = out[rng.randrange(len(out))]
            counts = [0] * 13
            for c in hand:
                if c < SJ:
                    counts[c >> 2] += 1
            spare = [j for j, c in enumerate(free) if c >= SJ or (
                c >> 2 != rank and counts[c >> 2] < caps[c >> 2])]
            if not spare:
                break
            j = spare[rng.randrange(len(spare))]
            hand[i], free[j] = free[j], hand[i]
            new_bad, new_wrong = reader.first_misfit(seat, hand)
            if new_bad <= bad:
                bad, wrong = new_bad, new_wrong
            else:
                hand[i], free[j] = free[j], hand[i]
                break
        return bad


def _draw(rng: random.Random, pool: list[Card], size: int, caps: list[int],
          copies: list[int]) -> list[Card] | None:
    """``size`` random cards of ``pool`` within the caps, or None if the pool cannot."""
    order = pool.copy()
    rng.shuffle(order)
    counts = [0] * 13
    held = [0] * 52
    hand: list[Card] = []
    for card in order:
        if card < SJ:
            rank = card >> 2
            if counts[rank] >= caps[rank] or held[card] >= copies[card]:
                continue
            counts[rank] += 1
            held[card] += 1
        hand.append(card)
        if len(hand) == size:
            return hand
    return None


def _remove(pool: list[Card], cards: list[Card]) -> None:
    for card in cards:
        pool.remove(card)
