"""The hall: the services it is made of, composed once, and what follows a player's
coming and going.

A :class:`Hall` is built by the server at start-up and passed by dependency injection;
nothing here is a module global, so a test can run several halls side by side. Its parts
each hold one concern: :class:`~.presence.Presence` (who is connected and seated where),
:class:`~.routing.Router` (the tables running here; the one way into any table),
:class:`~yuanzi.hall.lobby.listing.Listing` (the lobby's rows) and
:class:`~yuanzi.hall.opening.create.TableOpener` (new tables). On start it rebuilds every
open table from the store, replaying games in progress, so a restart after ``kill -9``
carries on where the players left off. On a node of several the cluster joins it
(:meth:`Hall.join`); alone, its peers are the null object.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from typing import Any

from yuanzi.bots import bot_names
from yuanzi.hall.clubs.desk import ClubDesk
from yuanzi.hall.core.peers import Peers
from yuanzi.hall.core.presence import Presence
from yuanzi.hall.core.routing import Router
from yuanzi.hall.desk_ports import PushSender
from yuanzi.hall.errors import HallError
from yuanzi.hall.lobby.board import LobbyBoard
from yuanzi.hall.lobby.listing import Listing
from yuanzi.hall.models import Account, TableSpec
from yuanzi.hall.opening.create import TableOpener
from yuanzi.hall.opening.doors import PrivateDoors
from yuanzi.hall.opening.quick import quick_match
from yuanzi.hall.ports import EconomyStore, Store, TableEconomy
from yuanzi.hall.record_seal import RecordSeal
from yuanzi.hall.runtime.guesses import door_allowance
from yuanzi.hall.runtime.pubsub import Broker, account_topic
from yuanzi.hall.runtime.ratelimit import Limits, LocalLimits
from yuanzi.hall.runtime.tasks import TaskSet
from yuanzi.hall.runtime.thinking import BotPool
from yuanzi.hall.services.admin import AdminService
from yuanzi.hall.services.coach_desk import CoachDesk
from yuanzi.hall.services.history import History
from yuanzi.hall.services.push import PushDesk
from yuanzi.hall.services.replays import ReplayShelf
from yuanzi.hall.services.round_standings import RoundStandings
from yuanzi.hall.services.session_shelf import SessionShelf
from yuanzi.hall.services.settlement import TableSettlement
from yuanzi.hall.services.standings import Standings
from yuanzi.hall.services.wallet import WalletService
from yuanzi.hall.settings import Settings
from yuanzi.hall.social.chat_desk import ChatDesk
from yuanzi.hall.social.friends import Friends
from yuanzi.hall.table import commands
from yuanzi.hall.table.actor import TableActor
from yuanzi.hall.table.commands import Command, Sender
from yuanzi.hall.table.inbox import AtOnce
from yuanzi.hall.tournaments.desk import TournamentDesk
from yuanzi.hall.tournaments.director import TournamentDirector

log = logging.getLogger(__name__)


class Hall:
    """Implements the actors' :class:`~yuanzi.hall.table.context.TableContext`."""

    def __init__(self, settings: Settings, store: Store, broker: Broker,
                 economy: EconomyStore, limits: Limits | None = None,
                 pusher: PushSender | None = None) -> None:
        self.settings = settings
        self.store = store
        self.broker = broker
        self.standings = Standings(settings, economy, limits)
        self.wallet = WalletService(settings, economy, self.standings)
        self.history = History(store)
        shared = limits or LocalLimits()
        guesses = door_allowance(shared, settings)  # one for every door (issue 44)
        self.doors = PrivateDoors(store, shared, settings, allowance=guesses)
        self.presence = Presence()
        self.lobby_board = LobbyBoard(broker)
        self.router = Router(self, store, broker, self.presence)
        self.chat = ChatDesk(store, broker, settings, shared, self.send,
                             self.standings.require_account)
        self.clubs = ClubDesk(store, shared, settings, self.send, guesses,
                              lambda account_id, news: broker.publish(
                                  account_topic(account_id), news.envelope()))
        self._background = TaskSet()
        self.push = PushDesk(store, pusher if settings.push else None, shared,
                             self._background.spawn, senders=settings.push_senders,
                             queue=settings.push_queue,
                             per_account=settings.push_subscriptions_per_account)
        """Web Push (issue 47): none without a sender (the server gives the hall one)."""
        self.friends = Friends(store, broker, shared, self.presence, self.router.is_open,
                               self.send, self.standings.require_account,
                               self.chat.tell_mutes, self.push)
        self.admin = AdminService(economy, self.standings)
        self.record_seal = RecordSeal(store)
        """The hall's signature on every record it gives out (issue 54)."""
        self.replays = ReplayShelf(economy, self.record_seal)
        self.sessions = SessionShelf(store, self.clubs)
        self.coach = CoachDesk(store, broker, settings, shared)
        self.economy: TableEconomy = TableSettlement(settings, economy, self.standings.ladder)
        """The economy as the tables see it."""
        self.bot_pool = BotPool(settings.bot_workers)
        self.listing = Listing(self.router, self.lobby_board)
        self.opener = TableOpener(settings, store, self.economy, self.wallet.unit,
                                  self.presence, self.router, self.clubs)
        self.actions = 0
        """Actions applied and stored on this node (metrics)."""
        self.tournament_news = TournamentDirector(store, self, broker, self._background.spawn,
                                                  settings.tournament_reveal_seconds)
        self.tournaments = TournamentDesk(store, self.tournament_news,
                                          settings.tournament_check_in_seconds, shared,
                                          settings.tournament_page_reads,
                                          settings.lobby_window_seconds)
        self.tournament_news.push = self.push
        self.tournament_news.settle_round = RoundStandings(store, economy,
                                                           self.standings.ladder).settle
        self.coach.also_open = self.tournaments.record_open
        self.coach.held_back = self.tournaments.round_in_play
        names = bot_names()
        self._autoplay = settings.autoplay_bot if settings.autoplay_bot in names else "random"
        if self._autoplay != settings.autoplay_bot:
            log.warning("bot %r is not available; 托管 uses %r", settings.autoplay_bot,
                        self._autoplay)

    def join(self, peers: Peers) -> None:
        """This hall is a node of several: ``peers`` are the others (before it resumes)."""
        self.presence.peers = peers
        self.router.peers = peers

    # -- TableContext ----------------------------------------------------------------------

    def is_connected(self, account_id: int) -> bool:
        return self.presence.is_connected(account_id)

    def seat_of(self, account_id: int) -> int | None:
        return self.presence.seat_of(account_id)

    def set_seated(self, account_id: int, table_id: int | None) -> None:
        self.presence.set_seated(account_id, table_id)

    def address_of(self, account_id: int) -> str | None:
        return self.presence.address_of(account_id)

    def table_closed(self, table_id: int) -> None:
        self.router.closed(table_id)

    async def open_table(self, spec: TableSpec) -> None:
        """A tournament's table, stored by its round's start, run here."""
        await self.router.open(spec)

    def room_for(self, tables: int) -> bool:
        """Whether this node may open a tournament's ``tables`` more tables: within its
        cap (``max_tables``), and tournaments' tables at most half of it, so that they
        never take the hall from everyone else (issue 44)."""
        cap = self.settings.max_tables
        here = self.router.tables.values()
        tournaments = sum(1 for a in here if a.spec.tournament is not None and not a.closed)
        return len(here) + tables <= cap and tournaments + tables <= cap // 2

    async def account(self, account_id: int) -> Account | None:
        return await self.store.account(account_id)

    def table_lost(self, table_id: int) -> None:
        self.router.lost(table_id)

    def autoplay_bot(self) -> str:
        return self._autoplay

    # -- life cycle ------------------------------------------------------------------------

    async def resume(self) -> None:
        """Rebuild the open tables this node runs from the store; games carry on."""
        await self.standings.start()
        await self.record_seal.key()  # (made or read now: no game's end waits for it)
        await self.router.resume()
        # (in the background: resuming returns once the tables are taken up, as before)
        self._background.spawn(self.tournament_news.resume())
        self._background.spawn(self.tournament_news.run_schedule(
            self.settings.tournament_tick_seconds, self.settings.tournament_check_in_seconds))
        self._background.spawn(self.chat.forget_old())

    async def close(self) -> None:
        await self.router.stop()
        self._background.cancel()
        self.lobby_board.cancel()
        self.coach.cancel()
        await self.push.close()
        try:  # the workers exit off the loop; a hung one does not hold the shutdown
            await asyncio.wait_for(asyncio.to_thread(self.bot_pool.close), 10)
            await asyncio.wait_for(asyncio.to_thread(self.coach.close), 10)
        except TimeoutError:
            log.warning("the bot or review workers did not stop within 10 s")

    # -- tables ----------------------------------------------------------------------------

    async def send(self, command: Command, at_once: AtOnce | None = None) -> Any:
        """The one way into a table (:meth:`Router.send`)."""
        return await self.router.send(command, at_once)

    def table(self, table_id: int) -> TableActor:
        """The actor of a table running here."""
        return self.router.table(table_id)

    async def create_table(self, owner: Account, name: str, tablecloth: str = "green",
                           bet: int = 0, rules: dict[str, Any] | None = None,
                           private: bool = False, spectators: bool = True,
                           sign: str | None = None, club: int | None = None,
                           session: int | None = None) -> TableActor:
        """Open a table (:meth:`TableOpener.create_table`)."""
        return await self.opener.create_table(owner, name, tablecloth, bet, rules, private,
                                              spectators, sign, club, session)

    async def quick_match(self, account: Account) -> tuple[int, int]:
        """A seat for ``account`` (:mod:`yuanzi.hall.opening.quick`)."""
        return await quick_match(account, settings=self.settings, economy=self.economy,
                                 presence=self.presence, router=self.router,
                                 opener=self.opener)

    # -- coming and going ------------------------------------------------------------------

    async def connected(self, account_id: int, address: str | None = None) -> int | None:
        """A connection of this account opened; returns the table it sits at."""
        was = self.presence.is_connected(account_id)
        here = self.presence.came(account_id, address)
        table_id = self.presence.seat_of(account_id)
        if not was:
            await self.presence_changed(account_id)
        if here == 1:
            await self.friends.here(account_id, first=not was)
        return table_id

    async def presence_changed(self, account_id: int) -> None:
        """The account came or went hall-wide: tell its table if it runs here (托管 while
        he is away, R34). The node where it runs hears of other nodes' connections
        through its peers, which call this."""
        table_id = self.presence.seated_here(account_id)
        actor = None if table_id is None else self.router.tables.get(table_id)
        if actor is not None and not actor.closed:
            with contextlib.suppress(HallError):  # it closed or moved meanwhile
                await actor.send(commands.Presence(Sender(account_id), actor.id,
                                                   self.presence.is_connected(account_id)))

    async def disconnected(self, account_id: int, watched: set[int],
                           address: str | None = None, connection: int | None = None) -> None:
        """A connection closed: the tables it watched count it no more (``connection``:
        its name in its commands; None: all of the account's)."""
        n = self.presence.went(account_id, address)
        for table_id in watched:
            with contextlib.suppress(HallError):  # it closed meanwhile
                await self.send(commands.Unwatch(Sender(account_id, connection=connection),
                                                 table_id))
        if n <= 0:
            last = not self.presence.is_connected(account_id)
            self.friends.gone(account_id, last)
            if last:
                await self.presence_changed(account_id)
