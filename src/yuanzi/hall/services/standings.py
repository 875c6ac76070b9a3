"""The standings: who a player is on the hall's ladder (R37–R39), his profile, the
leaderboards, and the gem cap that the board sets (R42).

The ladder is the hall's setting (``ladder``); a hall that switched it starts everyone
afresh on the new one (:meth:`Standings.start`).
"""

from __future__ import annotations

import logging
from collections.abc import Sequence

from yuanzi.hall.economy.gems import gem_cap
from yuanzi.hall.economy.ladders import Ladder, ladder_for
from yuanzi.hall.errors import Code, HallError
from yuanzi.hall.models import Account
from yuanzi.hall.ports import AuditEntry, Changes, EconomyStore
from yuanzi.hall.runtime.ratelimit import Limiter, Limits, LocalLimits
from yuanzi.hall.services.unit import UnitOfWork
from yuanzi.hall.services.views import (
    BoardLine,
    GemCap,
    Leaderboard,
    Profile,
    Skill,
)
from yuanzi.hall.settings import Settings

log = logging.getLogger(__name__)

LEADERBOARD_SIZE = 100
"""The issue: the top 100 by ladder score and by skill; R42's cap is its 100th score."""
PUBLIC_READS_PER_MINUTE = 60
"""Leaderboard reads a minute from one address without a session (the board is public)."""

class Standings:
    def __init__(self, settings: Settings, store: EconomyStore,
                 limits: Limits | None = None) -> None:
        self.store = store
        self.unit = UnitOfWork(store)
        self.ladder: Ladder = ladder_for(settings.ladder)
        self.public_reads: Limiter = (limits or LocalLimits()).limiter(
            "public_reads", PUBLIC_READS_PER_MINUTE, 60.0)
        """Per address: what anyone may read without logging in (the leaderboard)."""

    async def start(self) -> None:
        """R39: the stored ladder values belong to one ladder. A hall that switched its
        ``ladder`` setting starts everyone afresh on the new one (logged and audited),
        because a titles total and a doubling level's points do not convert."""
        stored = await self.store.config("ladder")
        if stored == self.ladder.name:
            return
        if stored is None:
            await self.unit.run([], lambda w: Changes[None](config={"ladder": self.ladder.name}))
            return
        n = await self.store.reset_ladder(self.ladder.name, self.ladder.new_player())
        log.warning("the hall switched from the %s ladder to %s: %d accounts start afresh",
                    stored, self.ladder.name, n)
        await self.unit.run([], lambda w: Changes[None](audit=[AuditEntry(
            None, "ladder_switch", detail={"from": stored, "to": self.ladder.name,
                                           "accounts": n})]))

    async def account(self, account_id: int) -> Account | None:
        return (await self.store.accounts([account_id])).get(account_id)

    async def require_account(self, account_id: int) -> Account:
        account = await self.account(account_id)
        if account is None:
            raise HallError(Code.NO_SUCH_ACCOUNT, f"there is no account {account_id}")
        return account

    async def accounts(self, ids: Sequence[int]) -> dict[int, Account]:
        return await self.store.accounts(ids)

    async def gem_cap(self) -> GemCap:
        """R42: the cap in force — the admin's value, else the board's 100th standing."""
        admin = await self.store.config("gem_cap")
        if admin is not None:
            return GemCap(cap=int(admin), admin_cap=int(admin))
        board = await self.store.leaderboard("ladder", LEADERBOARD_SIZE)
        standings = [self.ladder.standing(r.account.ladder_player) for r in board]
        return GemCap(cap=gem_cap(standings, None, LEADERBOARD_SIZE), admin_cap=None)

    def _line(self, a: Account) -> dict[str, int | str | float]:
        title = self.ladder.title(a.level)
        return {"id": a.id, "nickname": a.nickname, "level": a.level, "title": title.zh,
                "title_en": title.en, "score": a.ladder_score,
                "standing": self.ladder.standing(a.ladder_player),
                "rating": round(a.rating.ordinal, 3)}

    async def profile(self, account_id: int, private: bool = False) -> Profile:
        """The issue's profile: level and title, points to the next level, games, wins,
        双夹 won and lost, escapes — and the skill rating; with ``private`` (the player
        himself, an admin) also his coins, role and ban (issue 14: public, they were
        exactly what the leaderboard hides)."""
        account = await self.require_account(account_id)
        stats = await self.store.stats(account_id)
        assert stats is not None
        return Profile.model_validate({
            **self._line(account), "role": account.role if private else None,
            "ladder": self.ladder.name,
            "points_to_next": self.ladder.points_to_next(account.ladder_player),
            "games": stats.games, "wins": stats.wins, "double_wins": stats.double_wins,
            "double_losses": stats.double_losses, "escapes": stats.escapes,
            "coins": account.coins if private else None,
            "banned": account.banned if private else None,
            "skill": Skill(mu=round(account.rating_mu, 4),
                           sigma=round(account.rating_sigma, 4),
                           ordinal=round(account.rating.ordinal, 4)),
            "created_at": stats.created_at.isoformat()})

    async def leaderboard(self, by: str) -> list[BoardLine]:
        """The top 100 by ladder standing or by skill."""
        if by not in ("ladder", "skill"):
            raise HallError(Code.MALFORMED, "by is ladder or skill")
        rows = await self.store.leaderboard(by, LEADERBOARD_SIZE)
        return [BoardLine.model_validate({"rank": i + 1, **self._line(r.account),
                                          "games": r.games, "wins": r.wins})
                for i, r in enumerate(rows)]

    async def board(self, by: str) -> Leaderboard:
        return Leaderboard(by=by, ladder=self.ladder.name, rows=await self.leaderboard(by))
