"""The coach's desk (issue 17): who may have a game reviewed, and the workers that do it.

A review covers one seat of a game its asker may see in full (R41): a game he played,
while its record is his (he sits at its table, no later game there), or a game he saved
with a recorder — or any game, for an admin. The review itself keeps only what that seat
saw and the moves made and suggested, so it stays readable by the game's players and its
asker after the record's window closes.

The work runs in worker processes of the desk's own (``review_workers``; never the bots'
pool, so live 高手 bots never wait behind a review), one decision per task, so progress
is told as it goes (``review_progress`` to the asker) and a review of 30 decisions does
not hold a worker for its whole length. The hall-wide cap (``review_queue``) and one
review per player at a time are checked in the transaction that queues it; the same game,
seat, worlds and seed give the same review, so a stored one is answered at once.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import multiprocessing
from collections.abc import Awaitable, Callable
from concurrent.futures import Executor, ProcessPoolExecutor
from datetime import UTC, datetime, timedelta
from typing import Any

from yuanzi.coach.review import (
    PlayedFor,
    ReviewSettings,
    decision_points,
    judge_at,
    review_of,
)
from yuanzi.engine import Record, format_cards
from yuanzi.hall.desk_ports import ReviewStore
from yuanzi.hall.errors import Code, HallError, round_in_play
from yuanzi.hall.events import ReviewProgress, ReviewReady
from yuanzi.hall.models import Account, StoredReview
from yuanzi.hall.runtime.pubsub import Broker, account_topic
from yuanzi.hall.runtime.ratelimit import Limits
from yuanzi.hall.settings import Settings

log = logging.getLogger(__name__)

REVIEW_SEED = 20_261_201
"""The seed of the hall's reviews: fixed, so a review is the same wherever it runs."""
HALL_MOVES = ("timeout", "auto")
"""Stored reasons of a move the hall made for a player (R33, R34): not his to be graded."""
STALE_AFTER = timedelta(minutes=15)
"""A review queued or running this long was left by a node that stopped: asked again."""


class CoachDesk:
    """Given the few ports it uses (issue 29: a desk never holds the whole hall)."""

    def __init__(self, store: ReviewStore, broker: Broker, settings: Settings,
                 limits: Limits) -> None:
        self.store = store
        self.broker = broker
        self._hall_settings = settings
        self.settings = ReviewSettings(worlds=settings.review_worlds, seed=REVIEW_SEED)
        self._address = limits.limiter("review_address", 2 * settings.review_per_hour,
                                       3600)
        self._pool: Executor | None = None
        self._tasks: set[asyncio.Task[None]] = set()
        self.also_open: Callable[[Account, int], Awaitable[bool]] | None = None
        """Whether a game's hands are open to an account by another rule (a tournament's
        game once its round is over), set by the hall."""
        self.held_back: Callable[[int], Awaitable[bool]] | None = None
        """Whether a game is kept from everyone but admins for now (a tournament's game
        while its round is played, issue 43), set by the hall."""

    # -- who may ---------------------------------------------------------------------------

    async def _may_see_in_full(self, account: Account, game_id: int) -> bool:
        store = self.store
        return (account.is_admin or await store.record_open_to(game_id, account.id)
                or await store.owns_replay(game_id, account.id)
                or (self.also_open is not None and await self.also_open(account, game_id)))

    async def _not_held_back(self, account: Account, game_id: int) -> None:
        if (not account.is_admin and self.held_back is not None
                and await self.held_back(game_id)):
            raise round_in_play()

    async def _record(self, game_id: int) -> Record:
        record = await self.store.game_record(game_id)
        if record is None:
            if await self.store.game(game_id) is None:
                raise HallError(Code.NO_SUCH_GAME, f"there is no game {game_id}")
            raise HallError(Code.GAME_IN_PROGRESS, "a game is reviewed once it is over")
        return Record.from_json(record)

    async def _seat(self, account: Account, game_id: int, seat: int | None) -> int:
        if seat is None:
            seat = await self.store.seat_in_game(game_id, account.id)
            if seat is None:
                raise HallError(Code.MALFORMED, "say which seat to review (0–3)")
        if not 0 <= seat <= 3:
            raise HallError(Code.MALFORMED, "a seat is 0–3")
        return seat

    # -- asking ----------------------------------------------------------------------------

    async def request(self, account: Account, game_id: int, seat: int | None = None,
                      address: str | None = None) -> StoredReview:
        """Queue a review of ``seat`` (default: the asker's own) and start it; a stored
        one is returned as it is. Each player has his share of the coach's hour
        (``review_per_hour``, twice that per address; issue 27), admins all of it."""
        record = await self._record(game_id)
        await self._not_held_back(account, game_id)
        if not await self._may_see_in_full(account, game_id):
            raise HallError(Code.FORBIDDEN, "a game is reviewed by those who may see it in "
                            "full: its players at its end, or the owner of its saved replay")
        seat = await self._seat(account, game_id, seat)
        s = self.settings
        settings = self._hall_settings
        stored = await self.store.stored_review(game_id, seat, s.worlds, s.seed)
        if stored is not None and stored.status == "done":
            return stored  # (costs the coach nothing)
        if (not account.is_admin and address is not None
                and not await self._address.check(address)):
            raise HallError(Code.RATE_LIMITED, "many reviews were asked from your address "
                                               "this hour; try again later")
        review = await self.store.queue_review(
            game_id, seat, s.worlds, s.seed, account.id, settings.review_queue,
            datetime.now(UTC) - STALE_AFTER,
            None if account.is_admin else settings.review_per_hour)
        if review.status == "queued" and review.requested_by == account.id:
            task = asyncio.get_running_loop().create_task(self._run(review, record))
            self._tasks.add(task)
            task.add_done_callback(self._tasks.discard)
        return review

    async def stored(self, account: Account, game_id: int,
                     seat: int | None) -> tuple[int, StoredReview | None]:
        """The seat meant (the asker's own by default) and its review as stored (None:
        not reviewed yet), for the game's players, its asker, those who may see the game
        in full, and admins."""
        await self._not_held_back(account, game_id)
        seat = await self._seat(account, game_id, seat)
        s = self.settings
        review = await self.store.stored_review(game_id, seat, s.worlds, s.seed)
        allowed = (await self.store.seat_in_game(game_id, account.id) is not None
                   or (review is not None and review.requested_by == account.id)
                   or await self._may_see_in_full(account, game_id))
        if not allowed:
            raise HallError(Code.FORBIDDEN, "this review is its game's players' to see")
        return seat, review

    # -- doing -----------------------------------------------------------------------------

    async def _run(self, review: StoredReview, record: Record) -> None:
        store, broker = self.store, self.broker
        topic = account_topic(review.requested_by)
        ok = False
        try:
            await store.finish_review(review.id, "running", None)
            played_for, points = await self._split(review.game_id, record, review.seat)
            loop = asyncio.get_running_loop()
            pool = self._executor()
            data = record.to_json()
            futures = [loop.run_in_executor(pool, judge_at, data, h, k, ply, self.settings)
                       for h, k, ply in points]
            decisions = []
            for done, future in enumerate(futures, start=1):
                decisions.append(await future)
                broker.publish(topic, ReviewProgress(game_id=review.game_id, seat=review.seat,
                                                     done=done, total=len(futures)).envelope())
            result = review_of(review.seat, self.settings, decisions, played_for).to_json()
            await store.finish_review(review.id, "done", result)
            ok = True
        except asyncio.CancelledError:
            raise
        except Exception:
            log.exception("review %s (game %s, seat %s) failed", review.id, review.game_id,
                          review.seat)
            with contextlib.suppress(Exception):
                await store.finish_review(review.id, "failed", None)
        broker.publish(topic, ReviewReady(game_id=review.game_id, seat=review.seat,
                                          ok=ok).envelope())

    async def _split(self, game_id: int, record: Record, seat: int
                     ) -> tuple[list[PlayedFor], list[tuple[int, int, int]]]:
        """The seat's moves the hall made for it (the clock, 托管: shown, not graded) and
        the decisions its player made himself (to be judged), from the stored reasons."""
        stored = await self.store.game(game_id)
        reasons = {a.idx: a.reason for a in stored.actions} if stored is not None else {}
        played_for, points = [], []
        for h, k, ply in decision_points(record, seat):
            by = reasons.get(ply, "player")
            if by in HALL_MOVES:
                cards = record.halves[h].actions[k][1]
                played_for.append(PlayedFor(h, k, ply, format_cards(cards) if cards else "pass",
                                            by))
            else:
                points.append((h, k, ply))
        return played_for, points

    def _executor(self) -> Executor:
        if self._pool is None:
            workers = self._hall_settings.review_workers
            if workers <= 0:  # tests: a thread, the same code path
                from concurrent.futures import ThreadPoolExecutor
                self._pool = ThreadPoolExecutor(1, thread_name_prefix="review")
            else:  # spawn, not fork: the hall has threads (see hall/thinking.py)
                self._pool = ProcessPoolExecutor(
                    workers, mp_context=multiprocessing.get_context("spawn"))
        return self._pool

    def cancel(self) -> None:
        """Stop the reviews under way (on the loop; their rows go stale and are asked
        again later)."""
        for task in list(self._tasks):
            task.cancel()

    def close(self) -> None:
        """Stop the workers (off the loop: it waits for them)."""
        if self._pool is not None:
            pool, self._pool = self._pool, None
            pool.shutdown(wait=True, cancel_futures=True)


def review_view(review: StoredReview | None, game_id: int = 0,
                seat: int | None = None) -> dict[str, Any]:
    """A review as the routes answer it (``status`` ``none``: not reviewed yet)."""
    if review is None:
        return {"game_id": game_id, "seat": seat, "status": "none", "review": None}
    return {"game_id": review.game_id, "seat": review.seat, "status": review.status,
            "review": review.result}
