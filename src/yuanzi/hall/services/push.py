"""Web Push (issue 47): a nudge on the player's phone or desktop when something waits for
him — a friend's invitation, a friend request, his tournament's check-in or next round —
even with no tab of the hall open (the service worker shows none while a tab of the hall
has the focus).

The player opts in per kind, per browser (a push subscription: RFC 8030's endpoint and
RFC 8291's keys, stored). A push carries words and an address to open, never a card or
anything private; it has a time to live and a topic (a newer push of the same topic
replaces one not yet delivered). The hall signs its pushes with its VAPID key (RFC 8292),
made once and kept in the store, so every node sends as the same hall. A subscription the
push service answers 404 or 410 for is gone: it is removed. Sending never holds up the
event that caused it (a background task), and a sender is rate-limited per target: an
invitation push per sender per target per hour.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable, Coroutine, Sequence
from typing import Any

from yuanzi.hall.desk_ports import Push, PushSender, PushStore, PushSubscription
from yuanzi.hall.errors import Code, HallError
from yuanzi.hall.runtime.ratelimit import Limits

log = logging.getLogger(__name__)

KINDS = ("invite", "friend_request", "tournament")
"""What a player may opt in to, each on its own (docs/push.md). (Issue 47 asks for a club
session's start, a table filling and the player's turn too: not yet sent.)"""
TTL = {"invite": 600, "friend_request": 86_400, "tournament": 1_800}
"""Seconds a push waits at the push service for a device that is off: a nudge about a
table is worth nothing an hour later."""
URGENCY = {"invite": "high"}
LANGS = ("zh-CN", "en")

WORDS: dict[str, dict[str, tuple[str, str]]] = {
    "zh-CN": {
        "invite": ("原子：{who} 邀请你", "{who} 邀请你去牌桌 #{table}，点这里入座"),
        "friend_request": ("原子：好友申请", "{who} 想加你为好友"),
        "tournament_check_in": ("原子：比赛开始签到", "「{name}」开始签到了，点这里签到"),
        "tournament_round": ("原子：比赛下一轮", "「{name}」第 {round} 轮开始了，你的牌桌在等你"),
    },
    "en": {
        "invite": ("Atom: {who} invites you",
                   "{who} invites you to table #{table}: tap to sit down"),
        "friend_request": ("Atom: a friend request", "{who} would like to be your friend"),
        "tournament_check_in": ("Atom: check-in is open",
                                "Check-in for “{name}” is open: tap to check in"),
        "tournament_round": ("Atom: your next round",
                             "Round {round} of “{name}” has begun: your table waits"),
    },
}
"""A push's title and body, in the language of the browser that subscribed."""


class PushDesk:
    def __init__(self, store: PushStore, sender: PushSender | None, limits: Limits,
                 spawn: Callable[[Coroutine[Any, Any, None]], Any]) -> None:
        self.store = store
        self.sender = sender
        self._key: str | None = None
        self._invites = limits.limiter("push-invite", 1, 3600)
        self._spawn = spawn

    @property
    def enabled(self) -> bool:
        return self.sender is not None

    async def private_key(self) -> str:
        """The hall's VAPID key: made by the first node to need it, then the store's."""
        if self.sender is None:
            raise HallError(Code.FORBIDDEN, "this hall sends no pushes")
        if self._key is None:
            self._key = await self.store.hall_key("vapid", self.sender.new_key)
        return self._key

    async def public_key(self) -> str:
        assert self.sender is not None
        return self.sender.public_key(await self.private_key())

    async def subscribe(self, account_id: int, endpoint: str, p256dh: str, auth: str,
                        kinds: Sequence[str], lang: str) -> None:
        """This browser's subscription for ``account_id`` (an endpoint moves with its
        browser: subscribing it again replaces its keys, kinds and owner)."""
        await self.private_key()  # (a hall that sends none refuses)
        await self.store.save_subscription(PushSubscription(
            account_id, endpoint, p256dh, auth, tuple(k for k in KINDS if k in kinds),
            lang if lang in LANGS else LANGS[0]))

    async def unsubscribe(self, account_id: int, endpoint: str) -> bool:
        return await self.store.drop_subscription(endpoint, account_id)

    def notify(self, account_ids: Sequence[int], kind: str, words: str,
               params: dict[str, Any], url: str, topic: str) -> None:
        """Push ``words`` to the browsers of ``account_ids`` that opted in to ``kind``, in
        the background (the event that caused it goes on)."""
        if self.sender is not None and account_ids:
            self._spawn(self._deliver(list(account_ids), kind, words, params, url, topic))

    async def invited(self, sender_id: int, target_id: int, who: str, table: int) -> None:
        """A friend's invitation: at most one push per sender per target an hour."""
        if await self._invites.check(f"{sender_id}:{target_id}"):
            self.notify([target_id], "invite", "invite", {"who": who, "table": table},
                        f"/#/table/{table}", f"invite-{table}")

    async def _deliver(self, account_ids: list[int], kind: str, words: str,
                       params: dict[str, Any], url: str, topic: str) -> None:
        assert self.sender is not None
        try:
            key = await self.private_key()
            for sub in await self.store.subscriptions_of(account_ids):
                if kind not in sub.kinds:
                    continue
                title, body = WORDS[sub.lang][words]
                push = Push({"kind": kind, "title": title.format(**params),
                             "body": body.format(**params), "url": url, "tag": topic},
                            TTL[kind], topic, URGENCY.get(kind, "normal"))
                outcome = await self.sender.send(sub, push, key)
                if outcome == "gone":
                    await self.store.drop_subscription(sub.endpoint)
        except asyncio.CancelledError:
            raise
        except Exception:  # a push is a nudge: it never breaks what caused it
            log.exception("push %s to %s failed", kind, account_ids)
