"""A game's end at a table: the result and everything it moves (R35–R44: ladders, coins,
drops, recorders) settled in one transaction by the economy, and the ``game_over`` frame
that tells the table.

A :class:`TableSettlement` belongs to one table and runs inside its actor.
"""

from __future__ import annotations

import logging
from collections.abc import Sequence
from typing import Any, Protocol

from yuanzi.engine import Game, record_of
from yuanzi.engine.observe import game_result_dict
from yuanzi.engine.record import escaped
from yuanzi.hall.economy.items import ItemCode
from yuanzi.hall.economy.stakes import outcome_deltas
from yuanzi.hall.events import GameOver, ReplaySaved, SeatResult
from yuanzi.hall.models import DealFairness, EndedGame, Seat, TableSpec
from yuanzi.hall.ports import FinishGame
from yuanzi.hall.table.context import TableContext
from yuanzi.hall.table.dealing import with_fairness
from yuanzi.hall.table.items import TableItems
from yuanzi.hall.table.seating import Seating
from yuanzi.hall.table.views import Outbox

log = logging.getLogger(__name__)


class SettlementHost(Protocol):
    """The table as its settlement sees it."""

    spec: TableSpec
    ctx: TableContext
    out: Outbox
    items: TableItems
    seating: Seating
    last_over: GameOver | None

    @property
    def id(self) -> int: ...


def outcomes(game: Game) -> list[tuple[str, int]]:
    """Each seat's outcome and base stake (R36): win / lose / draw, ± 1 or 2."""
    result = game.result
    assert result is not None
    deltas = outcome_deltas(result)
    return [("draw", 0) if result.winner is None else ("win", d) if d > 0 else ("lose", d)
            for d in deltas]


def without_balances(seats: Sequence[SeatResult]) -> list[SeatResult]:
    """The seats' results as the whole table (and its spectators) may see them: an
    account's coin balance is its own (issue 14, item 11), so ``coins`` stays null."""
    return [s.model_copy(update={"coins": None}) for s in seats]


def ended_frame(table_id: int, ended: EndedGame, seats: Sequence[Seat],
                record: dict[str, Any] | None = None) -> GameOver:
    """The ``game_over`` of a game that ended before a crash, rebuilt from the store (its
    settlement's lines; each player's standing as it is now; ``record``: the stored one as
    given out, signed)."""
    lines = {x["seat"]: x for x in ended.settlement.get("seats", [])}
    results = []
    for g in ended.seats:
        i = g["seat"]
        if g["account_id"] is None:
            results.append(SeatResult(seat=i, name=g["name"], name_en=g["name_en"],
                                      avatar=g["avatar"]))
            continue
        line = lines.get(i, {})
        now = seats[i].account if i < len(seats) else None
        if now is not None and now.id != g["account_id"]:
            now = None
        results.append(SeatResult(
            seat=i, account_id=g["account_id"], score_delta=line.get("score_delta", 0),
            coins_delta=line.get("coins_delta", 0), items=line.get("items", []),
            lost_items=line.get("lost_items", []),
            pending=bool(ended.settlement.get("pending")),
            score=None if now is None else now.ladder_score,
            level=None if now is None else now.level,
            title=None if now is None else now.title,
            title_en=None if now is None else now.title_en))
    return GameOver(table=table_id, game_id=ended.id,
                    status="abandoned" if ended.status == "abandoned" else "finished",
                    result=ended.result,
                    escaper=ended.settlement.get("escaper"),
                    record=ended.record if record is None else record, seats=results)


class TableSettlement:
    def __init__(self, table: SettlementHost) -> None:
        self.table = table
        self._replays: list[tuple[int, str, int]] = []

    async def load_last_over(self) -> None:
        """Taken up after a crash between games: its last game's end, from the store."""
        t = self.table
        ended = await t.ctx.store.last_ended_game(t.id)
        if ended is not None:
            t.last_over = ended_frame(t.id, ended, t.spec.seats,
                                      await self._signed(ended.record, ended.id))

    async def _signed(self, record: dict[str, Any], game_id: int) -> dict[str, Any]:
        """The record as the game's players are given it: signed by the hall (issue 54).
        A key the store cannot give now leaves it unsigned — the game's end is told all
        the same, and the replay says it is not signed."""
        try:
            return await self.table.ctx.record_seal.sign(record, game_id)
        except Exception:
            log.exception("table %s: game %s's record could not be signed", self.table.id,
                          game_id)
            return record

    async def finished(self, game: Game, game_id: int,
                       fairness: DealFairness | None = None) -> GameOver:
        """A finished game: its result, the settlement, and the frame that says both (its
        record with the seeds of its deals, issue 28)."""
        table = self.table
        result = game.result
        assert result is not None
        result_dict = game_result_dict(result, detail=True)  # R29 explained (new keys)
        record = with_fairness(record_of(game).to_json(), fairness)
        finish = FinishGame(game_id, "finished", result_dict, record, outcomes(game), None)
        settlement = await table.ctx.economy.finish_game(
            game_id, table.spec.seats, table.spec.bet, result, finish,
            tournament=table.spec.tournament is not None)
        table.seating.refresh(settlement.accounts)
        self._replays = [(a, r, game_id) for a, r in settlement.replays.items()]
        for account_id in settlement.replays:  # the recorder acted: spent and disarmed
            table.items.disarm(account_id, ItemCode.RECORDER.value)
        return GameOver(table=table.id, game_id=game_id, status="finished", result=result_dict,
                        escaper=None, record=await self._signed(record, game_id),
                        seats=without_balances(settlement.seats))

    async def abandoned(self, game: Game, game_id: int, escaper: int,
                        fairness: DealFairness | None = None) -> GameOver:
        """R35: the game is abandoned; the escaper's penalty in the same transaction. Its
        record ends with the escape, where it happened (issue 54)."""
        table = self.table
        record = with_fairness(escaped(record_of(game), escaper).to_json(), fairness)
        stakes = [("escape", -2) if s == escaper else ("abandoned", 0) for s in range(4)]
        finish = FinishGame(game_id, "abandoned", None, record, stakes, escaper)
        settlement = await table.ctx.economy.abandon_game(game_id, table.spec.seats,
                                                          table.spec.bet, escaper, finish)
        table.seating.refresh(settlement.accounts)
        return GameOver(table=table.id, game_id=game_id, status="abandoned", result=None,
                        escaper=escaper, record=await self._signed(record, game_id),
                        seats=without_balances(settlement.seats))

    def announce_replays(self) -> None:
        """After ``game_over``: recorders' owners hear of their replays."""
        out = self.table.out
        for account_id, replay, game_id in self._replays:
            out.account(account_id, ReplaySaved(replay=replay, game_id=game_id).envelope())
        self._replays = []
