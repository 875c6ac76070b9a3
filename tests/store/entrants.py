"""A tournament of eight for the store's tests: its creator signed up, seven bots fill
the rest, so it is running (shared by the tests of its rounds' games)."""

from __future__ import annotations

from yuanzi.hall.group_models import StoredTournament
from yuanzi.hall.models import Account
from yuanzi.store.repos.store import SqlStore


async def full_tournament(store: SqlStore, creator: Account) -> StoredTournament:
    """Two rounds of one game; its creator and seven bots in it (running)."""
    t = await store.create_tournament("Cup", 8, 2, 1, creator.id, None, 5)
    await store.enter_tournament(t.id, creator.id)
    for i in range(7):
        await store.enter_tournament(t.id, None, ("heuristic", f"bot{i}", f"bot{i}", 1))
    stored = await store.tournament(t.id)
    assert stored is not None and stored.status == "running"
    return stored
