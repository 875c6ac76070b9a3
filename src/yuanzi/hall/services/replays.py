"""Replays (录像, R41): a saved game's record, and the position after any step of it.

A replay is a finished game, so every hand may be shown (R45: "a finished game's record
shows all"). Stepping is the engine replaying the record's actions one by one; the
position after ``step`` actions (counted over both halves) is the full-information view
a replay viewer draws: all four hands, the trick, the points, whose turn.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from yuanzi.engine import Game, Record, RecordError, Rules
from yuanzi.engine.cards import TEXT
from yuanzi.engine.record import ESCAPE
from yuanzi.hall.errors import Code, HallError
from yuanzi.hall.ports import EconomyStore, StoredReplay
from yuanzi.hall.record_seal import RecordSigner


def steps(record: dict[str, Any]) -> int:
    """How many plays the record holds over both halves (an escape that ends it, R35,
    is no play)."""
    return sum(len([a for a in h.get("actions", ()) if a[1:] != [ESCAPE]])
               for h in record.get("halves", ()))


def position(record_json: dict[str, Any], step: int) -> dict[str, Any]:
    """The game after its first ``step`` actions, every hand shown."""
    try:
        record = Record.from_json(record_json)
    except RecordError as e:
        raise HallError(Code.INTERNAL, f"the stored record is damaged: {e}") from None
    total = sum(len(h.actions) for h in record.halves)
    if not 0 <= step <= total:
        raise HallError(Code.MALFORMED, f"step is 0 to {total}")
    game = Game(record.rules or Rules(), record.halves[0].deal)
    done = 0
    last: tuple[int, str] | None = None
    for i, half in enumerate(record.halves):
        if done >= step and i > 0:
            break
        if i == 1:
            game.start_second_half(half.deal)
        for seat, cards in half.actions:
            if done >= step:
                break
            game.apply(cards)
            last = (seat, "pass" if cards is None else " ".join(TEXT[c] for c in cards))
            done += 1
    public = game.observation(None).to_dict()
    hands = [" ".join(TEXT[c] for c in game.observation(s).hand or ()) for s in range(4)]
    return {"step": step, "steps": total, **public, "hands": hands,
            "last": None if last is None else {"seat": last[0], "cards": last[1]}}


class ReplayShelf:
    """The replays recorders saved (R41), read for their owners and by share code."""

    def __init__(self, store: EconomyStore, seal: RecordSigner) -> None:
        self.store = store
        self.seal = seal

    async def saved_by(self, account_id: int) -> list[StoredReplay]:
        """The replays the player's recorders saved, newest first."""
        return await self.store.replays_of(account_id)

    async def shared(self, replay_id: str) -> StoredReplay:
        """One saved replay by its share code (``no_such_replay`` if none), its record
        signed by the hall (issue 54)."""
        stored = await self.store.replay(replay_id)
        if stored is None or stored.record is None:
            raise HallError(Code.NO_SUCH_REPLAY, "there is no such replay")
        return replace(stored, record=await self.seal.sign(stored.record, stored.game_id))


def replay_json(r: StoredReplay, with_record: bool) -> dict[str, Any]:
    out: dict[str, Any] = {
        "id": r.id, "url": f"/api/replays/{r.id}", "game_id": r.game_id,
        "saved_at": r.saved_at.isoformat(), "owner": {"id": r.owner_id, "nickname": r.owner},
        "seats": r.seats, "result": r.result,
        "steps": None if r.record is None else steps(r.record)}
    if with_record:
        out["record"] = r.record
    return out
