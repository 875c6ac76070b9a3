"""One client's connection: its outbox and back-pressure, the topics it hears, the
resync gate, its messages read one at a time and run (:mod:`.dispatch`)."""

from __future__ import annotations

import asyncio
import itertools
import logging
import secrets
import time
from collections.abc import Callable
from typing import Any

import orjson
from fastapi import WebSocket

from yuanzi.hall.core.hall import Hall
from yuanzi.hall.errors import Code, HallError
from yuanzi.hall.events import Error, Frame, Welcome
from yuanzi.hall.models import Account
from yuanzi.hall.ok_frames import ok_envelope
from yuanzi.hall.people_frames import MutesFrame
from yuanzi.hall.runtime.mailbox import Mailbox
from yuanzi.hall.runtime.pubsub import (
    Envelope,
    account_topic,
    session_topic,
)
from yuanzi.hall.runtime.ratelimit import Bucket
from yuanzi.hall.table import commands
from yuanzi.hall.table.commands import Sender
from yuanzi.server import protocol as p
from yuanzi.server.hearing import TablesHeard
from yuanzi.server.resync_gate import ResyncGate
from yuanzi.server.services import Services
from yuanzi.server.table_protocol import Play
from yuanzi.server.views import account_view
from yuanzi.server.ws.closing import CLOSE_POLICY, CLOSE_TOO_SLOW, SessionEnd
from yuanzi.server.ws.dispatch import AtOnceAnswer, dispatch
from yuanzi.server.ws.lobby_hearing import LobbyHearing
from yuanzi.server.ws.tab_view import TabView
from yuanzi.server.ws.table_home import node_hint, taken_up
from yuanzi.server.ws_direct import write_now_of
from yuanzi.server.ws_reader import reader_of

log = logging.getLogger(__name__)


CORK_LIMIT = 16
"""Frames held for one ``play`` at most (it makes a few): beyond, they are written."""


class Connection(LobbyHearing):
    """One client: its account, its subscriptions, its outbox and its flood control."""

    _ids = itertools.count(1)

    def __init__(self, ws: WebSocket, account: Account, services: Services,
                 login: str = "") -> None:
        self.ws = ws
        self.login = login
        """This connection's login session's topic (:func:`login_topic`)."""
        self.account = account
        self.services = services
        self.hall: Hall = services.hall
        settings = services.settings
        self.outbox: Mailbox[str | None] = Mailbox()
        """Frames waiting for the socket (None: close after them)."""
        self.outbox_limit = settings.ws_outbox_limit
        self.queued_bytes = 0
        """What waits in the outbox, in characters (the frames are mostly ASCII)."""
        self.sending_since: float | None = None
        """When the frame being written started to wait for the socket (None: idle)."""
        self.sender_task: asyncio.Task[None] | None = None
        self.write_now: Callable[..., bool] | None = write_now_of(ws.scope)
        """Writes frames at once when the socket takes them (:mod:`..ws_direct`), or None."""
        self.read = reader_of(ws)
        """The client's next message (:mod:`..ws_reader`)."""
        self.corked: list[str] | None = None
        """Frames held while this connection's own ``play`` runs (:meth:`uncork`)."""
        self.own_topics: set[str] = set()
        """The account's and the lobby's topics (a table's are its ear's)."""
        self.last_seq = -1
        self.bucket = Bucket(settings.ws_messages_per_second, settings.ws_burst)
        self.violations = 0
        self.closing: int | None = None
        self.address = ws.client.host if ws.client else None
        self.id = next(self._ids)
        self.uid = secrets.randbits(53)
        """This connection's name in the commands it sends, unique across the nodes (a
        table counts who watches by connection)."""
        self.who = Sender.of(account, self.address, self.uid)
        """Who this connection's commands come from (the table decides what he may do)."""
        self.muted: set[int] = set()
        """Players whose chat this account does not see (loaded at the start)."""
        self.socket_name = (str(self.id) if services.sockets is None
                            else services.sockets.member(self.id))
        """This socket's name in the hall's count of an account's sockets."""
        self._session_end = SessionEnd(self)
        self.started = "greeted"
        """How :meth:`start` went with the player's table (an operator's dump)."""
        self.gate = ResyncGate(self._tables_here)
        """Holds back ``played`` frames after Redis came back, until a snapshot."""
        self.tables = TablesHeard(self, self.hall, services.broker)
        """The tables this connection hears, or asks to (:mod:`.hearing`)."""
        self.tab_view = TabView(self.hall, self.who)  # (the ``view`` message, issue 47)

    @property
    def account_id(self) -> int:
        return self.account.id

    @property
    def watching(self) -> set[int]:
        """The tables this connection watches."""
        return self.tables.watching()

    @property
    def topics(self) -> set[str]:
        """Every topic this connection hears."""
        return self.own_topics | self.tables.topics()

    def _tables_here(self) -> set[int]:
        seated = self.hall.seat_of(self.account.id)
        return self.watching | ({seated} if seated is not None and seated > 0 else set())

    def describe(self) -> str:
        """One line for an operator's dump (``kill -USR1``): whose, what it hears, how far
        behind it is."""
        since = self.sending_since
        sending = "idle" if since is None else f"writing for {time.monotonic() - since:.1f} s"
        tables = self.tables.describe()
        return (f"conn {self.socket_name}: account {self.account.id}, {tables}, "
                f"outbox {len(self.outbox)} ({self.queued_bytes} B), {sending}, "
                f"closing {self.closing}, {self.started}")

    # -- Subscriber ------------------------------------------------------------------------

    def deliver(self, envelope: Envelope) -> None:
        if self.closing is not None or not self.gate.admits(envelope):
            return
        kind = envelope.kind
        if kind == "chat":
            if envelope.account in self.muted:
                return  # a muted player's message gets nothing through (issue 15)
        elif kind == "mutes":  # muted or unmuted on another of his connections
            self.muted = set(orjson.loads(envelope.text)["accounts"])
        elif kind == "game" and envelope.table is not None:
            self._hear_table_of(envelope.table)
            self.tab_view.heard(envelope.table)
        text = envelope.text
        corked = self.corked
        if corked is not None:  # its own play runs: held, written with the ok
            corked.append(text)
            if len(corked) >= CORK_LIMIT:
                self.uncork()
                self.corked = []
            return
        write_now = self.write_now  # nothing waits: straight to the socket, in order
        if not (write_now is not None and not self.outbox and self.sending_since is None
                and write_now(text)):
            self._queue(text)

    def _queue(self, text: str) -> bool:
        """Put a frame in the outbox; False: the client was too far behind, and dropped."""
        if self._too_far_behind(len(text)):
            self.drop_slow()
            return False
        self.queued_bytes += len(text)
        self.outbox.put(text)
        return True

    def answer_at_once(self, seq: int) -> AtOnceAnswer:
        """Its ``ok`` to a message, sent in the table's turn (:mod:`.dispatch`)."""
        return AtOnceAnswer(self, seq)

    def uncork(self) -> None:
        """Write what the cork held (the ``ok`` last) in one write, or queue it in order
        (the socket is paused; or the connection closed meanwhile: then it is dropped)."""
        held, self.corked = self.corked, None
        if not held or self.closing is not None:
            return
        assert self.write_now is not None
        if not self.write_now(*held):
            for text in held:
                if not self._queue(text):
                    return

    def _hear_table_of(self, table_id: int) -> None:
        """A seat's full view reached a connection that does not hear its table: it came
        while the table was between nodes, and the table's new node sends everyone at it
        his view afresh on his account's topic. It takes the table's topic now, or the
        game's next frames would never reach it (seen once in a kill -9 takeover)."""
        # his seat as this node knows it; none yet when the old node was forgotten before
        # the new one's news came (the view itself says he sits there, so he is admitted)
        if self.hall.seat_of(self.account.id) in (table_id, None):
            self.tables.hear_seat(table_id)

    def _too_far_behind(self, more: int) -> bool:
        """A client that does not read costs at most so much: ``ws_max_behind_bytes``
        waiting here, or a frame stuck ``ws_max_behind_seconds`` at the socket (issue 14:
        the kernel's buffers hid a reader that stopped for ~40 s)."""
        settings = self.services.settings
        if len(self.outbox) >= self.outbox_limit:
            return True
        if self.queued_bytes + more > settings.ws_max_behind_bytes:
            return True
        stuck = self.sending_since
        return stuck is not None and (time.monotonic() - stuck
                                      > settings.ws_max_behind_seconds)

    def drop_slow(self) -> None:
        """Close a client too far behind: nothing more is queued for it, and a write
        stuck on its full socket is abandoned."""
        self.services.slow_dropped += 1
        self.close(CLOSE_TOO_SLOW)
        if self.sending_since is not None and self.sender_task is not None:
            self.sender_task.cancel()

    def send(self, frame: Frame) -> None:
        self.deliver(frame.envelope())

    def close(self, code: int, last: str | None = None, keep: bool = False) -> None:
        """Close with ``code`` after ``last`` (if given); what waits is dropped unless
        ``keep`` (a client closed for its own flood still reads the errors it caused)."""
        if self.closing is None:
            self.closing = code
            if not keep:
                self.outbox.take_all()
                self.queued_bytes = 0
            if last is not None and self.outbox_limit != 1:
                self.outbox.put(last)
            self.outbox.put(None)

    def subscribe(self, topic: str) -> None:
        if topic not in self.own_topics:
            self.own_topics.add(topic)
            self.services.broker.subscribe(topic, self)

    def unsubscribe(self, topic: str) -> None:
        if topic in self.own_topics:
            self.own_topics.discard(topic)
            self.services.broker.unsubscribe(topic, self)

    # -- running ---------------------------------------------------------------------------

    async def sender(self) -> None:
        while True:
            text = await self.outbox.get()
            if text is None:
                await self.ws.close(self.closing or 1000)
                return
            self.queued_bytes -= len(text)
            self.sending_since = time.monotonic()
            await self.ws.send_text(text)
            self.sending_since = None

    async def receiver(self) -> None:
        settings = self.services.settings
        while self.closing is None:
            text = await self.read()
            if not isinstance(text, str):
                self._violation(None, Code.MALFORMED, "a message is JSON text, not binary")
                continue
            if len(text) > settings.ws_max_message_bytes:
                self._violation(None, Code.MALFORMED,
                                f"a message has at most {settings.ws_max_message_bytes} bytes")
                continue
            if not self.bucket.take():
                self._violation(None, Code.RATE_LIMITED, "too many messages; slow down")
                continue
            try:
                msg = p.parse_message(text)
            except p.BadMessage as e:
                self._violation(e.seq, e.code, e.message)
                continue
            if msg.seq <= self.last_seq:
                self.send(Error(seq=msg.seq, code=Code.DUPLICATE_SEQ,
                                message=f"seq {msg.seq} is not above {self.last_seq}; "
                                        "a repeated message is ignored"))
                continue
            self.last_seq = msg.seq
            if (isinstance(msg, Play) and self.write_now is not None and not self.outbox
                    and self.sending_since is None):
                # the table's frame of his play and his ok go in one write, in the
                # table's turn: a system call fewer for every action (issue 30)
                self.corked = []
                try:
                    await self.answer(msg)
                finally:
                    self.uncork()
            else:
                await self.answer(msg)

    async def answer(self, msg: p.Message) -> None:
        """Run one message and answer it: its ``ok`` (unless it answered itself) or its
        error."""
        try:
            data = await self.dispatch(msg)
        except HallError as e:
            self.send(Error(seq=msg.seq, code=e.code, message=e.message))
        except Exception:
            log.exception("message %s of %s failed", msg.type, self.account.nickname)
            self.send(Error(seq=msg.seq, code=Code.INTERNAL, message="internal error"))
        else:
            if data is not None:
                self.deliver(ok_envelope(msg.seq, data))

    def _violation(self, seq: int | None, code: Code, message: str) -> None:
        self.violations += 1
        self.send(Error(seq=seq, code=code, message=message))
        if self.violations > self.services.settings.ws_max_violations:
            self.close(CLOSE_POLICY, keep=True, last=Error(
                seq=None, code=code, message=f"closed after {self.violations} refused "
                                             "messages; reconnect and slow down").text())

    async def start(self) -> None:
        """Greet: who you are, and if you sit at a table, where the game stands."""
        self.muted = await self.services.db.store.mutes_of(self.account.id)
        reminders = await self.hall.tournaments.check_ins_waiting(self.account.id)
        table_id = await self.hall.connected(self.account.id, self.address)
        # no wait from here to the table's join: what happened there meanwhile would pass him by
        self.subscribe(account_topic(self.account.id))
        self.services.broker.subscribe(session_topic(self.account.id), self._session_end)
        if self.login:
            self.services.broker.subscribe(self.login, self._session_end)
        self.send(Welcome(account=account_view(self.account), table=table_id))
        if self.muted:  # the client shows whom it mutes
            self.send(MutesFrame(accounts=sorted(self.muted)))
        for reminder in reminders:
            self.send(reminder)
        if table_id is None:
            return
        if not await taken_up(self.hall.router, table_id):  # (its node died: issue 44)
            self.started = f"table {table_id} not open"
            return
        self.started = f"joining table {table_id}"
        try:
            await self.join(table_id, watch=False)
        except HallError as e:
            self.started = f"table {table_id} refused: {e.code.value}"
            raise
        self.started = f"joined table {table_id}"
        self.point_home(table_id)

    def point_home(self, table_id: int) -> None:
        """A hall of several nodes: name the node where the player's table runs, when it
        is another one (the client may reconnect there: its frames then cross no node)."""
        if (hint := node_hint(self.hall.router, table_id)) is not None:
            self.send(hint)

    async def finish(self) -> None:
        if self.services.lobby_feed is not None:
            self.services.lobby_feed.unwatch(self)
        self.services.broker.unsubscribe(session_topic(self.account.id), self._session_end)
        if self.login:
            self.services.broker.unsubscribe(self.login, self._session_end)
        watched = self.watching
        await self.tab_view.closed()
        self.tables.stop_all()
        for topic in list(self.own_topics):
            self.unsubscribe(topic)
        await self.hall.disconnected(self.account.id, watched, self.address, self.uid)

    async def join(self, table_id: int, watch: bool) -> None:
        """Hear a table, then send its current frames (they supersede any event that
        slipped in between)."""
        # refused before subscribing if there is no such table
        await self.hall.router.check_open(table_id)
        joined, fresh, ear = await self.tables.ask(table_id, watch,
                                                   commands.Join(self.who, table_id, watch))
        if ear.hears:
            for frame in joined if fresh is None else fresh.frames():
                self.deliver(frame)

    async def resync(self, table_id: int) -> dict[str, Any]:
        """The whole view, and the topics that keep it current. Both topics are taken
        before the table answers (no frame slips between the view and them); the table
        says whether the sender watches, and the spectators' topic goes if he sits."""
        await self.hall.router.check_open(table_id)
        r: commands.Resynced
        r, fresh, ear = await self.tables.ask(table_id, True,
                                              commands.Resync(self.who, table_id))
        if fresh is None and not r.watching:
            ear.unwatch()
        return (r.view if fresh is None else fresh).reply()

    def leave(self, table_id: int) -> None:
        ear = self.tables.ear(table_id)
        if ear is not None and not ear.watching:
            self.tables.stop(table_id)

    async def dispatch(self, msg: p.Message) -> dict[str, Any] | None:
        """Run one message; returns the data of its ``ok`` reply (None: reply sent)."""
        return await dispatch(self, msg)
