"""The coach's reviews (issue 17): looked up by what makes them the same (game, seat,
worlds, seed), queued under the hall-wide cap and one per player, finished once."""

from __future__ import annotations

from datetime import datetime, timedelta
from typing import Any

from sqlalchemy import func, select, update
from sqlalchemy.orm import Session

from yuanzi.hall.errors import Code, HallError
from yuanzi.hall.models import GameLinks, StoredReview
from yuanzi.store.models.economy import ReplayRow
from yuanzi.store.models.games import GameRow, GameSeat
from yuanzi.store.models.reviews import ReviewRow
from yuanzi.store.models.tables import TableRow
from yuanzi.store.repos.base import Repo, as_utc, now

ACTIVE = ("queued", "running")


def _review(row: ReviewRow) -> StoredReview:
    return StoredReview(row.id, row.game_id, row.seat, row.worlds, row.seed, row.status,
                        row.requested_by, row.result)


class ReviewRepo(Repo):
    async def stored_review(self, game_id: int, seat: int, worlds: int,
                            seed: int) -> StoredReview | None:
        def read(s: Session) -> StoredReview | None:
            row = s.scalar(select(ReviewRow).where(
                ReviewRow.game_id == game_id, ReviewRow.seat == seat,
                ReviewRow.worlds == worlds, ReviewRow.seed == seed))
            return None if row is None else _review(row)

        return await self._read(read)

    async def queue_review(self, game_id: int, seat: int, worlds: int, seed: int,
                           account_id: int, cap: int, stale_before: datetime,
                           per_hour: int | None = None) -> StoredReview:
        """A new review, queued — or the one already stored with these settings (a failed
        or stale one, left by a stopped node, queued again). ``review_busy`` when the
        player has one under way; ``rate_limited`` when he asked for ``per_hour`` in the
        last hour (issue 27: a few accounts kept the queue full for everyone);
        ``review_queue_full`` at the hall-wide ``cap``."""
        def write(s: Session) -> StoredReview:
            active = (ReviewRow.status.in_(ACTIVE), ReviewRow.created_at >= stale_before)
            row = s.scalar(select(ReviewRow).where(
                ReviewRow.game_id == game_id, ReviewRow.seat == seat,
                ReviewRow.worlds == worlds, ReviewRow.seed == seed))
            if row is not None and (row.status == "done" or (
                    row.status in ACTIVE and as_utc(row.created_at) >= stale_before)):
                return _review(row)
            if s.scalar(select(ReviewRow.id).where(ReviewRow.requested_by == account_id,
                                                   *active).limit(1)) is not None:
                raise HallError(Code.REVIEW_BUSY, "one review at a time: yours is under way")
            if per_hour is not None and (s.scalar(
                    select(func.count()).select_from(ReviewRow).where(
                        ReviewRow.requested_by == account_id,
                        ReviewRow.created_at >= now() - timedelta(hours=1))) or 0) >= per_hour:
                raise HallError(Code.RATE_LIMITED, f"the coach reviews {per_hour} games an "
                                                   "hour for each player; try again later")
            if (s.scalar(select(func.count()).select_from(ReviewRow).where(*active)) or 0) >= cap:
                raise HallError(Code.REVIEW_QUEUE_FULL,
                                "the coach is busy with other games; try again in a minute")
            if row is None:
                row = ReviewRow(game_id=game_id, seat=seat, worlds=worlds, seed=seed)
                s.add(row)
            row.status, row.requested_by, row.created_at = "queued", account_id, now()
            row.result = None
            s.flush()
            return _review(row)

        return await self.journal.run(write)

    async def finish_review(self, review_id: int, status: str,
                            result: dict[str, Any] | None) -> None:
        def write(s: Session) -> None:
            s.execute(update(ReviewRow).where(ReviewRow.id == review_id).values(
                status=status, result=result,
                finished_at=None if status == "running" else now()))

        await self.journal.run(write)

    async def seat_in_game(self, game_id: int, account_id: int) -> int | None:
        def read(s: Session) -> int | None:
            seat: int | None = s.scalar(select(GameSeat.seat).where(
                GameSeat.game_id == game_id, GameSeat.account_id == account_id))
            return seat

        return await self._read(read)

    async def owns_replay(self, game_id: int, account_id: int) -> bool:
        """Whether the account saved this game with a recorder (R41)."""
        def read(s: Session) -> bool:
            return s.scalar(select(ReplayRow.id).where(
                ReplayRow.game_id == game_id, ReplayRow.account_id == account_id)
                .limit(1)) is not None

        return await self._read(read)

    async def links_of(self, account_id: int, game_ids: list[int]) -> dict[int, GameLinks]:
        """For each of ``game_ids`` the account played: his saved replay, whether the
        record is still his (R41, as ``record_open_to`` says one by one) and whether his
        seat's review is stored — four queries for a page of 战绩."""
        def read(s: Session) -> dict[int, GameLinks]:
            if not game_ids:
                return {}
            seats = dict(s.execute(select(GameSeat.game_id, GameSeat.seat).where(
                GameSeat.game_id.in_(game_ids), GameSeat.account_id == account_id)).all())
            replays: dict[int, str] = {}
            for game_id, replay_id in s.execute(
                    select(ReplayRow.game_id, ReplayRow.id).where(
                        ReplayRow.game_id.in_(game_ids), ReplayRow.account_id == account_id)
                    .order_by(ReplayRow.id)).all():
                replays.setdefault(game_id, replay_id)
            reviewed = {(g, seat) for g, seat in s.execute(
                select(ReviewRow.game_id, ReviewRow.seat).where(
                    ReviewRow.game_id.in_(game_ids), ReviewRow.status == "done")).all()}
            games = dict(s.execute(select(GameRow.id, GameRow.table_id).where(
                GameRow.id.in_(game_ids), GameRow.status != "playing")).all())
            open_ids = set()
            for table_id in set(games.values()):  # only a table's last game can be open
                last = s.scalar(select(func.max(GameRow.id)).where(GameRow.table_id == table_id))
                table = s.get(TableRow, table_id)
                if (last in games and table is not None and table.status != "closed"
                        and any(x.get("account_id") == account_id for x in table.seats or [])):
                    open_ids.add(last)
            return {g: GameLinks(replays.get(g), g in open_ids, (g, seat) in reviewed)
                    for g, seat in seats.items()}

        return await self._read(read)
