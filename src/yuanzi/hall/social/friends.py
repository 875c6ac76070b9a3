"""Friends (issue 15): asked by nickname and accepted, listed with whether each is online
and at which table, invited to one's table; and blocks — a blocked player cannot invite
you, write to you (his chat is muted for you) or sit at your private table.

Notifications go to the accounts' topics (:mod:`yuanzi.hall.runtime.pubsub`), so they reach a
player's connections on whichever node they are.
"""

from __future__ import annotations

import contextlib
import logging
from collections.abc import Awaitable, Callable
from typing import Any, Protocol

from pydantic import BaseModel

from yuanzi.hall.desk_ports import FriendStore
from yuanzi.hall.errors import Code, HallError
from yuanzi.hall.models import Account
from yuanzi.hall.names.nicknames import nickname_key
from yuanzi.hall.people_frames import FriendRequest, FriendsChanged, InvitedFrame, Someone
from yuanzi.hall.runtime.pubsub import Broker, Envelope, account_topic
from yuanzi.hall.runtime.ratelimit import Limits
from yuanzi.hall.services.push import PushDesk
from yuanzi.hall.table import commands
from yuanzi.hall.table.commands import Sender

log = logging.getLogger(__name__)


class FriendView(BaseModel):
    id: int
    nickname: str
    level: int
    title: str
    title_en: str
    online: bool | None = None
    """Friends only: connected somewhere in the hall."""
    table: int | None = None
    """Friends only: the table he sits at."""


class FriendsView(BaseModel):
    friends: list[FriendView]
    incoming: list[FriendView]
    """Who asked to be your friend."""
    outgoing: list[FriendView]
    """Whom you asked."""
    blocked: list[FriendView]


def _view(a: Account, status: bool = False, online: bool = False,
          table: int | None = None) -> FriendView:
    return FriendView(id=a.id, nickname=a.nickname, level=a.level, title=a.title,
                      title_en=a.title_en, online=online if status else None,
                      table=table if status else None)


REACHES = 30
"""Friend requests and invitations one account may send per :data:`REACH_WINDOW`."""
PAIR_REACHES = 3
"""The same to one player (issue 27: 30 to one person reached him 27 times)."""
TARGET_REACHES = 10
"""Friend requests one player is told of (a ``friend_request`` frame) per window, from
everyone: beyond, a request is still made, and he finds it in his list — so a crowd of
throwaway accounts neither floods him nor keeps a real friend's request from him."""
REACH_WINDOW = 600.0


class Whereabouts(Protocol):
    """Where players are: connected (here, or anywhere in the hall) and seated where (the
    hall's presence, as the desk asks it)."""

    def is_connected(self, account_id: int) -> bool: ...
    def connected_here(self, account_id: int) -> bool: ...
    def seat_of(self, account_id: int) -> int | None: ...


class Friends:
    """Given the few ports it uses (issue 29: a desk never holds the whole hall)."""

    def __init__(self, store: FriendStore, broker: Broker, limits: Limits,
                 whereabouts: Whereabouts, is_open: Callable[[int], bool],
                 send: Callable[[commands.Command], Awaitable[Any]],
                 require_account: Callable[[int], Awaitable[object]],
                 tell_mutes: Callable[[int], Awaitable[object]],
                 push: PushDesk | None = None) -> None:
        self.store = store
        self.push = push
        """Web Push (issue 47): a request and an invitation reach a phone too."""
        self.broker = broker
        self.where = whereabouts
        self._is_open = is_open
        self._send = send
        self._require_account = require_account
        self._tell_mutes = tell_mutes
        self._reach = limits.limiter("friend_reach", REACHES, REACH_WINDOW)
        self._pair = limits.limiter("friend_reach_pair", PAIR_REACHES, REACH_WINDOW)
        self._target = limits.limiter("friend_reach_target", TARGET_REACHES, REACH_WINDOW)
        self._circles: dict[int, set[int]] = {}
        """The friends of each account connected on this node (:meth:`here`)."""

    async def _limited(self, me: Account) -> None:
        if not await self._reach.check(str(me.id)):
            raise HallError(Code.RATE_LIMITED, "too many requests and invitations; wait a "
                                               "few minutes")

    async def _reaches(self, me: Account, other: int) -> None:
        """One sender asks or invites one player so often (a refusal that costs him)."""
        if not await self._pair.check(f"{me.id}>{other}"):
            raise HallError(Code.RATE_LIMITED, "you asked this player often enough; wait a "
                                               "few minutes")

    async def links(self, account_id: int) -> FriendsView:
        where = self.where
        got = await self.store.friend_links(account_id)
        return FriendsView(
            friends=[_view(a, True, where.is_connected(a.id), where.seat_of(a.id))
                     for a in got.friends],
            incoming=[_view(a) for a in got.incoming], outgoing=[_view(a) for a in got.outgoing],
            blocked=[_view(a) for a in got.blocked])

    async def request(self, me: Account, nickname: str) -> str:
        """Ask a player by nickname; ``requested`` or ``friends`` (he had asked too). A
        player who blocked you never hears of it (and you are told ``requested``)."""
        await self._limited(me)
        creds = await self.store.credentials(nickname_key(nickname.strip()))
        if creds is None:
            raise HallError(Code.NO_SUCH_ACCOUNT, f"there is no player {nickname.strip()!r}")
        other = creds.account
        if other.id == me.id:
            raise HallError(Code.MALFORMED, "you are your own friend already")
        await self._reaches(me, other.id)
        outcome = await self.store.request_friend(me.id, other.id)
        if outcome == "requested" and await self._target.check(str(other.id)):
            self._tell(other.id, FriendRequest(sender=Someone(id=me.id, nickname=me.nickname))
                       .envelope())
            if self.push is not None:
                self.push.notify([other.id], "friend_request", "friend_request",
                                 {"who": me.nickname}, "/#/friends", f"friend-{me.id}")
        elif outcome == "friends":
            self._relink(me.id, other.id, True)
            self._changed(me.id, other.id)
        return "requested" if outcome == "blocked" else outcome

    async def answer(self, me: Account, asker: int, accept: bool) -> None:
        if not await self.store.answer_friend(me.id, asker, accept):
            raise HallError(Code.NO_SUCH_REQUEST, "this player asked you nothing")
        if accept:
            self._relink(me.id, asker, True)
        self._changed(me.id, asker)

    async def unfriend(self, me: Account, other: int) -> None:
        await self.store.unfriend(me.id, other)
        self._relink(me.id, other, False)
        self._changed(me.id, other)

    async def block(self, me: Account, other: int, on: bool) -> None:
        if other == me.id:
            raise HallError(Code.MALFORMED, "you cannot block yourself")
        await self._require_account(other)
        store = self.store
        await store.set_block(me.id, other, on)
        if on:  # a block ends a friendship
            self._relink(me.id, other, False)
        self._changed(me.id, other)
        if on:  # a block mutes him too, on every connection of mine
            await self._tell_mutes(me.id)
            await self._shut_out(me, other)

    async def _shut_out(self, me: Account, other: int) -> None:
        """Whom the owner of a private table blocks is out of it (issue 27)."""
        table = self.where.seat_of(me.id)
        if table is None or table <= 0 or not self._is_open(table):
            return
        with contextlib.suppress(HallError):  # it closed or moved meanwhile
            await self._send(commands.Block(Sender.of(me), table, other))

    async def invite(self, me: Account, address: str | None, table: int, friend: int) -> None:
        """Invite a friend to the table you sit at: he gets an ``invited`` frame; a
        private table lets him in for a while."""
        await self._limited(me)
        store = self.store
        if not await store.are_friends(me.id, friend):
            raise HallError(Code.NOT_FRIENDS, "invite your friends (ask him first)")
        await self._reaches(me, friend)
        if await store.blocks(friend, me.id):
            return  # he blocked you: he hears nothing
        done: commands.Invited = await self._send(
            commands.Invite(Sender.of(me, address), table, friend))
        self._tell(friend, InvitedFrame(table=table, name=done.name, private=done.private,
                                        sender=Someone(id=me.id, nickname=me.nickname)).envelope())
        if self.push is not None:  # (at most one push per sender and friend an hour)
            await self.push.invited(me.id, friend, me.nickname, table)

    async def here(self, account_id: int, first: bool) -> None:
        """His first connection on this node opened: his friends are kept while he is
        connected here, so that his going needs no read (a closing connection may outlive
        its loop or the store). ``first`` hall-wide: his friends' lists show him online
        now, not at their next look. Best effort, as a list is right at its next load."""
        try:
            friends = set(await self.store.friend_ids(account_id))
        except Exception:  # a store closing at shutdown, say: presence is worth no error
            log.warning("the friends of %s are not told of him", account_id, exc_info=True)
            return
        if not self.where.connected_here(account_id):
            return  # gone again while his friends were read
        self._circles[account_id] = friends
        if first:
            self._changed(*friends)

    def gone(self, account_id: int, last: bool) -> None:
        """His last connection on this node closed; ``last`` hall-wide: his friends see
        him offline now."""
        friends = self._circles.pop(account_id, set())
        if last:
            self._changed(*friends)

    def _relink(self, a: int, b: int, friends: bool) -> None:
        """Keep the circles of accounts connected here right when a friendship starts or
        ends through this node (another node's circles catch up at the next connection)."""
        for one, other in ((a, b), (b, a)):
            circle = self._circles.get(one)
            if circle is not None:
                (circle.add if friends else circle.discard)(other)

    def _changed(self, *accounts: int) -> None:
        for account_id in accounts:
            self._tell(account_id, FriendsChanged().envelope())

    def _tell(self, account_id: int, envelope: Envelope) -> None:
        self.broker.publish(account_topic(account_id), envelope)
