"""The table actor: the one authority over a table, its seats, its game and its clock.

Every change to a table runs inside its actor, one at a time (an asyncio task reading an
inbox), so there are no locks and no races between a player's action, a bot's move, the
turn clock (R33) and a seat change. An action is applied to the engine, **stored, and
only then broadcast**; the actor does not read its next command before the store has
confirmed the write, so nothing a client has seen is lost by a crash.

The actor's parts each own one concern and see the actor only through a small protocol
of public names: :class:`.clock.TableClock` (R33, R34), :class:`.items.TableItems`
(R41), :class:`.seating.Seating` (R40, kicks), :class:`.settlement.TableSettlement`
(a game's end); every frame is built in :mod:`.frames`. Frames leave through the pub/sub
seam only (:mod:`yuanzi.hall.pubsub`); the actor never holds a connection.
"""

from __future__ import annotations

import asyncio
import logging
import random
from collections.abc import Awaitable, Callable
from typing import Any, TypeVar

from yuanzi.bots import bot_names, make_bot
from yuanzi.bots.hints import advise
from yuanzi.engine import (
    CardError,
    Game,
    format_cards,
    parse_cards,
)
from yuanzi.hall.botnames import pick_identity
from yuanzi.hall.errors import Code, HallError
from yuanzi.hall.events import TableClosed, TableView
from yuanzi.hall.models import Account, Seat, TableSpec
from yuanzi.hall.pubsub import lobby_topic, table_topic
from yuanzi.hall.table import frames, options
from yuanzi.hall.table.clock import TableClock
from yuanzi.hall.table.context import TableContext
from yuanzi.hall.table.items import TableItems
from yuanzi.hall.table.play import TablePlay
from yuanzi.hall.table.seating import Seating
from yuanzi.hall.table.settlement import TableSettlement

T = TypeVar("T")
log = logging.getLogger(__name__)
Job = Callable[[], Awaitable[Any]]
HINT_BOT = "heuristic"
"""Hints come from the hall's heuristic bot (issue 10)."""


class TableActor:
    def __init__(self, spec: TableSpec, ctx: TableContext) -> None:
        self.spec = spec
        self.ctx = ctx
        self.rules = options.rules(spec.rules)
        self.turn_seconds = ctx.settings.turn_seconds or self.rules.turn_seconds
        self.game: Game | None = None
        self.version = 0
        self.rng = random.SystemRandom()
        self.spectators: set[int] = set()
        self.closed = False
        self.clock = TableClock(ctx.settings, self.turn_seconds, self._wake)
        self.items = TableItems(self)
        self.seating = Seating(self)
        self.settlement = TableSettlement(self)
        self.gameplay = TablePlay(self)
        self._inbox: asyncio.Queue[tuple[Job, asyncio.Future[Any] | None] | None] = (
            asyncio.Queue())
        self._task: asyncio.Task[None] | None = None

    # -- running -----------------------------------------------------------------------------

    @property
    def id(self) -> int:
        return self.spec.id

    def start(self) -> None:
        self._task = asyncio.create_task(self._run(), name=f"table-{self.id}")

    async def stop(self) -> None:
        """Stop the actor (server shutdown); the stored state stays as it is."""
        self.clock.cancel()
        if self._task is not None:
            self._inbox.put_nowait(None)
            await self._task
            self._task = None

    async def call(self, job: Callable[[], Awaitable[T]]) -> T:
        """Run ``job`` inside the actor and return its result (or raise its error)."""
        if self.closed:
            raise HallError(Code.NO_SUCH_TABLE, f"table {self.id} is closed")
        future: asyncio.Future[T] = asyncio.get_running_loop().create_future()
        self._inbox.put_nowait((job, future))
        return await future

    async def _run(self) -> None:
        try:
            while not self.closed:
                item = await self._inbox.get()
                if item is None:
                    return
                job, future = item
                try:
                    result = await job()
                except asyncio.CancelledError:
                    raise
                except BaseException as e:  # the actor must survive any one command
                    if not isinstance(e, HallError):
                        log.exception("table %s: command failed", self.id)
                        e = HallError(Code.INTERNAL, f"internal error: {type(e).__name__}")
                    if future is not None and not future.done():
                        future.set_exception(e)
                else:
                    if future is not None and not future.done():
                        future.set_result(result)
                if not self.clock.scheduled and not self.closed:
                    self.reschedule()  # never leave a game without its clock
        finally:
            self._fail_pending()

    def _fail_pending(self) -> None:
        """Commands still queued when the table closed or stopped get a clear refusal."""
        while not self._inbox.empty():
            item = self._inbox.get_nowait()
            if item is not None and item[1] is not None and not item[1].done():
                item[1].set_exception(
                    HallError(Code.NO_SUCH_TABLE, f"table {self.id} is closed"))

    # -- seats ---------------------------------------------------------------------------------

    async def sit(self, account: Account, seat: int) -> int:
        self._may_sit(account, seat)
        account = await self.seating.admit(account)  # R40 and the same-IP rule (reads coins)
        self._may_sit(account, seat)  # again: the read let other commands of the hall run
        self.ctx.set_seated(account.id, self.id)
        self.spec.seats[seat] = Seat(account=account)
        self.spectators.discard(account.id)
        await self.table_changed()
        return seat

    def _may_sit(self, account: Account, seat: int) -> None:
        if self.game is not None:
            raise HallError(Code.GAME_IN_PROGRESS, "a game is being played at this table")
        where = self.ctx.seat_of(account.id)
        if where is not None:
            raise HallError(Code.ALREADY_SEATED, f"you are seated at table {where}; stand first")
        self._check_empty(seat)

    def _check_empty(self, seat: int) -> None:
        if not 0 <= seat <= 3:
            raise HallError(Code.MALFORMED, "seat must be 0 to 3")
        if not self.spec.seats[seat].empty:
            raise HallError(Code.SEAT_TAKEN, f"seat {seat} is taken")

    async def announce(self) -> None:
        """Tell the lobby about this table (after it was created)."""
        await self.items.load_armed()  # what the owner armed shows at his seat
        self.publish_table()

    def free_seat(self) -> int | None:
        return next((i for i, s in enumerate(self.spec.seats) if s.empty), None)

    async def stand(self, account: Account, escape: bool) -> None:
        seat = self.seat_of(account)
        if self.game is not None:
            if not escape:
                raise HallError(Code.WOULD_ESCAPE,
                                "leaving a game in progress is an escape (R35); "
                                "send escape: true to leave anyway")
            await self.gameplay.abandon(seat)
        self.spec.seats[seat] = Seat()
        self.ctx.set_seated(account.id, None)
        self.clock.forget(seat)
        if not any(s.account for s in self.spec.seats):
            await self.close()
            return
        await self.table_changed()

    async def ready(self, account: Account, on: bool, bet: int | None = None) -> None:
        seat = self.seat_of(account)
        if self.game is not None:
            raise HallError(Code.GAME_IN_PROGRESS, "the game has started")
        if on and bet is not None and bet != self.spec.bet:
            raise HallError(Code.BET_CHANGED, f"the table's bet is now {self.spec.bet}, not "
                                              f"{bet}: ready again to accept it (R40)")
        self.spec.seats[seat].ready = on
        await self.table_changed()

    async def add_bot(self, account: Account, seat: int, name: str) -> None:
        self.owner_only(account)
        if self.game is not None:
            raise HallError(Code.GAME_IN_PROGRESS, "a game is being played at this table")
        self._check_empty(seat)
        if self.spec.bet:
            raise HallError(Code.BAD_OPTIONS, "bots do not play at a betting table: a bet "
                                              "is between players (R40)")
        if "@" in name:  # a budget is the arena's knob; the hall's bots think at their default
            raise HallError(Code.UNKNOWN_BOT, f"{name!r}: a table's bot is named without a "
                                              "thinking budget (random, heuristic, search)")
        try:
            make_bot(name, 0)
        except ValueError as e:
            raise HallError(Code.UNKNOWN_BOT, str(e)) from None
        seats = self.spec.seats
        who = pick_identity(self.rng, [n for s in seats for n in (
            s.name, s.name_en, None if s.account is None else s.account.nickname)],
            [s.avatar for s in seats])  # a name and a face of its own at this table
        seats[seat] = Seat(bot=name, ready=True, name=who.name, name_en=who.name_en,
                           avatar=who.avatar)
        await self.table_changed()

    async def remove_bot(self, account: Account, seat: int) -> None:
        self.owner_only(account)
        if self.game is not None:
            raise HallError(Code.GAME_IN_PROGRESS, "a game is being played at this table")
        if not 0 <= seat <= 3 or self.spec.seats[seat].bot is None:
            raise HallError(Code.MALFORMED, f"seat {seat} holds no bot")
        self.spec.seats[seat] = Seat()
        await self.table_changed()

    async def set_auto(self, account: Account, on: bool) -> None:
        """托管 on request (R34): the hall's bot plays the seat until the player takes it back."""
        seat = self.seat_of(account)
        self.seating.check_not_leaving(seat)
        self.clock.set_auto(seat, on)
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
        self.publish_table()
        self.reschedule()

    # -- play --------------------------------------------------------------------------------

    async def play(self, account: Account, version: int, cards: str) -> int:
        """A player's action; returns the new version."""
        seat = self._my_turn(account, version)
        self.seating.check_not_leaving(seat)
        action: list[int] | None
        if cards.strip().lower() == "pass":
            action = None
        else:
            try:
                action = list(parse_cards(cards))
            except CardError as e:
                raise HallError(Code.ILLEGAL_MOVE, str(e)) from None
        await self.gameplay.apply(seat, action, "player")
        if seat in self.clock.auto:  # acting yourself takes the seat back from 托管
            self.clock.set_auto(seat, False)
            self.publish_table()
        return self.version

    def _my_turn(self, account: Account, version: int) -> int:
        """The asking player's seat, if it is to move at ``version``."""
        seat = self.seat_of(account)
        game = self.game
        if game is None:
            raise HallError(Code.NO_GAME, "no game is being played at this table")
        if version != self.version:
            raise HallError(Code.STALE_VERSION,
                            f"the game is at version {self.version}, not {version}; "
                            "your view was out of date and nothing was played")
        if game.to_move != seat:
            raise HallError(Code.NOT_YOUR_TURN, f"it is seat {game.to_move}'s turn")
        return seat

    async def hint(self, account: Account, version: int) -> dict[str, Any]:
        """The hint for the asking seat (:mod:`yuanzi.bots.hints`): ``cards``, the hall's
        heuristic bot's move in R2 notation or ``pass``; ``reason``; ``beats``, every play
        that beats the top, smallest first (empty when leading). From the seat's own
        observation only (R45)."""
        seat = self._my_turn(account, version)
        game = self.game
        assert game is not None
        name = HINT_BOT if HINT_BOT in bot_names() else self.ctx.autoplay_bot()
        bot = make_bot(name, self.rng.randrange(2**31))
        obs = game.observation(seat)
        legal = game.legal_moves()
        hint = advise(obs, legal, bot.choose(obs, legal))
        return {"cards": format_cards(hint.advice) if hint.advice else "pass",
                "reason": hint.reason.value, "beats": [format_cards(b) for b in hint.beats]}

    # -- views -------------------------------------------------------------------------------

    def view(self) -> TableView:
        playing = self.game is not None
        return frames.table_view(self.spec, closed=self.closed, playing=playing,
                                 turn_seconds=self.turn_seconds, spectators=len(self.spectators),
                                 connected=self.ctx.is_connected,
                                 auto=lambda seat: self.clock.played_by_hall(seat, playing),
                                 armed=self.items.armed_of)

    def full_view(self, account_id: int | None) -> frames.FullView:
        """What a client shows of this table from scratch: a seated player his seat's
        view, anyone else the spectator's (R45)."""
        seat = None if account_id is None else self.seat_index(account_id)
        return frames.FullView(self.view(), self.game_frame(seat),
                               None if seat is None else self.items.counter_frame(seat))

    async def snapshot(self, account_id: int, watch: bool) -> list[str]:
        """The frames that bring a joining client up to date (its full view); ``watch``
        counts it as a spectator if it does not sit here."""
        if watch:
            await self.watch(account_id)
        return self.full_view(account_id).frames()

    async def watch(self, account_id: int) -> None:
        """Count a spectator (someone not seated here looking at the table)."""
        if self.ctx.seat_of(account_id) != self.id:
            self.spectators.add(account_id)

    async def unwatch(self, account_id: int) -> None:
        self.spectators.discard(account_id)

    def game_frame(self, seat: int | None) -> frames.GameFrame | None:
        if self.game is None or self.spec.game_id is None:
            return None
        return frames.game_frame(self.id, self.spec.game_id, self.version, self.game, seat,
                                 self.clock.deadline_wall)

    def publish_table(self) -> None:
        text = frames.table_frame(self.view())
        self.ctx.broker.publish(table_topic(self.id), text)
        self.ctx.broker.publish(lobby_topic(), text)

    # -- the game ------------------------------------------------------------------------------

    async def table_changed(self) -> None:
        """Store the table, tell everyone, and start a game if all four are ready."""
        await self.ctx.store.save_table(self.spec)
        self.publish_table()
        await self.gameplay.maybe_start()

    async def close(self) -> None:
        self.spec.status = "closed"
        self.closed = True
        await self.ctx.store.save_table(self.spec)
        text = TableClosed(table=self.id).text()
        self.ctx.broker.publish(table_topic(self.id), text)
        self.ctx.broker.publish(lobby_topic(), text)
        self.clock.cancel()
        self.ctx.table_closed(self.id)

    # -- the clock and the bots (R33, R34) -------------------------------------------------

    async def resume(self, game: Game, version: int) -> None:
        """Take up a stored game after a restart (:meth:`.play.TablePlay.resume`)."""
        await self.gameplay.resume(game, version)

    def reschedule(self) -> None:
        """Wake the table when the seat to move is due (its bot) or times out."""
        game = self.game
        if game is None or game.to_move is None or self.closed:
            self.clock.cancel()
            return
        self.clock.schedule(game.to_move, self.spec.seats[game.to_move].bot is not None)

    def _wake(self) -> None:
        self._inbox.put_nowait((self.gameplay.tick, None))

    # -- who is who ------------------------------------------------------------------------

    def seat_index(self, account_id: int) -> int | None:
        for i, s in enumerate(self.spec.seats):
            if s.account is not None and s.account.id == account_id:
                return i
        return None

    def seat_of(self, account: Account) -> int:
        seat = self.seat_index(account.id)
        if seat is None:
            raise HallError(Code.NOT_SEATED, f"you are not seated at table {self.id}")
        return seat

    def owner_only(self, account: Account) -> None:
        if account.id != self.spec.owner.id and not account.is_admin:
            raise HallError(Code.NOT_OWNER, "only the table's owner may do this")
