"""The hall's side of table chat (issue 15): how fast one may talk, an admin's silence,
mutes and reports, and forgetting old messages. What may be said at a table, and by whom,
is the table's (:mod:`.table.talk`)."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable
from datetime import UTC, datetime, timedelta
from typing import Any, Literal, cast

from yuanzi.hall.desk_ports import ChatStore
from yuanzi.hall.errors import Code, HallError
from yuanzi.hall.models import Account
from yuanzi.hall.people_frames import MutesFrame
from yuanzi.hall.runtime.pubsub import Broker, account_topic
from yuanzi.hall.runtime.ratelimit import Limits
from yuanzi.hall.settings import Settings
from yuanzi.hall.table import commands
from yuanzi.hall.table.commands import Sender

log = logging.getLogger(__name__)


class ChatDesk:
    """Given the few ports it uses (issue 29: a desk never holds the whole hall): the
    store, the broker, a way into a table (``send``) and the accounts' check."""

    def __init__(self, store: ChatStore, broker: Broker, settings: Settings, limits: Limits,
                 send: Callable[[commands.Command], Awaitable[Any]],
                 require_account: Callable[[int], Awaitable[object]]) -> None:
        self.store = store
        self.broker = broker
        self.settings = settings
        self._send = send
        self._require_account = require_account
        self._limit = limits.limiter("chat", settings.chat_messages,
                                     settings.chat_window_seconds)

    async def say(self, account: Account, address: str | None, table: int, kind: str,
                  body: str) -> int:
        """A message at a table, at most so many per account and window; its id."""
        if not await self._limit.check(str(account.id)):
            raise HallError(Code.RATE_LIMITED, "you are talking too fast; wait a moment")
        until = await self.store.silenced_until(account.id)
        if until is not None and until > datetime.now(UTC):
            raise HallError(Code.SILENCED,
                            f"an admin silenced you until {until:%Y-%m-%d %H:%M} UTC")
        said: commands.Said = await self._send(commands.Say(
            Sender.of(account, address), table, account.nickname,
            cast(Literal["text", "phrase", "emote"], kind), body))
        return said.id

    async def mute(self, me: Account, account_id: int, on: bool) -> list[int]:
        """Stop (or start again) seeing a player's chat; whom he mutes now."""
        if account_id == me.id:
            raise HallError(Code.MALFORMED, "you cannot mute yourself")
        await self._require_account(account_id)
        await self.store.set_mute(me.id, account_id, on)
        return await self.tell_mutes(me.id)

    async def tell_mutes(self, account_id: int) -> list[int]:
        """Every connection of the account learns whom it mutes (and filters by it)."""
        muted = sorted(await self.store.mutes_of(account_id))
        self.broker.publish(account_topic(account_id), MutesFrame(accounts=muted).envelope())
        return muted

    async def report(self, me: Account, message_id: int, reason: str) -> None:
        """A message reported to the admins (``chat-reports``), once per account (a
        repeat is answered alike and stores nothing)."""
        outcome = await self.store.report_chat(message_id, me.id, reason.strip())
        if outcome == "missing":
            raise HallError(Code.NO_SUCH_MESSAGE, f"there is no message {message_id}")
        if outcome == "reported":
            log.info("chat message %s reported by %s", message_id, me.nickname)

    async def forget_old(self) -> None:
        """Messages are kept ``chat_keep_days`` for moderation, then forgotten (hourly)."""
        while True:
            keep = timedelta(days=self.settings.chat_keep_days)
            try:
                gone = await self.store.purge_chat(datetime.now(UTC) - keep)
                if gone:
                    log.info("forgot %d chat messages older than %s", gone, keep)
            except Exception:
                log.warning("forgetting old chat failed; trying again in an hour",
                            exc_info=True)
            await asyncio.sleep(3600)
