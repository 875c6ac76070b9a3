"""The lobby a connection hears: the whole lobby's topics, or the filtered feed of the
tables its client shows (:mod:`yuanzi.server.lobby_feed`), one of them at a time."""

from __future__ import annotations

from typing import Any

from yuanzi.hall.core.hall import Hall
from yuanzi.hall.lobby.filter import LOBBY_PAGE
from yuanzi.hall.models import Account
from yuanzi.hall.runtime.pubsub import Envelope, lobby_changes_topic, lobby_topic
from yuanzi.server import protocol as p
from yuanzi.server.services import Services


class LobbyHearing:
    """A connection's part that asks for the lobby and hears its changes."""

    services: Services
    hall: Hall
    account: Account
    address: str | None

    def subscribe(self, topic: str) -> None:
        raise NotImplementedError

    def unsubscribe(self, topic: str) -> None:
        raise NotImplementedError

    def deliver(self, envelope: Envelope) -> None:
        raise NotImplementedError

    async def lobby(self, msg: p.LobbyRequest) -> dict[str, Any]:
        """The lobby (asked too often: refused, nothing changed), and its changes: every
        table's, or with a page or a filter only those of the tables this client shows
        (:mod:`.lobby_feed`)."""
        feed = self.services.lobby_feed
        if not msg.subscribe:  # stopping costs nothing: never refused
            self.hear_lobby(None)
        if self.services.lobby is not None:
            await self.services.lobby.check(self.account.id, self.address)
        if msg.paged and feed is not None:
            self.hear_lobby(None)  # the feed tells this client of its tables only
            self.deliver(Envelope("lobby", feed.watch(self, msg.filter, msg.offset,
                                                      msg.limit or LOBBY_PAGE,
                                                      msg.subscribe)))
        else:
            self.hear_lobby(None if not msg.subscribe else
                            lobby_changes_topic() if msg.changes else lobby_topic())
            self.deliver(Envelope("lobby", self.hall.listing.text()))
        return {}

    def hear_lobby(self, topic: str | None) -> None:
        """Of the whole lobby's two topics, hear ``topic`` only (None: neither), and
        leave the filtered feed."""
        for t in (lobby_topic(), lobby_changes_topic()):
            if t == topic:
                self.subscribe(t)
            else:
                self.unsubscribe(t)
        if self.services.lobby_feed is not None:
            self.services.lobby_feed.unwatch(self)
