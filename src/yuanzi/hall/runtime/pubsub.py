"""The publish/subscribe seam every broadcast goes through.

Topics: ``lobby`` (table summaries, one frame per table), ``lobby_changes`` (the same,
gathered into one frame an interval: :mod:`yuanzi.hall.lobby.board`), ``table:{id}``
(everyone at a table, seated or watching: public events), ``watch:{id}`` (spectators
only: public snapshots) and ``account:{id}`` (one player's private frames: his hand, his
seat's snapshot), ``door:{id}`` (a table's word that an account is out of it, or that
it closed: the connections that hear the table stop hearing it at once, issue 27) and
``session:{id}`` (the end of an account's sessions: a connection delivers it, then
closes — a typed signal, not a frame to sniff). A message is published as an
:class:`Envelope`: its text encoded once by the publisher, and beside it what the hall's
own layers need to know of it (its kind, its table, the account it is by or about), so
that no layer reads another's JSON by its first characters. :class:`LocalBroker` is the
one-process hall's; :class:`yuanzi.cluster.redis_broker.RedisBroker` (``REDIS_URL``)
carries the same topics between the nodes of a hall, without touching the tables,
because a table never addresses a connection, only a topic.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol


@dataclass(frozen=True, slots=True)
class Envelope:
    """One published message (issue 29)."""

    kind: str
    """A frame's ``type`` (``game``, ``played``, ``chat``, ``mutes``…) or a node message's."""
    text: str
    """What a client is sent (or a node reads), encoded once."""
    table: int | None = None
    """The table it is of: a ``game`` or ``played`` frame's."""
    account: int | None = None
    """The account it is by or about: a chat message's author, the one a door shuts out."""


class Subscriber(Protocol):
    def deliver(self, envelope: Envelope) -> None:
        """Take one message; must not block (queue it)."""


class Broker(Protocol):
    def publish(self, topic: str, envelope: Envelope) -> None: ...
    def subscribe(self, topic: str, subscriber: Subscriber) -> None: ...
    def unsubscribe(self, topic: str, subscriber: Subscriber) -> None: ...


class LocalBroker:
    """In-process broker: a dict of topic → subscribers."""

    def __init__(self) -> None:
        self._topics: dict[str, set[Subscriber]] = {}

    def publish(self, topic: str, envelope: Envelope) -> None:
        subs = self._topics.get(topic)
        if subs:
            for sub in tuple(subs):
                sub.deliver(envelope)

    def subscribe(self, topic: str, subscriber: Subscriber) -> None:
        self._topics.setdefault(topic, set()).add(subscriber)

    def unsubscribe(self, topic: str, subscriber: Subscriber) -> None:
        subs = self._topics.get(topic)
        if subs is not None:
            subs.discard(subscriber)
            if not subs:
                del self._topics[topic]

    def subscribers(self, topic: str) -> int:
        return len(self._topics.get(topic, ()))

    def topics(self) -> list[str]:
        """The topics that have a subscriber now."""
        return list(self._topics)


def lobby_topic() -> str:
    return "lobby"


def lobby_changes_topic() -> str:
    return "lobby_changes"


def table_topic(table_id: int) -> str:
    return f"table:{table_id}"


def watch_topic(table_id: int) -> str:
    return f"watch:{table_id}"


def door_topic(table_id: int) -> str:
    """The table's door (:class:`~yuanzi.hall.events.LeftTable`): heard by every
    connection that hears the table or asks to, never sent on to a client as it is."""
    return f"door:{table_id}"


def account_topic(account_id: int) -> str:
    return f"account:{account_id}"


def session_topic(account_id: int) -> str:
    return f"session:{account_id}"


def login_topic(token_digest: str) -> str:
    """One login session's topic (by its token's digest): its connections close when it
    logs out, on whichever node they are; the account's other sessions stay."""
    return f"login:{token_digest[:32]}"
