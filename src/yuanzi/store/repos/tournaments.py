"""Tournaments (issue 28). Sign-up and each round's start are decided in a transaction
that takes the tournament's row first (``FOR UPDATE`` on PostgreSQL; SQLite has one
writer), so the last place is taken once and a round is opened by one node only — its
tables inserted in the same transaction, so a crash leaves a round with all its tables or
none."""

from __future__ import annotations

import hashlib
from collections.abc import Collection
from datetime import UTC, datetime, timedelta
from typing import Any

from sqlalchemy import func, or_, select, update
from sqlalchemy.orm import Session

from yuanzi.engine.fairness import TOURNEY
from yuanzi.hall.group_models import (
    BotsFor,
    CheckIn,
    Reveal,
    StoredTournament,
    TournamentEntry,
    TournamentJoin,
)
from yuanzi.hall.models import DealFairness, TableSpec
from yuanzi.store.models.accounts import Account as AccountRow
from yuanzi.store.models.tables import TableRow
from yuanzi.store.models.tournaments import TournamentEntryRow, TournamentRow
from yuanzi.store.repos.base import Repo, as_utc, now
from yuanzi.store.repos.tables import insert_table


def _stamp(value: datetime | None) -> float | None:
    return None if value is None else as_utc(value).timestamp()


def deals_of(raw: list[Any] | None) -> list[list[DealFairness]]:
    out = []
    for games in raw or []:
        out.append([d for d in (DealFairness.from_json(g) for g in games) if d is not None])
    return out


def _stored(s: Session, row: TournamentRow) -> StoredTournament:
    entries = []
    for e, nickname in s.execute(
            select(TournamentEntryRow, AccountRow.nickname)
            .outerjoin(AccountRow, AccountRow.id == TournamentEntryRow.account_id)
            .where(TournamentEntryRow.tournament_id == row.id)
            .order_by(TournamentEntryRow.position)):
        entries.append(TournamentEntry(e.position, e.account_id,
                                       nickname if e.account_id is not None else e.bot_name or "",
                                       e.bot_name_en, e.bot, e.bot_avatar, bool(e.checked_in),
                                       e.withdrawn_round, e.contribution, e.value_commit))
    return StoredTournament(row.id, row.name, row.size, row.rounds, row.games_per_round,
                            row.status, row.creator_id, row.club_id,
                            as_utc(row.created_at).timestamp(), _stamp(row.started_at),
                            _stamp(row.finished_at), row.seed, row.round, deals_of(row.deals),
                            entries, _stamp(row.starts_at),
                            None if row.deal_secret is None else bytes.fromhex(row.deal_secret))


def _entries(s: Session, tournament_id: int) -> list[TournamentEntryRow]:
    return list(s.scalars(select(TournamentEntryRow).where(
        TournamentEntryRow.tournament_id == tournament_id)
        .order_by(TournamentEntryRow.position)).all())


def _entry_of(s: Session, tournament_id: int,
              account_id: int) -> TournamentEntryRow | None:
    return s.scalar(select(TournamentEntryRow).where(
        TournamentEntryRow.tournament_id == tournament_id,
        TournamentEntryRow.account_id == account_id))


def _renumber(s: Session, kept: list[TournamentEntryRow]) -> None:
    """Positions 0.. in the same order (the draw's index), moved one at a time so the
    primary key never collides."""
    for i, e in enumerate(kept):
        if e.position != i:
            e.position = i
            s.flush()


def _live_elsewhere(s: Session, tournament_id: int, account_id: int,
                    waiting_too: bool) -> bool:
    """Whether the account plays in another running tournament (not withdrawn) — or,
    ``waiting_too``, waits in another sit-and-go that may fill any moment: one account
    holds one tournament seat at a time (issue 44)."""
    live = TournamentRow.status == "running"
    if waiting_too:
        live = or_(live, (TournamentRow.status == "signup")
                   & TournamentRow.starts_at.is_(None))
    return s.scalar(
        select(TournamentEntryRow.tournament_id)
        .join(TournamentRow, TournamentRow.id == TournamentEntryRow.tournament_id)
        .where(TournamentEntryRow.account_id == account_id,
               TournamentEntryRow.tournament_id != tournament_id,
               TournamentEntryRow.withdrawn_round.is_(None), live).limit(1)) is not None


def _locked(s: Session, tournament_id: int) -> TournamentRow | None:
    return s.scalar(select(TournamentRow).where(TournamentRow.id == tournament_id)
                    .with_for_update())


class TournamentRepo(Repo):
    """The methods of :class:`yuanzi.hall.desk_ports.TournamentStore`."""

    async def create_tournament(self, name: str, size: int, rounds: int, games_per_round: int,
                                creator_id: int, club_id: int | None,
                                seed: int, starts_at: float | None = None,
                                deal_secret: bytes | None = None) -> StoredTournament:
        start = None if starts_at is None else datetime.fromtimestamp(starts_at, UTC)

        def write(s: Session) -> StoredTournament:
            row = TournamentRow(name=name, size=size, rounds=rounds,
                                games_per_round=games_per_round, status="signup",
                                creator_id=creator_id, club_id=club_id, created_at=now(),
                                seed=seed, round=-1, deals=[], starts_at=start,
                                deal_secret=None if deal_secret is None else deal_secret.hex())
            s.add(row)
            s.flush()
            return _stored(s, row)

        return await self.journal.run(write)

    async def tournament(self, tournament_id: int) -> StoredTournament | None:
        def read(s: Session) -> StoredTournament | None:
            row = s.get(TournamentRow, tournament_id)
            return None if row is None else _stored(s, row)

        return await self._read(read)

    async def tournaments(self, statuses: tuple[str, ...], limit: int,
                          clubs: Collection[int] | None = None) -> list[StoredTournament]:
        """The latest in ``statuses``; with ``clubs``, only the hall's open ones and
        those of these clubs (a club's tournament is its members' own)."""
        def read(s: Session) -> list[StoredTournament]:
            q = select(TournamentRow).where(TournamentRow.status.in_(statuses))
            if clubs is not None:
                q = q.where(or_(TournamentRow.club_id.is_(None),
                                TournamentRow.club_id.in_(list(clubs))))
            rows = s.scalars(q.order_by(TournamentRow.id.desc()).limit(limit)).all()
            return [_stored(s, r) for r in rows]

        return await self._read(read)

    async def enter_tournament(self, tournament_id: int, account_id: int | None,
                               bot: tuple[str, str, str, int] | None = None,
                               contribution: str | None = None,
                               commitment: str | None = None
                               ) -> tuple[TournamentJoin, StoredTournament | None]:
        """A player (or a bot: kind, name, English name, avatar) takes the next place,
        with his random value for the deals, or its SHA-256 (the value comes at the
        start); the last place starts the tournament (``running``), in the same
        transaction."""
        def write(s: Session) -> tuple[TournamentJoin, StoredTournament | None]:
            row = _locked(s, tournament_id)
            if row is None:
                return "missing", None
            if row.status != "signup" or (row.starts_at is not None
                                          and as_utc(row.starts_at) <= now()):
                return "closed", _stored(s, row)
            taken = int(s.scalar(select(func.count()).select_from(TournamentEntryRow).where(
                TournamentEntryRow.tournament_id == tournament_id)) or 0)
            if account_id is not None and _entry_of(s, tournament_id, account_id) is not None:
                return "already", _stored(s, row)
            if (account_id is not None and row.starts_at is None  # (a scheduled one: at
                    and _live_elsewhere(s, tournament_id, account_id, True)):  # its start)
                return "elsewhere", _stored(s, row)
            if taken >= row.size:
                return "full", _stored(s, row)
            if commitment is not None and s.scalar(select(TournamentEntryRow.position).where(
                    TournamentEntryRow.tournament_id == tournament_id,
                    TournamentEntryRow.value_commit == commitment).limit(1)) is not None:
                return "copied", _stored(s, row)  # (issue 54: it would reveal another's)
            kind, name, name_en, avatar = bot or (None, None, None, None)
            s.add(TournamentEntryRow(tournament_id=tournament_id, position=taken,
                                     account_id=account_id, bot=kind, bot_name=name,
                                     bot_name_en=name_en, bot_avatar=avatar, at=now(),
                                     contribution=contribution, value_commit=commitment))
            if taken + 1 == row.size and row.starts_at is None:  # a sit-and-go: full
                row.status, row.started_at = "running", now()
            s.flush()
            return "in", _stored(s, row)

        return await self.journal.run(write)

    async def reveal_value(self, tournament_id: int, account_id: int,
                           value: str) -> Reveal:
        """The value an entrant committed to at sign-up, taken once sign-ups are closed
        and before the first round is dealt (issue 43's review); only the one whose
        SHA-256 is the commitment."""
        def write(s: Session) -> Reveal:
            row = _locked(s, tournament_id)
            if row is None:
                return "missing"
            mine = _entry_of(s, tournament_id, account_id)
            if mine is None:
                return "not_entered"
            if row.status != "running" or row.round >= 0:
                return "closed"
            if mine.value_commit is None or mine.contribution is not None:
                return "already"
            if hashlib.sha256(value.encode()).hexdigest() != mine.value_commit:
                return "wrong"
            mine.contribution = value
            return "revealed"

        return await self.journal.run(write)

    async def leave_tournament(self, tournament_id: int, account_id: int) -> bool:
        """Out before it starts; the places after his move up (the draw's order stays
        the sign-up order)."""
        def write(s: Session) -> bool:
            row = _locked(s, tournament_id)
            if row is None or row.status != "signup":
                return False
            mine = _entry_of(s, tournament_id, account_id)
            if mine is None:
                return False
            s.delete(mine)
            s.flush()
            _renumber(s, _entries(s, tournament_id))
            return True

        return await self.journal.run(write)

    async def check_in(self, tournament_id: int, account_id: int,
                       opens_before: float) -> CheckIn:
        """A signed-up player checks in to a scheduled tournament, from ``opens_before``
        seconds before its start until the start."""
        def write(s: Session) -> CheckIn:
            row = _locked(s, tournament_id)
            if row is None:
                return "missing"
            mine = _entry_of(s, tournament_id, account_id)
            if mine is None:  # (said first: whatever its time, it is not his, issue 44)
                return "not_entered"
            if row.status != "signup" or row.starts_at is None:
                return "closed"
            left = (as_utc(row.starts_at) - now()).total_seconds()
            if left <= 0:
                return "closed"
            if left > opens_before:
                return "not_yet"
            mine.checked_in = True
            return "in"

        return await self.journal.run(write)

    async def claim_check_in_reminders(self, opens_before: float) -> list[StoredTournament]:
        """Scheduled tournaments whose check-in has opened (``opens_before`` seconds
        before the start) and whose players were not yet told: marked told in the same
        transaction, so each is claimed once across nodes and restarts."""
        def write(s: Session) -> list[StoredTournament]:
            rows = s.scalars(select(TournamentRow).where(
                TournamentRow.status == "signup", TournamentRow.starts_at.is_not(None),
                TournamentRow.starts_at > now(),
                TournamentRow.starts_at <= now() + timedelta(seconds=opens_before),
                TournamentRow.check_in_reminded.is_(False))
                .order_by(TournamentRow.starts_at).with_for_update(skip_locked=True)).all()
            for row in rows:
                row.check_in_reminded = True
            return [_stored(s, row) for row in rows]

        return await self.journal.run(write)

    async def check_ins_waiting(self, account_id: int, opens_before: float
                                ) -> list[StoredTournament]:
        """Scheduled tournaments whose check-in is open and was announced, where the
        account is signed up and not checked in: what a player who comes online after
        the announcement still has to hear."""
        def read(s: Session) -> list[StoredTournament]:
            rows = s.scalars(select(TournamentRow).join(
                TournamentEntryRow, TournamentEntryRow.tournament_id == TournamentRow.id)
                .where(TournamentEntryRow.account_id == account_id,
                       TournamentEntryRow.checked_in.is_(False),
                       TournamentRow.status == "signup", TournamentRow.starts_at > now(),
                       TournamentRow.starts_at <= now() + timedelta(seconds=opens_before),
                       TournamentRow.check_in_reminded.is_(True))
                .order_by(TournamentRow.starts_at)).all()
            return [_stored(s, row) for row in rows]

        return await self._read(read)

    async def due_tournaments(self) -> list[int]:
        """Scheduled tournaments whose start has come and which have not started."""
        def read(s: Session) -> list[int]:
            return [int(i) for i in s.scalars(select(TournamentRow.id).where(
                TournamentRow.status == "signup", TournamentRow.starts_at.is_not(None),
                TournamentRow.starts_at <= now()).order_by(TournamentRow.starts_at))]

        return await self._read(read)

    async def start_scheduled(self, tournament_id: int, least: int,
                              bots_for: BotsFor) -> StoredTournament | None:
        """A scheduled tournament's start: those not checked in are out, the hall's
        bots fill the free places and it runs — or, with fewer than ``least`` players
        checked in, it is cancelled. None when it is not due (started already)."""
        def write(s: Session) -> StoredTournament | None:
            row = _locked(s, tournament_id)
            if (row is None or row.status != "signup" or row.starts_at is None
                    or as_utc(row.starts_at) > now()):
                return None
            kept, out = [], []
            for e in _entries(s, tournament_id):
                if e.account_id is None or (e.checked_in and not _live_elsewhere(
                        s, tournament_id, e.account_id, False)):
                    kept.append(e)
                else:  # (not here, or playing in another tournament: one at a time)
                    out.append(e)
            if sum(e.account_id is not None for e in kept) < least:
                row.status, row.finished_at = "cancelled", now()  # (everyone signed up
                return _stored(s, row)                            # stays, and is told)
            for e in out:
                s.delete(e)
            s.flush()
            _renumber(s, kept)
            taken = [n for e in kept for n in (e.bot_name, e.bot_name_en) if n]
            for i, (kind, name, name_en, avatar) in enumerate(
                    bots_for(row.size - len(kept), taken)):
                s.add(TournamentEntryRow(tournament_id=tournament_id, position=len(kept) + i,
                                         account_id=None, bot=kind, bot_name=name,
                                         bot_name_en=name_en, bot_avatar=avatar, at=now(),
                                         checked_in=True))
            row.status, row.started_at = "running", now()
            s.flush()
            return _stored(s, row)

        return await self.journal.run(write)

    async def withdraw(self, tournament_id: int, account_id: int) -> int | None:
        """退赛 while it runs: the round from which 托管 plays his seat (None: not
        running, not entered, or withdrawn already)."""
        def write(s: Session) -> int | None:
            row = _locked(s, tournament_id)
            if row is None or row.status != "running":
                return None
            mine = _entry_of(s, tournament_id, account_id)
            if mine is None or mine.withdrawn_round is not None:
                return None
            mine.withdrawn_round = max(row.round, 0)
            return mine.withdrawn_round

        return await self.journal.run(write)

    async def begin_round(self, tournament_id: int, round_: int, deals: list[DealFairness],
                          tables: list[TableSpec]) -> list[int] | None:
        """Round ``round_`` begins (the round before it over), its deals stored and its
        tables inserted, all in one transaction; None when it began already (another
        node) or the tournament is not running."""
        def write(s: Session) -> list[int] | None:
            row = _locked(s, tournament_id)
            if row is None or row.status != "running" or row.round != round_ - 1:
                return None
            row.round = round_
            row.deals = [*(row.deals or []), [d.to_json() for d in deals]]
            if round_ == 0 and deals and deals[0].scheme == TOURNEY:
                used = set(deals[0].contributions)  # (a value revealed after the deals
                for e in _entries(s, tournament_id):  # were drawn is left out: the page
                    if e.value_commit is not None and e.contribution not in used:  # says
                        e.contribution = None                                     # so)
            ids = []
            for spec in tables:
                spec.id = insert_table(s, spec)
                ids.append(spec.id)
            s.execute(update(TableRow).where(TableRow.id.in_(ids)).values(
                tournament_id=tournament_id, tournament_round=round_))
            return ids

        return await self.journal.run(write)

    async def finish_tournament(self, tournament_id: int, last_round: int) -> bool:
        def write(s: Session) -> bool:
            row = _locked(s, tournament_id)
            if row is None or row.status != "running" or row.round != last_round:
                return False
            row.status, row.finished_at = "finished", now()
            return True

        return await self.journal.run(write)

    async def stalled_tournaments(self, started_before: float) -> list[int]:
        """Running tournaments whose first round has not begun though they started before
        ``started_before`` (unix seconds): their node died waiting for the values."""
        def read(s: Session) -> list[int]:
            since = datetime.fromtimestamp(started_before, UTC)
            return list(s.scalars(select(TournamentRow.id).where(
                TournamentRow.status == "running", TournamentRow.round < 0,
                TournamentRow.started_at < since)))

        return await self._read(read)

    async def running_tournaments(self) -> list[StoredTournament]:
        return await self.tournaments(("running",), 1000)
