"""The table's game: dealing and storing each half, applying each action (stored, then
broadcast), the hall's bots and 托管 playing when the clock wakes the table (R33, R34),
and the game's end (settled by :class:`.settlement.TableSettlement`).

A :class:`TablePlay` belongs to one table and runs inside its actor; it keeps the game on
the actor (``game``, ``version``) where the table's other parts read it.
"""

from __future__ import annotations

import logging
import random
from typing import Any, Protocol

from yuanzi.bots import Bot, make_bot
from yuanzi.engine import Game, IllegalAction, Move, Rules, deal_half, format_cards
from yuanzi.hall.errors import Code, HallError
from yuanzi.hall.events import GameOver
from yuanzi.hall.models import DealFairness, StoredAction, TableSpec
from yuanzi.hall.ports import LeaseLost
from yuanzi.hall.runtime.pubsub import Envelope
from yuanzi.hall.table import frames
from yuanzi.hall.table.clock import TableClock
from yuanzi.hall.table.context import TableContext
from yuanzi.hall.table.dealing import DealDraw, Job
from yuanzi.hall.table.half_break import HalfBreak
from yuanzi.hall.table.hinting import TableHints
from yuanzi.hall.table.items import TableItems
from yuanzi.hall.table.nudges import TableNudges
from yuanzi.hall.table.restore import rebuild_game, stored_deal, without_last_action
from yuanzi.hall.table.seating import Seating
from yuanzi.hall.table.session import TableSession
from yuanzi.hall.table.settlement import TableSettlement
from yuanzi.hall.table.tourney import TableTourney
from yuanzi.hall.table.views import Outbox

log = logging.getLogger(__name__)


class PlayHost(Protocol):
    """The table as its game sees it."""

    spec: TableSpec
    ctx: TableContext
    out: Outbox
    rules: Rules
    rng: random.SystemRandom
    game: Game | None
    version: int
    closed: bool
    last_over: GameOver | None
    clock: TableClock
    items: TableItems
    seating: Seating
    settlement: TableSettlement
    session: TableSession
    tourney: TableTourney
    nudges: TableNudges

    @property
    def id(self) -> int: ...
    def game_frame(self, seat: int | None) -> frames.GameFrame | None: ...
    def publish_table(self) -> None: ...
    def reschedule(self) -> None: ...
    def later(self, delay: float, job: Job) -> None: ...


class TablePlay:
    def __init__(self, table: PlayHost) -> None:
        self.table = table
        self.bots: dict[int, Bot] = {}
        """The bots of this game: bot seats, and the hall's bot for seats in 托管."""
        self.finish_due = False
        self.pause = HalfBreak()
        """The pause between the halves, while it lasts (issue 31)."""
        self.draw = DealDraw(table)
        self.fairness: DealFairness | None = None
        """The game's seeds and the seats' values (None: a game dealt before issue 28)."""
        self.hints = TableHints(table)

    def publish_snapshots(self) -> None:
        """Each seated player his own view, spectators the public one (:mod:`.views`)."""
        t = self.table
        t.out.game_views(t.spec.seats, t.game_frame)
        t.items.publish_counters()

    async def maybe_start(self) -> None:
        """Everyone ready: the deal is drawn (:mod:`.dealing`: the hall's commitment, the
        players' values), then the game starts; someone no longer ready calls it off."""
        t = self.table
        await t.session.seats_changed()  # a player of the session left: it ends
        if t.game is not None:
            return
        if not all(not s.empty and s.ready for s in t.spec.seats):
            self.draw.cancel()
            return
        if self.draw.drawing or not await t.seating.check_before_game():  # R40
            return
        if t.spec.tournament is not None:  # the round's deal, the same at every table
            deal = await t.tourney.next_deal()
            if deal is not None:
                await self._start(deal)
            return
        if self.draw.begin(self._deal_due):
            await self._start(self.draw.take())

    async def contribute(self, seat: int, value: object) -> None:
        """A player's random value for the deal (issue 28); the last one deals."""
        if self.draw.contribute(seat, value):
            await self._start(self.draw.take())

    async def _deal_due(self) -> None:
        if self.draw.drawing:
            await self._start(self.draw.take())

    async def _start(self, fairness: DealFairness) -> None:
        t = self.table
        seats = t.spec.seats
        if t.game is not None or not all(not s.empty and s.ready for s in seats):
            return
        if not await t.seating.check_before_game():  # R40 again: coins may have moved
            return
        store = t.ctx.store
        deal = deal_half(fairness.stream(0), t.rules)
        game_id = await store.start_game(t.id, t.spec.rules, seats, t.session.for_game(),
                                         fairness, stored_deal(0, deal))
        t.spec.game_id = game_id
        t.spec.status = "playing"
        t.game = Game(t.rules, deal)  # no rng: the actor deals (and stores) half two
        self.fairness = fairness
        t.version = 0
        t.last_over = None
        self._make_bots()
        self._mark_away()
        self.turn_begins()
        t.publish_table()
        self.publish_snapshots()

    def _mark_away(self) -> None:
        """Seated players with no live connection count as away (R34)."""
        t = self.table
        for i, s in enumerate(t.spec.seats):
            if s.account is not None and not t.ctx.is_connected(s.account.id):
                t.clock.away_from_now(i)

    async def resume(self, game: Game, version: int,
                     fairness: DealFairness | None = None) -> None:
        """Take up a stored game after a restart; the clock starts afresh.

        A crash between the halves left the second deal undone: it is dealt (and stored)
        now. Seated players count as away until they reconnect.
        """
        t = self.table
        t.game = game
        t.version = version
        self.fairness = fairness
        self._make_bots()
        await t.items.load_counters()  # (托管 asked before the restart: the actor's own)
        self._mark_away()
        await self._deal_second_half_if_due()
        if game.is_over:  # its last action stored, its settlement not: settled at start
            self.finish_due = True
            return
        self.turn_begins()

    async def finish_if_due(self) -> None:
        """Settle a game taken up with its last action stored but not its end (a crash
        or a takeover right after it): every player then gets his ``game_over``."""
        if self.finish_due and self.table.game is not None:
            self.finish_due = False
            await self._finish()

    async def _deal_second_half_if_due(self) -> None:
        t = self.table
        game = t.game
        if game is None or not game.needs_second_half():
            return
        first = game.halves[0].result
        assert first is not None and t.spec.game_id is not None
        f = self.fairness
        deal = deal_half(t.rng if f is None else f.stream(1), t.rules, first.upstream)
        await t.ctx.store.store_deal(t.spec.game_id, stored_deal(1, deal))
        game.start_second_half(deal)

    def _make_bots(self) -> None:
        t = self.table
        self.bots = {}
        for i, s in enumerate(t.spec.seats):
            if s.bot is not None:
                self.bots[i] = make_bot(s.bot, t.rng.randrange(2**31))

    def _auto_bot(self, seat: int) -> Bot:
        t = self.table
        bot = self.bots.get(seat)
        if bot is None:
            bot = self.bots[seat] = make_bot(t.ctx.autoplay_bot(), t.rng.randrange(2**31))
        return bot

    async def apply(self, seat: int, action: Any, reason: frames.Reason) -> None:
        t = self.table
        game = t.game
        game_id = t.spec.game_id
        assert game is not None and game_id is not None
        half = game.half
        half_index = len(game.halves) - 1
        try:
            game.apply(action)
        except IllegalAction as e:
            raise HallError(Code.ILLEGAL_MOVE, str(e)) from None
        played = half.actions[-1][1]
        text = "pass" if played is None else format_cards(played)
        idx = t.version
        try:
            await t.ctx.store.store_action(
                game_id, StoredAction(idx, half_index, seat, text, reason))
        except LeaseLost:
            raise  # another node owns the table now: step down (the actor), undo nothing
        except Exception:
            log.exception("table %s: storing action %s failed; rebuilding", t.id, idx)
            await self._reload_or_undo(game)
            raise HallError(Code.INTERNAL, "the action could not be stored; try again") from None
        t.version = idx + 1
        t.ctx.actions += 1
        self.pause.end()  # the leader played: he has read the first half's summary
        if game.to_move is not None:
            self.turn_begins()
        else:
            t.clock.no_turn()
        t.out.everyone(Envelope("played", frames.played_text(
            t.id, game_id, t.version, game, seat, text, reason, t.clock.deadline_wall), t.id))
        t.items.publish_counters()
        if game.needs_second_half():
            await self._deal_second_half_if_due()
            self._pause_between_halves()
            self.publish_snapshots()
        elif game.is_over:
            await self._finish()

    async def _reload_or_undo(self, game: Game) -> None:
        """After a failed write: the game as stored (the write may have landed after
        all), or, when the store cannot be read either, the game as it was before the
        refused action."""
        t = self.table
        game_id = t.spec.game_id
        try:
            stored = None if game_id is None else await t.ctx.store.game(game_id)
        except Exception:
            log.exception("table %s: re-reading game %s failed; undoing in memory", t.id,
                          game_id)
            stored = None
        if stored is not None:
            t.game = rebuild_game(stored)
            t.version = len(stored.actions)
        else:
            t.game = without_last_action(game)
        self.turn_begins()

    async def _finish(self) -> None:
        t = self.table
        assert t.game is not None and t.spec.game_id is not None
        over = await t.settlement.finished(t.game, t.spec.game_id, self.fairness)
        self._game_ended(over)
        await t.session.after_game(abandoned=False)
        if t.spec.tournament is not None:
            await t.tourney.after_game(self.maybe_start)
            return
        await t.seating.changed_or_closed()

    async def abandon(self, escaper: int) -> None:
        """R35: the game is abandoned; the escaper's penalty is stored for the economy."""
        t = self.table
        assert t.game is not None and t.spec.game_id is not None
        over = await t.settlement.abandoned(t.game, t.spec.game_id, escaper, self.fairness)
        self._game_ended(over)
        await t.session.after_game(abandoned=True)

    def _game_ended(self, frame: GameOver) -> None:
        t = self.table
        if t.spec.tournament is not None:  # other tables still play these cards
            frame = frame.model_copy(update={"record": None})
        t.out.game_over(frame, t.spec.seats)
        t.last_over = frame
        t.game = None
        t.spec.game_id = None
        t.spec.status = "open"
        self.bots = {}
        self.pause.end()
        t.clock.auto.clear()
        t.clock.no_turn()
        t.clock.cancel()
        for s in t.spec.seats:
            s.game_ended()
        t.settlement.announce_replays()
        t.items.game_ended()
        t.seating.after_game()

    def turn_begins(self) -> None:
        t = self.table
        t.clock.turn_begins()
        t.reschedule()
        t.nudges.turn()

    # -- the pause between the halves (issue 31) ---------------------------------------

    def _pause_between_halves(self) -> None:
        """The second half's first turn starts once its players have read the first
        half's summary: the ones playing themselves, here and connected, are waited for
        (:mod:`.half_break`)."""
        t = self.table
        reading = [i for i, s in enumerate(t.spec.seats)
                   if s.account is not None and t.ctx.is_connected(s.account.id)
                   and not t.clock.played_by_hall(i, True)]
        delay = self.pause.begin(t.ctx.settings.half_break_seconds, reading)
        t.clock.turn_begins(after=delay)
        t.reschedule()

    def go_on(self, seat: int) -> None:
        """``seat`` pressed 继续: the others hear who still reads; the last one starts
        the second half's clock."""
        self._pause_changed(self.pause.press(seat))

    def not_reading(self, seat: int) -> None:
        """``seat``'s player went away or into 托管: the pause waits for him no more."""
        if self.pause.active:
            self._pause_changed(self.pause.stop_waiting_for(seat))

    def _pause_changed(self, over: bool) -> None:
        t = self.table
        if over:
            self.pause.end()
            self.turn_begins()
        if t.spec.game_id is not None:
            t.out.everyone(self.pause.frame(
                t.id, t.spec.game_id, t.clock.deadline_wall).envelope())

    async def tick(self) -> None:
        t = self.table
        game = t.game
        if game is None or game.to_move is None:
            return
        seat = game.to_move
        bot_seat = t.spec.seats[seat].bot is not None
        due = t.clock.bot_due(seat, bot_seat)
        if due is not None and due <= t.clock.now():
            reason: frames.Reason = "bot" if bot_seat else "auto"
            move: Move | None
            try:
                bot = self.bots[seat] if bot_seat else self._auto_bot(seat)
                move, self.bots[seat] = await t.ctx.bot_pool.choose(
                    bot, game.observation(seat), game.legal_moves())
            except Exception:  # a broken bot must not stop the table: play as on timeout
                log.exception("table %s: bot of seat %s failed", t.id, seat)
                move = None
            if t.closed or t.game is not game or game.to_move != seat:
                return  # the table stopped while the bot was thinking elsewhere
            if move is None:
                await self._timeout_action(seat, reason)
                return
            await self.apply(seat, move, reason)
        elif t.clock.timed_out():
            if await t.items.timer_fires(seat):  # R41: an armed timer adds 90 s
                return
            await self._timeout_action(seat, "timeout")
        else:
            t.reschedule()

    async def _timeout_action(self, seat: int, reason: frames.Reason) -> None:
        """R33: a leader plays one random card of his hand, anyone else passes."""
        t = self.table
        game = t.game
        assert game is not None
        if game.half.top is None:
            hand = game.half.hands[seat].cards()
            await self.apply(seat, [hand[t.rng.randrange(len(hand))]], reason)
        else:
            await self.apply(seat, None, reason)
