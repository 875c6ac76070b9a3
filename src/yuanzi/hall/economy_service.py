"""The hall's economy service: requests → decisions over wallets → one transaction each.

Every rule is in the pure core (:mod:`yuanzi.hall.economy`); this module only chooses
which rule applies to a request, reads what the rule needs, and hands the store a
*decision* (a pure function of the locked wallets, :mod:`.ports`) so that the
check and the write it guards are one transaction. A refusal of the core
(:class:`~yuanzi.hall.economy.errors.EconomyError`) becomes a :class:`HallError` with a
stable code. docs/hall.md lists the settings; docs/protocol.md the routes.

Decisions taken here (where RULES.md leaves room):

* Bots have no account: on ``doubling`` a bot seat counts as a new player (level 0) for
  the table's stake (R37), so bots cannot raise a table's stake; bots neither bet (a
  betting table refuses bots, :meth:`TableActor.add_bot`) nor rate (a bot seat is rated
  as a fresh default player each game, and not stored).
* A finished game's drops use a seed chosen at random and stored with the settlement, so
  the drops replay exactly (:mod:`.economy.drops`).
* The recorder saves only a *finished* game (R41: "at the game's end"); after an escape
  it stays armed for the next game.
* A game whose settlement fails (a bug) still ends: its result is stored without the
  economy and the failure is logged — a table never hangs on its bookkeeping.
"""

from __future__ import annotations

import logging
import random
import secrets
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import UTC, date, datetime, timedelta
from typing import Any
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from yuanzi.engine import DOUBLE, GameResult
from yuanzi.hall.economy import errors as ee
from yuanzi.hall.economy.bets import escape_coins, game_coins
from yuanzi.hall.economy.drops import DropTable, receive, roll_game_drops
from yuanzi.hall.economy.gems import gem_cap, use_gem
from yuanzi.hall.economy.inventory import Inventory
from yuanzi.hall.economy.items import ItemCode, item_code, shop_list, spec
from yuanzi.hall.economy.ladders import LadderPlayer, ladder_for, stake_for
from yuanzi.hall.economy.ledger import (
    FLOWS,
    Flow,
    Reason,
    admin_grant,
    admin_take,
    bet_entries,
    claim_relief,
    escape_entries,
    relief_amount,
)
from yuanzi.hall.economy.rating import Rating, rate_game
from yuanzi.hall.economy.shop import MAX_QUANTITY, buy
from yuanzi.hall.economy.timer import TimerFired, TimerNotFired, fire_timer
from yuanzi.hall.errors import Code, HallError
from yuanzi.hall.events import SeatResult
from yuanzi.hall.models import Account, Seat
from yuanzi.hall.ports import (
    Applied,
    AuditEntry,
    Changes,
    Decision,
    EconomyStore,
    FinishGame,
    ItemUse,
    ReplaySave,
    TableUpdate,
    Wallet,
)
from yuanzi.hall.ratelimit import RateLimiter
from yuanzi.hall.settings import Settings

log = logging.getLogger(__name__)

LEADERBOARD_SIZE = 100
"""The issue: the top 100 by ladder score and by skill; R42's cap is its 100th score."""
PUBLIC_READS_PER_MINUTE = 60
"""Leaderboard reads a minute from one address without a session (the board is public)."""

_CODES: tuple[tuple[type[ee.EconomyError], Code], ...] = (
    (ee.InsufficientCoins, Code.NOT_ENOUGH_COINS),
    (ee.NegativeBalance, Code.NOT_ENOUGH_COINS),
    (ee.InventoryFull, Code.INVENTORY_FULL),
    (ee.SlotError, Code.BAD_SLOT),
    (ee.NotForSale, Code.NOT_FOR_SALE),
    (ee.GemCapReached, Code.GEM_CAP),
    (ee.ReliefRefused, Code.RELIEF_REFUSED),
    (ee.InvalidBet, Code.BAD_OPTIONS),
)


def hall_error(e: ee.EconomyError) -> HallError:
    """The core's typed refusal as the hall's stable error code."""
    for kind, code in _CODES:
        if isinstance(e, kind):
            return HallError(code, str(e))
    return HallError(Code.BAD_OPTIONS, str(e))


def known_item(code: str) -> ItemCode:
    try:
        return item_code(code)
    except ValueError:
        raise HallError(Code.NO_SUCH_ITEM, f"there is no item {code!r}") from None


@dataclass(frozen=True, slots=True)
class _SeatOutcome:
    """One seat's part of a settlement before the accounts are re-read."""

    seat: int
    account_id: int | None
    score_delta: int = 0
    coins_delta: int = 0
    items: tuple[str, ...] = ()
    lost: tuple[str, ...] = ()
    replay_id: str | None = None


@dataclass(frozen=True, slots=True)
class Settlement:
    """What a game's end did, seat by seat, with the accounts as they are now."""

    seats: tuple[SeatResult, ...]
    accounts: dict[int, Account]
    replays: dict[int, str]
    """Account id → the replay its recorder saved (R41)."""


EMPTY_SETTLEMENT = Settlement((), {}, {})


def _standing_delta(ladder_name: str, before: LadderPlayer, after: LadderPlayer) -> int:
    ladder = ladder_for(ladder_name)
    return ladder.standing(after) - ladder.standing(before)


class EconomyService:
    def __init__(self, settings: Settings, store: EconomyStore) -> None:
        self.settings = settings
        self.store = store
        self.ladder = ladder_for(settings.ladder)
        self.public_reads = RateLimiter(PUBLIC_READS_PER_MINUTE, 60.0)
        """Per address: what anyone may read without logging in (the leaderboard)."""
        self.drops = DropTable(item_chance=settings.drop_item_chance,
                               gem_chance=settings.drop_gem_chance,
                               gem_needs_win=settings.gem_needs_win)
        try:
            self.tz: Any = ZoneInfo(settings.timezone)
        except (ZoneInfoNotFoundError, ValueError):
            log.warning("time zone %r is unknown; the hall's day is UTC", settings.timezone)
            self.tz = UTC

    async def _do(self, account_ids: Sequence[int], decide: Decision) -> Applied:
        try:
            return await self.store.transact(account_ids, decide)
        except ee.EconomyError as e:
            raise hall_error(e) from None

    # -- start-up --------------------------------------------------------------------------

    async def start(self) -> None:
        """R39: the stored ladder values belong to one ladder. A hall that switched its
        ``ladder`` setting starts everyone afresh on the new one (logged and audited),
        because a titles total and a doubling level's points do not convert."""
        stored = await self.store.config("ladder")
        if stored == self.ladder.name:
            return
        if stored is None:
            await self._do([], lambda w: Changes(config={"ladder": self.ladder.name}))
            return
        n = await self.store.reset_ladder(self.ladder.name, self.ladder.new_player())
        log.warning("the hall switched from the %s ladder to %s: %d accounts start afresh",
                    stored, self.ladder.name, n)
        await self._do([], lambda w: Changes(audit=[AuditEntry(
            None, "ladder_switch", detail={"from": stored, "to": self.ladder.name,
                                           "accounts": n})]))

    def today(self) -> date:
        """The hall's calendar day (R44: relief once a day)."""
        return datetime.now(self.tz).date()

    # -- reads -----------------------------------------------------------------------------

    async def account(self, account_id: int) -> Account | None:
        return (await self.store.accounts([account_id])).get(account_id)

    async def require_account(self, account_id: int) -> Account:
        account = await self.account(account_id)
        if account is None:
            raise HallError(Code.NO_SUCH_ACCOUNT, f"there is no account {account_id}")
        return account

    async def accounts(self, ids: Sequence[int]) -> dict[int, Account]:
        return await self.store.accounts(ids)

    async def gem_cap(self) -> tuple[int | None, int | None]:
        """(the cap in force, the admin's value or None) — R42."""
        admin = await self.store.config("gem_cap")
        admin_cap = None if admin is None else int(admin)
        if admin_cap is not None:
            return admin_cap, admin_cap
        board = await self.store.leaderboard("ladder", LEADERBOARD_SIZE)
        standings = [self.ladder.standing(r.account.ladder_player) for r in board]
        return gem_cap(standings, None, LEADERBOARD_SIZE), None

    def account_json(self, a: Account) -> dict[str, Any]:
        title = self.ladder.title(a.level)
        return {"id": a.id, "nickname": a.nickname, "level": a.level, "title": title.zh,
                "title_en": title.en, "score": a.ladder_score,
                "standing": self.ladder.standing(a.ladder_player),
                "rating": round(a.rating.ordinal, 3)}

    async def profile(self, account_id: int) -> dict[str, Any]:
        """The issue's profile: level and title, points to the next level, games, wins,
        双夹 won and lost, escapes, coins — and the skill rating."""
        account = await self.require_account(account_id)
        stats = await self.store.stats(account_id)
        assert stats is not None
        return {**self.account_json(account), "role": account.role, "ladder": self.ladder.name,
                "points_to_next": self.ladder.points_to_next(account.ladder_player),
                "games": stats.games, "wins": stats.wins, "double_wins": stats.double_wins,
                "double_losses": stats.double_losses, "escapes": stats.escapes,
                "coins": account.coins, "banned": account.banned,
                "skill": {"mu": round(account.rating_mu, 4),
                          "sigma": round(account.rating_sigma, 4),
                          "ordinal": round(account.rating.ordinal, 4)},
                "created_at": stats.created_at.isoformat()}

    async def leaderboard(self, by: str) -> list[dict[str, Any]]:
        if by not in ("ladder", "skill"):
            raise HallError(Code.MALFORMED, "by is ladder or skill")
        rows = await self.store.leaderboard(by, LEADERBOARD_SIZE)
        return [{"rank": i + 1, **self.account_json(r.account), "games": r.games,
                 "wins": r.wins} for i, r in enumerate(rows)]

    @staticmethod
    def inventory_json(inventory: Inventory, armed: frozenset[str]) -> dict[str, Any]:
        slots: list[dict[str, Any] | None] = []
        for s in inventory.slots:
            if s is None:
                slots.append(None)
            else:
                item = spec(s.code)
                slots.append({"item": s.code.value, "count": s.count, "zh": item.zh,
                              "en": item.en, "armed": s.code.value in armed})
        return {"size": inventory.size, "free": inventory.free_slots, "slots": slots,
                "armed": sorted(armed)}

    async def inventory(self, account_id: int) -> dict[str, Any]:
        wallet = await self.store.wallet(account_id)
        if wallet is None:
            raise HallError(Code.NO_SUCH_ACCOUNT, f"there is no account {account_id}")
        return {**self.inventory_json(wallet.inventory, wallet.armed), "coins": wallet.coins}

    @staticmethod
    def shop() -> list[dict[str, Any]]:
        return [{"item": s.code.value, "zh": s.zh, "en": s.en, "price": s.price,
                 "stackable": s.stackable} for s in shop_list()]

    # -- a player's own wallet -------------------------------------------------------------

    def _wallet_result(self, applied: Applied, account_id: int,
                       extra: dict[str, Any] | None = None) -> dict[str, Any]:
        inv, armed = applied.result[0], applied.result[1]
        out = {"coins": applied.accounts[account_id].coins, **self.inventory_json(inv, armed)}
        return {**out, **(extra or {})}

    async def buy(self, account_id: int, code: str, count: int) -> dict[str, Any]:
        """R44: the shop — coins out (the only sink) and items in, or neither: ``count``
        (1–99) of one item at price × count, in one transaction."""
        item = known_item(code)
        if not 1 <= count <= MAX_QUANTITY:
            raise HallError(Code.MALFORMED,
                            f"count: buy 1 to {MAX_QUANTITY} at a time, not {count}")

        def decide(wallets: dict[int, Wallet]) -> Changes:
            w = wallets[account_id]
            bought = buy(account_id, w.coins, w.inventory, item, count)
            c = Changes(entries=bought.entries, result=(bought.inventory, w.armed))
            c.wallet(account_id).inventory = bought.inventory
            return c

        applied = await self._do([account_id], decide)
        return self._wallet_result(applied, account_id, {"item": item.value, "count": count})

    async def relief(self, account_id: int) -> dict[str, Any]:
        """R44: 救济金 — once a hall day, a player under the line is topped up to it."""
        today = self.today()
        line = self.settings.relief_line

        def decide(wallets: dict[int, Wallet]) -> Changes:
            w = wallets[account_id]
            entries = claim_relief(account_id, w.coins, w.last_relief, today, line)
            c = Changes(entries=entries, result=entries[0].amount)
            c.wallet(account_id).last_relief = today
            return c

        applied = await self._do([account_id], decide)
        return {"granted": applied.result, "coins": applied.accounts[account_id].coins}

    async def relief_status(self, account: Account) -> dict[str, Any]:
        wallet = await self.store.wallet(account.id)
        assert wallet is not None
        amount = relief_amount(wallet.coins, wallet.last_relief, self.today(),
                               self.settings.relief_line)
        return {"available": amount, "line": self.settings.relief_line,
                "last_claim": None if wallet.last_relief is None
                else wallet.last_relief.isoformat()}

    async def move(self, account_id: int, src: int, dst: int) -> dict[str, Any]:
        """R43: click one slot, then another: move, merge or swap."""
        def decide(wallets: dict[int, Wallet]) -> Changes:
            w = wallets[account_id]
            inv = w.inventory.move(src, dst)
            c = Changes(result=(inv, w.armed))
            c.wallet(account_id).inventory = inv
            return c

        return self._wallet_result(await self._do([account_id], decide), account_id)

    async def use_personal(self, account_id: int, slot: int) -> dict[str, Any]:
        """R41–R43: double-click an item that needs no table — a gem (under the cap), or
        arming (or disarming) a timer or a recorder."""
        wallet = await self.store.wallet(account_id)
        if wallet is None:
            raise HallError(Code.NO_SUCH_ACCOUNT, f"there is no account {account_id}")
        held = _slot(wallet.inventory, slot)
        kind = spec(held).use
        if kind == "ladder_points":
            cap, _ = await self.gem_cap()

            def use(wallets: dict[int, Wallet]) -> Changes:
                w = wallets[account_id]
                gem = _slot(w.inventory, slot)  # as it is now, under the lock
                used = use_gem(self.ladder, w.account.ladder_player, w.inventory, slot, cap)
                c = Changes(result=(used.inventory, w.armed, used.points, gem.value))
                c.wallet(account_id).inventory = used.inventory
                c.wallet(account_id).ladder = used.player
                c.item_uses.append(ItemUse(account_id, gem.value,
                                           detail={"points": used.points}))
                return c

            applied = await self._do([account_id], use)
            a = applied.accounts[account_id]
            return self._wallet_result(applied, account_id, {
                "used": applied.result[3], "points": applied.result[2],
                "score": a.ladder_score, "level": a.level, "title": a.title,
                "title_en": a.title_en})
        if kind == "arm":
            def arm(wallets: dict[int, Wallet]) -> Changes:
                w = wallets[account_id]
                code = _slot(w.inventory, slot)
                if code != held:
                    raise HallError(Code.BAD_SLOT, f"slot {slot} changed; try again")
                armed = w.armed - {code.value} if code.value in w.armed else (
                    w.armed | {code.value})
                c = Changes(result=(w.inventory, armed))
                c.wallet(account_id).armed = armed
                return c

            applied = await self._do([account_id], arm)
            return self._wallet_result(applied, account_id, {
                "used": held.value, "armed": held.value in applied.result[1]})
        raise HallError(Code.ITEM_UNUSABLE,
                        f"{spec(held).en} is used at a table: give the table you sit at")

    async def spend_at_table(self, account_id: int, slot: int | None,
                             allowed: Sequence[ItemCode], *, table: TableUpdate | None = None,
                             game_id: int | None = None, table_id: int | None = None,
                             detail: dict[str, Any] | None = None
                             ) -> tuple[ItemCode, TableUpdate | None]:
        """Spend one item used at a table (a sign, a tablecloth, a card counter) together
        with what it does to the table's stored row; returns the item spent. ``slot``
        None takes the first slot holding one of ``allowed``."""
        def decide(wallets: dict[int, Wallet]) -> Changes:
            w = wallets[account_id]
            index = slot
            if index is None:
                index = next((i for i, s in enumerate(w.inventory.slots)
                              if s is not None and s.code in allowed), None)
                if index is None:
                    names = " or ".join(spec(c).en for c in allowed)
                    raise HallError(Code.BAD_SLOT, f"you have no {names}")
            code = _slot(w.inventory, index)
            if code not in allowed:
                raise HallError(Code.ITEM_UNUSABLE, f"slot {index} holds {spec(code).en}, "
                                f"not {' or '.join(spec(c).en for c in allowed)}")
            inv, _ = w.inventory.take(index)
            update = table
            if update is not None and spec(code).protect_hours and update.name is not None:
                until = datetime.now(UTC) + timedelta(hours=spec(code).protect_hours)
                update = TableUpdate(update.table_id, update.name, until)
            c = Changes(result=(code, update))
            c.wallet(account_id).inventory = inv
            c.table = update
            c.item_uses.append(ItemUse(account_id, code.value, game_id, table_id, detail))
            return c

        applied = await self._do([account_id], decide)
        out: tuple[ItemCode, TableUpdate | None] = applied.result
        return out

    # -- games -----------------------------------------------------------------------------

    def _players(self, wallets: dict[int, Wallet],
                 ids: Sequence[int | None]) -> list[LadderPlayer]:
        return [self.ladder.new_player() if a is None else wallets[a].account.ladder_player
                for a in ids]

    async def finish_game(self, game_id: int, seats: Sequence[Seat], bet: int,
                          result: GameResult, finish: FinishGame) -> Settlement:
        """R36–R44 at a finished game's end, in the transaction that stores its result:
        ladder (R37/R38), bet coins (R40), drops (R44), skill rating, recorders (R41),
        and the stats of profiles."""
        ids = [None if s.account is None else s.account.id for s in seats]
        humans = [a for a in ids if a is not None]
        seed = secrets.randbits(63)
        codes = {a: secrets.token_urlsafe(12) for a in humans}

        def decide(wallets: dict[int, Wallet]) -> Changes:
            players = self._players(wallets, ids)
            after = self.ladder.apply_game(players, result)
            stake = stake_for(self.ladder, players, result)
            c = Changes()
            coins = [0, 0, 0, 0]
            if bet and result.winner is not None:
                if len(humans) == 4:
                    balances = [wallets[a].coins for a in humans]
                    coins = list(game_coins(bet, stake, result.winner, balances))
                    c.entries = bet_entries(game_id, ids, coins)
                else:
                    log.error("game %s: a betting table with a bot seat; bets not settled",
                              game_id)
            inventories = {a: wallets[a].inventory for a in humans}
            won: dict[int, list[str]] = {i: [] for i in range(4)}
            lost: dict[int, list[str]] = {i: [] for i in range(4)}
            for drop in roll_game_drops(result, random.Random(seed), self.drops):
                owner = ids[drop.seat]
                if owner is None:
                    continue  # a bot keeps nothing
                inventories[owner], kept = receive(inventories[owner], drop)
                (won if kept else lost)[drop.seat].append(drop.code.value)
            ratings = [Rating() if a is None else wallets[a].account.rating for a in ids]
            rated = rate_game(ratings, result.winner)
            outcomes = []
            for i, a in enumerate(ids):
                if a is None:
                    outcomes.append(_SeatOutcome(i, None))
                    continue
                w = wallets[a]
                change = c.wallet(a)
                change.ladder = after[i]
                change.rating = rated[i]
                replay = None
                if ItemCode.RECORDER.value in w.armed and inventories[a].count(
                        ItemCode.RECORDER):
                    inventories[a] = inventories[a].take_code(ItemCode.RECORDER)
                    change.armed = w.armed - {ItemCode.RECORDER.value}
                    replay = codes[a]
                    c.replays.append(ReplaySave(replay, a, game_id))
                    c.item_uses.append(ItemUse(a, ItemCode.RECORDER.value, game_id,
                                               detail={"replay": replay}))
                if inventories[a] != w.inventory:
                    change.inventory = inventories[a]
                if result.winner is not None:
                    if i % 2 == result.winner:
                        change.stats["wins"] = 1
                        if result.kind == DOUBLE:
                            change.stats["double_wins"] = 1
                    elif result.kind == DOUBLE:
                        change.stats["double_losses"] = 1
                outcomes.append(_SeatOutcome(
                    i, a, _standing_delta(self.ladder.name, players[i], after[i]), coins[i],
                    tuple(won[i]), tuple(lost[i]), replay))
            c.finish = FinishGame(finish.game_id, finish.status, finish.result, finish.record,
                                  finish.outcomes, finish.escaper, {
                                      "ladder": self.ladder.name, "stake": stake, "bet": bet,
                                      "drop_seed": seed,
                                      "seats": [_outcome_json(o) for o in outcomes]})
            c.result = outcomes
            return c

        return await self._settle(humans, decide, finish, seats)

    async def abandon_game(self, game_id: int, seats: Sequence[Seat], bet: int, escaper: int,
                           finish: FinishGame) -> Settlement:
        """R35: the escaper loses twice a normal win's stake on the ladder and, at a
        betting table, pays bet × that to the other three; nobody else changes."""
        ids = [None if s.account is None else s.account.id for s in seats]
        humans = [a for a in ids if a is not None]

        def decide(wallets: dict[int, Wallet]) -> Changes:
            players = self._players(wallets, ids)
            after = self.ladder.apply_escape(players, escaper)
            penalty = self.ladder.escape_penalty(players)
            c = Changes()
            coins = [0, 0, 0, 0]
            if bet and len(humans) == 4:
                coins = list(escape_coins(bet, penalty, escaper,
                                          [wallets[a].coins for a in humans]))
                c.entries = escape_entries(game_id, ids, coins)
            outcomes = []
            for i, a in enumerate(ids):
                if a is None:
                    outcomes.append(_SeatOutcome(i, None))
                    continue
                if i == escaper:
                    c.wallet(a).ladder = after[i]
                outcomes.append(_SeatOutcome(
                    i, a, _standing_delta(self.ladder.name, players[i], after[i]), coins[i]))
            c.finish = FinishGame(finish.game_id, finish.status, finish.result, finish.record,
                                  finish.outcomes, finish.escaper, {
                                      "ladder": self.ladder.name, "penalty": penalty,
                                      "bet": bet, "escaper": escaper,
                                      "seats": [_outcome_json(o) for o in outcomes]})
            c.result = outcomes
            return c

        return await self._settle(humans, decide, finish, seats)

    async def _settle(self, humans: list[int], decide: Decision, finish: FinishGame,
                      seats: Sequence[Seat]) -> Settlement:
        try:
            applied = await self._do(humans, decide)
        except Exception:
            log.exception("game %s: the settlement failed; the game ends without it",
                          finish.game_id)
            await self._do([], lambda w: Changes(finish=finish))
            return EMPTY_SETTLEMENT
        results = []
        replays = {}
        for o in applied.result:
            a = None if o.account_id is None else applied.accounts[o.account_id]
            if a is None:  # a bot seat: the name the hall gave it
                s = seats[o.seat]
                results.append(SeatResult(seat=o.seat, name=s.name, name_en=s.name_en,
                                          avatar=s.avatar))
                continue
            if o.replay_id is not None:
                replays[a.id] = o.replay_id
            results.append(SeatResult(
                seat=o.seat, account_id=a.id, score_delta=o.score_delta,
                coins_delta=o.coins_delta, score=a.ladder_score, level=a.level,
                title=a.title, title_en=ladder_for(a.ladder).title(a.level).en, coins=a.coins,
                items=list(o.items), lost_items=list(o.lost)))
        return Settlement(tuple(results), applied.accounts, replays)

    async def fire_timer(self, game_id: int, seat: int, seats: Sequence[Seat],
                         version: int | None = None) -> TimerFired | TimerNotFired | None:
        """R33, R41: the owner of the seat timed out; if he armed a timer it fires (+90 s,
        90 coins to each other seated player) — None when no timer is armed. The use
        stores the seat and the game ``version`` (the turn), which a restart reads back."""
        ids = [None if s.account is None else s.account.id for s in seats]
        owner = ids[seat]
        if owner is None:
            return None
        humans = [a for a in ids if a is not None]

        def decide(wallets: dict[int, Wallet]) -> Changes:
            w = wallets[owner]
            if ItemCode.TIMER.value not in w.armed:
                return Changes(result=None)
            fired = fire_timer(game_id, seat, ids, w.coins, w.inventory)
            c = Changes(result=fired)
            if isinstance(fired, TimerFired):
                c.entries = fired.entries
                c.wallet(owner).inventory = fired.inventory
                c.wallet(owner).armed = w.armed - {ItemCode.TIMER.value}
                c.item_uses.append(ItemUse(owner, ItemCode.TIMER.value, game_id,
                                           detail={"seat": seat, "version": version}))
            return c

        applied = await self._do(humans, decide)
        out: TimerFired | TimerNotFired | None = applied.result
        return out

    # -- admin -----------------------------------------------------------------------------

    async def record(self, admin: Account, action: str, target_account: int | None = None,
                     target_table: int | None = None,
                     detail: dict[str, Any] | None = None) -> None:
        """An admin action with no economic effect (a kick), in the audit log."""
        await self._do([], lambda w: Changes(audit=[AuditEntry(
            admin.id, action, target_account, target_table, detail)]))

    async def grant(self, admin: Account, account_id: int, amount: int,
                    reason: str) -> dict[str, Any]:
        """Grant (amount > 0) or take (amount < 0) coins: a ledger row with the reason."""
        reason = reason.strip()
        if not reason:
            raise HallError(Code.MALFORMED, "give a reason")
        if amount == 0:
            raise HallError(Code.MALFORMED, "amount is not 0")

        def decide(wallets: dict[int, Wallet]) -> Changes:
            w = wallets[account_id]
            entries = (admin_grant(account_id, amount, reason) if amount > 0
                       else admin_take(account_id, -amount, w.coins, reason))
            return Changes(entries=entries, audit=[AuditEntry(
                admin.id, "grant_coins" if amount > 0 else "take_coins", account_id,
                detail={"amount": amount, "reason": reason})])

        applied = await self._do([account_id], decide)
        return {"account": account_id, "coins": applied.accounts[account_id].coins}

    async def set_gem_cap(self, admin: Account, cap: int | None) -> dict[str, Any]:
        await self._do([], lambda w: Changes(config={"gem_cap": cap}, audit=[AuditEntry(
            admin.id, "set_gem_cap", detail={"cap": cap})]))
        effective, admin_cap = await self.gem_cap()
        return {"cap": effective, "admin_cap": admin_cap}

    async def set_banned(self, admin: Account, account_id: int, banned: bool,
                         reason: str) -> Account:
        if account_id == admin.id and banned:
            raise HallError(Code.FORBIDDEN, "you cannot ban yourself")

        def decide(wallets: dict[int, Wallet]) -> Changes:
            c = Changes(audit=[AuditEntry(admin.id, "ban" if banned else "unban", account_id,
                                          detail={"reason": reason})])
            c.wallet(account_id).banned = banned
            c.wallet(account_id).ban_reason = reason if banned else None
            if banned:
                c.revoke_sessions.append(account_id)
            return c

        applied = await self._do([account_id], decide)
        return applied.accounts[account_id]

    async def admin_rename(self, admin_id: int, table_id: int, old: str, name: str) -> None:
        await self._do([], lambda w: Changes(
            table=TableUpdate(table_id, name, clear_protection=True),
            audit=[AuditEntry(admin_id, "rename_table", target_table=table_id,
                              detail={"from": old, "to": name})]))

    async def ledger_audit(self) -> dict[str, Any]:
        """R44: Σ balances = sources − sinks, and each balance = its ledger rows' sum."""
        t = await self.store.ledger_totals()
        sources = sum(v for r, v in t.by_reason.items() if FLOWS[Reason(r)] == Flow.SOURCE)
        sinks = -sum(v for r, v in t.by_reason.items() if FLOWS[Reason(r)] == Flow.SINK)
        transfers = sum(v for r, v in t.by_reason.items()
                        if FLOWS[Reason(r)] == Flow.TRANSFER)
        ok = (t.balances == sources - sinks and transfers == 0 and not t.mismatched_accounts
              and not t.negative_accounts)
        return {"ok": ok, "balances": t.balances, "sources": sources, "sinks": sinks,
                "transfers": transfers, "by_reason": t.by_reason,
                "mismatched_accounts": t.mismatched_accounts,
                "negative_accounts": t.negative_accounts}


def _slot(inventory: Inventory, slot: int) -> ItemCode:
    if isinstance(slot, bool) or not 0 <= slot < inventory.size:
        raise HallError(Code.BAD_SLOT, f"slot {slot} is not one of 0–{inventory.size - 1}")
    held = inventory.slots[slot]
    if held is None:
        raise HallError(Code.BAD_SLOT, f"slot {slot} is empty")
    return held.code


def _outcome_json(o: _SeatOutcome) -> dict[str, Any]:
    return {"seat": o.seat, "account_id": o.account_id, "score_delta": o.score_delta,
            "coins_delta": o.coins_delta, "items": list(o.items), "lost_items": list(o.lost)}

