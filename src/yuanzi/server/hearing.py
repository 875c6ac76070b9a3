"""What a connection hears of a table: nothing until the table admitted it, nothing once
the table said it is out (issue 27: private means private).

A table may run on another node, whose frames reach this one only through the topics
this node subscribed to; so a connection takes a table's topics *before* it asks the
table to let it in, or the frames between the table's answer and the subscription would
be lost. What those topics bring meanwhile is held by the connection's
:class:`TableEar` for that table, not sent on: the table's answer lets it through in
order (admitted — the table's own frames then follow, as they always did) or drops it
(refused). A stranger knocking at a private table thus hears nothing of it, however fast
he knocks.

The table's door (:func:`~yuanzi.hall.pubsub.door_topic`) says who is out: a
:class:`~yuanzi.hall.events.LeftTable` for an account (removed, kicked, blocked, sent
away, stood up) or for everyone (the table closed). The table publishes it before its
next frame, and a table's frames keep their order on every node (one publisher per
table, one Redis connection per node), so an ear that hears the door close stops before
anything later reaches its client — on every connection of that account, on every node.
"""

from __future__ import annotations

import logging
from typing import Protocol

import orjson

from yuanzi.hall.pubsub import Broker, door_topic, table_topic, watch_topic

log = logging.getLogger(__name__)

HOLD_LIMIT = 1000
"""Frames held at most while the table answers (a request waits milliseconds: this is a
bound on memory, not a queue the hall relies on). Beyond it the oldest are dropped; the
client places what follows by its versions and resyncs (docs/protocol.md)."""


class Listener(Protocol):
    """The connection an ear hears for."""

    @property
    def account_id(self) -> int: ...
    def deliver(self, text: str) -> None: ...
    def shut(self, ear: TableEar, news: str | None) -> None:
        """The table's door closed this ear; ``news``: the ``left_table`` frame for the
        client (None when the table closed: its ``table_closed`` said it already)."""


class TableEar:
    """One connection's hearing of one table: its table topic, its spectators' topic
    while it watches, and its door."""

    __slots__ = ("_door", "admitted", "broker", "closed", "held", "listener", "lost",
                 "table_id", "watching")

    def __init__(self, listener: Listener, broker: Broker, table_id: int,
                 admitted: bool = False) -> None:
        self.listener = listener
        self.broker = broker
        self.table_id = table_id
        self.admitted = admitted
        """The table let this connection in: frames pass. Until then they are held."""
        self.watching = False
        self.closed = False
        self.held: list[str] = []
        self.lost = 0
        """Frames dropped beyond :data:`HOLD_LIMIT` while the table answered."""
        self._door = _Door(self)
        broker.subscribe(door_topic(table_id), self._door)  # the door first: it rules
        broker.subscribe(table_topic(table_id), self)

    def topics(self) -> list[str]:
        topics = [table_topic(self.table_id)]
        if self.watching:
            topics.append(watch_topic(self.table_id))
        return topics

    # -- Subscriber ------------------------------------------------------------------------

    def deliver(self, text: str) -> None:
        if self.admitted:
            self.listener.deliver(text)
        elif self.closed:
            return
        elif len(self.held) < HOLD_LIMIT:
            self.held.append(text)
        else:
            self.lost += 1

    # -- the table's answers -----------------------------------------------------------------

    def admit(self) -> None:
        """The table let the connection in: what was held goes on, then everything."""
        if self.closed or self.admitted:
            return
        self.admitted = True
        held, self.held = self.held, []
        if self.lost:
            log.warning("table %s: %d frames were dropped while it answered", self.table_id,
                        self.lost)
        for text in held:
            self.listener.deliver(text)

    def watch(self) -> None:
        if not self.watching and not self.closed:
            self.watching = True
            self.broker.subscribe(watch_topic(self.table_id), self)

    def unwatch(self) -> None:
        if self.watching:
            self.watching = False
            self.broker.unsubscribe(watch_topic(self.table_id), self)

    def close(self) -> None:
        """Hear nothing more of the table; what was held is dropped."""
        if self.closed:
            return
        self.closed = True
        self.held = []
        self.unwatch()
        self.broker.unsubscribe(table_topic(self.table_id), self)
        self.broker.unsubscribe(door_topic(self.table_id), self._door)

    def door(self, text: str) -> None:
        """The table's word that an account is out (or everyone: it closed)."""
        try:
            news = orjson.loads(text)
            account = news["account"]
        except (orjson.JSONDecodeError, KeyError, TypeError):
            log.warning("table %s: a door message that says nothing: %.80s", self.table_id,
                        text)
            return
        if account is not None and account != self.listener.account_id:
            return
        told = self.admitted and account is not None  # a knocker learns nothing
        self.close()
        self.listener.shut(self, text if told else None)


class _Door:
    """The ear's subscriber to the table's door (a topic of its own: never a frame)."""

    __slots__ = ("ear",)

    def __init__(self, ear: TableEar) -> None:
        self.ear = ear

    def deliver(self, text: str) -> None:
        self.ear.door(text)
