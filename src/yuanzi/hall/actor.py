"""The table actor: the one authority over a table, its seats, its game and its clock.

Every change to a table runs inside its actor, one at a time (an asyncio task reading an
inbox of closures), so there are no locks and no races between a player's action, a
bot's move, the turn clock (R33) and a seat change. An action is applied to the engine,
**stored, and only then broadcast**; the actor does not read its next command before the
store has confirmed the write, so nothing a client has seen is lost by a crash.

Frames leave through the pub/sub seam only (:mod:`.pubsub`); the actor never holds a
connection. Every game view is built by the engine's observation (R45). The economy's
part of a table (bets, settlement, items, hints) is :class:`.table_economy.TableEconomy`,
called from the hooks below.
"""

from __future__ import annotations

import asyncio
import logging
import random
import time
from collections.abc import Awaitable, Callable
from typing import Any, Literal, Protocol, TypeVar

from yuanzi.bots import Bot, make_bot
from yuanzi.engine import (
    DOUBLE,
    CardError,
    Game,
    IllegalAction,
    Move,
    Rules,
    deal_half,
    format_cards,
    parse_cards,
    record_of,
)
from yuanzi.engine.observe import game_result_dict
from yuanzi.hall.botnames import pick_identity
from yuanzi.hall.economy_ports import FinishGame
from yuanzi.hall.economy_service import EconomyService
from yuanzi.hall.errors import Code, HallError
from yuanzi.hall.events import (
    GameFrame,
    GameOver,
    Played,
    SeatView,
    TableClosed,
    TableFrame,
    TableView,
)
from yuanzi.hall.models import Account, Seat, StoredAction, TableSpec
from yuanzi.hall.ports import Store
from yuanzi.hall.pubsub import Broker, account_topic, lobby_topic, table_topic, watch_topic
from yuanzi.hall.restore import rebuild_game, stored_deal
from yuanzi.hall.settings import Settings
from yuanzi.hall.table_economy import TableEconomy, now_ms
from yuanzi.hall.thinking import BotPool

T = TypeVar("T")
log = logging.getLogger(__name__)
Job = Callable[[], Awaitable[Any]]


class TableContext(Protocol):
    """What a table needs from the hall around it."""

    settings: Settings
    store: Store
    broker: Broker
    economy: EconomyService
    bot_pool: BotPool

    def is_connected(self, account_id: int) -> bool: ...
    def address_of(self, account_id: int) -> str | None:
        """The address the account's latest live connection comes from, if any."""

    def seat_of(self, account_id: int) -> int | None:
        """The table id where the account sits, if any."""

    def set_seated(self, account_id: int, table_id: int | None) -> None: ...
    def table_closed(self, table_id: int) -> None: ...
    def autoplay_bot(self) -> str: ...


class TableActor:
    def __init__(self, spec: TableSpec, ctx: TableContext) -> None:
        self.spec = spec
        self.ctx = ctx
        self.rules = Rules.from_dict(spec.rules)
        self.turn_seconds = ctx.settings.turn_seconds or self.rules.turn_seconds
        self.game: Game | None = None
        self.version = 0
        self.rng = random.SystemRandom()
        self.bots: dict[int, Bot] = {}
        self.auto: set[int] = set()
        self.away_since: dict[int, float] = {}
        self.spectators: set[int] = set()
        self.turn_started = 0.0
        self.deadline = 0.0
        self.deadline_wall: float | None = None
        self.closed = False
        self._timer: asyncio.TimerHandle | None = None
        self._inbox: asyncio.Queue[tuple[Job, asyncio.Future[Any] | None] | None] = (
            asyncio.Queue())
        self._task: asyncio.Task[None] | None = None
        self.eco = TableEconomy(self)

    # -- running -----------------------------------------------------------------------------

    @property
    def id(self) -> int:
        return self.spec.id

    def start(self) -> None:
        self._task = asyncio.create_task(self._run(), name=f"table-{self.id}")

    async def stop(self) -> None:
        """Stop the actor (server shutdown); the stored state stays as it is."""
        if self._timer is not None:
            self._timer.cancel()
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
                if self._timer is None and not self.closed:
                    self._schedule()  # never leave a game without its clock
        finally:
            self._fail_pending()

    def _fail_pending(self) -> None:
        """Commands still queued when the table closed or stopped get a clear refusal."""
        while not self._inbox.empty():
            item = self._inbox.get_nowait()
            if item is not None and item[1] is not None and not item[1].done():
                item[1].set_exception(
                    HallError(Code.NO_SUCH_TABLE, f"table {self.id} is closed"))

    # -- commands (each runs inside the actor) ---------------------------------------------

    async def sit(self, account: Account, seat: int) -> int:
        self._may_sit(account, seat)
        account = await self.eco.admit(account)  # R40 and the same-IP rule (reads coins)
        self._may_sit(account, seat)  # again: the read let other commands of the hall run
        self.ctx.set_seated(account.id, self.id)
        self.spec.seats[seat] = Seat(account=account)
        self.spectators.discard(account.id)
        await self._table_changed()
        return seat

    def _may_sit(self, account: Account, seat: int) -> None:
        if self.game is not None:
            raise HallError(Code.GAME_IN_PROGRESS, "a game is being played at this table")
        where = self.ctx.seat_of(account.id)
        if where is not None:
            raise HallError(Code.ALREADY_SEATED, f"you are seated at table {where}; stand first")
        if not 0 <= seat <= 3:
            raise HallError(Code.MALFORMED, "seat must be 0 to 3")
        if not self.spec.seats[seat].empty:
            raise HallError(Code.SEAT_TAKEN, f"seat {seat} is taken")

    async def announce(self) -> None:
        """Tell the lobby about this table (after it was created)."""
        await self.eco.load_armed()  # what the owner armed shows at his seat
        self._publish_table()

    def free_seat(self) -> int | None:
        return next((i for i, s in enumerate(self.spec.seats) if s.empty), None)

    async def sit_anywhere(self, account: Account) -> int:
        seat = self.free_seat()
        if seat is None or self.game is not None:
            raise HallError(Code.SEAT_TAKEN, "the table is full")
        return await self.sit(account, seat)

    async def stand(self, account: Account, escape: bool) -> None:
        seat = self._seat_of(account)
        if self.game is not None:
            if not escape:
                raise HallError(Code.WOULD_ESCAPE,
                                "leaving a game in progress is an escape (R35); "
                                "send escape: true to leave anyway")
            await self._abandon(seat)
        self.spec.seats[seat] = Seat()
        self.ctx.set_seated(account.id, None)
        self.auto.discard(seat)
        self.away_since.pop(seat, None)
        if not any(s.account for s in self.spec.seats):
            await self._close()
            return
        await self._table_changed()

    async def ready(self, account: Account, on: bool, bet: int | None = None) -> None:
        seat = self._seat_of(account)
        if self.game is not None:
            raise HallError(Code.GAME_IN_PROGRESS, "the game has started")
        if on and bet is not None and bet != self.spec.bet:
            raise HallError(Code.BET_CHANGED, f"the table's bet is now {self.spec.bet}, not "
                                              f"{bet}: ready again to accept it (R40)")
        self.spec.seats[seat].ready = on
        await self._table_changed()

    async def add_bot(self, account: Account, seat: int, name: str) -> None:
        self._owner_only(account)
        if self.game is not None:
            raise HallError(Code.GAME_IN_PROGRESS, "a game is being played at this table")
        if not 0 <= seat <= 3:
            raise HallError(Code.MALFORMED, "seat must be 0 to 3")
        if not self.spec.seats[seat].empty:
            raise HallError(Code.SEAT_TAKEN, f"seat {seat} is taken")
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
        await self._table_changed()

    async def remove_bot(self, account: Account, seat: int) -> None:
        self._owner_only(account)
        if self.game is not None:
            raise HallError(Code.GAME_IN_PROGRESS, "a game is being played at this table")
        if not 0 <= seat <= 3 or self.spec.seats[seat].bot is None:
            raise HallError(Code.MALFORMED, f"seat {seat} holds no bot")
        self.spec.seats[seat] = Seat()
        await self._table_changed()

    async def set_auto(self, account: Account, on: bool) -> None:
        """托管 on request (R34): the hall's bot plays the seat until the player takes it back."""
        seat = self._seat_of(account)
        self.eco.check_not_leaving(seat)
        if on:
            self.auto.add(seat)
        else:
            self.auto.discard(seat)
        self._publish_table()
        self._schedule()

    async def play(self, account: Account, version: int, cards: str) -> int:
        """A player's action; returns the new version."""
        seat = self._seat_of(account)
        game = self.game
        if game is None:
            raise HallError(Code.NO_GAME, "no game is being played at this table")
        if version != self.version:
            raise HallError(Code.STALE_VERSION,
                            f"the game is at version {self.version}, not {version}; "
                            "your view was out of date and nothing was played")
        if game.to_move != seat:
            raise HallError(Code.NOT_YOUR_TURN, f"it is seat {game.to_move}'s turn")
        self.eco.check_not_leaving(seat)
        action: list[int] | None
        if cards.strip().lower() == "pass":
            action = None
        else:
            try:
                action = list(parse_cards(cards))
            except CardError as e:
                raise HallError(Code.ILLEGAL_MOVE, str(e)) from None
        await self._apply(seat, action, "player")
        if seat in self.auto:  # acting yourself takes the seat back from 托管
            self.auto.discard(seat)
            self._publish_table()
        return self.version

    async def snapshot(self, account: Account | None, watch: bool) -> list[str]:
        """Frames that bring a client up to date: the table, and the game if one runs.

        A seated player gets his seat's view, anyone else the spectator view (R45).
        """
        if watch and account is not None and self.ctx.seat_of(account.id) != self.id:
            self.spectators.add(account.id)
        frames = [TableFrame(table=self.view()).text()]
        if self.game is not None:
            seat = None if account is None else self._seat_index(account.id)
            frames.append(self._game_frame(seat))
            counter = None if seat is None else self.eco.counter_frame(seat)
            if counter is not None:
                frames.append(counter)
        return frames

    async def unwatch(self, account_id: int) -> None:
        self.spectators.discard(account_id)

    async def presence(self, account_id: int, connected: bool) -> None:
        """A seated player's connection came or went: 托管 while he is away (R34)."""
        seat = self._seat_index(account_id)
        if seat is None:
            return
        if connected:
            self.away_since.pop(seat, None)
        else:
            self.away_since.setdefault(seat, asyncio.get_running_loop().time())
        self._publish_table()
        self._schedule()

    # -- views -----------------------------------------------------------------------------

    def view(self) -> TableView:
        seats = []
        for i, s in enumerate(self.spec.seats):
            if s.account is not None:
                a = s.account
                seats.append(SeatView(seat=i, kind="player", account_id=a.id,
                                      nickname=a.nickname, level=a.level, title=a.title,
                                      title_en=a.title_en, ready=s.ready,
                                      connected=self.ctx.is_connected(a.id),
                                      auto=i in self.auto or (
                                          self.game is not None and i in self.away_since),
                                      armed=self.eco.armed_of(a.id)))
            elif s.bot is not None:
                seats.append(SeatView(seat=i, kind="bot", bot=s.bot, name=s.name,
                                      name_en=s.name_en, avatar=s.avatar, ready=True,
                                      connected=True))
            else:
                seats.append(SeatView(seat=i, kind="empty"))
        status: Literal["open", "playing", "closed"] = (
            "closed" if self.closed else "playing" if self.game is not None else "open")
        return TableView(id=self.id, name=self.spec.name, owner_id=self.spec.owner.id,
                         owner=self.spec.owner.nickname, tablecloth=self.spec.tablecloth,
                         bet=self.spec.bet, rules=self.spec.rules, turn_seconds=self.turn_seconds,
                         status=status, game_id=self.spec.game_id, seats=seats,
                         spectators=len(self.spectators),
                         name_protected_until=self.spec.name_protected_until,
                         name_default=self.spec.name_default)

    def _game_model(self, seat: int | None) -> GameFrame:
        assert self.game is not None and self.spec.game_id is not None
        view = self.game.observation(seat).to_dict()
        return GameFrame(table=self.id, game_id=self.spec.game_id, version=self.version,
                         seat=seat, view=view, deadline=self.deadline_wall, now=now_ms())

    def _game_frame(self, seat: int | None) -> str:
        return self._game_model(seat).text()

    def _publish_table(self) -> None:
        text = TableFrame(table=self.view()).text()
        self.ctx.broker.publish(table_topic(self.id), text)
        self.ctx.broker.publish(lobby_topic(), text)

    def _publish_snapshots(self) -> None:
        """Each seated player his own view, spectators the public one."""
        broker = self.ctx.broker
        for i, s in enumerate(self.spec.seats):
            if s.account is not None:
                broker.publish(account_topic(s.account.id), self._game_frame(i))
        broker.publish(watch_topic(self.id), self._game_frame(None))
        self.eco.publish_counters()

    # -- the game --------------------------------------------------------------------------

    async def _table_changed(self) -> None:
        await self.ctx.store.save_table(self.spec)
        self._publish_table()
        await self._maybe_start()

    async def _maybe_start(self) -> None:
        seats = self.spec.seats
        if self.game is not None or not all(not s.empty and s.ready for s in seats):
            return
        if not await self.eco.check_before_game():  # R40: stood up with a message
            return
        store = self.ctx.store
        game_id = await store.start_game(self.id, self.spec.rules, seats)
        deal = deal_half(self.rng, self.rules)
        await store.store_deal(game_id, stored_deal(0, deal))
        self.spec.game_id = game_id
        self.spec.status = "playing"
        self.game = Game(self.rules, deal)  # no rng: the actor deals (and stores) half two
        self.version = 0
        self._make_bots()
        now = asyncio.get_running_loop().time()
        for i, s in enumerate(seats):
            if s.account is not None and not self.ctx.is_connected(s.account.id):
                self.away_since[i] = now
        self._turn_begins()
        self._publish_table()
        self._publish_snapshots()

    async def resume(self, game: Game, version: int) -> None:
        """Take up a stored game after a restart; the clock starts afresh.

        A crash between the halves left the second deal undone: it is dealt (and stored)
        now. Seated players count as away until they reconnect.
        """
        self.game = game
        self.version = version
        self._make_bots()
        await self.eco.load_counters()
        now = asyncio.get_running_loop().time()
        for i, s in enumerate(self.spec.seats):
            if s.account is not None and not self.ctx.is_connected(s.account.id):
                self.away_since[i] = now
        await self.deal_second_half_if_due()
        self._turn_begins()

    async def deal_second_half_if_due(self) -> None:
        game = self.game
        if game is None or not game.needs_second_half():
            return
        first = game.halves[0].result
        assert first is not None and self.spec.game_id is not None
        deal = deal_half(self.rng, self.rules, first.upstream)
        await self.ctx.store.store_deal(self.spec.game_id, stored_deal(1, deal))
        game.start_second_half(deal)

    def _make_bots(self) -> None:
        self.bots = {}
        for i, s in enumerate(self.spec.seats):
            if s.bot is not None:
                self.bots[i] = make_bot(s.bot, self.rng.randrange(2**31))

    def _auto_bot(self, seat: int) -> Bot:
        bot = self.bots.get(seat)
        if bot is None:
            bot = self.bots[seat] = make_bot(self.ctx.autoplay_bot(), self.rng.randrange(2**31))
        return bot

    async def _apply(self, seat: int, action: Any, reason: str) -> None:
        game = self.game
        game_id = self.spec.game_id
        assert game is not None and game_id is not None
        half = game.half
        half_index = len(game.halves) - 1
        try:
            game.apply(action)
        except IllegalAction as e:
            raise HallError(Code.ILLEGAL_MOVE, str(e)) from None
        played = half.actions[-1][1]
        text = "pass" if played is None else format_cards(played)
        idx = self.version
        try:
            await self.ctx.store.store_action(
                game_id, StoredAction(idx, half_index, seat, text, reason))
        except Exception:
            log.exception("table %s: storing action %s failed; rebuilding", self.id, idx)
            await self._reload()
            raise HallError(Code.INTERNAL, "the action could not be stored; try again") from None
        self.version = idx + 1
        if game.to_move is not None:
            self._turn_begins()
        else:
            self.deadline_wall = None
        self._publish_played(seat, text, reason)
        self.eco.publish_counters()
        if game.needs_second_half():
            await self.deal_second_half_if_due()
            self._turn_begins()
            self._publish_snapshots()
        elif game.is_over:
            await self._finish()

    def _publish_played(self, seat: int, text: str, reason: str) -> None:
        game = self.game
        game_id = self.spec.game_id
        assert game is not None and game_id is not None
        obs = game.observation(None)
        frame = Played(table=self.id, game_id=game_id, version=self.version, seat=seat,
                       cards=text, reason=reason,  # type: ignore[arg-type]
                       to_move=obs.to_move, top=None if obs.top is None else obs.top.text(),
                       top_seat=obs.top_seat, cards_left=list(obs.cards_left),
                       trick_points=list(obs.trick_points), table_points=obs.table_points,
                       out_order=list(obs.out_order), deadline=self.deadline_wall,
                       now=now_ms())
        self.ctx.broker.publish(table_topic(self.id), frame.text())

    async def _reload(self) -> None:
        """Throw away the in-memory game and replay it from the store."""
        game_id = self.spec.game_id
        stored = None if game_id is None else await self.ctx.store.game(game_id)
        if stored is None:
            return
        game = rebuild_game(stored)
        self.game = game
        self.version = len(stored.actions)
        self._turn_begins()

    async def _finish(self) -> None:
        game = self.game
        game_id = self.spec.game_id
        assert game is not None and game.result is not None and game_id is not None
        result = game.result
        stake = 2 if result.kind == DOUBLE else 1
        outcomes: list[tuple[str, int]] = []
        for seat in range(4):
            if result.winner is None:
                outcomes.append(("draw", 0))
            elif seat & 1 == result.winner:
                outcomes.append(("win", stake))
            else:
                outcomes.append(("lose", -stake))
        result_dict = game_result_dict(result, detail=True)  # R29 explained (new keys)
        record = record_of(game).to_json()
        seats = await self.eco.settle_finished(  # the result and R36–R44 in one transaction
            result, FinishGame(game_id, "finished", result_dict, record, outcomes, None))
        self._game_ended(GameOver(table=self.id, game_id=game_id, status="finished",
                                  result=result_dict, escaper=None, record=record,
                                  seats=seats))
        self.eco.after_game()
        await self.eco.table_changed_or_closed()

    async def _abandon(self, escaper: int) -> None:
        """R35: the game is abandoned; the escaper's penalty is stored for the economy."""
        game = self.game
        game_id = self.spec.game_id
        assert game is not None and game_id is not None
        outcomes = [("escape", -2) if s == escaper else ("abandoned", 0) for s in range(4)]
        record = record_of(game).to_json()
        seats = await self.eco.settle_abandoned(  # R35 in the same transaction
            escaper, FinishGame(game_id, "abandoned", None, record, outcomes, escaper))
        self._game_ended(GameOver(table=self.id, game_id=game_id, status="abandoned",
                                  result=None, escaper=escaper, record=record, seats=seats))
        self.eco.after_game()

    def _game_ended(self, frame: GameOver) -> None:
        self.ctx.broker.publish(table_topic(self.id), frame.text())
        self.game = None
        self.spec.game_id = None
        self.spec.status = "open"
        self.bots = {}
        self.auto.clear()
        self.deadline_wall = None
        for s in self.spec.seats:
            if s.account is not None:
                s.ready = False
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None

    async def _close(self) -> None:
        self.spec.status = "closed"
        self.closed = True
        await self.ctx.store.save_table(self.spec)
        text = TableClosed(table=self.id).text()
        self.ctx.broker.publish(table_topic(self.id), text)
        self.ctx.broker.publish(lobby_topic(), text)
        if self._timer is not None:
            self._timer.cancel()
        self.ctx.table_closed(self.id)

    # -- the clock and the bots (R33, R34) -------------------------------------------------

    def _turn_begins(self) -> None:
        loop = asyncio.get_running_loop()
        self.turn_started = loop.time()
        self.deadline = self.turn_started + self.turn_seconds
        self.deadline_wall = time.time() + self.turn_seconds
        self._schedule()

    def _bot_due(self, seat: int) -> float | None:
        """When the bot plays this seat, if it does: a bot seat, 托管, or its player away."""
        think = self.ctx.settings.bot_think_seconds
        if self.spec.seats[seat].bot is not None or seat in self.auto:
            return self.turn_started + think
        away = self.away_since.get(seat)
        if away is not None:
            return max(self.turn_started + think,
                       away + self.ctx.settings.disconnect_grace_seconds)
        return None

    def _schedule(self) -> None:
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None
        game = self.game
        if game is None or game.to_move is None or self.closed:
            return
        due = self._bot_due(game.to_move)
        wake = self.deadline if due is None else min(due, self.deadline)
        loop = asyncio.get_running_loop()
        self._timer = loop.call_at(wake, self._wake)

    def _wake(self) -> None:
        self._timer = None
        self._inbox.put_nowait((self._tick, None))

    async def _tick(self) -> None:
        game = self.game
        if game is None or game.to_move is None:
            return
        seat = game.to_move
        now = asyncio.get_running_loop().time()
        due = self._bot_due(seat)
        if due is not None and due <= now:
            is_bot_seat = self.spec.seats[seat].bot is not None
            reason = "bot" if is_bot_seat else "auto"
            move: Move | None
            try:
                bot = self.bots[seat] if is_bot_seat else self._auto_bot(seat)
                move, self.bots[seat] = await self.ctx.bot_pool.choose(
                    bot, game.observation(seat), game.legal_moves())
            except Exception:  # a broken bot must not stop the table: play as on timeout
                log.exception("table %s: bot of seat %s failed", self.id, seat)
                move = None
            if self.closed or self.game is not game or game.to_move != seat:
                return  # the table stopped while the bot was thinking elsewhere
            if move is None:
                await self._timeout_action(seat, reason)
                return
            await self._apply(seat, move, reason)
        elif now >= self.deadline:
            if await self.eco.timer_fires(seat):  # R41: an armed timer adds 90 s
                return
            await self._timeout_action(seat, "timeout")
        else:
            self._schedule()

    async def _timeout_action(self, seat: int, reason: str) -> None:
        """R33: a leader plays one random card of his hand, anyone else passes."""
        game = self.game
        assert game is not None
        if game.half.top is None:
            hand = game.half.hands[seat].cards()
            await self._apply(seat, [hand[self.rng.randrange(len(hand))]], reason)
        else:
            await self._apply(seat, None, reason)

    # -- helpers ---------------------------------------------------------------------------

    def _seat_index(self, account_id: int) -> int | None:
        for i, s in enumerate(self.spec.seats):
            if s.account is not None and s.account.id == account_id:
                return i
        return None

    def _seat_of(self, account: Account) -> int:
        seat = self._seat_index(account.id)
        if seat is None:
            raise HallError(Code.NOT_SEATED, f"you are not seated at table {self.id}")
        return seat

    def _owner_only(self, account: Account) -> None:
        if account.id != self.spec.owner.id and not account.is_admin:
            raise HallError(Code.NOT_OWNER, "only the table's owner may do this")
