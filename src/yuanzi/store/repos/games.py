"""The games aggregate: a game started at a table, its deals and actions stored before
they are broadcast (so a game rebuilds exactly after a crash), and its end.

A game's end is written only by the economy's transaction (:func:`write_finish`, run
by :meth:`yuanzi.store.repos.economy.SqlEconomy.transact` for ``Changes.finish``), so
that a result and its settlement are one commit.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from sqlalchemy import Row, insert, select
from sqlalchemy.orm import Session

from yuanzi.engine.record import with_escape
from yuanzi.hall.models import (
    DealFairness,
    EndedGame,
    PlayedGame,
    Seat,
    StoredAction,
    StoredDeal,
    StoredGame,
)
from yuanzi.hall.ports import FinishGame
from yuanzi.hall.round_ports import AlreadySettled, StandingsClaim
from yuanzi.store.models.accounts import Account as AccountRow
from yuanzi.store.models.base import table_of
from yuanzi.store.models.games import GameAction, GameDeal, GameRow, GameSeat
from yuanzi.store.models.tables import TableRow
from yuanzi.store.repos import statements as st
from yuanzi.store.repos.base import Repo, as_utc, now

_ACTIONS = table_of(GameAction)  # Core statements: no ORM work per action
_DEALS = table_of(GameDeal)
_ADD_DEAL = insert(_DEALS)


def _deal_row(game_id: int, deal: StoredDeal) -> dict[str, Any]:
    return {"game_id": game_id, "half": deal.half, "blade_card": deal.blade_card,
            "blade_holder": deal.blade_holder, "first_drawer": deal.first_drawer,
            "hands": deal.hands}


class GameRepo(Repo):
    """The game methods of :class:`yuanzi.hall.ports.Store`."""

    async def start_game(self, table_id: int, rules: dict[str, Any],
                         seats: list[Seat], session_id: int | None = None,
                         fairness: DealFairness | None = None,
                         first_deal: StoredDeal | None = None) -> int:
        stored_fairness = None if fairness is None else fairness.to_json()

        def write(s: Session) -> int:
            c = s.connection()
            game_id: int = c.execute(st.START_GAME, {
                "b_table": table_id, "b_rules": rules, "b_started_at": now(),
                "b_session": session_id, "b_fairness": stored_fairness}).scalar_one()
            c.execute(st.ADD_SEATS, [
                {"game_id": game_id, "seat": i,
                 "account_id": None if seat.account is None else seat.account.id,
                 "bot": seat.bot, "bot_name": seat.name, "bot_name_en": seat.name_en,
                 "bot_avatar": seat.avatar} for i, seat in enumerate(seats)])
            c.execute(st.TABLE_STATUS, {"b_table": table_id, "b_status": "playing",
                                        "b_game_id": game_id})
            if first_deal is not None:  # (one transaction: never a game without a deal)
                c.execute(_ADD_DEAL, [_deal_row(game_id, first_deal)])
            return game_id

        return await self.journal.run(write)

    async def store_deal(self, game_id: int, deal: StoredDeal) -> None:
        row = _deal_row(game_id, deal)

        def write(s: Session) -> None:
            s.connection().execute(_ADD_DEAL, [row])

        await self.journal.run(write)

    async def store_action(self, game_id: int, action: StoredAction) -> None:
        row = {"game_id": game_id, "idx": action.idx, "half": action.half, "seat": action.seat,
               "cards": action.cards, "reason": action.reason, "at": now()}
        await self.journal.insert(_ACTIONS, row)

    async def game(self, game_id: int) -> StoredGame | None:
        return await self._read(lambda s: load_game(s, game_id))

    async def last_ended_game(self, table_id: int) -> EndedGame | None:
        """The table's latest game, if it has ended (finished or abandoned)."""
        def read(s: Session) -> EndedGame | None:
            row = s.scalars(select(GameRow).where(GameRow.table_id == table_id)
                            .order_by(GameRow.id.desc()).limit(1)).first()
            if row is None or row.status == "playing" or row.record is None:
                return None
            return EndedGame(row.id, row.status, row.result, _given_out(row),
                             dict(row.settlement or {}), _seats(s, row.id))

        return await self._read(read)

    async def games_of(self, account_id: int, limit: int,
                       before: int | None = None) -> list[PlayedGame]:
        """The account's last ended games, newest first (``before``: older than this id),
        without their records (a history shows no hands, R41)."""
        def read(s: Session) -> list[PlayedGame]:
            q = (_PLAYED.join(GameSeat, GameSeat.game_id == GameRow.id)
                 .where(GameSeat.account_id == account_id,
                        GameRow.status.in_(("finished", "abandoned"))))
            if before is not None:
                q = q.where(GameRow.id < before)
            return _played(s, s.execute(q.order_by(GameRow.id.desc()).limit(limit)).all())

        return await self._read(read)

    async def played_game(self, game_id: int) -> PlayedGame | None:
        """One ended game's public facts (R41: who played, the result; no hands)."""
        def read(s: Session) -> PlayedGame | None:
            rows = s.execute(_PLAYED.where(GameRow.id == game_id, GameRow.status.in_(
                ("finished", "abandoned")))).all()
            found = _played(s, rows)
            return found[0] if found else None

        return await self._read(read)

    async def game_record(self, game_id: int) -> dict[str, Any] | None:
        def read(s: Session) -> dict[str, Any] | None:
            row = s.get(GameRow, game_id)
            if row is None or row.record is None:
                return None
            return _given_out(row)

        return await self._read(read)

    async def record_open_to(self, game_id: int, account_id: int) -> bool:
        """R41: a game's full record is its players' from its end until the next game
        starts at its table or they leave that table (a player of the game who still
        sits at the open table, and no later game there)."""
        def read(s: Session) -> bool:
            game = s.get(GameRow, game_id)
            if game is None or game.status == "playing":
                return False
            played = s.scalar(select(GameSeat.seat).where(
                GameSeat.game_id == game_id, GameSeat.account_id == account_id))
            if played is None:
                return False
            later = s.scalar(select(GameRow.id).where(
                GameRow.table_id == game.table_id, GameRow.id > game_id).limit(1))
            table = s.get(TableRow, game.table_id)
            if later is not None or table is None or table.status == "closed":
                return False
            if table.tournament_id is not None:  # other tables play these cards (issue 28)
                return False
            return any(seat.get("account_id") == account_id for seat in table.seats or [])

        return await self._read(read)


def _given_out(row: GameRow) -> dict[str, Any]:
    """An ended game's record as the hall gives it out: an abandoned game's ends with its
    escape (R35) — a record stored before the escape was an action (issue 54) gets it
    here, where the settlement names the seat."""
    assert row.record is not None
    escaper = (row.settlement or {}).get("escaper")
    if row.status == "abandoned" and type(escaper) is int and 0 <= escaper <= 3:
        return with_escape(row.record, escaper)
    return dict(row.record)


_PLAYED = select(GameRow.id, GameRow.table_id, GameRow.status, GameRow.ended_at,
                 GameRow.result, GameRow.settlement)
"""An ended game's public columns (no record)."""


def _played(s: Session, games: Sequence[Row[Any]]) -> list[PlayedGame]:
    """The games with their seats: players' nicknames, bots' names, outcomes."""
    seats: dict[int, list[dict[str, Any]]] = {g.id: [] for g in games}
    for x, nickname in s.execute(
            select(GameSeat, AccountRow.nickname)
            .outerjoin(AccountRow, AccountRow.id == GameSeat.account_id)
            .where(GameSeat.game_id.in_(list(seats)))
            .order_by(GameSeat.game_id, GameSeat.seat)):
        seats[x.game_id].append({
            "seat": x.seat, "account_id": x.account_id, "nickname": nickname,
            "bot": x.bot, "name": x.bot_name, "name_en": x.bot_name_en,
            "outcome": x.outcome})
    return [PlayedGame(g.id, g.table_id, g.status,
                       None if g.ended_at is None else as_utc(g.ended_at),
                       g.result, dict(g.settlement or {}), seats[g.id])
            for g in games]


def write_finish(s: Session, f: FinishGame) -> None:
    """A game's end: its row (with the settlement), each seat's outcome, games played and
    escapes, the table open again — its seats out of 托管, which lasts one game (R34),
    and its players not ready, so that a crash before the table is stored again neither
    carries 托管 into the next game nor starts one nobody asked for.
    The economy runs this in its settlement's transaction, with statements built once
    (:mod:`.statements`)."""
    table_id, table_seats, tournament_id = s.execute(
        st.TABLE_OF_GAME, {"b_game": f.game_id}).one()
    assert isinstance(table_id, int) and isinstance(table_seats, list)
    s.execute(st.END_GAME, {"b_game": f.game_id, "b_status": f.status, "b_result": f.result,
                            "b_record": f.record, "b_settlement": f.settlement,
                            "b_pending": f.standings_pending, "b_ended_at": now()})
    seats: list[tuple[int, int | None]] = [
        (r.seat, r.account_id) for r in s.execute(st.SEATS_OF_GAME, {"b_game": f.game_id})]
    s.execute(st.SEAT_OUTCOME, [
        {"b_game": f.game_id, "b_seat": seat, "b_outcome": f.outcomes[seat][0],
         "b_stake": f.outcomes[seat][1]} for seat, _ in seats])
    played = [{"b_id": account, "b_escape": int(seat == f.escaper)}
              for seat, account in seats if account is not None]
    if played:
        s.execute(st.GAME_PLAYED, played)
    status = {"b_table": table_id, "b_status": "open", "b_game_id": None}
    after = [_seat_after_game(seat, tournament_id is None) for seat in table_seats]
    if after != table_seats:
        s.execute(st.TABLE_STATUS_SEATS, {**status, "b_seats": after})
    else:
        s.execute(st.TABLE_STATUS, status)


def refused_claim(s: Session, claim: StandingsClaim | None) -> AlreadySettled | None:
    """A tournament game's pending standings taken for this transaction (or no claim):
    None; the refusal when they were applied already (another node, an earlier try)."""
    if claim is None:
        return None
    done = s.execute(st.CLAIM_STANDINGS, {"b_game": claim.game_id,
                                          "b_settlement": claim.settlement})
    if done.rowcount == 1:  # type: ignore[attr-defined]
        return None
    return AlreadySettled(f"game {claim.game_id}'s standings are applied already")


def _seat_after_game(seat: dict[str, Any], asks_ready: bool) -> dict[str, Any]:
    """A stored seat as the game's end leaves it (``Seat.game_ended``): out of 托管, and
    a player not ready where the next game waits for him to say so (``asks_ready``); a
    tournament's table plays its games by itself (its seats stay ready), a bot as it was."""
    out = {k: v for k, v in seat.items() if k != "auto"}
    if asks_ready and out.get("account_id") is not None:
        out["ready"] = False
    return out


def load_game(s: Session, game_id: int) -> StoredGame | None:
    row = s.get(GameRow, game_id)
    if row is None:
        return None
    deals = [StoredDeal(d.half, d.blade_card, d.blade_holder, d.first_drawer, list(d.hands))
             for d in s.scalars(select(GameDeal).where(GameDeal.game_id == game_id)
                                .order_by(GameDeal.half))]
    actions = [StoredAction(a.idx, a.half, a.seat, a.cards, a.reason)
               for a in s.scalars(select(GameAction).where(GameAction.game_id == game_id)
                                  .order_by(GameAction.idx))]
    return StoredGame(row.id, row.table_id, dict(row.rules), row.status, deals, actions,
                      row.result, _seats(s, game_id), DealFairness.from_json(row.fairness))


def _seats(s: Session, game_id: int) -> list[dict[str, Any]]:
    return [{"seat": x.seat, "account_id": x.account_id, "bot": x.bot, "name": x.bot_name,
             "name_en": x.bot_name_en, "avatar": x.bot_avatar, "outcome": x.outcome,
             "base_stake": x.base_stake}
            for x in s.scalars(select(GameSeat).where(GameSeat.game_id == game_id)
                               .order_by(GameSeat.seat))]
