"""Deals nobody can choose, provably (issue 28): the derivation ``yuanzi-deal/1``.

Before anyone sees a card the hall commits to a secret ``server_seed`` per half by
publishing ``commit = SHA-256(server_seed)``; each seat contributes a random value (a
player's client its own, the hall one for a bot or an absent seat). A half's deal is then
:func:`~yuanzi.engine.deal.deal_half` driven by :class:`DealStream`, a random stream
keyed by ``HMAC-SHA256(server_seed, "yuanzi-deal/1|{half}|{c0}|{c1}|{c2}|{c3}")``. Once
the game is over the record carries the seeds and the contributions, so anyone can
re-derive every deal (:func:`verify_record`). The hall cannot pick a deal (its seed is
fixed by the commitment before the players' values are known), and no player can (the
seed is secret until the game is over).

The stream, exactly (docs/fairness.md; the browser's replay viewer re-implements it):
block ``i`` (from 0) is ``HMAC-SHA256(key, i as 8 bytes big-endian)``, read as 32-bit
big-endian words in order. ``below(n)`` takes the next word ``w`` until ``w < 2^32 −
(2^32 mod n)`` and returns ``w mod n``. The shuffle is Fisher–Yates from the end of the
deck in :func:`~yuanzi.engine.cards.full_deck` order (``i = 161 … 1``, swap ``i`` with
``below(i + 1)``); then ``below(162)`` is the position of the turned card.
"""

from __future__ import annotations

import hashlib
import hmac
import re
from collections.abc import MutableSequence, Sequence
from dataclasses import dataclass
from typing import Any

from yuanzi.engine.cards import TEXT, parse_cards
from yuanzi.engine.deal import Deal, deal_half
from yuanzi.engine.errors import EngineError
from yuanzi.engine.rules import Rules

SCHEME = "yuanzi-deal/1"
CONTRIBUTION = re.compile(r"[0-9a-f]{16,64}")
"""A contribution: 16 to 64 lowercase hex digits (64 to 256 bits)."""
SEED = re.compile(r"[0-9a-f]{64}")


def commit_of(server_seed: bytes) -> str:
    return hashlib.sha256(server_seed).hexdigest()


def deal_key(server_seed: bytes, half: int, contributions: Sequence[str]) -> bytes:
    message = "|".join((SCHEME, str(half), *contributions)).encode()
    return hmac.new(server_seed, message, hashlib.sha256).digest()


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
              first_drawer: int | None = None) -> Deal:
    """The deal of ``half`` (0 or 1) from the seed and the seats' contributions (R4, R21,
    R22: the second half's first drawer is the first half's 上游, given)."""
    return deal_half(DealStream(deal_key(server_seed, half, contributions)), rules,
                     first_drawer)


@dataclass(frozen=True, slots=True)
class HalfCheck:
    """What a half's fairness fields prove: the seed matches the commitment, and the
    recorded deal is the one the seed and the contributions give."""

    half: int
    present: bool
    commit: bool = False
    deal: bool = False
    problem: str | None = None

    @property
    def holds(self) -> bool:
        return self.present and self.commit and self.deal


def fairness_fields(server_seed: bytes, contributions: Sequence[str],
                    by: Sequence[str]) -> dict[str, Any]:
    """A half's ``fairness`` in a record (RECORD.md), once the game is over."""
    return {"scheme": SCHEME, "commit": commit_of(server_seed),
            "server_seed": server_seed.hex(), "contributions": list(contributions),
            "by": list(by)}


def verify_record(record: Any) -> list[HalfCheck]:
    """Check each half of a record (its JSON) against its ``fairness`` fields."""
    if not isinstance(record, dict) or not isinstance(record.get("halves"), list):
        raise EngineError("a record is an object with a list of halves")
    try:
        rules = Rules.from_dict(record.get("rules"))
    except EngineError as e:
        raise EngineError(f"rules: {e}") from None
    return [_check_half(i, h, rules) for i, h in enumerate(record["halves"])]


def _check_half(i: int, h: Any, rules: Rules) -> HalfCheck:
    fair = h.get("fairness") if isinstance(h, dict) else None
    if not isinstance(fair, dict):
        return HalfCheck(i, False, problem="no fairness fields: this deal cannot be checked")
    if fair.get("scheme") != SCHEME:
        return HalfCheck(i, True, problem=f"unknown scheme {fair.get('scheme')!r}")
    seed, commit, contributions = (fair.get("server_seed"), fair.get("commit"),
                                   fair.get("contributions"))
    if not isinstance(seed, str) or not SEED.fullmatch(seed) or not isinstance(commit, str):
        return HalfCheck(i, True, problem="the server seed is not 64 hex digits")
    if (not isinstance(contributions, list) or len(contributions) != 4
            or not all(isinstance(c, str) and CONTRIBUTION.fullmatch(c) for c in contributions)):
        return HalfCheck(i, True, problem="contributions must be four values of 16-64 hex digits")
    seed_bytes = bytes.fromhex(seed)
    if commit_of(seed_bytes) != commit:
        return HalfCheck(i, True, problem="SHA-256 of the server seed is not the commitment")
    try:
        first = h["first_drawer"] if i == 1 else None
        deal = fair_deal(seed_bytes, i, contributions, rules, first)
        same = (TEXT[deal.blade_card] == h["blade_card"]
                and deal.blade_holder == h["blade_holder"]
                and deal.first_drawer == h["first_drawer"]
                and all(tuple(deal.hands[s]) == tuple(parse_cards(h["hands"][s]))
                        for s in range(4)))
    except (EngineError, KeyError, TypeError, IndexError) as e:
        return HalfCheck(i, True, commit=True, problem=f"the recorded deal is unreadable: {e}")
    if not same:
        return HalfCheck(i, True, commit=True,
                         problem="the recorded deal is not the one the seed and the "
                                 "contributions give")
    return HalfCheck(i, True, commit=True, deal=True)
