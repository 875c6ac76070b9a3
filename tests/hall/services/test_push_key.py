"""The hall's VAPID key (issue 47) is made once: the first pushes of a fresh hall asking
for it at once get one key, and the store made it once (a second key made meanwhile
would have been refused by the store — and, before the journal failed only the refused
write, taken down writes queued with it)."""

from __future__ import annotations

import asyncio
from pathlib import Path

from sqlalchemy import select

from yuanzi.hall.runtime.ratelimit import LocalLimits
from yuanzi.hall.services.push import PushDesk
from yuanzi.hall.settings import Settings
from yuanzi.server.push_sender import WebPushSender
from yuanzi.store.models.push import HallKeyRow
from yuanzi.store.setup import Database, open_database


class CountingSender(WebPushSender):
    """The real sender, counting the keys it makes."""

    def __init__(self) -> None:
        super().__init__("mailto:ops@example.org")
        self.made = 0

    def new_key(self) -> str:
        self.made += 1
        return super().new_key()


def test_the_first_pushes_at_once_make_one_key(tmp_path: Path) -> None:
    db = open_database(Settings(db_path=tmp_path / "push.db", database_url=""))
    sender = CountingSender()

    async def go() -> list[str]:
        desk = PushDesk(db.store, sender, LocalLimits(), asyncio.ensure_future)
        return list(await asyncio.gather(*(desk.public_key() for _ in range(6))))

    try:
        keys = asyncio.run(go())
        assert len(set(keys)) == 1 and sender.made == 1
        with db.sessions() as s:
            assert len(s.scalars(select(HallKeyRow)).all()) == 1
        # a second desk (another node, or after a restart) reads the key, makes none
        again = asyncio.run(_public(db, sender))
        assert again == keys[0] and sender.made == 1
    finally:
        db.close()


async def _public(db: Database, sender: CountingSender) -> str:
    desk = PushDesk(db.store, sender, LocalLimits(), asyncio.ensure_future)
    return await desk.public_key()
