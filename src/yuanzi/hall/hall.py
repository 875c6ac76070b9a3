"""The hall: the lobby's tables, who sits where, who is connected, quick match.

A :class:`Hall` is built by the server at start-up and passed by dependency injection;
nothing here is a module global, so a test can run several halls side by side. On start
it rebuilds every open table from the store (:meth:`Hall.resume`), replaying games in
progress, so a restart after ``kill -9`` carries on where the players left off. It owns
the hall's economy services (:mod:`yuanzi.hall.services`).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Coroutine
from typing import Any

from yuanzi.bots import bot_names
from yuanzi.hall.chat_desk import ChatDesk
from yuanzi.hall.coach_desk import CoachDesk
from yuanzi.hall.economy.items import ItemCode
from yuanzi.hall.economy.matching import quick_match as best_seat
from yuanzi.hall.errors import Code, HallError, no_such_table
from yuanzi.hall.events import TableView
from yuanzi.hall.free_seats import free_tables
from yuanzi.hall.friends import Friends
from yuanzi.hall.lobby_board import LobbyBoard
from yuanzi.hall.models import Account, Seat, TableSpec
from yuanzi.hall.peers import Peers
from yuanzi.hall.ports import (
    CURRENT_FENCE,
    EconomyStore,
    Fence,
    RoomCodeTaken,
    Store,
    TableEconomy,
)
from yuanzi.hall.private_doors import PrivateDoors, new_invite_token, new_room_code
from yuanzi.hall.pubsub import Broker, lobby_topic
from yuanzi.hall.ratelimit import Limits, LocalLimits
from yuanzi.hall.replays import ReplayShelf
from yuanzi.hall.restore import rebuild_game
from yuanzi.hall.services.admin import AdminService
from yuanzi.hall.services.history import History
from yuanzi.hall.services.opening import open_with_items, sign_kind
from yuanzi.hall.services.settlement import TableSettlement
from yuanzi.hall.services.standings import Standings
from yuanzi.hall.services.wallet import WalletService
from yuanzi.hall.settings import Settings
from yuanzi.hall.table import admission, commands, options
from yuanzi.hall.table.actor import TableActor, moved_error
from yuanzi.hall.table.commands import Command, Sender
from yuanzi.hall.thinking import BotPool

log = logging.getLogger(__name__)


class Hall:
    """Implements the actors' :class:`~yuanzi.hall.table.context.TableContext`."""

    def __init__(self, settings: Settings, store: Store, broker: Broker,
                 economy: EconomyStore, limits: Limits | None = None) -> None:
        self.settings = settings
        self.store = store
        self.broker = broker
        self.standings = Standings(settings, economy, limits)
        self.wallet = WalletService(settings, economy, self.standings)
        self.history = History(store)
        shared = limits or LocalLimits()
        self.doors = PrivateDoors(store, shared, settings)
        self.chat = ChatDesk(store, broker, settings, shared, self.send,
                             self.standings.require_account)
        self.friends = Friends(store, broker, shared, self, self.send,
                               self.standings.require_account, self.chat.tell_mutes)
        self.admin = AdminService(economy, self.standings)
        self.replays = ReplayShelf(economy)
        self.coach = CoachDesk(store, broker, settings, shared)
        self.economy: TableEconomy = TableSettlement(settings, economy, self.standings.ladder)
        """The economy as the tables see it."""
        self.bot_pool = BotPool(settings.bot_workers)
        self.lobby_board = LobbyBoard(broker)
        self._lobby_rows: tuple[int, str] | None = None
        self.tables: dict[int, TableActor] = {}
        """The tables running here (on a node of several: those whose lease it holds)."""
        self.peers: Peers | None = None
        """The other nodes of the hall (:mod:`yuanzi.cluster`); None: a one-process hall."""
        self.actions = 0
        """Actions applied and stored on this node (metrics)."""
        self.takeovers = 0
        """Tables this node took over from another (metrics)."""
        self._adopting: dict[int, asyncio.Task[bool]] = {}
        self._background: set[asyncio.Task[None]] = set()
        self.closing = False
        self._seated: dict[int, int] = {}
        self._presence: dict[int, int] = {}
        self._addresses: dict[int, list[str]] = {}
        """Each account's live connections' addresses, latest last (same-IP rule, R40)."""
        names = bot_names()
        self._autoplay = settings.autoplay_bot if settings.autoplay_bot in names else "random"
        if self._autoplay != settings.autoplay_bot:
            log.warning("bot %r is not available; 托管 uses %r", settings.autoplay_bot,
                        self._autoplay)

    # -- TableContext ----------------------------------------------------------------------

    def is_connected(self, account_id: int) -> bool:
        if self._presence.get(account_id, 0) > 0:
            return True
        return self.peers is not None and self.peers.is_connected(account_id)

    def connected_here(self, account_id: int) -> bool:
        """Whether the account has a connection on this node."""
        return self._presence.get(account_id, 0) > 0

    def seat_of(self, account_id: int) -> int | None:
        table_id = self._seated.get(account_id)
        if table_id is None and self.peers is not None:
            return self.peers.seat_of(account_id)
        return table_id

    def set_seated(self, account_id: int, table_id: int | None) -> None:
        if table_id is None:
            self._seated.pop(account_id, None)
        else:
            self._seated[account_id] = table_id
        if self.peers is not None and (table_id is None or table_id > 0):
            self.peers.seat_changed(account_id, table_id)

    def address_of(self, account_id: int) -> str | None:
        address = self._local_address(account_id)
        if address is None and self.peers is not None:
            return self.peers.address_of(account_id)
        return address

    def _local_address(self, account_id: int) -> str | None:
        addresses = self._addresses.get(account_id)
        return addresses[-1] if addresses else None

    def table_closed(self, table_id: int) -> None:
        self.tables.pop(table_id, None)
        if self.peers is not None:
            self.peers.let_go(table_id)

    def table_lost(self, table_id: int) -> None:
        """Another node took the table over: forget it here (its actor stopped)."""
        actor = self.tables.pop(table_id, None)
        if actor is not None:
            actor.depose()
        for account_id, at in list(self._seated.items()):
            if at == table_id:
                self.set_seated(account_id, None)
        if self.peers is not None:
            self.peers.let_go(table_id)

    def autoplay_bot(self) -> str:
        return self._autoplay

    # -- life cycle ------------------------------------------------------------------------

    async def resume(self) -> None:
        """Rebuild every open table from the store; games in progress carry on. On a node
        of several, only the tables whose lease this node takes (the others run on the
        nodes holding theirs)."""
        await self.standings.start()
        free = None if self.peers is None else await self.peers.lapsed()
        for spec in await self.store.open_tables():
            if self.peers is None:
                await self._rebuild(spec, None)
            elif (free is not None and spec.id in free  # not one being opened elsewhere
                  and (fence := await self.peers.claim(spec.id)) is not None):
                await self._rebuild(spec, fence)
        log.info("resumed %d tables", len(self.tables))
        self._spawn(self.chat.forget_old())

    async def _rebuild(self, spec: TableSpec, fence: Fence | None) -> TableActor:
        """Run a stored table here (its writes fenced by ``fence`` on a node of several)."""
        actor = TableActor(spec, self, fence)
        for s in spec.seats:
            if s.account is not None:
                self.set_seated(s.account.id, spec.id)
        before = CURRENT_FENCE.set(fence)  # a resumed game may deal its second half
        try:
            if spec.status == "playing" and spec.game_id is not None:
                stored = await self.store.game(spec.game_id)
                if stored is None or stored.status != "playing":  # missing, or settled
                    log.warning("table %s: game %s is %s; table reopened", spec.id,
                                spec.game_id, "missing" if stored is None else stored.status)
                    spec.status, spec.game_id = "open", None
                else:
                    await actor.resume(rebuild_game(stored), len(stored.actions))
            if actor.game is None:  # an open table: its seats still show armed items (R41)
                await actor.items.load_armed()
                await actor.load_last_over()
        finally:
            CURRENT_FENCE.reset(before)
        self.tables[spec.id] = actor
        if fence is not None and self.peers is not None:
            self.peers.hold(fence)
        actor.start()
        return actor

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
        assert self.peers is not None
        if self.closing:
            return False
        fence = await self.peers.claim(table_id)
        if fence is None:
            return False
        specs = await self.store.open_tables(only=table_id)
        if not specs:  # closed meanwhile: nothing to run
            self.peers.let_go(table_id)
            raise HallError(Code.NO_SUCH_TABLE, f"there is no table {table_id}")
        actor = await self._rebuild(specs[0], fence)
        self.takeovers += 1
        log.info("table %s taken over (lease token %s)", table_id, fence.token)
        await actor.send(commands.Announce(table_id, afresh=True))
        return True

    def announce_tables(self, afresh: bool = False) -> None:
        """Every table of this node, once more on the lobby topic (a node that just
        started, or Redis back after a loss, learns the hall's tables from these);
        ``afresh``: frames may have been lost between the nodes, so everyone at each
        table gets the table and his view again (clients resync)."""
        for actor in list(self.tables.values()):
            if actor.closed:
                continue
            if afresh:
                self._spawn(self._afresh(actor))
            elif not actor.spec.private:  # (never in the lobby)
                self.broker.publish(lobby_topic(), actor.table_frame())

    async def _afresh(self, actor: TableActor) -> None:
        with contextlib.suppress(HallError):  # closed or moved meanwhile
            await actor.send(commands.Announce(actor.id, afresh=True))

    def describe_tables(self) -> str:
        """Every table of this node, one line each (``kill -USR1``, server/diagnostics)."""
        return "\n".join(actor.describe() for actor in list(self.tables.values()))

    def _spawn(self, work: Coroutine[Any, Any, None]) -> None:
        task = asyncio.get_running_loop().create_task(work)
        self._background.add(task)
        task.add_done_callback(self._background.discard)

    async def close(self) -> None:
        self.closing = True  # commands from other nodes wait for the tables' next node
        for actor in list(self.tables.values()):
            await actor.stop()
        for task in [*self._adopting.values(), *self._background]:
            task.cancel()
        self.lobby_board.cancel()
        self.coach.cancel()
        try:  # the workers exit off the loop; a hung one does not hold the shutdown
            await asyncio.wait_for(asyncio.to_thread(self.bot_pool.close), 10)
            await asyncio.wait_for(asyncio.to_thread(self.coach.close), 10)
        except TimeoutError:
            log.warning("the bot or review workers did not stop within 10 s")

    # -- presence --------------------------------------------------------------------------

    def online_count(self) -> int:
        """Players connected anywhere in the hall (the lobby shows it, issue 15)."""
        here = {a for a, n in self._presence.items() if n > 0}
        return len(here if self.peers is None else here | self.peers.online())

    async def connected(self, account_id: int, address: str | None = None) -> int | None:
        """A connection of this account opened; returns the table it sits at."""
        was = self.is_connected(account_id)
        here = self._presence.get(account_id, 0) + 1
        self._presence[account_id] = here
        if address is not None:
            self._addresses.setdefault(account_id, []).append(address)
        if self.peers is not None:
            self.peers.presence_changed(account_id, True, self._local_address(account_id))
        table_id = self.seat_of(account_id)
        if not was:
            await self.presence_changed(account_id)
        if here == 1:
            await self.friends.here(account_id, first=not was)
        return table_id

    async def presence_changed(self, account_id: int) -> None:
        """The account came or went hall-wide: tell its table if it runs here (托管 while
        he is away, R34). The node where it runs hears of other nodes' connections
        through :attr:`peers`, which calls this."""
        table_id = self._seated.get(account_id)
        actor = None if table_id is None else self.tables.get(table_id)
        if actor is not None and not actor.closed:
            with contextlib.suppress(HallError):  # it closed or moved meanwhile
                await actor.send(commands.Presence(Sender(account_id), actor.id,
                                                   self.is_connected(account_id)))

    async def disconnected(self, account_id: int, watched: set[int],
                           address: str | None = None, connection: int | None = None) -> None:
        """A connection closed: the tables it watched count it no more (``connection``:
        its name in its commands; None: all of the account's)."""
        addresses = self._addresses.get(account_id)
        if address is not None and addresses is not None and address in addresses:
            addresses.remove(address)
            if not addresses:
                del self._addresses[account_id]
        n = self._presence.get(account_id, 0) - 1
        if n > 0:
            self._presence[account_id] = n
        else:
            self._presence.pop(account_id, None)
        if self.peers is not None:
            self.peers.presence_changed(account_id, n > 0, self._local_address(account_id))
        for table_id in watched:
            with contextlib.suppress(HallError):  # it closed meanwhile
                await self.send(commands.Unwatch(Sender(account_id, connection=connection),
                                                 table_id))
        if n <= 0:
            last = not self.is_connected(account_id)
            self.friends.gone(account_id, last)
            if last:
                await self.presence_changed(account_id)

    # -- lobby -----------------------------------------------------------------------------

    def is_open(self, table_id: int) -> bool:
        """Whether the table is open, here or (a node of several) on another node."""
        actor = self.tables.get(table_id)
        if actor is not None and not actor.closed:
            return True
        return self.peers is not None and self.peers.knows(table_id)

    async def check_open(self, table_id: int) -> None:
        """Refuse a table that is not open anywhere in the hall (one opened on another
        node a moment ago is not announced yet, but its lease is taken)."""
        if self.is_open(table_id):
            return
        if self.peers is None or not await self.peers.exists(table_id):
            raise no_such_table(table_id)

    def home_of(self, table_id: int) -> str | None:
        """The proxy's name for the node running the table, when it is another node."""
        if table_id in self.tables or self.peers is None:
            return None
        return self.peers.home(table_id)

    def table(self, table_id: int) -> TableActor:
        """The actor of a table running here."""
        actor = self.tables.get(table_id)
        if actor is None or actor.closed:
            raise no_such_table(table_id)
        return actor

    async def send(self, command: Command) -> Any:
        """The one way into a table: put ``command`` in its inbox, await the reply. On a
        node of several, a table running elsewhere gets it from its owner's node."""
        actor = self.tables.get(command.table)
        if actor is None and self.peers is not None:
            return await self.peers.forward(command)
        try:
            return await self.table(command.table).send(command)
        except HallError as e:  # its lease was lost under it: nothing was written here
            if e.code != Code.TABLE_MOVED or self.peers is None:
                raise
            return await self.peers.forward(command)

    async def run_here(self, command: Command) -> Any:
        """A command forwarded by another node: for a table running here only (else it
        moved on, and the sender looks for its owner again)."""
        actor = self.tables.get(command.table)
        if actor is None or actor.deposed or self.closing:
            raise moved_error(command.table)
        return await actor.send(command)

    def _listed(self) -> list[TableActor]:
        """This node's tables the lobby lists: open, and not private (issue 15)."""
        return [a for a in self.tables.values() if not a.closed and not a.spec.private]

    def lobby_views(self) -> list[TableView]:
        """The lobby as its rows were last published (no view rebuilt: issue 14 measured
        a whole lobby at 2,000 tables as ~190 ms of views)."""
        here = [a.published[0] if a.published else a.view() for a in self._listed()]
        if self.peers is None:
            return here
        return here + [v for v in self.peers.tables() if v.id not in self.tables]

    def lobby_text(self) -> str:
        """The ``lobby`` frame: this node's rows joined once per change of its tables."""
        version = self.lobby_board.version
        if self._lobby_rows is None or self._lobby_rows[0] != version:
            self._lobby_rows = (version, ",".join(
                a.published[1] if a.published else a.view().model_dump_json()
                for a in self._listed()))
        rows = self._lobby_rows[1]
        if self.peers is not None:
            rows = ",".join(r for r in (rows, *self.peers.table_texts(self.tables)) if r)
        return '{"type":"lobby","tables":[' + rows + "]}"

    def lobby(self) -> list[TableView]:
        here = [a.view() for a in self._listed()]
        if self.peers is None:
            return here
        return here + [v for v in self.peers.tables() if v.id not in self.tables]

    async def create_table(self, owner: Account, name: str, tablecloth: str = "green",
                           bet: int = 0, rules: dict[str, Any] | None = None,
                           private: bool = False, spectators: bool = True,
                           sign: str | None = None) -> TableActor:
        """Open a table; its creator owns it, sets its options and takes seat 0.
        ``private``: out of the lobby, with a room code and an invite link (issue 15).
        R41: a name other than «nickname的桌» spends a sign (``sign``: which kind), a cloth
        other than green a tablecloth, in the transaction that stores the table."""
        if self.seat_of(owner.id) is not None:
            raise HallError(Code.ALREADY_SEATED, "you are seated at another table; stand first")
        if len(self.tables) >= self.settings.max_tables:
            raise HallError(Code.TOO_MANY_TABLES, "the hall is full; try quick match")
        default = not name.strip()  # the client shows «X的桌» / "X's table" in its language
        name = options.default_name(owner.nickname) if default else options.table_name(name)
        default = default or name == options.default_name(owner.nickname)
        tablecloth = options.tablecloth(tablecloth)
        sign_code = None if sign is None else sign_kind(sign)
        parsed = options.rules(rules)
        bet = options.bet(bet)
        if bet:  # R40: the owner sits at seat 0, so he too needs 100 × bet
            owner = await self.economy.account(owner.id) or owner
            admission.check_coins(owner.coins, bet)
            if self.seat_of(owner.id) is not None:  # seated meanwhile
                raise HallError(Code.ALREADY_SEATED, "you are seated at another table")
        spec = TableSpec(0, name, owner, tablecloth, bet, parsed.to_dict(), name_default=default,
                         private=private, spectators_allowed=spectators)
        spec.seats[0] = Seat(account=owner)
        if private:
            spec.invite_token = new_invite_token()
            spec.admitted.add(owner.id)
        self._seated[owner.id] = -1  # reserved while the table is being stored
        try:
            spec.id = await self._store_new(spec, named=not default, sign=sign_code,
                                            clothed=tablecloth != options.DEFAULT_CLOTH)
        except BaseException:
            self._seated.pop(owner.id, None)
            raise
        fence = None
        if self.peers is not None:  # the new table's lease: it runs here
            try:
                fence = await self.peers.claim(spec.id)
            except BaseException:
                self._seated.pop(owner.id, None)
                raise
            if fence is None:  # pragma: no cover - another node adopted it first (> 10 s)
                self._seated.pop(owner.id, None)
                raise HallError(Code.TABLE_MOVED, "the table was opened on another node")
            self.peers.hold(fence)
        self.set_seated(owner.id, spec.id)
        actor = TableActor(spec, self, fence)
        self.tables[spec.id] = actor
        actor.start()
        await actor.send(commands.Announce(spec.id))
        return actor

    async def _store_new(self, spec: TableSpec, *, named: bool, clothed: bool,
                         sign: ItemCode | None) -> int:
        """Store a new table, with the items its name and cloth spend (R41); a private one
        draws room codes until one is free."""
        for _ in range(20):
            if spec.private:
                spec.room_code = new_room_code()
            try:
                if named or clothed:
                    return await open_with_items(self.wallet.unit, spec, named=named,
                                                 clothed=clothed, sign=sign)
                return await self.store.create_table(spec)
            except RoomCodeTaken:
                continue
        raise HallError(Code.TOO_MANY_TABLES, "no free room code was found; try again")

    async def quick_match(self, account: Account) -> tuple[int, int]:
        """A seat among players of the closest level (R38), the partnerships' skill
        balanced (:mod:`.economy.matching`), at a table whose bet the player can meet
        (R40); a new table if none is free."""
        if self.seat_of(account.id) is not None:
            raise HallError(Code.ALREADY_SEATED, "you are seated already; stand first")
        account = await self.economy.account(account.id) or account
        address = self.address_of(account.id)
        tried: set[int] = set()
        while True:
            remote = [] if self.peers is None else self.peers.tables()
            tables = [t for t in free_tables(self.tables.values(), remote, self.address_of,
                                             tried)
                      if admission.admissible(account.coins, t[1], address, t[2],
                                              self.settings.same_ip_rule)]
            match = best_seat(account.level, account.rating, [t[0] for t in tables])
            if match is None:
                break
            tried.add(match.table_id)
            try:
                seated = await self.send(commands.Sit(Sender.of(account, address),
                                                      match.table_id, match.seat))
            except HallError as e:
                if e.code in (Code.SEAT_TAKEN, Code.NO_SUCH_TABLE, Code.GAME_IN_PROGRESS,
                              Code.NOT_ENOUGH_COINS, Code.SAME_IP, Code.TABLE_MOVED):
                    continue
                raise
            return match.table_id, seated.seat
        actor = await self.create_table(account, "")
        return actor.id, 0
