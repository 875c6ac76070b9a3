"""The table actor: the one authority over a table, its seats, its game and its clock.

Every change to a table runs inside its actor, one job at a time (an asyncio task
reading an inbox), so there are no locks and no races between a player's action, a
bot's move, the turn clock (R33) and a seat change. A job's frames wait in the table's
:class:`.views.Outbox` until the job is over, its writes stored: **stored, and only then
broadcast**, so nothing a client has seen is lost by a crash. The parts each own one
concern and see the actor through a small protocol (:mod:`.clock`, :mod:`.items`,
:mod:`.seating`, :mod:`.settlement`, :mod:`.play`…); commands reach them through
:mod:`.handlers`; frames are built in :mod:`.frames` and addressed in :mod:`.views`.
"""

from __future__ import annotations

import asyncio
import logging
import random
from collections.abc import Awaitable, Callable
from functools import partial
from typing import Any, TypeVar

from yuanzi.engine import Game
from yuanzi.engine.cards import Card
from yuanzi.hall.errors import Code, HallError
from yuanzi.hall.events import GameOver, LeaveReason, LeftTable, TableClosed, TableView
from yuanzi.hall.models import DealFairness, Seat, TableSpec
from yuanzi.hall.ports import CURRENT_FENCE, Fence, LeaseLost
from yuanzi.hall.runtime.mailbox import Mailbox
from yuanzi.hall.runtime.pubsub import Envelope
from yuanzi.hall.table import commands as c, frames, options
from yuanzi.hall.table.audience import Audience
from yuanzi.hall.table.clock import TableClock
from yuanzi.hall.table.commands import Command
from yuanzi.hall.table.context import TableContext
from yuanzi.hall.table.handlers import HANDLERS
from yuanzi.hall.table.inbox import AtOnce, Item, Job, moved_error, tell
from yuanzi.hall.table.items import TableItems
from yuanzi.hall.table.nudges import TableNudges
from yuanzi.hall.table.play import TablePlay
from yuanzi.hall.table.privacy import TablePrivacy
from yuanzi.hall.table.seat_moves import SeatMoves
from yuanzi.hall.table.seating import Seating
from yuanzi.hall.table.session import TableSession
from yuanzi.hall.table.settlement import TableSettlement
from yuanzi.hall.table.take_up import first_jobs
from yuanzi.hall.table.talk import TableTalk
from yuanzi.hall.table.tourney import TableTourney
from yuanzi.hall.table.views import Outbox, joining

T = TypeVar("T")
log = logging.getLogger(__name__)


class TableActor:
    def __init__(self, spec: TableSpec, ctx: TableContext, fence: Fence | None = None) -> None:
        self.spec = spec
        self.ctx = ctx
        self.fence = fence
        """The table's lease token on a node of several (issue 13): every write the actor
        queues carries it, so none lands after another node took the table over."""
        self.rules = options.rules(spec.rules)
        self.turn_seconds = ctx.settings.turn_seconds or self.rules.turn_seconds
        self.game: Game | None = None
        self.version = 0
        self.rng = random.SystemRandom()
        self.spectators = Audience()
        """Who watches: not seated here, admitted to look."""
        self.closed = False
        self.published: tuple[TableView, str] | None = None
        """The row the lobby last heard (the whole lobby is built from these)."""
        self.last_over: GameOver | None = None
        """The last game's end, until the next game starts (:meth:`snapshot`)."""
        self.deposed = False
        """Closed here because another node took the table over (not closed for good)."""
        self.out = Outbox(ctx.broker, spec.id)
        """Where the table's frames wait for the end of the job that made them."""
        self.clock = TableClock(ctx.settings, self.turn_seconds, self._wake)
        for i, s in enumerate(spec.seats):  # a table taken up: 托管 chosen, or a kick
            self.clock.set_auto(i, s.hall_plays)
        self.items = TableItems(self)
        self.seating = Seating(self)
        self.settlement = TableSettlement(self)
        self.gameplay = TablePlay(self)
        self.privacy = TablePrivacy(self)
        self.moves = SeatMoves(self)
        self.talk = TableTalk(self)
        self.session = TableSession(self)
        self.tourney = TableTourney(self)
        self.nudges = TableNudges(self)
        self._inbox: Mailbox[Item | None] = Mailbox()
        self._just_out: set[int] = set()
        """Accounts shut out by the job running now (told if the table then closes)."""
        self._task: asyncio.Task[None] | None = None

    # -- running -----------------------------------------------------------------------------

    @property
    def id(self) -> int:
        return self.spec.id

    def start(self) -> None:
        self._task = asyncio.create_task(self._run(), name=f"table-{self.id}")
        for job in first_jobs(self):  # (taken up from the store: what it was doing)
            self._inbox.put((job, None, None))

    async def stop(self) -> None:
        """Stop the actor (server shutdown); the stored state stays as it is."""
        self.clock.cancel()
        if self._task is not None:
            self._inbox.put(None)
            await self._task
            self._task = None

    async def send(self, command: Command, at_once: AtOnce | None = None) -> Any:
        """Put a command in this table's inbox and await its reply (or its refusal, a
        :class:`~yuanzi.hall.errors.HallError`); ``at_once`` hears the reply first."""
        return await self._call(partial(self.handle, command), at_once)

    async def _call(self, job: Callable[[], Awaitable[T]],
                    at_once: AtOnce | None = None) -> T:
        """Run ``job`` inside the actor and return its result (or raise its error)."""
        if self.closed:
            if self.deposed:
                raise moved_error(self.id)
            raise HallError(Code.NO_SUCH_TABLE, f"table {self.id} is closed")
        future: asyncio.Future[T] = asyncio.get_running_loop().create_future()
        self._inbox.put((job, future, at_once))
        return await future

    def depose(self) -> None:
        """Another node holds the table now: stop at once and write nothing more (the
        stored state is the new owner's to carry on); what is queued is refused as
        moved, so the hall sends it again to the new owner."""
        if self.closed:
            return
        self.closed = self.deposed = True
        self.clock.cancel()
        self._inbox.put(None)
        self._fail_pending(moved=True)

    async def _run(self) -> None:
        if self.fence is not None:  # the task's own context: every write it queues
            CURRENT_FENCE.set(self.fence)
        try:
            while not self.closed:
                item = await self._inbox.get()
                if item is None:
                    return
                job, future, at_once = item
                self._just_out.clear()
                self.out.hold()
                try:
                    result = await job()
                except asyncio.CancelledError:
                    self.out.drop()
                    raise
                except LeaseLost:
                    self.out.drop()  # its writes were refused: it said nothing
                    log.warning("table %s: its lease was taken over; stepping down", self.id)
                    if future is not None and not future.done():
                        future.set_exception(moved_error(self.id))
                    self.depose()
                    self.ctx.table_lost(self.id)
                    return
                except BaseException as e:  # the actor must survive any one command
                    self.out.let_go()  # what it stored before failing, it may show
                    if not isinstance(e, HallError):
                        log.exception("table %s: command failed", self.id)
                        e = HallError(Code.INTERNAL, f"internal error: {type(e).__name__}")
                    if future is not None and not future.done():
                        future.set_exception(e)
                else:
                    self.out.let_go()  # the job's writes are done: now its frames
                    if future is not None and not future.done():
                        if at_once is not None:
                            tell(at_once, result, self.id)
                        future.set_result(result)
                if not self.clock.scheduled and not self.closed:
                    self.reschedule()  # never leave a game without its clock
        finally:
            self._fail_pending()

    def _fail_pending(self, moved: bool = False) -> None:
        """Commands still queued when the table closed or stopped get a clear refusal."""
        for item in self._inbox.take_all():
            if item is not None and item[1] is not None and not item[1].done():
                item[1].set_exception(moved_error(self.id) if moved else
                                      HallError(Code.NO_SUCH_TABLE, f"table {self.id} is closed"))

    async def handle(self, command: Command) -> Any:
        """Run one command inside the actor; its reply (commands.py) or a refusal."""
        if isinstance(command, c.Announce):
            if command.afresh:  # taken over, or frames lost: the table and each one's view
                self.publish_table()
                self.gameplay.publish_snapshots()
            else:
                await self.announce()
            return c.Done(self.id)
        s = command.sender
        if isinstance(command, c.Kick | c.AdminRename) and not s.is_admin:
            raise HallError(Code.FORBIDDEN, "this is for admins only")
        if not isinstance(command, c.ComeIn | c.Presence | c.ClubOut | c.View):
            self.privacy.check(s)  # a private table: not there for who did not come in
        await self.tourney.check(s, command)  # a tournament's table: its players' alone
        if (handler := HANDLERS.get(type(command))) is not None:
            return await handler(self, s, command)
        raise HallError(Code.UNKNOWN_TYPE, f"a table takes no {type(command).__name__}")

    # -- seats ---------------------------------------------------------------------------------

    async def sit(self, sender: c.Sender, seat: int) -> int:
        self._may_sit(sender.account_id, seat)
        account = await self.seating.admit(sender)  # R40 and the same-IP rule (reads coins)
        self._may_sit(account.id, seat)  # again: the read let other commands of the hall run
        self.ctx.set_seated(account.id, self.id)
        self.spec.seats[seat] = Seat(account=account)
        self.spectators.drop(account.id)
        if self.spec.private:  # (an admin sits without coming in)
            self.spec.admitted.add(account.id)
        await self.table_changed()
        return seat

    def _may_sit(self, account_id: int, seat: int) -> None:
        if self.game is not None:
            raise HallError(Code.GAME_IN_PROGRESS, "a game is being played at this table")
        where = self.ctx.seat_of(account_id)
        if where is not None:
            raise HallError(Code.ALREADY_SEATED, f"you are seated at table {where}; stand first")
        self.seating.check_empty(seat)

    async def announce(self) -> None:
        """Tell the lobby about this table (after it was created)."""
        await self.items.load_armed()  # what the owner armed shows at his seat
        self.publish_table()

    def free_seat(self) -> int | None:
        return next((i for i, s in enumerate(self.spec.seats) if s.empty), None)

    async def stand(self, sender: c.Sender, escape: bool) -> None:
        seat = self.seat_of(sender.account_id)
        if self.game is not None:
            if not escape:
                raise HallError(Code.WOULD_ESCAPE,
                                "leaving a game in progress is an escape (R35); "
                                "send escape: true to leave anyway")
            await self.gameplay.abandon(seat)
        self.spec.seats[seat] = Seat()
        self.ctx.set_seated(sender.account_id, None)
        self.clock.forget(seat)
        self.shut_out(sender.account_id, "stood")  # his other connections too
        if not any(s.account for s in self.spec.seats):
            await self.close()
            return
        self.seating.hand_on_ownership(sender.account_id)
        await self.table_changed()

    async def ready(self, sender: c.Sender, on: bool, bet: int | None = None) -> None:
        seat = self.seat_of(sender.account_id)
        if self.game is not None:
            raise HallError(Code.GAME_IN_PROGRESS, "the game has started")
        if on and bet is not None and bet != self.spec.bet:
            raise HallError(Code.BET_CHANGED, f"the table's bet is now {self.spec.bet}, not "
                                              f"{bet}: ready again to accept it (R40)")
        self.spec.seats[seat].ready = on
        await self.table_changed()

    async def set_auto(self, sender: c.Sender, on: bool) -> None:
        """托管 on request (R34): the hall's bot plays the seat until the player takes it
        back, or the game ends; asked between games, it is for the next one."""
        seat = self.seat_of(sender.account_id)
        self.seating.check_not_leaving(seat)
        await self.seating.store_auto(seat, on)
        self.clock.set_auto(seat, on)
        if on:
            self.gameplay.not_reading(seat)
        self.publish_table()
        self.reschedule()

    async def presence(self, account_id: int, connected: bool) -> None:
        """A seated player's connection came or went: 托管 while he is away (R34)."""
        seat = self.seat_index(account_id)
        if seat is None:
            return
        if connected:
            self.clock.came_back(seat)
        else:
            self.clock.went_away(seat)
            self.gameplay.not_reading(seat)
        self.publish_table()
        self.reschedule()

    # -- play --------------------------------------------------------------------------------

    async def play(self, sender: c.Sender, version: int, cards: tuple[Card, ...] | None,
                   bad: str | None = None) -> int:
        """A player's action (cards, or None to pass); returns the new version. Card text
        that did not parse (``bad``) is an illegal move, said after the other checks."""
        seat = self.my_turn(sender, version)
        self.seating.check_not_leaving(seat)
        if bad is not None:
            raise HallError(Code.ILLEGAL_MOVE, bad)
        await self.gameplay.apply(seat, None if cards is None else list(cards), "player")
        if seat in self.clock.auto:  # acting yourself takes the seat back from 托管
            await self.seating.store_auto(seat, False)
            self.clock.set_auto(seat, False)
            self.publish_table()
        return self.version

    def my_turn(self, sender: c.Sender, version: int, playing: bool = True) -> int:
        """The asking player's seat, if it is to move at ``version`` (``playing``: he sends
        an action, which the refusal says was not played)."""
        seat = self.seat_of(sender.account_id)
        game = self.game
        if game is None:
            raise HallError(Code.NO_GAME, "no game is being played at this table")
        if version != self.version:
            raise HallError(Code.STALE_VERSION, (
                f"the game is at version {self.version}, not {version}; your view was out "
                "of date and nothing was played") if playing else (
                f"the game is at version {self.version}, not {version}"))
        if game.to_move != seat:
            raise HallError(Code.NOT_YOUR_TURN, f"it is seat {game.to_move}'s turn")
        return seat

    # -- views -------------------------------------------------------------------------------

    def view(self) -> TableView:
        playing = self.game is not None
        return frames.table_view(self.spec, closed=self.closed, playing=playing,
                                 turn_seconds=self.turn_seconds, spectators=len(self.spectators),
                                 connected=self.ctx.is_connected,
                                 auto=lambda seat: self.clock.played_by_hall(seat, playing),
                                 armed=self.items.armed_of,
                                 watchers=self.spectators.names(), session=self.session.view())

    def full_view(self, account_id: int | None) -> frames.FullView:
        """What a client shows of this table from scratch: a seated player his seat's
        view, anyone else the spectator's (R45)."""
        seat = None if account_id is None else self.seat_index(account_id)
        return frames.FullView(self.view(), self.game_frame(seat),
                               None if seat is None else self.items.counter_frame(seat))

    async def snapshot(self, sender: c.Sender, watch: bool) -> list[Envelope]:
        """The frames that bring a joining client up to date (:func:`.views.joining`);
        ``watch`` counts it as a spectator if it does not sit here."""
        if watch:
            await self.watch(sender)
        me = sender.account_id
        return joining(self.full_view(me), None if self.game else self.last_over, me,
                       self.seat_index(me) is not None)

    async def watch(self, sender: c.Sender) -> None:
        """Count a spectator (someone not seated here looking at the table)."""
        account_id = sender.account_id
        if self.ctx.seat_of(account_id) != self.id:
            if not self.spec.spectators_allowed and self.seat_index(account_id) is None:
                raise HallError(Code.NO_SPECTATORS, "the owner of this table allows no "
                                                    "spectators")
            new = self.spectators.add(account_id, sender.nickname, sender.connection)
            if new and self.spec.private:  # its owner sees who watches (issue 27)
                self.publish_table()

    async def unwatch(self, sender: c.Sender) -> None:
        """One connection of the sender stops watching (his last: off the list)."""
        if self.spectators.remove(sender.account_id, sender.connection) and self.spec.private:
            self.publish_table()

    def game_frame(self, seat: int | None) -> frames.GameFrame | None:
        if self.game is None or self.spec.game_id is None:
            return None
        pause = self.gameplay.pause
        return frames.game_frame(self.id, self.spec.game_id, self.version, self.game, seat,
                                 self.clock.deadline_wall,
                                 pause.until_wall if pause.active else None)

    def describe(self) -> str:
        """One line for an operator's dump (``kill -USR1``): where the table stands."""
        game = self.game
        seats = " ".join(
            "-" if s.account is None else
            f"{s.account.id}{'+' if self.ctx.is_connected(s.account.id) else '?'}"
            for s in self.spec.seats)  # account id, + connected somewhere in the hall
        return (f"table {self.id}: version {self.version}, "
                f"to move {None if game is None else game.to_move}, seats [{seats}], "
                f"queued {len(self._inbox)}, closed {self.closed}, deposed {self.deposed}, "
                f"{self.clock.describe()}")

    def table_frame(self) -> Envelope:
        return frames.table_envelope(self.id, self.view().model_dump_json())

    def publish_table(self) -> None:
        view = self.view()
        view_json = view.model_dump_json()  # encoded once: the table and the lobby
        self.published = (view, view_json)
        self.out.everyone(frames.table_envelope(self.id, view_json))
        if self.spec.in_lobby:  # a private or tournament table never is (issues 15, 43)
            self.ctx.lobby_board.changed(self.id, view_json)
        self.nudges.seats_changed()

    # -- the game ------------------------------------------------------------------------------

    async def table_changed(self) -> None:
        """Store the table, tell everyone, and start a game if all four are ready."""
        await self.ctx.store.save_table(self.spec)
        self.publish_table()
        await self.gameplay.maybe_start()

    def shut_out(self, account_id: int | None, reason: LeaveReason,
                 message: str = "") -> None:
        """The account (None: everyone) is out of this table: every connection of his
        that hears it stops at once, on every node, before the table's next frame
        (issue 27); he watches no more."""
        if account_id is not None:
            self.spectators.drop(account_id)
            self._just_out.add(account_id)
        self.out.door(LeftTable(
            table=self.id, account=account_id, reason=reason, message=message,
        ).envelope(account=account_id))

    async def close(self) -> None:
        await self.session.closed()
        self.spec.status = "closed"
        self.closed = True
        await self.ctx.store.save_table(self.spec)
        closed = TableClosed(table=self.id).envelope()
        self.out.everyone(closed)
        if self.spec.in_lobby:  # (nobody in the lobby heard of another table)
            self.ctx.lobby_board.closed(self.id)
        for account_id in self._just_out:  # out a moment ago, they hear it closed too
            self.out.account(account_id, closed)
        self.shut_out(None, "closed")
        self.clock.cancel()
        self.ctx.table_closed(self.id)

    # -- the clock and the bots (R33, R34) -------------------------------------------------

    async def resume(self, game: Game, version: int,
                     fairness: DealFairness | None = None) -> None:
        """Take up a stored game after a restart (:meth:`.play.TablePlay.resume`)."""
        await self.gameplay.resume(game, version, fairness)

    def reschedule(self) -> None:
        """Wake the table when the seat to move is due (its bot) or times out."""
        game = self.game
        if game is None or game.to_move is None or self.closed:
            self.clock.cancel()
            return
        self.clock.schedule(game.to_move, self.spec.seats[game.to_move].bot is not None)

    def _wake(self) -> None:
        self._inbox.put((self.gameplay.tick, None, None))

    def later(self, delay: float, job: Job) -> None:
        """Run ``job`` inside the actor after ``delay`` seconds (unless it closed)."""
        asyncio.get_running_loop().call_later(
            delay, lambda: None if self.closed else self._inbox.put((job, None, None)))

    # -- who is who ------------------------------------------------------------------------

    def seat_index(self, account_id: int) -> int | None:
        for i, s in enumerate(self.spec.seats):
            if s.account is not None and s.account.id == account_id:
                return i
        return None

    def seat_of(self, account_id: int) -> int:
        seat = self.seat_index(account_id)
        if seat is None:
            raise HallError(Code.NOT_SEATED, f"you are not seated at table {self.id}")
        return seat

    def owner_only(self, sender: c.Sender) -> None:
        if sender.account_id != self.spec.owner.id and not sender.is_admin:
            raise HallError(Code.NOT_OWNER, "only the table's owner may do this")
