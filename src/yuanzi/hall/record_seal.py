"""The hall's signature on every record it gives out (issue 54; :mod:`yuanzi.signing`).

A record's fairness fields prove its deals were not chosen, not that it is the record the
hall gave out: plays cut and an escape claimed, a half dropped, all check. So whatever
gives a finished record out — a ``game_over``, ``GET /api/games/{id}/record``, a shared
replay — signs it here with the hall's Ed25519 key: made once by the first node to need
it, then the store's (``hall_key("records")``, as the VAPID key is), so every node signs
as the same hall, and published at ``GET /api/records/key``.

Signing is a canonical JSON and an Ed25519 signature, about a millisecond on the event
loop; an ended game's record never changes, so the last records signed are kept by game.
"""

from __future__ import annotations

import asyncio
from collections import OrderedDict
from collections.abc import Callable
from typing import Any, Protocol

from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey

from yuanzi.signing import ALG, load_key, new_key_text, public_text, sign

KEY_NAME = "records"
"""The store's name of the key (``hall_keys``)."""
KEEP = 256
"""Signed records kept, by game: a replay shared widely is signed once."""


class KeyKeeper(Protocol):
    async def hall_key(self, name: str, make: Callable[[], str]) -> str: ...


class RecordSigner(Protocol):
    """What gives a record out signs it (:class:`RecordSeal`)."""

    async def sign(self, record: dict[str, Any],
                   game_id: int | None = None) -> dict[str, Any]: ...


def _shape(record: dict[str, Any]) -> tuple[int, ...]:
    """A cheap look at a record, so a kept signature never goes out on another."""
    halves = record.get("halves")
    if not isinstance(halves, list):
        return ()
    return tuple(len(h.get("actions") or ()) if isinstance(h, dict) else -1 for h in halves)


class RecordSeal:
    def __init__(self, store: KeyKeeper) -> None:
        self.store = store
        self._key: Ed25519PrivateKey | None = None
        self._public: str | None = None
        self._made = asyncio.Lock()  # (the first records at once ask the store once)
        self._signed: OrderedDict[int, tuple[tuple[int, ...], dict[str, Any]]] = OrderedDict()

    async def key(self) -> Ed25519PrivateKey:
        """The hall's record key: made by the first node to need it, then the store's."""
        if self._key is None:
            async with self._made:
                if self._key is None:
                    key = load_key(await self.store.hall_key(KEY_NAME, new_key_text))
                    self._public = public_text(key)
                    self._key = key
        return self._key

    async def published(self) -> dict[str, str]:
        """What ``GET /api/records/key`` answers: ``{"alg", "key"}``."""
        await self.key()
        assert self._public is not None
        return {"alg": ALG, "key": self._public}

    async def sign(self, record: dict[str, Any], game_id: int | None = None) -> dict[str, Any]:
        """``record`` signed by the hall (a new dict; ``game_id``: the game it is of, to
        keep the signed record for the next time it is given out)."""
        key = await self.key()
        shape = _shape(record)
        if game_id is not None:
            kept = self._signed.get(game_id)
            if kept is not None and kept[0] == shape:
                self._signed.move_to_end(game_id)
                return kept[1]
        signed = sign(record, key, self._public)
        if game_id is not None:
            self._signed[game_id] = (shape, signed)
            while len(self._signed) > KEEP:
                self._signed.popitem(last=False)
        return signed
