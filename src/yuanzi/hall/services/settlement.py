"""What a table settles with the economy: a game's end (R36–R44), an escape (R35), a
timer that fires (R33, R41), an item spent at the table (R41), an admin's rename of it.

Each is one decision over the seated players' wallets in one transaction; a game's end
is stored in the same transaction as its settlement, so a result never stands without
its coins, ladder and drops, nor the other way round.

Decisions taken here (where RULES.md leaves room):

* Bots have no account: on ``doubling`` a bot seat counts as a new player (level 0) for
  the table's stake (R37), so bots cannot raise a table's stake; bots neither bet (a
  betting table refuses bots) nor rate (a bot seat is rated as a fresh default player
  each game, and not stored).
* A finished game's drops use a seed chosen at random and stored with the settlement, so
  the drops replay exactly (:mod:`yuanzi.hall.economy.drops`).
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
from datetime import UTC, datetime, timedelta
from typing import Any

from yuanzi.engine import GameResult
from yuanzi.hall.economy.bets import escape_coins, game_coins
from yuanzi.hall.economy.drops import DropTable, receive, roll_game_drops
from yuanzi.hall.economy.items import ItemCode, spec
from yuanzi.hall.economy.ladders import Ladder, LadderPlayer, stake_for
from yuanzi.hall.economy.ledger import bet_entries, escape_entries
from yuanzi.hall.economy.timer import TimerFired, TimerNotFired, fire_timer
from yuanzi.hall.errors import Code, HallError
from yuanzi.hall.events import SeatResult
from yuanzi.hall.models import Account, Seat
from yuanzi.hall.ports import (
    AuditEntry,
    Changes,
    Decision,
    EconomyStore,
    FinishGame,
    ItemUse,
    LeaseLost,
    ReplaySave,
    Settlement,
    TableUpdate,
    Wallet,
)
from yuanzi.hall.services.round_standings import (
    ladder_players,
    pending_settlement,
    standing_moves,
)
from yuanzi.hall.services.unit import UnitOfWork, slot_item
from yuanzi.hall.settings import Settings

log = logging.getLogger(__name__)


@dataclass(frozen=True, slots=True)
class SeatOutcome:
    """One seat's part of a settlement before the accounts are re-read."""

    seat: int
    account_id: int | None
    score_delta: int = 0
    coins_delta: int = 0
    items: tuple[str, ...] = ()
    lost: tuple[str, ...] = ()
    replay_id: str | None = None

    def stored(self) -> dict[str, Any]:
        """The seat's line in the stored settlement."""
        return {"seat": self.seat, "account_id": self.account_id,
                "score_delta": self.score_delta, "coins_delta": self.coins_delta,
                "items": list(self.items), "lost_items": list(self.lost)}


EMPTY_SETTLEMENT = Settlement((), {}, {})


class TableSettlement:
    """The economy as a table sees it (:class:`yuanzi.hall.ports.TableEconomy`)."""

    def __init__(self, settings: Settings, store: EconomyStore, ladder: Ladder) -> None:
        self.store = store
        self.unit = UnitOfWork(store)
        self.ladder = ladder
        self.drops = DropTable(item_chance=settings.drop_item_chance,
                               gem_chance=settings.drop_gem_chance,
                               gem_needs_win=settings.gem_needs_win)

    # -- reads a table makes ---------------------------------------------------------------

    async def account(self, account_id: int) -> Account | None:
        return (await self.store.accounts([account_id])).get(account_id)

    async def accounts(self, ids: Sequence[int]) -> dict[int, Account]:
        return await self.store.accounts(ids)

    async def armed(self, account_ids: Sequence[int]) -> dict[int, frozenset[str]]:
        return await self.store.armed(account_ids)

    async def counters_of(self, game_id: int) -> list[int]:
        return await self.store.counters_of(game_id)

    async def timers_of(self, game_id: int) -> list[dict[str, Any]]:
        return await self.store.timers_of(game_id)

    # -- a game's end ----------------------------------------------------------------------

    def _delta(self, before: LadderPlayer, after: LadderPlayer) -> int:
        return self.ladder.standing(after) - self.ladder.standing(before)

    async def finish_game(self, game_id: int, seats: Sequence[Seat], bet: int,
                          result: GameResult, finish: FinishGame,
                          tournament: bool = False) -> Settlement:
        """R36–R44 at a finished game's end, in the transaction that stores its result:
        ladder (R37/R38), bet coins (R40), drops (R44), skill rating, recorders (R41),
        and the stats of profiles. A ``tournament``'s game, whose cards other tables
        still play, saves no replay and spends no recorder, and its ladder, rating and
        stats wait for its round's end (:mod:`.round_standings`: its seats' lines say
        what they will be)."""
        ids = [None if s.account is None else s.account.id for s in seats]
        humans = [a for a in ids if a is not None]
        seed = secrets.randbits(63)
        codes = {a: secrets.token_urlsafe(12) for a in humans}

        def decide(wallets: dict[int, Wallet]) -> Changes[list[SeatOutcome]]:
            moves = standing_moves(self.ladder, wallets, ids, result)
            stake = stake_for(self.ladder, ladder_players(self.ladder, wallets, ids), result)
            c: Changes[list[SeatOutcome]] = Changes()
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
            outcomes = []
            for i, a in enumerate(ids):
                move = moves[i]
                if a is None or move is None:
                    outcomes.append(SeatOutcome(i, None))
                    continue
                w = wallets[a]
                change = c.wallet(a)
                if not tournament:
                    move.onto(change)
                replay = None
                if not tournament and ItemCode.RECORDER.value in w.armed and inventories[a].count(
                        ItemCode.RECORDER):
                    inventories[a] = inventories[a].take_code(ItemCode.RECORDER)
                    change.armed = w.armed - {ItemCode.RECORDER.value}
                    replay = codes[a]
                    c.replays.append(ReplaySave(replay, a, game_id))
                    c.item_uses.append(ItemUse(a, ItemCode.RECORDER.value, game_id,
                                               detail={"replay": replay}))
                if inventories[a] != w.inventory:
                    change.inventory = inventories[a]
                outcomes.append(SeatOutcome(i, a, move.delta, coins[i], tuple(won[i]),
                                            tuple(lost[i]), replay))
            stored = {"ladder": self.ladder.name, "stake": stake, "bet": bet, "drop_seed": seed,
                      "seats": [o.stored() for o in outcomes]}
            c.finish = FinishGame(finish.game_id, finish.status, finish.result, finish.record,
                                  finish.outcomes, finish.escaper,
                                  pending_settlement(stored, result.winner, result.kind)
                                  if tournament else stored, standings_pending=tournament)
            c.result = outcomes
            return c

        return await self._settle(humans, decide, finish, seats, pending=tournament)

    async def abandon_game(self, game_id: int, seats: Sequence[Seat], bet: int, escaper: int,
                           finish: FinishGame) -> Settlement:
        """R35: the escaper loses twice a normal win's stake on the ladder and, at a
        betting table, pays bet × that to the other three; nobody else changes."""
        ids = [None if s.account is None else s.account.id for s in seats]
        humans = [a for a in ids if a is not None]

        def decide(wallets: dict[int, Wallet]) -> Changes[list[SeatOutcome]]:
            players = ladder_players(self.ladder, wallets, ids)
            after = self.ladder.apply_escape(players, escaper)
            penalty = self.ladder.escape_penalty(players)
            c: Changes[list[SeatOutcome]] = Changes()
            coins = [0, 0, 0, 0]
            if bet and len(humans) == 4:
                coins = list(escape_coins(bet, penalty, escaper,
                                          [wallets[a].coins for a in humans]))
                c.entries = escape_entries(game_id, ids, coins)
            outcomes = []
            for i, a in enumerate(ids):
                if a is None:
                    outcomes.append(SeatOutcome(i, None))
                    continue
                if i == escaper:
                    c.wallet(a).ladder = after[i]
                outcomes.append(SeatOutcome(
                    i, a, self._delta(players[i], after[i]), coins[i]))
            c.finish = FinishGame(finish.game_id, finish.status, finish.result, finish.record,
                                  finish.outcomes, finish.escaper, {
                                      "ladder": self.ladder.name, "penalty": penalty,
                                      "bet": bet, "escaper": escaper,
                                      "seats": [o.stored() for o in outcomes]})
            c.result = outcomes
            return c

        return await self._settle(humans, decide, finish, seats)

    async def _settle(self, humans: list[int], decide: Decision[list[SeatOutcome]],
                      finish: FinishGame, seats: Sequence[Seat],
                      pending: bool = False) -> Settlement:
        try:
            applied = await self.unit.run(humans, decide)
        except LeaseLost:
            raise  # another node owns the table: it settles the game, not this one
        except Exception:
            log.exception("game %s: the settlement failed; the game ends without it",
                          finish.game_id)
            await self.unit.run([], lambda w: Changes[None](finish=finish))
            return EMPTY_SETTLEMENT
        results = []
        replays = {}
        for o in applied.value:
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
                title=a.title, title_en=a.title_en, coins=a.coins, pending=pending,
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

        def decide(wallets: dict[int, Wallet]) -> Changes[TimerFired | TimerNotFired]:
            w = wallets[owner]
            if ItemCode.TIMER.value not in w.armed:
                return Changes(result=None)
            fired = fire_timer(game_id, seat, ids, w.coins, w.inventory)
            c: Changes[TimerFired | TimerNotFired] = Changes(result=fired)
            if isinstance(fired, TimerFired):
                c.entries = fired.entries
                c.wallet(owner).inventory = fired.inventory
                c.wallet(owner).armed = w.armed - {ItemCode.TIMER.value}
                c.item_uses.append(ItemUse(owner, ItemCode.TIMER.value, game_id,
                                           detail={"seat": seat, "version": version}))
            return c

        return (await self.unit.run(humans, decide)).result

    async def spend_at_table(self, account_id: int, slot: int | None,
                             allowed: Sequence[ItemCode], *, table: TableUpdate | None = None,
                             game_id: int | None = None, table_id: int | None = None,
                             detail: dict[str, Any] | None = None
                             ) -> tuple[ItemCode, TableUpdate | None]:
        """Spend one item used at a table (a sign, a tablecloth, a card counter) together
        with what it does to the table's stored row; returns the item spent. ``slot``
        None takes the first slot holding one of ``allowed``."""
        def decide(wallets: dict[int, Wallet]) -> Changes[tuple[ItemCode, TableUpdate | None]]:
            w = wallets[account_id]
            index = slot
            if index is None:
                index = next((i for i, s in enumerate(w.inventory.slots)
                              if s is not None and s.code in allowed), None)
                if index is None:
                    names = " or ".join(spec(c).en for c in allowed)
                    raise HallError(Code.BAD_SLOT, f"you have no {names}")
            code = slot_item(w.inventory, index)
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

        return (await self.unit.run([account_id], decide)).value

    async def admin_rename(self, admin_id: int, table_id: int, old: str, name: str) -> None:
        """An admin renamed the table (R41: only he may rename a protected one)."""
        await self.unit.run([], lambda w: Changes[None](
            table=TableUpdate(table_id, name, clear_protection=True),
            audit=[AuditEntry(admin_id, "rename_table", target_table=table_id,
                              detail={"from": old, "to": name})]))

