"""The hall's side of table chat (issue 15): how fast one may talk, and forgetting old
messages. What may be said, and by whom, is the table's (:mod:`.table.talk`)."""

from __future__ import annotations

import asyncio
import logging
from datetime import UTC, datetime, timedelta
from typing import TYPE_CHECKING, Literal, cast

from yuanzi.hall.errors import Code, HallError
from yuanzi.hall.models import Account
from yuanzi.hall.ratelimit import Limits
from yuanzi.hall.table import commands
from yuanzi.hall.table.commands import Sender

if TYPE_CHECKING:
    from yuanzi.hall.hall import Hall

log = logging.getLogger(__name__)


class ChatDesk:
    def __init__(self, hall: Hall, limits: Limits) -> None:
        self.hall = hall
        settings = hall.settings
        self._limit = limits.limiter("chat", settings.chat_messages,
                                     settings.chat_window_seconds)

    async def say(self, account: Account, address: str | None, table: int, kind: str,
                  body: str) -> int:
        """A message at a table, at most so many per account and window; its id."""
        if not await self._limit.check(str(account.id)):
            raise HallError(Code.RATE_LIMITED, "you are talking too fast; wait a moment")
        said: commands.Said = await self.hall.send(commands.Say(
            Sender.of(account, address), table, account.nickname,
            cast(Literal["text", "phrase", "emote"], kind), body))
        return said.id

    async def forget_old(self) -> None:
        """Messages are kept ``chat_keep_days`` for moderation, then forgotten (hourly)."""
        while True:
            keep = timedelta(days=self.hall.settings.chat_keep_days)
            try:
                gone = await self.hall.store.purge_chat(datetime.now(UTC) - keep)
                if gone:
                    log.info("forgot %d chat messages older than %s", gone, keep)
            except Exception:
                log.warning("forgetting old chat failed; trying again in an hour",
                            exc_info=True)
            await asyncio.sleep(3600)
