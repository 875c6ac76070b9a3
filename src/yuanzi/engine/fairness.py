"""Deals nobody can choose, provably (issues 28 and 43): the derivations ``yuanzi-deal/1``,
``yuanzi-deal/2`` and ``yuanzi-tourney/1`` (docs/fairness.md says each exactly).

Before anyone sees a card the hall commits to a secret ``server_seed`` per half by
publishing ``commit = SHA-256(server_seed)``; the players then add random values. A half's
deal is :func:`~yuanzi.engine.deal.deal_half` driven by :class:`DealStream`, a random
stream keyed by an HMAC of the seed and the values. Once the game is over the record
carries the seeds and the values, so anyone can re-derive every deal
(:mod:`yuanzi.engine.verify`).

- ``yuanzi-deal/1`` (issue 28): the key is ``HMAC(seed, "yuanzi-deal/1|{half}|{c0}|…|{c3}")``
  with one value per seat; a bot's or an absent seat's value was the hall's, drawn freely
  — so the hall, seeing the players' values first, could try values until it liked the
  deal (issue 43). Records of it stay verifiable.
- ``yuanzi-deal/2`` (issue 43): the hall's value for a seat is no longer drawn but derived
  from the committed seed (:func:`hall_value`), so every value is fixed before anyone
  sees the others'; the key also binds the game's two commitments, so a half cannot be
  taken into another game's record.
- ``yuanzi-tourney/1`` (issue 43): a tournament's seeds are committed when it is made,
  before anyone signs up; each entrant adds a value when signing up; every deal of the
  tournament mixes all of them (the same at every table of a round: duplicate).

The stream, exactly: block ``i`` (from 0) is ``HMAC-SHA256(key, i as 8 bytes
big-endian)``, read as 32-bit big-endian words in order. ``below(n)`` takes the next word
``w`` until ``w < 2^32 − (2^32 mod n)`` and returns ``w mod n``. The shuffle is
Fisher–Yates from the end of the deck in :func:`~yuanzi.engine.cards.full_deck` order
(``i = 161 … 1``, swap ``i`` with ``below(i + 1)``); then ``below(162)`` is the position of
the turned card.
"""

from __future__ import annotations

import hashlib
import hmac
import re
from collections.abc import MutableSequence, Sequence
from typing import Any

from yuanzi.engine.deal import Deal, deal_half
from yuanzi.engine.rules import Rules

SCHEME = "yuanzi-deal/1"
"""The first derivation (issue 28): its records stay verifiable."""
SCHEME_2 = "yuanzi-deal/2"
"""A table's deals since issue 43: the hall's values derived from its committed seeds."""
TOURNEY = "yuanzi-tourney/1"
"""A tournament's deals since issue 43: its seeds committed when it is made, its
entrants' values added when they sign up."""
SCHEMES = (SCHEME, SCHEME_2, TOURNEY)
BY = ("player", "hall")
CONTRIBUTION = re.compile(r"[0-9a-f]{16,64}")
"""A contribution: 16 to 64 lowercase hex digits (64 to 256 bits)."""
SEED = re.compile(r"[0-9a-f]{64}")
"""A seed, or a commitment: 64 lowercase hex digits."""
MOST_ENTRANTS = 16
"""A tournament's values are its entrants' (8 or 16)."""


def commit_of(server_seed: bytes) -> str:
    return hashlib.sha256(server_seed).hexdigest()


def _hmac(key: bytes, message: str) -> bytes:
    return hmac.new(key, message.encode(), hashlib.sha256).digest()


def deal_key(server_seed: bytes, half: int, contributions: Sequence[str]) -> bytes:
    """``yuanzi-deal/1``'s key."""
    return _hmac(server_seed, "|".join((SCHEME, str(half), *contributions)))


def bound_key(scheme: str, server_seed: bytes, half: int, commits: Sequence[str],
              contributions: Sequence[str]) -> bytes:
    """``yuanzi-deal/2``'s and ``yuanzi-tourney/1``'s key: the half, the game's two
    commitments and the values, in order."""
    return _hmac(server_seed, "|".join((scheme, str(half), *commits, *contributions)))


def hall_value(server_seed: bytes, half: int, seat: int) -> str:
    """``yuanzi-deal/2``: the hall's value for a seat with no player's (a bot, an absent
    seat, a player who did not answer), fixed by the committed seed: 64 hex digits."""
    return _hmac(server_seed, f"{SCHEME_2}|hall|{half}|{seat}").hex()


def tourney_seed(secret: bytes, round_: int, game: int, half: int) -> bytes:
    """``yuanzi-tourney/1``: the seed of one half of one game of a round, from the
    tournament's secret (each seed is committed alone, and revealed after its round)."""
    return _hmac(secret, f"{TOURNEY}|seed|{round_}|{game}|{half}")


def key_of(scheme: str, server_seed: bytes, half: int, commits: Sequence[str],
           contributions: Sequence[str]) -> bytes:
    if scheme == SCHEME:
        return deal_key(server_seed, half, contributions)
    if scheme in (SCHEME_2, TOURNEY):
        return bound_key(scheme, server_seed, half, commits, contributions)
    raise ValueError(f"unknown scheme {scheme!r}")


def half_values(scheme: str, server_seed: bytes, half: int, contributions: Sequence[str],
                by: Sequence[str]) -> list[str]:
    """The values that enter one half's key: ``yuanzi-deal/2`` fills each of the hall's
    seats with :func:`hall_value`; the other schemes take them as given."""
    if scheme != SCHEME_2:
        return list(contributions)
    return [c if b == "player" else hall_value(server_seed, half, i)
            for i, (c, b) in enumerate(zip(contributions, by, strict=True))]


class DealStream:
    """The random stream of one half's deal (the module's docstring says it exactly)."""

    def __init__(self, key: bytes) -> None:
        self._key = key
        self._block = 0
        self._words: list[int] = []

    def _word(self) -> int:
        if not self._words:
            digest = hmac.new(self._key, self._block.to_bytes(8, "big"), hashlib.sha256).digest()
            self._block += 1
            self._words = [int.from_bytes(digest[i:i + 4], "big") for i in range(28, -4, -4)]
        return self._words.pop()

    def below(self, n: int) -> int:
        if n <= 0:
            raise ValueError("below(n) needs n > 0")
        limit = 2**32 - (2**32 % n)
        while True:
            w = self._word()
            if w < limit:
                return w % n

    def randrange(self, stop: int, /) -> int:
        return self.below(stop)

    def shuffle(self, x: MutableSequence[Any]) -> None:
        for i in range(len(x) - 1, 0, -1):
            j = self.below(i + 1)
            x[i], x[j] = x[j], x[i]


def fair_deal(server_seed: bytes, half: int, contributions: Sequence[str], rules: Rules,
              first_drawer: int | None = None, scheme: str = SCHEME,
              commits: Sequence[str] = ()) -> Deal:
    """The deal of ``half`` (0 or 1) from the seed and the values that enter it (R4, R21,
    R22: the second half's first drawer is the first half's 上游, given)."""
    key = key_of(scheme, server_seed, half, commits, contributions)
    return deal_half(DealStream(key), rules, first_drawer)


def fairness_fields(server_seed: bytes, contributions: Sequence[str],
                    by: Sequence[str]) -> dict[str, Any]:
    """A ``yuanzi-deal/1`` half's ``fairness`` in a record (RECORD.md)."""
    return {"scheme": SCHEME, "commit": commit_of(server_seed),
            "server_seed": server_seed.hex(), "contributions": list(contributions),
            "by": list(by)}


def half_fields(scheme: str, seeds: Sequence[bytes], half: int,
                contributions: Sequence[str], by: Sequence[str],
                asked: Sequence[int] = ()) -> dict[str, Any]:
    """Any scheme's ``fairness`` of one half in a record, once the game is over: what
    :mod:`yuanzi.engine.verify` re-derives the deal from. ``asked`` (``yuanzi-deal/2``):
    the seats the hall asked for a value when it committed — only they can have a
    player's value, so the hall cannot call a bot's seat a player's and pick its value."""
    seed = seeds[half]
    if scheme == SCHEME:
        return fairness_fields(seed, contributions, by)
    fields: dict[str, Any] = {
        "scheme": scheme, "commit": commit_of(seed),
        "commits": [commit_of(s) for s in seeds], "server_seed": seed.hex(),
        "contributions": half_values(scheme, seed, half, contributions, by)}
    if scheme == SCHEME_2:
        fields["by"] = list(by)
        fields["asked"] = sorted(asked)
    return fields
