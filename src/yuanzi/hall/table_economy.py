"""The economy at one table (R33, R35, R40–R45), run inside the table's actor.

A :class:`TableEconomy` belongs to one :class:`~yuanzi.hall.actor.TableActor` and is
called only from inside it, so like the actor it needs no locks. It holds what the
economy adds to a table: who is counting cards (R41), who an admin removed during a
game, and the timer that fired this turn. The actor calls its hooks at the moments the
rules name — a player sitting down (R40, same-IP rule), a game about to start (R40,
again), a game's end (settlement), a turn timing out (the timer) — and the table's
item commands (sign, tablecloth, card counter), hints and resyncs run here.

What the card counter shows is computed from the owner's own observation (R45) — every
card minus his hand minus the cards played this half — never from the other hands.
"""

from __future__ import annotations

import json
import logging
import time
from collections import Counter
from collections.abc import Iterable
from typing import TYPE_CHECKING, Any, Literal

from yuanzi.bots import bot_names, make_bot
from yuanzi.engine import format_cards
from yuanzi.engine.cards import Card, full_deck, sort_hand
from yuanzi.engine.game import GameResult
from yuanzi.engine.observe import Observation
from yuanzi.hall.economy.bets import (
    check_bet,
    coins_to_sit,
    may_sit_ip,
    same_ip_seats,
    seats_to_stand,
)
from yuanzi.hall.economy.errors import InvalidBet
from yuanzi.hall.economy.items import ItemCode, spec
from yuanzi.hall.economy.timer import TIMER_EXTENSION_SECONDS, TimerFired
from yuanzi.hall.economy_ports import FinishGame, TableUpdate
from yuanzi.hall.errors import Code, HallError
from yuanzi.hall.events import CounterFrame, ReplaySaved, SeatResult, StoodUp, TimerFrame
from yuanzi.hall.models import Account, Seat
from yuanzi.hall.pubsub import account_topic, table_topic

if TYPE_CHECKING:
    from yuanzi.hall.actor import TableActor
    from yuanzi.hall.economy_service import EconomyService

log = logging.getLogger(__name__)
StandReason = Literal["coins", "same_ip", "kicked", "banned"]
HINT_BOT = "heuristic"
"""The issue: hints come from the hall's heuristic bot."""
NAME_LENGTH = 32
SHOWN_ARMED = (ItemCode.TIMER.value, ItemCode.RECORDER.value)
"""Armed items a seat shows to the table: that they are armed is public (R41); nothing
they will do is."""


def now_ms() -> int:
    return int(time.time() * 1000)


def counter_cards(obs: Observation) -> list[Card]:
    """R41's card counter for ``obs``'s seat: the cards the other three hold together.

    All 162 cards minus the seat's own hand minus every card played this half; only the
    seat's own observation is read, so nothing R45 hides can enter.
    """
    if obs.hand is None:
        raise ValueError("a card counter belongs to a seat")
    rest = Counter(full_deck())
    rest.subtract(obs.hand)
    rest.subtract(obs.played_cards())
    if any(n < 0 for n in rest.values()):
        raise AssertionError("more cards seen than the three packs hold")
    return sort_hand(list(rest.elements()), obs.blade_rank)


class TableEconomy:
    def __init__(self, actor: TableActor) -> None:
        self.actor = actor
        self.counters: dict[int, int] = {}
        """Seat → account of an active card counter, for the rest of this game."""
        self.leaving: dict[int, StandReason] = {}
        """Seats an admin removed during a game: played by the bot, stood up at its end."""
        self.timer_version: int | None = None
        """The game version at which a timer last fired: once per turn."""
        self.restored_timer: tuple[int, int] | None = None
        """(version, seat) of a timer that fired before a restart, on the turn still to
        be played: its 90 s are given again, unpaid, when the fresh clock runs out."""
        self._replays: list[tuple[int, str, int]] = []
        self.armed: dict[int, list[str]] = {}
        """Account → the items it has armed that its seat shows (:data:`SHOWN_ARMED`)."""

    @property
    def economy(self) -> EconomyService:
        return self.actor.ctx.economy

    # -- sitting down (R40, same-IP rule) --------------------------------------------------

    async def admit(self, account: Account) -> Account:
        """The account as stored now, if it may sit here: 100 × bet coins (R40) and, at a
        betting table, no seated player connecting from its address."""
        fresh = await self.economy.account(account.id) or account
        await self.load_armed([account.id])
        bet = self.actor.spec.bet
        if not bet:
            return fresh
        need = coins_to_sit(bet)
        if fresh.coins < need:
            raise HallError(Code.NOT_ENOUGH_COINS,
                            f"this table bets {bet}: sitting needs {need} coins (R40); "
                            f"you have {fresh.coins}")
        ctx = self.actor.ctx
        others = [None if s.account is None else ctx.address_of(s.account.id)
                  for s in self.actor.spec.seats if s.account is not None]
        if not may_sit_ip(others, ctx.address_of(account.id), bet,
                          ctx.settings.same_ip_rule):
            raise HallError(Code.SAME_IP, "a player at this betting table connects from your "
                                          "address; two players of one address may not bet "
                                          "at one table")
        return fresh

    def refresh(self, accounts: dict[int, Account]) -> None:
        """Seated players' accounts as the store has them now (titles, coins)."""
        for s in self.actor.spec.seats:
            if s.account is not None and s.account.id in accounts:
                s.account = accounts[s.account.id]

    async def check_before_game(self) -> bool:
        """R40 before each game: a player below 100 × bet (or sharing an address at a
        betting table) is stood up with a message, and the game does not start."""
        actor = self.actor
        seats = actor.spec.seats
        ids = [s.account.id for s in seats if s.account is not None]
        self.refresh(await self.economy.accounts(ids))
        await self.load_armed(ids)
        bet = actor.spec.bet
        if not bet:
            return True
        stand: dict[int, tuple[StandReason, str]] = {}
        balances = [None if s.account is None else s.account.coins for s in seats]
        need = coins_to_sit(bet)
        for seat in seats_to_stand(balances, bet):
            stand[seat] = ("coins", f"this table bets {bet}: playing needs {need} coins "
                                    f"(R40); you have {balances[seat]}")
        ctx = actor.ctx
        addresses = [None if s.account is None else ctx.address_of(s.account.id)
                     for s in seats]
        for seat in same_ip_seats(addresses, bet, ctx.settings.same_ip_rule):
            stand.setdefault(seat, ("same_ip", "two players at this betting table connect "
                                               "from one address"))
        if not stand:
            return True
        for seat, (reason, message) in sorted(stand.items()):
            self.stand_up(seat, reason, message)
        await self.table_changed_or_closed()
        return False

    def stand_up(self, seat: int, reason: StandReason, message: str) -> None:
        """Free a seat the hall takes from its player, and tell him why."""
        actor = self.actor
        account = actor.spec.seats[seat].account
        if account is None:
            return
        actor.spec.seats[seat] = Seat()
        actor.ctx.set_seated(account.id, None)
        actor.auto.discard(seat)
        actor.away_since.pop(seat, None)
        self.counters.pop(seat, None)
        frame = StoodUp(table=actor.id, seat=seat, reason=reason, message=message)
        actor.ctx.broker.publish(account_topic(account.id), frame.text())

    async def table_changed_or_closed(self) -> None:
        if any(s.account is not None for s in self.actor.spec.seats):
            await self.actor._table_changed()
        else:
            await self.actor._close()

    # -- a game's end ----------------------------------------------------------------------

    async def settle_finished(self, result: GameResult, finish: FinishGame) -> list[SeatResult]:
        actor = self.actor
        settlement = await self.economy.finish_game(finish.game_id, actor.spec.seats,
                                                    actor.spec.bet, result, finish)
        self.refresh(settlement.accounts)
        self._replays = [(a, r, finish.game_id) for a, r in settlement.replays.items()]
        for account_id in settlement.replays:  # the recorder acted: spent and disarmed
            self._disarm(account_id, ItemCode.RECORDER.value)
        return self._named(settlement.seats)

    async def settle_abandoned(self, escaper: int, finish: FinishGame) -> list[SeatResult]:
        actor = self.actor
        settlement = await self.economy.abandon_game(finish.game_id, actor.spec.seats,
                                                     actor.spec.bet, escaper, finish)
        self.refresh(settlement.accounts)
        return self._named(settlement.seats)

    def _named(self, results: Iterable[SeatResult]) -> list[SeatResult]:
        """The settlement's seats, each bot seat with the name the hall gave it."""
        seats = self.actor.spec.seats
        out = []
        for r in results:
            s = seats[r.seat]
            if s.bot is not None:
                r = r.model_copy(update={"name": s.name, "name_en": s.name_en,
                                         "avatar": s.avatar})
            out.append(r)
        return out

    def after_game(self) -> None:
        """After ``game_over``: recorders' owners hear of their replays; players an admin
        removed during the game leave now."""
        broker = self.actor.ctx.broker
        for account_id, replay, game_id in self._replays:
            broker.publish(account_topic(account_id),
                           ReplaySaved(replay=replay, game_id=game_id).text())
        self._replays = []
        self.counters.clear()
        self.timer_version = None
        self.restored_timer = None
        for seat, reason in sorted(self.leaving.items()):
            self.stand_up(seat, reason, "an admin removed you from this table")
        self.leaving.clear()

    # -- the timer (R33, R41) --------------------------------------------------------------

    async def timer_fires(self, seat: int) -> bool:
        """The seat to move timed out: an armed timer adds 90 s (and costs 3 × 90)."""
        actor = self.actor
        game_id = actor.spec.game_id
        if actor.spec.seats[seat].account is None or game_id is None:
            return False
        if self.restored_timer == (actor.version, seat):
            self.restored_timer = None  # paid before the restart: the extension, once
            self._extend(game_id, seat, TIMER_EXTENSION_SECONDS, 0)
            return True
        if self.timer_version == actor.version:
            return False
        try:
            fired = await self.economy.fire_timer(game_id, seat, actor.spec.seats,
                                                  version=actor.version)
        except Exception:  # the clock must go on: a failed timer is a plain timeout
            log.exception("table %s: the timer of seat %s failed", actor.id, seat)
            return False
        if not isinstance(fired, TimerFired):
            return False
        self.timer_version = actor.version
        owner = actor.spec.seats[seat].account
        self._disarm(None if owner is None else owner.id, ItemCode.TIMER.value)  # spent
        fee = -sum(e.amount for e in fired.entries if e.amount < 0)
        self._extend(game_id, seat, fired.extension_seconds, fee)
        actor._publish_table()  # the seat no longer shows an armed timer
        return True

    def _extend(self, game_id: int, seat: int, seconds: int, fee: int) -> None:
        """Push the turn's deadline back and tell the table (a ``timer`` frame)."""
        actor = self.actor
        actor.deadline += seconds
        if actor.deadline_wall is not None:
            actor.deadline_wall += seconds
        frame = TimerFrame(table=actor.id, game_id=game_id, seat=seat, seconds=seconds,
                           deadline=actor.deadline_wall, fee=fee, now=now_ms())
        actor.ctx.broker.publish(table_topic(actor.id), frame.text())
        actor._schedule()

    # -- armed items shown at the seats (R41) ----------------------------------------------

    def armed_of(self, account_id: int) -> list[str]:
        """What the seat of ``account_id`` shows as armed (the table view's ``armed``)."""
        return self.armed.get(account_id, [])

    async def load_armed(self, account_ids: list[int] | None = None) -> None:
        """Read the armed items of these accounts (default: everyone seated)."""
        if account_ids is None:
            account_ids = [s.account.id for s in self.actor.spec.seats if s.account is not None]
        armed = await self.economy.store.armed(account_ids)
        for account_id in account_ids:
            self.armed[account_id] = sorted(a for a in armed.get(account_id, ())
                                            if a in SHOWN_ARMED)

    async def armed_changed(self, account_id: int, armed: list[str]) -> None:
        """The player armed or disarmed an item: his seat shows it (a ``table`` frame)."""
        shown = sorted(a for a in armed if a in SHOWN_ARMED)
        if self.armed.get(account_id, []) == shown:
            return
        self.armed[account_id] = shown
        if self.actor._seat_index(account_id) is not None:
            self.actor._publish_table()

    def _disarm(self, account_id: int | None, code: str) -> None:
        if account_id is not None and code in self.armed.get(account_id, []):
            self.armed[account_id] = [a for a in self.armed[account_id] if a != code]

    # -- the card counter (R41) ------------------------------------------------------------

    def counter_frame(self, seat: int) -> str | None:
        actor = self.actor
        if seat not in self.counters or actor.game is None or actor.spec.game_id is None:
            return None
        cards = counter_cards(actor.game.observation(seat))
        return CounterFrame(table=actor.id, game_id=actor.spec.game_id, version=actor.version,
                            seat=seat, cards=format_cards(cards), count=len(cards),
                            now=now_ms()).text()

    def publish_counters(self) -> None:
        """Each owner (and only he, on his own topic) gets the counter after a change."""
        for seat, account_id in self.counters.items():
            frame = self.counter_frame(seat)
            if frame is not None:
                self.actor.ctx.broker.publish(account_topic(account_id), frame)

    async def load_counters(self) -> None:
        """After a restart: the counters bought for the game in progress still count, and
        a timer that fired on the turn still to be played keeps its extension (the clock
        starts afresh; when it runs out the 90 s already paid for are added again)."""
        game_id = self.actor.spec.game_id
        if game_id is None:
            return
        owners = set(await self.economy.store.counters_of(game_id))
        for i, s in enumerate(self.actor.spec.seats):
            if s.account is not None and s.account.id in owners:
                self.counters[i] = s.account.id
        await self.load_armed()
        version = self.actor.version
        for detail in await self.economy.store.timers_of(game_id):
            if detail.get("version") == version and isinstance(detail.get("seat"), int):
                self.timer_version = version  # once per turn, across the restart too
                self.restored_timer = (version, detail["seat"])

    async def use_counter(self, account: Account, slot: int | None) -> dict[str, Any]:
        actor = self.actor
        seat = actor._seat_of(account)
        if actor.game is None or actor.spec.game_id is None:
            raise HallError(Code.NO_GAME, "a card counter is used during a game")
        if seat in self.counters:
            raise HallError(Code.ITEM_UNUSABLE, "your card counter already runs this game")
        await self.economy.spend_at_table(account.id, slot, (ItemCode.CARD_COUNTER,),
                                          game_id=actor.spec.game_id, table_id=actor.id)
        self.counters[seat] = account.id
        frame = self.counter_frame(seat)
        if frame is not None:
            actor.ctx.broker.publish(account_topic(account.id), frame)
        return {"table": actor.id, "used": ItemCode.CARD_COUNTER.value}

    # -- signs and tablecloths (R41) -------------------------------------------------------

    async def rename(self, account: Account, name: str, slot: int | None,
                     item: str | None) -> dict[str, Any]:
        """招牌 / 金字招牌: rename the table; the name is then protected 1 h / 24 h."""
        actor = self.actor
        actor._seat_of(account)
        name = _table_name(name)
        left = self.protection_left()
        if left > 0:
            raise HallError(Code.NAME_PROTECTED,
                            f"a sign protects this table's name for {_duration(left)} more; "
                            "only an admin may rename it now")
        allowed: tuple[ItemCode, ...] = (ItemCode.SIGN, ItemCode.GOLD_SIGN)
        if item is not None:
            if item not in allowed:
                raise HallError(Code.ITEM_UNUSABLE, "a table is renamed with a sign")
            allowed = (ItemCode(item),)
        code, update = await self.economy.spend_at_table(
            account.id, slot, allowed, table=TableUpdate(actor.id, name), table_id=actor.id,
            detail={"from": actor.spec.name, "to": name})
        actor.spec.name = name
        actor.spec.name_default = False
        until = None if update is None or update.protected_until is None else (
            update.protected_until.timestamp())
        actor.spec.name_protected_until = until
        actor._publish_table()
        return {"table": actor.id, "name": name, "used": code.value,
                "protected_until": until, "protect_hours": spec(code).protect_hours}

    def protection_left(self) -> float:
        until = self.actor.spec.name_protected_until
        return 0.0 if until is None else max(0.0, until - time.time())

    async def admin_rename(self, admin: Account, name: str) -> dict[str, Any]:
        """An admin renames any table, protected or not; the protection ends."""
        actor = self.actor
        name = _table_name(name)
        await self.economy.admin_rename(admin, actor.id, actor.spec.name, name)
        actor.spec.name = name
        actor.spec.name_default = False
        actor.spec.name_protected_until = None
        actor._publish_table()
        return {"table": actor.id, "name": name}

    async def set_cloth(self, account: Account, pattern: str,
                        slot: int | None) -> dict[str, Any]:
        """桌布: the table's cloth pattern changes for everyone at it."""
        from yuanzi.hall.lobby import TABLECLOTH

        actor = self.actor
        actor._seat_of(account)
        if not TABLECLOTH.match(pattern):
            raise HallError(Code.BAD_OPTIONS, "tablecloth is a short lower-case name")
        await self.economy.spend_at_table(
            account.id, slot, (ItemCode.TABLECLOTH,),
            table=TableUpdate(actor.id, tablecloth=pattern), table_id=actor.id,
            detail={"from": actor.spec.tablecloth, "to": pattern})
        actor.spec.tablecloth = pattern
        actor._publish_table()
        return {"table": actor.id, "tablecloth": pattern, "used": ItemCode.TABLECLOTH.value}

    # -- the bet (R40) ----------------------------------------------------------------------

    async def set_bet(self, account: Account, bet: int) -> dict[str, Any]:
        """R40: the owner changes the table's bet between games. Every seated player must
        hold 100 × the new bet (and, at a betting table, no bots and no two players of
        one address); else nothing changes. A new bet un-readies the players: each agrees
        to the new stake by getting ready again."""
        actor = self.actor
        actor._owner_only(account)
        if actor.game is not None:
            raise HallError(Code.GAME_IN_PROGRESS, "the bet changes between games only")
        try:
            bet = check_bet(bet)
        except InvalidBet as e:
            raise HallError(Code.BAD_OPTIONS, str(e)) from None
        if bet == actor.spec.bet:
            return {"table": actor.id, "bet": bet}
        seats = actor.spec.seats
        if bet and any(s.bot is not None for s in seats):
            raise HallError(Code.BAD_OPTIONS, "bots do not play at a betting table: remove "
                                              "them first (R40)")
        ids = [s.account.id for s in seats if s.account is not None]
        self.refresh(await self.economy.accounts(ids))
        if actor.game is not None:  # the read let other commands of the hall run
            raise HallError(Code.GAME_IN_PROGRESS, "the bet changes between games only")
        if bet:
            need = coins_to_sit(bet)
            short = [f"{s.account.nickname} has {s.account.coins}" for s in seats
                     if s.account is not None and s.account.coins < need]
            if short:
                raise HallError(Code.NOT_ENOUGH_COINS,
                                f"a bet of {bet} needs {need} coins at every seat (R40): "
                                + ", ".join(short))
            ctx = actor.ctx
            addresses = [None if s.account is None else ctx.address_of(s.account.id)
                         for s in seats]
            if same_ip_seats(addresses, bet, ctx.settings.same_ip_rule):
                raise HallError(Code.SAME_IP, "two players at this table connect from one "
                                              "address: they may not bet at one table")
        actor.spec.bet = bet
        for s in seats:
            if s.account is not None:
                s.ready = False
        await actor._table_changed()
        return {"table": actor.id, "bet": bet}

    # -- admin: kick -----------------------------------------------------------------------

    async def kick(self, account_id: int, reason: StandReason) -> str:
        """Remove a player: at once between games; during a game the hall's bot plays his
        seat to the end (neither an escape, R35, nor a loss for his partner) and he is
        stood up then. Returns ``stood``, ``after_game`` or ``not_seated``."""
        actor = self.actor
        actor.spectators.discard(account_id)
        seat = actor._seat_index(account_id)
        if seat is None:
            return "not_seated"
        message = ("your account was banned" if reason == "banned"
                   else "an admin removed you from this table")
        if actor.game is None:
            self.stand_up(seat, reason, message)
            await self.table_changed_or_closed()
            return "stood"
        self.leaving[seat] = reason
        actor.auto.add(seat)
        actor._publish_table()
        actor._schedule()
        return "after_game"

    def check_not_leaving(self, seat: int) -> None:
        if seat in self.leaving:
            raise HallError(Code.NOT_SEATED, "an admin removed you from this table; the "
                                             "hall's bot plays your seat to the game's end")

    # -- hints and resync (the web client) -------------------------------------------------

    async def hint(self, account: Account, version: int) -> dict[str, Any]:
        """The hint for the asking seat (issue 10, :mod:`yuanzi.bots.hints`): ``cards``, the
        hall's heuristic bot's move in R2 notation or ``pass``; ``reason`` (lead, beat,
        partner_winning, save_strength, cannot_beat); ``beats``, every play that beats the
        top, smallest first, in R2 notation (empty when leading)."""
        from yuanzi.bots.hints import advise

        actor = self.actor
        seat = actor._seat_of(account)
        game = actor.game
        if game is None:
            raise HallError(Code.NO_GAME, "no game is being played at this table")
        if version != actor.version:
            raise HallError(Code.STALE_VERSION, f"the game is at version {actor.version}, "
                                                f"not {version}")
        if game.to_move != seat:
            raise HallError(Code.NOT_YOUR_TURN, f"it is seat {game.to_move}'s turn")
        name = HINT_BOT if HINT_BOT in bot_names() else actor.ctx.autoplay_bot()
        bot = make_bot(name, actor.rng.randrange(2**31))
        obs = game.observation(seat)
        legal = game.legal_moves()
        hint = advise(obs, legal, bot.choose(obs, legal))
        return {"cards": format_cards(hint.advice) if hint.advice else "pass",
                "reason": hint.reason.value, "beats": [format_cards(b) for b in hint.beats]}

    def resync(self, account: Account) -> dict[str, Any]:
        """The asking client's whole current view: the table, its seat's game view (or the
        spectator's), and its card counter if one runs."""
        actor = self.actor
        seat = actor._seat_index(account.id)
        game = None if actor.game is None else actor._game_model(seat).model_dump()
        counter = None if seat is None else self.counter_frame(seat)
        return {"table": actor.view().model_dump(), "game": game,
                "counter": None if counter is None else json.loads(counter)}


def _table_name(name: str) -> str:
    name = name.strip()
    if not 1 <= len(name) <= NAME_LENGTH:
        raise HallError(Code.BAD_OPTIONS, f"a table name has 1 to {NAME_LENGTH} characters")
    return name


def _duration(seconds: float) -> str:
    minutes = int(seconds // 60) + 1
    return f"{minutes // 60} h {minutes % 60} min" if minutes >= 60 else f"{minutes} min"
