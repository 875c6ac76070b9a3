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

from yuanzi.hall.desk_ports import Push, PushSender, PushStore, PushSubscription, TableName
from yuanzi.hall.errors import Code, HallError
from yuanzi.hall.runtime.ratelimit import Limits
from yuanzi.hall.services.push_outbox import PushOutbox

log = logging.getLogger(__name__)

KINDS = ("invite", "table_filling", "club_session", "turn", "tournament", "friend_request")
"""What a player may opt in to, each on its own (docs/push.md)."""
TTL = {"invite": 600, "table_filling": 600, "club_session": 1_800, "turn": 90,
       "tournament": 1_800, "friend_request": 86_400}
"""Seconds a push waits at the push service for a device that is off: a nudge about a
table is worth nothing an hour later, about a turn a minute later (托管 plays it)."""
URGENCY = {"invite": "high", "table_filling": "high", "turn": "high"}
FILLING_EVERY = 1_800
"""A table says "3 of 4 seated" at most once in this many seconds, however often its
fourth seat empties again."""
CLUB_EVERY = 1_800
"""A club's members hear of its sessions, and of its tables filling, at most once each in
this many seconds (new tables or new sessions do not start it again)."""
PER_RECIPIENT = {"invite": (6, 600), "table_filling": (4, 3_600), "club_session": (4, 3_600),
                 "turn": (30, 3_600), "tournament": (10, 3_600),
                 "friend_request": (6, 3_600)}
"""Pushes of a kind one account receives at most (count, per seconds), whoever causes
them: a flood of causes is not a flood on his phone."""
SUBSCRIBING = (20, 3_600)
"""Subscriptions one account makes at most (count, per seconds): a browser subscribes
once and again when its push service renews it, not hundreds of times."""
LANGS = ("zh-CN", "en")

WORDS: dict[str, dict[str, tuple[str, str]]] = {
    "zh-CN": {
        "invite": ("原子：{who} 邀请你", "{who} 邀请你去牌桌 #{table}，点这里入座"),
        "friend_request": ("原子：好友申请", "{who} 想加你为好友"),
        "table_filling": ("原子：牌桌快满了", "「{name}」已坐 3 人，就差你了，点这里入座"),
        "club_session": ("原子：{club} 开局了", "「{name}」开了 {games}，点这里入座"),
        "turn": ("原子：轮到你出牌", "牌桌「{name}」在等你出牌"),
        "tournament_check_in": ("原子：比赛开始签到", "「{name}」开始签到了，点这里签到"),
        "tournament_round": ("原子：比赛下一轮", "「{name}」第 {round} 轮开始了，你的牌桌在等你"),
    },
    "en": {
        "invite": ("Atom: {who} invites you",
                   "{who} invites you to table #{table}: tap to sit down"),
        "friend_request": ("Atom: a friend request", "{who} would like to be your friend"),
        "table_filling": ("Atom: a table is filling",
                          "3 of 4 seated at “{name}”: tap to take the last seat"),
        "club_session": ("Atom: {club} is playing",
                         "“{name}” opened {games}: tap to sit down"),
        "turn": ("Atom: your turn", "“{name}” waits for your play"),
        "tournament_check_in": ("Atom: check-in is open",
                                "Check-in for “{name}” is open: tap to check in"),
        "tournament_round": ("Atom: your next round",
                             "Round {round} of “{name}” has begun: your table waits"),
    },
}
"""A push's title and body, in the language of the browser that subscribed."""
SESSION_GAMES = {"zh-CN": ("一场（打到有人离开）", "{n} 局的一场"),
                 "en": ("a session (until someone leaves)", "a session of {n} games")}
DEFAULT_NAME = {"zh-CN": "{owner}的桌", "en": "{owner}'s table"}
"""A table opened without a name is called after its owner, in the reader's language (as
the client shows it)."""


class PushDesk:
    def __init__(self, store: PushStore, sender: PushSender | None, limits: Limits,
                 spawn: Callable[[Coroutine[Any, Any, None]], Any], *, senders: int = 4,
                 queue: int = 1000, per_account: int = 5) -> None:
        self.store = store
        self.sender = sender
        self.per_account = per_account
        self.outbox = None if sender is None else PushOutbox(
            sender, senders, queue, lambda sub: store.drop_subscription(sub.endpoint))
        self._key: str | None = None
        self._key_made = asyncio.Lock()  # (the first pushes at once ask the store once)
        self._invites = limits.limiter("push-invite", 1, 3600)
        self._filling = limits.limiter("push-filling", 1, FILLING_EVERY)
        self._club_filling = limits.limiter("push-club-filling", 1, CLUB_EVERY)
        self._club_session = limits.limiter("push-club-session", 1, CLUB_EVERY)
        self._subscribing = limits.limiter("push-subscribe", *SUBSCRIBING)
        self._to = {kind: limits.limiter(f"push-to-{kind}", n, window)
                    for kind, (n, window) in PER_RECIPIENT.items()}
        self._spawn = spawn

    @property
    def enabled(self) -> bool:
        return self.sender is not None

    async def private_key(self) -> str:
        """The hall's VAPID key: made by the first node to need it, then the store's."""
        if self.sender is None:
            raise HallError(Code.FORBIDDEN, "this hall sends no pushes")
        if self._key is None:
            async with self._key_made:
                if self._key is None:
                    self._key = await self.store.hall_key("vapid", self.sender.new_key)
        return self._key

    async def public_key(self) -> str:
        assert self.sender is not None
        return self.sender.public_key(await self.private_key())

    async def subscribe(self, account_id: int, endpoint: str, p256dh: str, auth: str,
                        kinds: Sequence[str], lang: str, login: str | None = None) -> None:
        """This browser's subscription for ``account_id``, made in ``login`` (an endpoint
        moves with its browser: subscribing it again replaces its keys, kinds and owner;
        beyond :attr:`per_account` browsers the one subscribed longest ago is forgotten)."""
        await self.private_key()  # (a hall that sends none refuses)
        if not await self._subscribing.check(str(account_id)):
            raise HallError(Code.RATE_LIMITED, "too many push subscriptions made of late; "
                            "try again in a while")
        await self.store.save_subscription(PushSubscription(
            account_id, endpoint, p256dh, auth, tuple(k for k in KINDS if k in kinds),
            lang if lang in LANGS else LANGS[0]), login, self.per_account)

    async def unsubscribe(self, account_id: int, endpoint: str) -> bool:
        return await self.store.drop_subscription(endpoint, account_id)

    async def logged_out(self, login: str) -> None:
        """A login ended: the browsers subscribed in it take no more of its pushes."""
        await self.store.drop_login_subscriptions(login)

    async def close(self) -> None:
        if self.outbox is not None:
            await self.outbox.close()
        if self.sender is not None:
            await self.sender.close()

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

    def your_turn(self, account_id: int, table_id: int, name: TableName) -> None:
        """The player's turn at a table no tab of his shows (the table decides when)."""
        self.notify([account_id], "turn", "turn", {"name": name, "table": table_id},
                    f"/#/table/{table_id}", f"table-{table_id}")

    def table_filling(self, table_id: int, name: TableName,
                      account_ids: Sequence[int]) -> None:
        """A private table with one seat left, to the friends invited and the players
        who came in by its code or link and are not seated."""
        self.notify_later(self._filling_to(table_id, name, list(account_ids)))

    def club_table_filling(self, club_id: int, table_id: int, name: TableName,
                           seated: Sequence[int]) -> None:
        """A club's table with one seat left, to its members not seated (once per club
        in :data:`CLUB_EVERY`, whichever of its tables fills)."""
        async def members() -> None:
            if await self._club_filling.check(str(club_id)):
                await self._filling_to(table_id, name, await self._members(club_id, seated))
        self.notify_later(members())

    def club_session(self, club_id: int, table_id: int, name: TableName, games: int,
                     seated: Sequence[int]) -> None:
        """A session opened at a club's table, to its members not seated (once per club
        in :data:`CLUB_EVERY`)."""
        async def members() -> None:
            if not await self._club_session.check(str(club_id)):
                return
            club = await self.store.club(club_id)
            if club is None:
                return
            params = {"club": club.name, "name": name, "games": games}
            await self._deliver(await self._members(club_id, seated), "club_session",
                                "club_session", params, f"/#/table/{table_id}",
                                f"table-{table_id}")
        self.notify_later(members())

    def notify_later(self, job: Coroutine[Any, Any, None]) -> None:
        """Run ``job`` in the background when this hall sends pushes (else drop it)."""
        if self.sender is None:
            job.close()
        else:
            self._spawn(self._guarded(job))

    async def _members(self, club_id: int, seated: Sequence[int]) -> list[int]:
        """The club's members (let in, not banned) who are not seated at its table."""
        return [m.account_id for m in await self.store.club_members(club_id)
                if m.standing == "member" and m.account_id not in seated]

    async def _filling_to(self, table_id: int, name: TableName, account_ids: list[int]) -> None:
        if account_ids and await self._filling.check(str(table_id)):
            await self._deliver(account_ids, "table_filling", "table_filling",
                                {"name": name, "table": table_id}, f"/#/table/{table_id}",
                                f"table-{table_id}")

    @staticmethod
    async def _guarded(job: Coroutine[Any, Any, None]) -> None:
        try:
            await job
        except asyncio.CancelledError:
            raise
        except Exception:  # a push is a nudge: it never breaks what caused it
            log.exception("a push failed")

    async def _deliver(self, account_ids: list[int], kind: str, words: str,
                       params: dict[str, Any], url: str, topic: str) -> None:
        assert self.outbox is not None
        try:
            limiter = self._to.get(kind)
            wanted = [a for a in account_ids
                      if limiter is None or await limiter.check(str(a))]
            if not wanted:
                return
            key = await self.private_key()
            for sub in await self.store.subscriptions_of(wanted):
                if kind not in sub.kinds:
                    continue
                title, body = WORDS[sub.lang][words]
                said = _in_words(params, sub.lang)
                push = Push({"kind": kind, "title": title.format(**said),
                             "body": body.format(**said), "url": url, "tag": topic},
                            TTL[kind], topic, URGENCY.get(kind, "normal"))
                self.outbox.offer(sub, push, key)
        except asyncio.CancelledError:
            raise
        except Exception:  # a push is a nudge: it never breaks what caused it
            log.exception("push %s to %s failed", kind, account_ids)


def _in_words(params: dict[str, Any], lang: str) -> dict[str, Any]:
    """The parameters as a sentence of ``lang`` says them: a table's name (its owner's
    table when it was given none), a session's length."""
    said = dict(params)
    name = said.get("name")
    if isinstance(name, TableName):
        said["name"] = (name.text if name.owner is None
                        else DEFAULT_NAME[lang].format(owner=name.owner))
    games = said.get("games")
    if games is not None:
        until_left, of_n = SESSION_GAMES[lang]
        said["games"] = until_left if games == 0 else of_n.format(n=games)
    return said
