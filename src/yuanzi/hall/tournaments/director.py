"""The director of tournaments (issue 28): when a tournament fills it opens the first
round's tables; when a round's last table closes it opens the next round's, or ends the
tournament. Every decision is the store's (the round begun once, its tables inserted in
the same transaction, :mod:`yuanzi.store.repos.tournaments`), so any node may act and a
restarted hall picks up where the store says (:meth:`TournamentDirector.resume`).

Scheduled tournaments start by :meth:`TournamentDirector.run_schedule`, which every node
runs: the store starts each one once (those checked in play, the hall's bots fill the
rest, or too few came and it is cancelled).

Each round deals the same at every table (duplicate), from seeds the hall committed to when
the tournament was made, before anyone signed up, and from every entrant's value
(``yuanzi-tourney/1``, issue 43), committed at sign-up and revealed at the start
(:mod:`.reveal`): the tournament page shows the commitments and the values; each game's
record, once the round is over, its seeds.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import logging
import random
import secrets
import time
from collections.abc import Awaitable, Callable, Coroutine
from typing import Any, Protocol

from yuanzi.engine.fairness import TOURNEY, commit_of, tourney_seed
from yuanzi.hall.desk_ports import TournamentStore
from yuanzi.hall.errors import HallError
from yuanzi.hall.group_models import StoredTournament
from yuanzi.hall.models import Account, DealFairness, Seat, TableSpec, TournamentPlace
from yuanzi.hall.names.botnames import pick_identity
from yuanzi.hall.runtime.pubsub import Broker, account_topic
from yuanzi.hall.services.push import PushDesk
from yuanzi.hall.table import commands as c
from yuanzi.hall.tournaments.reveal import await_values, unrevealed
from yuanzi.hall.tournaments.schedule import TableDraw, drawn
from yuanzi.hall.tournaments.views import (
    TournamentReveal,
    TournamentTableFrame,
    check_in_open,
)

log = logging.getLogger(__name__)

LEAST_CHECKED_IN = 2
"""Players who must have checked in for a scheduled tournament to start (bots fill the
rest); fewer, and it is cancelled."""


class TournamentTables(Protocol):
    """The hall's tables, as the director opens them."""

    async def open_table(self, spec: TableSpec) -> None:
        """Run a table just stored, here."""

    def seat_of(self, account_id: int) -> int | None: ...
    def set_seated(self, account_id: int, table_id: int | None) -> None: ...
    def room_for(self, tables: int) -> bool:
        """Whether the hall may open ``tables`` more tables now (its cap)."""
    async def account(self, account_id: int) -> Account | None: ...
    def autoplay_bot(self) -> str: ...
    async def send(self, command: c.Command) -> Any: ...


def round_deals(t: StoredTournament, round_: int) -> list[DealFairness]:
    """Each game of a round, the same deal at every table (``yuanzi-tourney/1``, issue
    43): its seeds from the tournament's secret, committed when it was made, and every
    entrant's value, given when he signed up. A tournament made before draws them as then
    (``yuanzi-deal/1``: its seeds and values the hall's, committed as the round begins)."""
    if t.deal_secret is None:
        return [DealFairness((secrets.token_bytes(32), secrets.token_bytes(32)),
                             tuple(secrets.token_hex(16) for _ in range(4)), ("hall",) * 4)
                for _ in range(t.games_per_round)]
    values = tuple(e.contribution for e in t.entries if e.contribution)
    if round_ > 0 and t.deals and t.deals[0]:  # (every round mixes the values round 0 did)
        values = t.deals[0][0].contributions
    return [DealFairness((tourney_seed(t.deal_secret, round_, k, 0),
                          tourney_seed(t.deal_secret, round_, k, 1)), values, (), TOURNEY)
            for k in range(t.games_per_round)]


def tournament_commits(t: StoredTournament) -> list[list[list[str]]]:
    """Per round, per game, its two halves' seed commitments: all of them from its making
    (``yuanzi-tourney/1``), or each round's as it began (a tournament made before)."""
    secret = t.deal_secret
    if secret is None:
        return [[list(d.commits) for d in r] for r in t.deals]
    return [[list(g) for g in r] for r in _commits(secret, t.rounds, t.games_per_round)]


@functools.lru_cache(maxsize=1024)
def _commits(secret: bytes, rounds: int, games: int) -> tuple[tuple[tuple[str, ...], ...], ...]:
    """They never change: worked out once (up to 120 HMACs and hashes a tournament)."""
    return tuple(tuple(tuple(commit_of(tourney_seed(secret, r, k, h)) for h in (0, 1))
                       for k in range(games)) for r in range(rounds))


def bot_identities(count: int, taken: list[str], rng: random.Random) -> list[tuple[str, str,
                                                                                     int]]:
    """Names (zh-CN, English) and faces for bots filling places, none used twice."""
    out = []
    for _ in range(count):
        who = pick_identity(rng, taken)
        taken += [who.name, who.name_en]
        out.append((who.name, who.name_en, who.avatar))
    return out


def filling_bots(count: int, taken: list[str]) -> list[tuple[str, str, str, int]]:
    """The hall's bots for a scheduled tournament's free places at its start."""
    return [("heuristic", name, name_en, avatar)
            for name, name_en, avatar in bot_identities(count, taken, random.Random())]


class TournamentDirector:
    def __init__(self, store: TournamentStore, tables: TournamentTables, broker: Broker,
                 spawn: Callable[[Coroutine[Any, Any, None]], None],
                 reveal_seconds: float = 4.0) -> None:
        self.store = store
        self.reveal_seconds = reveal_seconds
        self.tables = tables
        self.broker = broker
        self._spawn = spawn
        self.push: PushDesk | None = None
        """Web Push (issue 47): the check-in and the next round reach a phone too."""
        self.settle_round: Callable[[int, int], Awaitable[object]] | None = None
        """A round's standings, applied once its last table has closed (its games' ladder,
        rating and wins wait till then: :mod:`yuanzi.hall.services.round_standings`)."""

    # -- TournamentNews (a table's games are played) --------------------------------------

    def table_done(self, tournament_id: int, round_: int) -> None:
        self._spawn(self.round_over(tournament_id, round_))

    async def round_over(self, tournament_id: int, round_: int) -> None:
        """If every table of the round is closed: its standings settled, then the next
        round, or the end."""
        tables = await self.store.round_tables(tournament_id, round_)
        if not tables or any(status != "closed" for _, status in tables):
            return
        t = await self.store.tournament(tournament_id)
        if t is None or t.status != "running" or t.round != round_:
            return
        if self.settle_round is not None:  # (before anyone hears the round is over)
            await self.settle_round(t.id, round_)
        if round_ + 1 < t.rounds:
            await self.open_round(t, round_ + 1)
        elif await self.store.finish_tournament(t.id, round_):
            for e in t.entries:
                if e.account_id is not None:
                    self._tell(e.account_id, TournamentTableFrame(
                        tournament=t.id, round=round_, table=None, status="finished"))

    async def started(self, t: StoredTournament) -> None:
        """A tournament just filled (or a scheduled one begun): its first round — at
        once, or, when entrants committed to values at sign-up, once they came or
        ``reveal_seconds`` passed (:mod:`.reveal`; in the background, so the request that
        filled it is not held)."""
        waiting = unrevealed(t)
        if not waiting:
            await self.open_round(t, 0)
            return
        for e in waiting:
            assert e.account_id is not None and e.commitment is not None
            self.broker.publish(account_topic(e.account_id), TournamentReveal(
                tournament=t.id, commitment=e.commitment).envelope())
        self._spawn(self._revealed(t))

    async def _revealed(self, t: StoredTournament) -> None:
        await self.open_round(await await_values(self.store, t, self.reveal_seconds), 0)

    async def stalled(self) -> None:
        """A running tournament whose first round never began (its node died while it
        waited for the values): it begins now, with the values that came."""
        for tournament_id in await self.store.stalled_tournaments(
                time.time() - 2 * self.reveal_seconds - 5):
            t = await self.store.tournament(tournament_id)
            if t is not None:
                await self.open_round(t, 0)

    async def run_schedule(self, every: float, check_in_opens: float) -> None:
        """Now and every ``every`` seconds (on each node: the store claims each one
        once): remind those signed up when a scheduled tournament's check-in opens
        (``check_in_opens`` seconds before its start), and start the ones whose time
        has come."""
        while True:
            try:
                await self.remind_check_in(check_in_opens)
            except Exception:  # (the next look tries again; the starts still go on)
                log.exception("scheduled tournaments: could not remind")
            try:
                await self.start_due()
                await self.stalled()
            except Exception:
                log.exception("scheduled tournaments: could not start")
            await asyncio.sleep(every)

    async def remind_check_in(self, opens_before: float) -> None:
        """Each player signed up and not checked in hears, once, that the check-in is
        open: those not checked in at the start do not play."""
        for t in await self.store.claim_check_in_reminders(opens_before):
            waiting = [e.account_id for e in t.entries
                       if e.account_id is not None and not e.checked_in]
            for account_id in waiting:
                self._tell(account_id, check_in_open(t.id, t.name, t.starts_at))
            if self.push is not None:
                self.push.notify(waiting, "tournament", "tournament_check_in", {"name": t.name},
                                 f"/#/tournament/{t.id}", f"tour-{t.id}")

    async def start_due(self) -> None:
        for tournament_id in await self.store.due_tournaments():
            due = await self.store.tournament(tournament_id)
            if due is not None and not self.tables.room_for(due.size // 4):
                log.warning("tournament %s: no room for its tables yet; it starts when "
                            "there is", tournament_id)
                continue  # (the next look tries again)
            t = await self.store.start_scheduled(tournament_id, LEAST_CHECKED_IN, filling_bots)
            if t is None:
                continue
            if t.status == "cancelled":
                for e in t.entries:
                    if e.account_id is not None:
                        self._tell(e.account_id, TournamentTableFrame(
                            tournament=t.id, round=-1, table=None, status="cancelled"))
                continue
            await self.started(t)

    async def withdrawn(self, t: StoredTournament, account_id: int) -> None:
        """退赛: at his table of the round in play 托管 takes his seat at once (the table
        keeps it so for its next games); later rounds seat the hall's bot in his name."""
        table_id = self.tables.seat_of(account_id)
        tables = {i for i, _ in await self.store.round_tables(t.id, max(t.round, 0))}
        if table_id in tables:
            account = await self.tables.account(account_id)
            if account is not None:
                with contextlib.suppress(HallError):  # (between its games: the next starts so)
                    await self.tables.send(c.AutoPlay(c.Sender.of(account), table_id, True))

    async def resume(self) -> None:
        """A hall starting: each running tournament where the store says it is."""
        for t in await self.store.running_tournaments():
            try:
                if t.round < 0:
                    await self.started(t)
                else:
                    await self.round_over(t.id, t.round)
            except Exception:  # one tournament must not stop the hall from starting
                log.exception("tournament %s: could not go on", t.id)

    # -- a round ---------------------------------------------------------------------------

    async def open_round(self, t: StoredTournament, round_: int) -> None:
        draw = drawn(t.size, t.rounds, t.seed)[round_]
        deals = round_deals(t, round_)
        owner = await self.tables.account(t.creator_id)
        if owner is None:
            log.error("tournament %s: its creator %s is gone", t.id, t.creator_id)
            return
        specs = [await self._spec(t, round_, n, d, deals, owner) for n, d in enumerate(draw)]
        if await self.store.begin_round(t.id, round_, deals, specs) is None:
            return  # begun already (another node, or a restart)
        for spec in specs:
            for s in spec.seats:
                if s.account is not None and not s.auto:
                    self.tables.set_seated(s.account.id, spec.id)
            await self.tables.open_table(spec)
            for s in spec.seats:
                if s.account is not None:
                    self._tell(s.account.id, TournamentTableFrame(
                        tournament=t.id, round=round_, table=spec.id, status="running"))
            if self.push is not None:
                self.push.notify([x.account.id for x in spec.seats  # (托管 seats: no one)
                                  if x.account is not None and not x.auto],
                                 "tournament", "tournament_round",
                                 {"name": t.name, "round": round_ + 1}, f"/#/table/{spec.id}",
                                 f"tour-{t.id}")

    async def _spec(self, t: StoredTournament, round_: int, n: int, draw: TableDraw,
                    deals: list[DealFairness], owner: Account) -> TableSpec:
        seats = []
        for position in draw.seats:
            e = t.entries[position]
            if e.withdrawn_round is not None:  # 托管 in his name (R34)
                seats.append(Seat(bot=self.tables.autoplay_bot(), ready=True, name=e.name,
                                  name_en=e.name, avatar=e.avatar))
                continue
            if e.account_id is None:
                seats.append(Seat(bot=e.bot or "heuristic", ready=True, name=e.name,
                                  name_en=e.name_en, avatar=e.avatar))
                continue
            account = await self.tables.account(e.account_id)
            if account is None:
                seats.append(Seat(bot="heuristic", ready=True, name=e.name))
                continue
            away = self.tables.seat_of(account.id) is not None  # at another table now
            seats.append(Seat(account=account, ready=True, auto=away))
        place = TournamentPlace(t.id, round_, t.games_per_round, tuple(deals), t.club_id)
        return TableSpec(0, f"{t.name} · {round_ + 1}-{n + 1}"[:32], owner, "green", 0, {},
                         seats, tournament=place)

    def _tell(self, account_id: int, frame: TournamentTableFrame) -> None:
        self.broker.publish(account_topic(account_id), frame.envelope())
