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

The table's door (:func:`~yuanzi.hall.runtime.pubsub.door_topic`) says who is out: a
:class:`~yuanzi.hall.events.LeftTable` for an account (removed, kicked, blocked, sent
away, stood up) or for everyone (the table closed). The table publishes it before its
next frame, and a table's frames keep their order on every node (one publisher per
table, one Redis connection per node), so an ear that hears the door close stops before
anything later reaches its client — on every connection of that account, on every node.

A door message that comes while the ear still waits for the table's answer may be older
or newer than that answer (the table may have answered, then shut him out, before the
answer reached this connection): the ear is then *contested*, drops what it held, and the
connection asks the table again (:meth:`~yuanzi.server.ws.Connection.ask`).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import random
from collections.abc import Iterator
from typing import Any, Protocol

from yuanzi.hall.core.hall import Hall
from yuanzi.hall.errors import Code, HallError
from yuanzi.hall.events import LeftTable, TableClosed
from yuanzi.hall.runtime.pubsub import Broker, Envelope, door_topic, table_topic, watch_topic
from yuanzi.hall.table import commands
from yuanzi.hall.table.commands import Sender
from yuanzi.hall.table.frames import FullView

log = logging.getLogger(__name__)

HOLD_LIMIT = 1000
"""Frames held at most while the table answers (a request waits milliseconds: this is a
bound on memory, not a queue the hall relies on). Beyond it the newest are dropped; the
client places what follows by its versions and resyncs (docs/protocol.md)."""


ASK_AGAIN = 3
"""How often a table is asked again when its door spoke while its answer was awaited."""
RECHECK_SPREAD = 1.0
"""Seconds over which the connections of a node ask their tables again after Redis was
away (:meth:`TablesHeard.recheck_soon`)."""
NOT_THERE = (Code.NO_SUCH_TABLE, Code.PRIVATE_TABLE, Code.ROUND_IN_PLAY)
"""Refusals after which a connection hears the table no more, whatever it heard before."""


class Listener(Protocol):
    """Whom an ear hears for."""

    @property
    def account_id(self) -> int: ...
    def deliver(self, envelope: Envelope) -> None: ...
    def shut(self, ear: TableEar, news: Envelope | None) -> None:
        """The table's door closed this ear; ``news``: the ``left_table`` frame for the
        client (None when the table closed: its ``table_closed`` said it already)."""


class Client(Protocol):
    """The connection whose tables these are."""

    who: Sender
    closing: int | None

    @property
    def account_id(self) -> int: ...
    def deliver(self, envelope: Envelope) -> None: ...


class TableEar:
    """One connection's hearing of one table: its table topic, its spectators' topic
    while it watches, and its door."""

    __slots__ = ("_door", "_pass", "admitted", "broker", "closed", "contested", "held",
                 "listener", "lost", "shut_by", "table_id", "watching")

    def __init__(self, listener: Listener, broker: Broker, table_id: int,
                 admitted: bool = False) -> None:
        self.listener = listener
        self._pass = listener.deliver
        """Where an admitted frame goes: bound once (every frame takes this path)."""
        self.broker = broker
        self.table_id = table_id
        self.admitted = admitted
        """The table let this connection in: frames pass. Until then they are held."""
        self.watching = False
        self.closed = False
        self.held: list[Envelope] = []
        self.lost = 0
        """Frames dropped beyond :data:`HOLD_LIMIT` while the table answered."""
        self.contested: Envelope | None = None
        """The door message that came while the table's answer was awaited (None: none)."""
        self.shut_by: Envelope | None = None
        """The door message that closed this ear (None: it was not the door)."""
        self._door = _Door(self)
        broker.subscribe(door_topic(table_id), self._door)  # the door first: it rules
        broker.subscribe(table_topic(table_id), self)

    @property
    def hears(self) -> bool:
        """Frames of the table reach the client now."""
        return self.admitted and not self.closed

    def topics(self) -> list[str]:
        topics = [table_topic(self.table_id)]
        if self.watching:
            topics.append(watch_topic(self.table_id))
        return topics

    # -- Subscriber ------------------------------------------------------------------------

    def deliver(self, envelope: Envelope) -> None:
        if self.admitted:
            self._pass(envelope)
        elif self.closed:
            return
        elif len(self.held) < HOLD_LIMIT:
            self.held.append(envelope)
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
        for envelope in held:
            self.listener.deliver(envelope)

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

    def door(self, news: Envelope) -> None:
        """The table's word that an account is out (or everyone: it closed): the account
        is said beside the frame (:class:`~yuanzi.hall.runtime.pubsub.Envelope`)."""
        account = news.account
        if account is not None and account != self.listener.account_id:
            return
        if not self.admitted and not self.closed:  # before or after the answer? ask again
            self.contested = news
            self.held = []
            return
        told = self.admitted and account is not None  # a knocker learns nothing
        self.shut_by = news
        self.close()
        self.listener.shut(self, news if told else None)


class _Door:
    """The ear's subscriber to the table's door (a topic of its own: never a frame)."""

    __slots__ = ("ear",)

    def __init__(self, ear: TableEar) -> None:
        self.ear = ear

    def deliver(self, envelope: Envelope) -> None:
        self.ear.door(envelope)


class TablesHeard:
    """The tables one connection hears, or asks to: an ear each (the connection's only
    way to a table's topics)."""

    def __init__(self, client: Client, hall: Hall, broker: Broker) -> None:
        self.client = client
        self.hall = hall
        self.broker = broker
        self.deliver = client.deliver
        """The ears hand their frames straight to the connection."""
        self._ears: dict[int, TableEar] = {}
        self._rechecking: asyncio.Task[None] | None = None

    # -- Listener (for the ears) -------------------------------------------------------------

    @property
    def account_id(self) -> int:
        return self.client.account_id

    def shut(self, ear: TableEar, news: Envelope | None) -> None:
        """The table said this account is out (or it closed): its ear is closed."""
        if self._ears.get(ear.table_id) is ear:
            del self._ears[ear.table_id]
        if news is not None:
            self.client.deliver(news)

    # -- what is heard -----------------------------------------------------------------------

    def ear(self, table_id: int) -> TableEar | None:
        return self._ears.get(table_id)

    def watching(self) -> set[int]:
        return {t for t, ear in self._ears.items() if ear.watching}

    def topics(self) -> set[str]:
        return {t for ear in self._ears.values() for t in ear.topics()}

    def describe(self) -> list[str]:
        """The topics heard, and the tables it waits to be let into (an operator's dump)."""
        tables = sorted(self.topics())
        asking = sorted(t for t, ear in self._ears.items() if not ear.admitted)
        if asking:
            tables.append(f"asking {asking}")
        return tables

    def hear_seat(self, table_id: int) -> None:
        """A view of the player's own seat came: he is let in (he sits there)."""
        if table_id not in self._ears:
            self._ears[table_id] = TableEar(self, self.broker, table_id, admitted=True)

    def stop(self, table_id: int) -> None:
        ear = self._ears.pop(table_id, None)
        if ear is not None:
            ear.close()

    def stop_all(self) -> None:
        for table_id in list(self._ears):
            self.stop(table_id)
        if self._rechecking is not None:
            self._rechecking.cancel()

    # -- asking a table ----------------------------------------------------------------------

    @contextlib.contextmanager
    def hearing(self, table_id: int, watch: bool = False) -> Iterator[TableEar]:
        """Take the table's topics before asking it, so that no frame slips between its
        answer and them, and hold what they bring until it answers: let in, the held
        frames go on; refused, they are dropped and a refused client hears nothing of
        the table — nor, once refused as one who may not be there (a private table he
        is not admitted to, a closed table), what it heard before."""
        ear = self._ears.get(table_id)
        new = ear is None
        if ear is None:
            ear = self._ears[table_id] = TableEar(self, self.broker, table_id)
        was_watching = ear.watching
        if watch:
            ear.watch()
        try:
            yield ear
        except BaseException as e:
            if new or (isinstance(e, HallError) and e.code in NOT_THERE):
                self.stop(table_id)
            elif watch and not was_watching:
                ear.unwatch()
            raise
        if ear.contested is None:  # (contested: :meth:`ask` asks again)
            ear.admit()

    async def ask(self, table_id: int, watch: bool,
                  command: commands.Command) -> tuple[Any, FullView | None, TableEar]:
        """Send ``command`` with the table's topics held (:meth:`hearing`): its reply,
        and the ear. If the table's door spoke of this account while the reply was on its
        way, which came first is not known (the table may have let him in, then shut him
        out, before the reply arrived — or the reverse), so the table is asked again by a
        resync, whose view is returned too — a few times at most, then he hears nothing."""
        with self.hearing(table_id, watch) as ear:
            reply = await self.hall.send(command)
        fresh = None
        for _ in range(ASK_AGAIN):
            news = ear.contested or ear.shut_by  # (an ear shut meanwhile: this request's)
            if news is None:
                return reply, fresh, ear
            told = ear.contested is None  # an admitted ear told its client already
            ear.contested = None
            try:
                with self.hearing(table_id, watch or ear.watching) as ear:
                    again: commands.Resynced = await self.hall.send(
                        commands.Resync(self.client.who, table_id))
            except HallError:
                if not told:
                    self._tell_out(table_id, news)
                raise
            fresh = again.view
            if not again.watching:
                ear.unwatch()
        if not ear.hears:
            self.stop(table_id)
        return reply, fresh, ear

    def _tell_out(self, table_id: int, news: Envelope) -> None:
        """The client hears why a table he asked for is not his to hear (the door's
        word: he is out, or it closed)."""
        if news.account is not None:
            self.client.deliver(news)
        else:
            self.client.deliver(TableClosed(table=table_id).envelope())

    def recheck_soon(self) -> None:
        """Redis was away: a door message may have been lost meanwhile, so a moment later
        (spread over a second, not all connections at once) each table this connection
        hears is asked again whether it may (:meth:`_recheck`)."""
        if self._ears and self.client.closing is None and (
                self._rechecking is None or self._rechecking.done()):
            self._rechecking = asyncio.get_running_loop().create_task(self._recheck())

    async def _recheck(self) -> None:
        await asyncio.sleep(random.uniform(0, RECHECK_SPREAD))
        for table_id, ear in list(self._ears.items()):
            if not ear.admitted or self._ears.get(table_id) is not ear:
                continue
            try:
                r: commands.Resynced = await self.hall.send(commands.Resync(self.client.who,
                                                                           table_id))
            except HallError as e:
                if e.code in NOT_THERE and self._ears.get(table_id) is ear:
                    self.stop(table_id)
                    self.client.deliver(LeftTable(
                        table=table_id, account=self.account_id, reason="removed",
                        message="you are no longer at this table").envelope(
                            account=self.account_id))
                continue
            if not r.watching:
                ear.unwatch()
