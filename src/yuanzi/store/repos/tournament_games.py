"""What a tournament's tables played (issues 28 and 43): its rounds' tables, their ended
games as its standings read them, and which games are still its round's own — read by
the tournament's page, its director and the doors to every game's record."""

from __future__ import annotations

from collections.abc import Collection
from typing import Any

from sqlalchemy import func, select
from sqlalchemy.orm import Session

from yuanzi.hall.group_models import TournamentGame
from yuanzi.hall.round_ports import PendingGame
from yuanzi.store.models.games import GameRow, GameSeat
from yuanzi.store.models.tables import TableRow
from yuanzi.store.models.tournaments import TournamentRow
from yuanzi.store.repos.base import Repo

ENDED = ("finished", "abandoned")


class TournamentGameRepo(Repo):
    """The reads of :class:`yuanzi.hall.desk_ports.TournamentStore` about its games."""

    async def round_tables(self, tournament_id: int, round_: int) -> list[tuple[int, str]]:
        """The round's tables: id and status (``closed`` once its games are played)."""
        def read(s: Session) -> list[tuple[int, str]]:
            return [(int(i), str(st)) for i, st in s.execute(
                select(TableRow.id, TableRow.status).where(
                    TableRow.tournament_id == tournament_id,
                    TableRow.tournament_round == round_).order_by(TableRow.id))]

        return await self._read(read)

    async def tournament_games(self, tournament_id: int) -> list[TournamentGame]:
        """Every ended game at the tournament's tables, in the order played."""
        def read(s: Session) -> list[TournamentGame]:
            rows = s.execute(
                select(GameRow, TableRow.tournament_round)
                .join(TableRow, TableRow.id == GameRow.table_id)
                .where(TableRow.tournament_id == tournament_id, GameRow.status.in_(ENDED))
                .order_by(GameRow.id)).all()
            seats: dict[int, list[dict[str, Any]]] = {g.id: [] for g, _ in rows}
            for x in s.scalars(select(GameSeat).where(GameSeat.game_id.in_(list(seats)))
                               .order_by(GameSeat.seat)):
                seats[x.game_id].append({"seat": x.seat, "account_id": x.account_id,
                                         "name": x.bot_name, "base_stake": x.base_stake})
            return [TournamentGame(r or 0, g.table_id, g.id, g.status, g.result, seats[g.id])
                    for g, r in rows]

        return await self._read(read)

    async def pending_standings(self, tournament_id: int, round_: int) -> list[PendingGame]:
        """The ended games of the round and those before it whose ladder, rating and wins
        wait (an earlier round's that could not be applied then), in the order played."""
        def read(s: Session) -> list[PendingGame]:
            games = s.execute(  # (its id and settlement: not its whole record)
                select(GameRow.id, GameRow.settlement)
                .join(TableRow, TableRow.id == GameRow.table_id)
                .where(TableRow.tournament_id == tournament_id,
                       TableRow.tournament_round <= round_,
                       GameRow.standings_pending.is_(True))
                .order_by(GameRow.id)).all()
            seats: dict[int, list[int | None]] = {g[0]: [None] * 4 for g in games}
            for x in s.scalars(select(GameSeat).where(GameSeat.game_id.in_(list(seats)))):
                seats[x.game_id][x.seat] = x.account_id
            return [PendingGame(g[0], tuple(seats[g[0]]), g[1] or {}) for g in games]

        return await self._read(read)

    async def tournament_round_of_game(self, game_id: int) -> tuple[int, int] | None:
        """The tournament and round a game was played in (None: not a tournament's)."""
        def read(s: Session) -> tuple[int, int] | None:
            found = s.execute(select(TableRow.tournament_id, TableRow.tournament_round)
                              .join(GameRow, GameRow.table_id == TableRow.id)
                              .where(GameRow.id == game_id)).first()
            if found is None or found[0] is None or found[1] is None:
                return None
            return int(found[0]), int(found[1])

        return await self._read(read)

    async def games_in_open_rounds(self, game_ids: Collection[int]) -> set[int]:
        """Those of the games that belong to a tournament's round still being played
        (issue 43: other tables may still be playing their cards)."""
        ids = sorted(set(game_ids))
        if not ids:
            return set()

        def read(s: Session) -> set[int]:
            return {int(x) for x in s.scalars(
                select(GameRow.id).join(TableRow, GameRow.table_id == TableRow.id)
                .join(TournamentRow, TournamentRow.id == TableRow.tournament_id)
                .where(GameRow.id.in_(ids), TournamentRow.status == "running",
                       TableRow.tournament_round >= TournamentRow.round))}

        return await self._read(read)

    async def tournament_games_among(self, game_ids: Collection[int]) -> set[int]:
        """Those of the games played at a tournament's table (their records open to the
        tournament's viewers once their round is over, issue 43)."""
        ids = sorted(set(game_ids))
        if not ids:
            return set()

        def read(s: Session) -> set[int]:
            return {int(x) for x in s.scalars(
                select(GameRow.id).join(TableRow, GameRow.table_id == TableRow.id)
                .where(GameRow.id.in_(ids), TableRow.tournament_id.is_not(None)))}

        return await self._read(read)

    async def games_at_table(self, table_id: int) -> int:
        """How many games were started at the table (a tournament table's next deal)."""
        def read(s: Session) -> int:
            return int(s.scalar(select(func.count()).select_from(GameRow)
                                .where(GameRow.table_id == table_id)) or 0)

        return await self._read(read)
