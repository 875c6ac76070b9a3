"""The tables running on this node, and the one way into any table of the hall.

A command goes to its table's actor here, or to the node holding the table's lease
(:class:`~.peers.Peers`); a table whose node died is adopted: rebuilt from the store at
its last stored action (:mod:`.restore`), its clock and bots going again, and everyone at
it sent the table afresh.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from typing import Any

from yuanzi.hall.core.peers import Lease, LonePeers, Peers
from yuanzi.hall.core.presence import Presence
from yuanzi.hall.errors import Code, HallError, no_such_table
from yuanzi.hall.models import TableSpec
from yuanzi.hall.ports import CURRENT_FENCE, Fence, Store
from yuanzi.hall.runtime.pubsub import Broker, lobby_topic
from yuanzi.hall.runtime.tasks import TaskSet
from yuanzi.hall.table import commands
from yuanzi.hall.table.actor import TableActor
from yuanzi.hall.table.commands import Command
from yuanzi.hall.table.context import TableContext
from yuanzi.hall.table.inbox import AtOnce, moved_error
from yuanzi.hall.table.restore import missing_first_deal, rebuild_game

log = logging.getLogger(__name__)


class Router:
    """This node's tables by id; commands routed to them, here or on their node."""

    def __init__(self, context: TableContext, store: Store, broker: Broker,
                 presence: Presence) -> None:
        self._context = context
        self._store = store
        self._broker = broker
        self._presence = presence
        self.peers: Peers = LonePeers()
        self.tables: dict[int, TableActor] = {}
        """The tables running here (on a node of several: those whose lease it holds)."""
        self.takeovers = 0
        """Tables this node took over from another (metrics)."""
        self.closing = False
        self._adopting: dict[int, asyncio.Task[bool]] = {}
        self._background = TaskSet()

    # -- running tables --------------------------------------------------------------------

    async def rebuild(self, spec: TableSpec, fence: Fence | None) -> TableActor:
        """Run a stored table here (its writes fenced by ``fence`` on a node of several)."""
        actor = TableActor(spec, self._context, fence)
        for s in spec.seats:
            if s.account is not None:
                self._presence.set_seated(s.account.id, spec.id)
        before = CURRENT_FENCE.set(fence)  # a resumed game may deal its second half
        try:
            if spec.status == "playing" and spec.game_id is not None:
                stored = await self._store.game(spec.game_id)
                if stored is None or stored.status != "playing":  # missing, or settled
                    log.warning("table %s: game %s is %s; table reopened", spec.id,
                                spec.game_id, "missing" if stored is None else stored.status)
                    spec.status, spec.game_id = "open", None
                else:
                    if (first := missing_first_deal(stored)) is not None:
                        await self._store.store_deal(stored.id, first)
                        stored.deals.append(first)
                    await actor.resume(rebuild_game(stored), len(stored.actions),
                                       stored.fairness)
            if actor.game is None:  # an open table: its seats still show armed items (R41)
                await actor.items.load_armed()
                await actor.settlement.load_last_over()
            await actor.session.load()  # its session room goes on (issue 26)
        finally:
            CURRENT_FENCE.reset(before)
        self._run(actor, fence)
        return actor

    async def open(self, spec: TableSpec) -> TableActor:
        """Run a table just stored here, under its new lease, and announce it."""
        lease = await self.peers.claim(spec.id)
        if lease is None:  # pragma: no cover - another node adopted it first (> 10 s)
            raise HallError(Code.TABLE_MOVED, "the table was opened on another node")
        actor = TableActor(spec, self._context, lease.fence)
        self._run(actor, lease.fence)
        await actor.send(commands.Announce(spec.id))
        return actor

    def _run(self, actor: TableActor, fence: Fence | None) -> None:
        self.tables[actor.id] = actor
        if fence is not None:
            self.peers.hold(fence)
        actor.start()

    async def resume(self) -> None:
        """Rebuild every open table from the store whose lease this node takes (all of
        them on a hall of one node; on a node of several, the others run elsewhere)."""
        free = await self.peers.lapsed()
        for spec in await self._store.open_tables():
            if spec.id in free and (lease := await self.peers.claim(spec.id)) is not None:
                await self.rebuild(spec, lease.fence)
        log.info("resumed %d tables", len(self.tables))

    async def adopt(self, table_id: int) -> bool:
        """Take over a table whose lease lapsed (its node died or stopped): rebuilt from
        the store at its last stored action, its clock and bots going again, and every
        client at it sent the table and his view afresh. False: another node holds it;
        ``no_such_table`` if it is closed."""
        if table_id in self.tables:
            return True
        task = self._adopting.get(table_id)
        if task is None:  # one takeover at a time per table, however many ask
            task = asyncio.create_task(self._adopt(table_id))
            self._adopting[table_id] = task
            task.add_done_callback(lambda _: self._adopting.pop(table_id, None))
        return await asyncio.shield(task)

    async def _adopt(self, table_id: int) -> bool:
        if self.closing:
            return False
        lease: Lease | None = await self.peers.claim(table_id)
        if lease is None:
            return False
        specs = await self._store.open_tables(only=table_id)
        if not specs:  # closed meanwhile: nothing to run
            self.peers.let_go(table_id)
            raise HallError(Code.NO_SUCH_TABLE, f"there is no table {table_id}")
        actor = await self.rebuild(specs[0], lease.fence)
        self.takeovers += 1
        log.info("table %s taken over (lease token %s)", table_id,
                 None if lease.fence is None else lease.fence.token)
        await actor.send(commands.Announce(table_id, afresh=True))
        return True

    def closed(self, table_id: int) -> None:
        """The table closed: it runs nowhere now."""
        self.tables.pop(table_id, None)
        self.peers.let_go(table_id)

    def lost(self, table_id: int) -> None:
        """Another node took the table over: forget it here (its actor stopped)."""
        actor = self.tables.pop(table_id, None)
        if actor is not None:
            actor.depose()
        for account_id in self._presence.seated_at(table_id):
            self._presence.set_seated(account_id, None)
        self.peers.let_go(table_id)

    def announce(self, afresh: bool = False) -> None:
        """Every table of this node, once more on the lobby topic (a node that just
        started, or Redis back after a loss, learns the hall's tables from these);
        ``afresh``: frames may have been lost between the nodes, so everyone at each
        table gets the table and his view again (clients resync)."""
        for actor in list(self.tables.values()):
            if actor.closed:
                continue
            if afresh:
                self._background.spawn(self._afresh(actor))
            elif actor.spec.in_lobby:  # (a private or tournament table: never)
                self._broker.publish(lobby_topic(), actor.table_frame())

    async def _afresh(self, actor: TableActor) -> None:
        with contextlib.suppress(HallError):  # closed or moved meanwhile
            await actor.send(commands.Announce(actor.id, afresh=True))

    def describe(self) -> str:
        """Every table of this node, one line each (``kill -USR1``, server/diagnostics)."""
        return "\n".join(actor.describe() for actor in list(self.tables.values()))

    async def stop(self) -> None:
        self.closing = True  # commands from other nodes wait for the tables' next node
        for actor in list(self.tables.values()):
            await actor.stop()
        for task in self._adopting.values():
            task.cancel()
        self._background.cancel()

    # -- routing ---------------------------------------------------------------------------

    def is_open(self, table_id: int) -> bool:
        """Whether the table is open, here or (a node of several) on another node."""
        actor = self.tables.get(table_id)
        return (actor is not None and not actor.closed) or self.peers.knows(table_id)

    async def check_open(self, table_id: int) -> None:
        """Refuse a table that is not open anywhere in the hall (one opened on another
        node a moment ago is not announced yet, but its lease is taken)."""
        if not self.is_open(table_id) and not await self.peers.exists(table_id):
            raise no_such_table(table_id)

    def home_of(self, table_id: int) -> str | None:
        """The proxy's name for the node running the table, when it is another node."""
        return None if table_id in self.tables else self.peers.home(table_id)

    def table(self, table_id: int) -> TableActor:
        """The actor of a table running here."""
        actor = self.tables.get(table_id)
        if actor is None or actor.closed:
            raise no_such_table(table_id)
        return actor

    async def send(self, command: Command, at_once: AtOnce | None = None) -> Any:
        """The one way into a table: put ``command`` in its inbox, await the reply. On a
        node of several, a table running elsewhere gets it from its owner's node.
        ``at_once`` hears the reply in the table's own turn when the table runs here
        (:data:`~yuanzi.hall.table.actor.AtOnce`); else it is never called."""
        if command.table not in self.tables:
            return await self.peers.forward(command)
        try:
            return await self.table(command.table).send(command, at_once)
        except HallError as e:  # its lease was lost under it: nothing was written here
            if e.code != Code.TABLE_MOVED:
                raise
            return await self.peers.forward(command)

    async def run_here(self, command: Command) -> Any:
        """A command forwarded by another node: for a table running here only (else it
        moved on, and the sender looks for its owner again)."""
        actor = self.tables.get(command.table)
        if actor is None or actor.deposed or self.closing:
            raise moved_error(command.table)
        return await actor.send(command)
