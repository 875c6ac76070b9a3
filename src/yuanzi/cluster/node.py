"""One node of a hall of several: its tables by lease, the others' by forwarding.

:class:`ClusterNode` is the hall's :class:`~yuanzi.hall.core.peers.Peers`. It joins the
pieces of this package:

- **leases** (:mod:`.leases`): the node runs a table only while it holds the table's
  lease, renewed from a thread; a lease lost (taken over after a stall) stops the
  table's actor at once, and the journal refuses any write it had under way;
- **takeover**: every :data:`CLAIM_SECONDS` the node looks for lapsed leases (a dead
  node's tables) and takes what it can, rebuilding each table from the store at its
  last stored action; a node stopping says ``bye`` and the others look at once;
- **forwarding** (:mod:`.forwarding`): a command for a table held elsewhere goes to its
  holder; when the holder does not answer, the node looks again: the same holder gets
  the same call again (it runs a call once), a lapsed lease is taken (the holder died)
  and the command run here, a new holder gets it afresh;
- **the hall-wide lobby, presence and seats** (:mod:`.directory`, :mod:`.gossip`).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import random
from collections.abc import Container
from typing import TYPE_CHECKING, Any

from sqlalchemy import Engine

from yuanzi.cluster.directory import TableDirectory
from yuanzi.cluster.forwarding import CALL_SECONDS, Forwarder, NoAnswer
from yuanzi.cluster.gossip import Gossip
from yuanzi.cluster.leases import Holder, LeaseBook, LeaseKeeper
from yuanzi.cluster.redis_broker import RedisBroker
from yuanzi.hall.core.peers import Lease
from yuanzi.hall.errors import Code, HallError
from yuanzi.hall.events import TableView
from yuanzi.hall.ports import Fence
from yuanzi.hall.table.commands import Command

if TYPE_CHECKING:
    from yuanzi.hall.core.hall import Hall

log = logging.getLogger(__name__)

CLAIM_SECONDS = 2.0
"""How often a node looks for lapsed leases: with 6 s leases, a dead node's tables run
again elsewhere within about 8 s."""
FORWARD_SECONDS = 12.0
"""How long a forwarded command may wait for its table to find an owner (a dead
owner's lease lapses within 6 s, and the next look takes it)."""


class ClusterNode:
    several = True
    """(A node of a hall of several: :attr:`~yuanzi.hall.core.peers.Peers.several`.)"""

    def __init__(self, broker: RedisBroker, engine: Engine, hall: Hall) -> None:
        self.node = broker.node
        self.broker = broker
        self.hall = hall
        self.book = LeaseBook(engine, self.node, hall.settings.lease_seconds)
        self.keeper = LeaseKeeper(self.book, self._lost_in_thread)
        self.directory = TableDirectory(broker)
        self.gossip = Gossip(broker, self.node, self._presence, hall.router.announce,
                             self._wake_claimer, hall.settings.node_name)
        self.forwarder = Forwarder(broker, self.node, hall.router.run_here)
        self._holders: dict[int, Holder] = {}
        """The last known holder of other nodes' tables (dropped when it fails us)."""
        self._loop: asyncio.AbstractEventLoop | None = None
        self._wake = asyncio.Event()
        self._tasks: set[asyncio.Task[Any]] = set()
        self._claimer: asyncio.Task[None] | None = None
        hall.join(self)

    # -- life ------------------------------------------------------------------------------

    async def start(self) -> None:
        """Listen (before the hall resumes: it takes its tables' leases), renew."""
        self._loop = asyncio.get_running_loop()
        self.directory.start()
        self.forwarder.start()
        self.keeper.start()
        self.broker.on_reconnect(self._reconnected)

    def run(self) -> None:
        """After the hall resumed: tell the others, and take over lapsed tables."""
        self.gossip.start()
        self._claimer = asyncio.create_task(self._claim_lapsed(), name="lease-claimer")

    async def quiesce(self) -> None:
        """Take no more tables (before the hall stops its own)."""
        if self._claimer is not None:
            self._claimer.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._claimer
            self._claimer = None

    async def stop(self, release: bool = True) -> None:
        """Stop (after the hall stopped its tables); ``release``: hand them over now."""
        await self.quiesce()
        for task in list(self._tasks):
            task.cancel()
        await asyncio.to_thread(self.keeper.stop, release)
        if release:
            self.gossip.bye()
        await self.gossip.stop()
        await self.forwarder.stop()
        self.directory.stop()

    # -- leases ----------------------------------------------------------------------------

    async def claim(self, table_id: int) -> Lease | None:
        token = await asyncio.to_thread(self.book.acquire, table_id)
        return None if token is None else Lease(Fence(table_id, token))

    async def lapsed(self) -> set[int]:
        return set(await asyncio.to_thread(self.book.lapsed))

    def hold(self, fence: Fence) -> None:
        self._holders.pop(fence.table_id, None)
        self.keeper.hold(fence.table_id, fence.token)

    def let_go(self, table_id: int) -> None:
        self.keeper.drop(table_id)
        self._spawn(asyncio.to_thread(self.keeper.release, table_id))

    def _lost_in_thread(self, table_ids: set[int]) -> None:
        loop = self._loop
        if loop is not None:
            loop.call_soon_threadsafe(self._lost, table_ids)

    def _lost(self, table_ids: set[int]) -> None:
        for table_id in table_ids:
            log.warning("table %s: lease lost to another node; stepping down", table_id)
            self.hall.table_lost(table_id)

    def _reconnected(self) -> None:
        """Redis is back: frames between the nodes may have been lost meanwhile."""
        self.gossip.hello(resync=True)

    def _wake_claimer(self) -> None:
        self._wake.set()

    async def _claim_lapsed(self) -> None:
        while True:
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._wake.wait(), CLAIM_SECONDS)
            self._wake.clear()
            try:
                lapsed = await asyncio.to_thread(self.book.lapsed)
            except Exception:
                log.warning("leases: looking for lapsed tables failed", exc_info=True)
                continue
            random.shuffle(lapsed)  # several nodes looking at once spread the tables
            for table_id in lapsed:
                if table_id in self.hall.router.tables:
                    continue
                try:
                    await self.hall.router.adopt(table_id)
                except HallError:
                    pass  # closed meanwhile
                except Exception:
                    log.exception("table %s: taking it over failed", table_id)

    # -- forwarding ------------------------------------------------------------------------

    async def forward(self, command: Command) -> Any:
        loop = asyncio.get_running_loop()
        deadline = loop.time() + FORWARD_SECONDS
        table_id = command.table
        unanswered: tuple[str, int] | None = None
        """(node, call id) of a call not answered yet: sent again, never anew, to it."""
        while loop.time() < deadline:
            holder = await self._holder(table_id)
            if holder is None:  # never leased: unknown, or being opened right now
                if not self.directory.knows(table_id):
                    raise HallError(Code.NO_SUCH_TABLE, f"there is no table {table_id}")
                await asyncio.sleep(0.2)
                continue
            if holder.node == self.node or not holder.live:
                self._holders.pop(table_id, None)
                if await self.hall.router.adopt(table_id):  # NO_SUCH_TABLE if it closed
                    try:
                        return await self.hall.router.run_here(command)
                    except HallError as e:
                        if e.code != Code.TABLE_MOVED:
                            raise  # (moved: it left again at once; look again)
                await asyncio.sleep(0.1)
                continue
            again = unanswered[1] if unanswered and unanswered[0] == holder.node else None
            try:
                return await self.forwarder.call(holder.node, command,
                                                 min(deadline - loop.time(), CALL_SECONDS),
                                                 again)
            except NoAnswer as e:
                # The same node gets the same call again (it runs it once); a new
                # holder runs it afresh (what the old one did not store is gone).
                unanswered = (holder.node, e.call_id)
                self._holders.pop(table_id, None)
            except HallError as e:
                if e.code != Code.TABLE_MOVED:
                    raise
                self._holders.pop(table_id, None)
                await asyncio.sleep(0.05)
        raise HallError(Code.TABLE_MOVED, f"table {table_id} did not answer; nothing was "
                                          "done: send it again")

    async def _holder(self, table_id: int) -> Holder | None:
        holder = self._holders.get(table_id)
        if holder is None:
            holder = await asyncio.to_thread(self.book.holder, table_id)
            if holder is not None and holder.live and holder.node != self.node:
                self._holders[table_id] = holder
        return holder

    # -- the hall-wide view ----------------------------------------------------------------

    def knows(self, table_id: int) -> bool:
        return self.directory.knows(table_id)

    async def exists(self, table_id: int) -> bool:
        holder = await self._holder(table_id)
        return holder is not None and holder.live

    def home(self, table_id: int) -> str | None:
        holder = self._holders.get(table_id)
        return None if holder is None else self.gossip.name_of(holder.node)

    def tables(self) -> list[TableView]:
        return self.directory.tables()

    def table_texts(self, skip: Container[int]) -> list[str]:
        return self.directory.texts(skip)

    def is_connected(self, account_id: int) -> bool:
        return self.gossip.is_connected(account_id)

    def online(self) -> set[int]:
        return self.gossip.online()

    def address_of(self, account_id: int) -> str | None:
        return self.gossip.address_of(account_id)

    def seat_of(self, account_id: int) -> int | None:
        return self.gossip.seat_of(account_id)

    def presence_changed(self, account_id: int, connected: bool,
                         address: str | None) -> None:
        self.gossip.presence(account_id, address, connected)

    def seat_changed(self, account_id: int, table_id: int | None) -> None:
        self.gossip.seat(account_id, table_id)

    def _presence(self, account_id: int) -> None:
        self._spawn(self.hall.presence_changed(account_id))

    def _spawn(self, work: Any) -> None:
        task = asyncio.get_running_loop().create_task(work)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

