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
from typing import Any

from yuanzi.bots import bot_names
from yuanzi.hall.economy.matching import OpenTable, SeatedPlayer
from yuanzi.hall.economy.matching import quick_match as best_seat
from yuanzi.hall.economy.rating import Rating
from yuanzi.hall.errors import Code, HallError
from yuanzi.hall.events import TableView
from yuanzi.hall.lobby_board import LobbyBoard
from yuanzi.hall.models import Account, Seat, TableSpec
from yuanzi.hall.ports import EconomyStore, Store, TableEconomy
from yuanzi.hall.pubsub import Broker
from yuanzi.hall.replays import ReplayShelf
from yuanzi.hall.restore import rebuild_game
from yuanzi.hall.services.admin import AdminService
from yuanzi.hall.services.settlement import TableSettlement
from yuanzi.hall.services.standings import Standings
from yuanzi.hall.services.wallet import WalletService
from yuanzi.hall.settings import Settings
from yuanzi.hall.table import admission, commands, options
from yuanzi.hall.table.actor import TableActor
from yuanzi.hall.table.commands import Command, Sender
from yuanzi.hall.thinking import BotPool

log = logging.getLogger(__name__)


class Hall:
    """Implements the actors' :class:`~yuanzi.hall.table.context.TableContext`."""

    def __init__(self, settings: Settings, store: Store, broker: Broker,
                 economy: EconomyStore) -> None:
        self.settings = settings
        self.store = store
        self.broker = broker
        self.standings = Standings(settings, economy)
        self.wallet = WalletService(settings, economy, self.standings)
        self.admin = AdminService(economy, self.standings)
        self.replays = ReplayShelf(economy)
        self.economy: TableEconomy = TableSettlement(settings, economy, self.standings.ladder)
        """The economy as the tables see it."""
        self.bot_pool = BotPool(settings.bot_workers)
        self.lobby_board = LobbyBoard(broker)
        self.tables: dict[int, TableActor] = {}
        self.actions = 0
        """Actions applied and stored on this node (metrics)."""
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
        return self._presence.get(account_id, 0) > 0

    def seat_of(self, account_id: int) -> int | None:
        return self._seated.get(account_id)

    def set_seated(self, account_id: int, table_id: int | None) -> None:
        if table_id is None:
            self._seated.pop(account_id, None)
        else:
            self._seated[account_id] = table_id

    def address_of(self, account_id: int) -> str | None:
        addresses = self._addresses.get(account_id)
        return addresses[-1] if addresses else None

    def table_closed(self, table_id: int) -> None:
        self.tables.pop(table_id, None)

    def autoplay_bot(self) -> str:
        return self._autoplay

    # -- life cycle ------------------------------------------------------------------------

    async def resume(self) -> None:
        """Rebuild every open table from the store; games in progress carry on."""
        await self.standings.start()
        for spec in await self.store.open_tables():
            actor = TableActor(spec, self)
            for s in spec.seats:
                if s.account is not None:
                    self._seated[s.account.id] = spec.id
            if spec.status == "playing" and spec.game_id is not None:
                stored = await self.store.game(spec.game_id)
                if stored is None:
                    log.error("table %s: game %s is missing; table reopened", spec.id,
                              spec.game_id)
                    spec.status, spec.game_id = "open", None
                else:
                    await actor.resume(rebuild_game(stored), len(stored.actions))
            if actor.game is None:  # an open table: its seats still show armed items (R41)
                await actor.items.load_armed()
            self.tables[spec.id] = actor
            actor.start()
        log.info("resumed %d tables", len(self.tables))

    async def close(self) -> None:
        for actor in list(self.tables.values()):
            await actor.stop()
        self.lobby_board.cancel()
        try:  # the workers exit off the loop; a hung one does not hold the shutdown
            await asyncio.wait_for(asyncio.to_thread(self.bot_pool.close), 10)
        except TimeoutError:
            log.warning("the bot workers did not stop within 10 s")

    # -- presence --------------------------------------------------------------------------

    async def connected(self, account_id: int, address: str | None = None) -> int | None:
        """A connection of this account opened; returns the table it sits at."""
        self._presence[account_id] = self._presence.get(account_id, 0) + 1
        if address is not None:
            self._addresses.setdefault(account_id, []).append(address)
        table_id = self._seated.get(account_id)
        if table_id is not None and self._presence[account_id] == 1:
            actor = self.tables.get(table_id)
            if actor is not None and not actor.closed:
                with contextlib.suppress(HallError):
                    await actor.send(commands.Presence(Sender(account_id), table_id, True))
        return table_id

    async def disconnected(self, account_id: int, watched: set[int],
                           address: str | None = None) -> None:
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
        for table_id in watched:
            actor = self.tables.get(table_id)
            if actor is not None and not actor.closed:
                with contextlib.suppress(HallError):  # it closed meanwhile
                    await actor.send(commands.Unwatch(Sender(account_id), table_id))
        seated_at = self._seated.get(account_id)
        if n <= 0 and seated_at is not None:
            actor = self.tables.get(seated_at)
            if actor is not None and not actor.closed:
                with contextlib.suppress(HallError):
                    await actor.send(commands.Presence(Sender(account_id), seated_at, False))

    # -- lobby -----------------------------------------------------------------------------

    def is_open(self, table_id: int) -> bool:
        actor = self.tables.get(table_id)
        return actor is not None and not actor.closed

    def table(self, table_id: int) -> TableActor:
        actor = self.tables.get(table_id)
        if actor is None or actor.closed:
            raise HallError(Code.NO_SUCH_TABLE, f"there is no table {table_id}")
        return actor

    async def send(self, command: Command) -> Any:
        """The one way into a table: put ``command`` in its inbox, await the reply."""
        return await self.table(command.table).send(command)

    def lobby(self) -> list[TableView]:
        return [a.view() for a in self.tables.values() if not a.closed]

    async def create_table(self, owner: Account, name: str, tablecloth: str = "green",
                           bet: int = 0, rules: dict[str, Any] | None = None) -> TableActor:
        """Open a table; its creator owns it, sets its options and takes seat 0."""
        if self.seat_of(owner.id) is not None:
            raise HallError(Code.ALREADY_SEATED, "you are seated at another table; stand first")
        if len(self.tables) >= self.settings.max_tables:
            raise HallError(Code.TOO_MANY_TABLES, "the hall is full; try quick match")
        default = not name.strip()  # the client shows «X的桌» / "X's table" in its language
        name = options.default_name(owner.nickname) if default else options.table_name(name)
        tablecloth = options.tablecloth(tablecloth)
        parsed = options.rules(rules)
        bet = options.bet(bet)
        if bet:  # R40: the owner sits at seat 0, so he too needs 100 × bet
            owner = await self.economy.account(owner.id) or owner
            admission.check_coins(owner.coins, bet)
            if self.seat_of(owner.id) is not None:  # seated meanwhile
                raise HallError(Code.ALREADY_SEATED, "you are seated at another table")
        spec = TableSpec(0, name, owner, tablecloth, bet, parsed.to_dict(), name_default=default)
        spec.seats[0] = Seat(account=owner)
        self._seated[owner.id] = -1  # reserved while the table is being stored
        try:
            spec.id = await self.store.create_table(spec)
        except BaseException:
            self._seated.pop(owner.id, None)
            raise
        self._seated[owner.id] = spec.id
        actor = TableActor(spec, self)
        self.tables[spec.id] = actor
        actor.start()
        await actor.send(commands.Announce(spec.id))
        return actor

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
            tables = []
            for actor in self.tables.values():
                spec = actor.spec
                if (actor.closed or actor.game is not None or actor.free_seat() is None
                        or actor.id in tried):
                    continue
                others = [self.address_of(s.account.id) for s in spec.seats
                          if s.account is not None]
                if not admission.admissible(account.coins, others, address, spec.bet,
                                            self.settings.same_ip_rule):
                    continue
                tables.append(OpenTable(actor.id, tuple(
                    None if s.empty else SeatedPlayer(s.account.level, s.account.rating)
                    if s.account is not None else SeatedPlayer(0, Rating(), bot=True)
                    for s in spec.seats)))
            match = best_seat(account.level, account.rating, tables)
            if match is None:
                break
            tried.add(match.table_id)
            actor = self.tables[match.table_id]
            try:
                seated = await actor.send(commands.Sit(Sender.of(account, address), actor.id,
                                                       match.seat))
            except HallError as e:
                if e.code in (Code.SEAT_TAKEN, Code.NO_SUCH_TABLE, Code.GAME_IN_PROGRESS,
                              Code.NOT_ENOUGH_COINS, Code.SAME_IP):
                    continue
                raise
            return actor.id, seated.seat
        actor = await self.create_table(account, "")
        return actor.id, 0
