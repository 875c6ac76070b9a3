"""The tournament desk (issue 28): making a sit-and-go or a scheduled tournament (the
hall's, or a club's own), signing up, checking in, leaving before it starts or
withdrawing (退赛) while it runs, filling the free places with bots (its creator), and
the tournament as its page shows it — tables by round, each game's replay once its round
is over, standings on duplicate scores (:mod:`.scoring`)."""

from __future__ import annotations

import logging
import random
import secrets
import time
from collections import OrderedDict
from collections.abc import Sequence
from typing import Any, Protocol

from yuanzi.engine.fairness import SCHEME, TOURNEY
from yuanzi.hall.desk_ports import TournamentStore
from yuanzi.hall.errors import Code, HallError
from yuanzi.hall.group_models import (
    Club,
    ClubMember,
    StoredTournament,
    TournamentGame,
    TournamentJoin,
)
from yuanzi.hall.models import Account
from yuanzi.hall.names.text import checked_name
from yuanzi.hall.runtime.ratelimit import Limits, LocalLimits
from yuanzi.hall.sessions.tally import team_points
from yuanzi.hall.tournaments.director import (
    TournamentDirector,
    bot_identities,
    tournament_commits,
)
from yuanzi.hall.tournaments.refusals import CHECK_IN_REFUSED, REFUSED, REVEAL_REFUSED
from yuanzi.hall.tournaments.reveal import entry_values, revealed_value, values_shown
from yuanzi.hall.tournaments.schedule import SIZES, drawn, max_rounds
from yuanzi.hall.tournaments.scoring import TableGame, standings
from yuanzi.hall.tournaments.views import (
    EntryView,
    RoundGame,
    RoundTable,
    StandingView,
    TournamentTableFrame,
    TournamentView,
    check_in_open,
)

log = logging.getLogger(__name__)

NAME_LENGTH = 24
GAMES_PER_ROUND = (1, 2, 3, 4)
OPEN_PER_CREATOR = 3
"""Tournaments one account may have waiting for players at once."""
RUNNING_PER_CREATOR = 2
"""Tournaments one account (not an admin) may have running at once (issue 44: one
account filled the hall with five tournaments of bots)."""
EARLIEST_START = 60.0
"""A scheduled tournament starts at least this long after it is made (seconds)."""
LATEST_START = 30 * 86400.0
"""…and at most 30 days ahead."""
MANAGERS = ("founder", "manager")
class Members(Protocol):
    """Who is in which club (a club's tournament is its members' own)."""

    async def club(self, club_id: int) -> Club | None: ...
    async def clubs_of(self, account_id: int) -> list[Club]: ...
    async def club_member(self, club_id: int, account_id: int) -> ClubMember | None: ...


class DeskStore(TournamentStore, Members, Protocol):
    pass


PAGES_KEPT = 256
"""Tournament pages kept, each with the state it was made for (issue 44)."""


class TournamentDesk:
    def __init__(self, store: DeskStore, director: TournamentDirector,
                 check_in_seconds: float = 1800.0, limits: Limits | None = None,
                 page_reads: int = 20, window: float = 10.0) -> None:
        self.store = store
        self.director = director
        self.check_in_seconds = check_in_seconds
        limits = limits or LocalLimits()
        self._reads = (limits.limiter("tournament_page_account", page_reads, window),
                       limits.limiter("tournament_page_address", 2 * page_reads, window))
        self._pages: OrderedDict[int, tuple[tuple[Any, ...], TournamentView]] = OrderedDict()
        """A tournament's page as last made, with the state it was made for: a page costs
        50-70 ms at 16 players and 15 rounds (issue 44), a state changes a few times a
        round."""

    async def create(self, me: Account, name: str, size: int, rounds: int,
                     games_per_round: int = 1, starts_at: float | None = None,
                     club_id: int | None = None) -> TournamentView:
        """A sit-and-go (starts when full) or, with ``starts_at``, a scheduled one; with
        ``club_id``, the club's own (its founder or a manager makes it)."""
        name = checked_name(name, NAME_LENGTH, "tournament", Code.MALFORMED)
        if size not in SIZES:
            raise HallError(Code.MALFORMED, "a tournament has 8 or 16 players")
        if not 1 <= rounds <= max_rounds(size):
            raise HallError(Code.MALFORMED, f"{size} players play 1 to {max_rounds(size)} "
                                            "rounds (each partners someone new)")
        if games_per_round not in GAMES_PER_ROUND:
            raise HallError(Code.MALFORMED, "a round has 1 to 4 games")
        if starts_at is not None:
            ahead = starts_at - time.time()
            if not EARLIEST_START <= ahead <= LATEST_START:
                raise HallError(Code.MALFORMED, "a scheduled tournament starts between a "
                                                "minute and 30 days from now")
        if club_id is not None:
            member = await self.store.club_member(club_id, me.id)
            if member is None or member.standing != "member":
                raise HallError(Code.NOT_A_MEMBER, "you are not a member of this club")
            if member.role not in MANAGERS:
                raise HallError(Code.NOT_CLUB_MANAGER, "only the club's founder and managers "
                                                       "hold its tournaments")
        waiting = [t for t in await self.store.tournaments(("signup",), 500)
                   if t.creator_id == me.id]
        if len(waiting) >= OPEN_PER_CREATOR:
            raise HallError(Code.FORBIDDEN, f"you have {OPEN_PER_CREATOR} tournaments waiting "
                                            "for players already")
        await self._not_too_many_running(me)
        t = await self.store.create_tournament(name, size, rounds, games_per_round, me.id,
                                               club_id, secrets.randbits(62), starts_at,
                                               secrets.token_bytes(32))
        return await self._view(t)

    async def list(self, me: Account) -> list[TournamentView]:
        """The latest tournaments: the hall's, and those of the account's clubs."""
        clubs = None if me.is_admin else [c.id for c in await self.store.clubs_of(me.id)]
        return [await self._view(t, games=False)
                for t in await self.store.tournaments(
                    ("signup", "running", "finished", "cancelled"), 30, clubs)]

    async def view(self, tournament_id: int, me: Account | None = None) -> TournamentView:
        return await self._page(await self._tournament(tournament_id, me))

    async def page(self, me: Account, tournament_id: int,
                   address: str | None = None) -> TournamentView:
        """The tournament's page, read at most ``page_reads`` times per window by one
        account (twice that per address; ``rate_limited``, issue 44)."""
        if not await self._reads[0].check(str(me.id)) or (
                address is not None and not await self._reads[1].check(address)):
            raise HallError(Code.RATE_LIMITED, "this tournament's page was sent to you a "
                                               "moment ago; wait a little")
        return await self.view(tournament_id, me)

    async def _page(self, t: StoredTournament) -> TournamentView:
        """The page, made again only when its tournament's state moved: finished rounds
        never change, and the round in play shows which of its tables still play."""
        playing = (await self.store.round_tables(t.id, t.round)
                   if t.status == "running" and t.round >= 0 else [])
        key = (t.status, t.round, t.started_at, t.finished_at, tuple(playing),
               tuple((e.position, e.account_id, e.name, e.name_en, e.checked_in,
                      e.withdrawn_round, e.contribution, e.commitment) for e in t.entries))
        kept = self._pages.get(t.id)
        if kept is not None and kept[0] == key:
            self._pages.move_to_end(t.id)
            return kept[1]
        view = await self._view(t)
        self._pages[t.id] = (key, view)
        if len(self._pages) > PAGES_KEPT:
            self._pages.popitem(last=False)
        return view

    async def enter(self, me: Account, tournament_id: int, contribution: str | None = None,
                    commitment: str | None = None) -> TournamentView:
        """Sign up, with the player's random value for the tournament's deals, or its
        SHA-256 (the value comes at the start: :mod:`.reveal`). Issue 43: every deal mixes
        all the entrants' values with seeds committed before anyone signed up; a client
        that sends none adds nothing."""
        entry_values(contribution, commitment)
        t = await self._tournament(tournament_id, me)  # (a club's: its members only)
        if t.starts_at is None and len(t.entries) + 1 == t.size:
            self._room_for(t)  # (the last place starts it)
        outcome, now = await self.store.enter_tournament(
            tournament_id, me.id, contribution=contribution, commitment=commitment)
        if outcome == "in" and now is not None and now.starts_at is not None and (
                await self.store.check_in(tournament_id, me.id, self.check_in_seconds)
                == "in"):  # (signed up while its check-in is open: here to play, issue 45)
            now = await self.store.tournament(tournament_id)
        return await self._entered(outcome, now)

    async def reveal(self, me: Account, tournament_id: int, value: object) -> None:
        """The value an entrant committed to, once the tournament has started."""
        said = REVEAL_REFUSED.get(await self.store.reveal_value(
            tournament_id, me.id, revealed_value(value)))
        if said is not None:
            raise HallError(*said)

    async def check_in(self, me: Account, tournament_id: int) -> TournamentView:
        """A scheduled tournament: here to play (from ``check_in_seconds`` before the
        start; at the start only those checked in play)."""
        await self._tournament(tournament_id, me)
        said = CHECK_IN_REFUSED.get(await self.store.check_in(tournament_id, me.id,
                                                              self.check_in_seconds))
        if said is not None:
            raise HallError(*said)
        return await self.view(tournament_id)

    async def check_ins_waiting(self, account_id: int) -> Sequence[TournamentTableFrame]:
        """The check-in reminders a player coming online has missed (they went to those
        online when it opened): one for each tournament still waiting for him. None when
        the store cannot say: a reminder is not worth refusing a connection for."""
        try:
            waiting = await self.store.check_ins_waiting(account_id, self.check_in_seconds)
        except Exception:
            log.warning("check-in reminders of account %s: not read", account_id,
                        exc_info=True)
            return []
        return [check_in_open(t.id, t.name, t.starts_at) for t in waiting]

    async def leave(self, me: Account, tournament_id: int) -> TournamentView:
        """Out before it starts; while it runs, withdrawn (退赛): 托管 plays his seat
        from now on and each of his games counts as an escape for him (R34, R35)."""
        t = await self._tournament(tournament_id, me)
        if t.status == "running":
            round_ = await self.store.withdraw(tournament_id, me.id)
            if round_ is None:
                raise HallError(Code.NOT_SEATED, "you are not playing in this tournament")
            await self.director.withdrawn(t, me.id)
            return await self.view(tournament_id)
        if t.status != "signup":
            raise HallError(Code.TOURNAMENT_CLOSED, "this tournament is over")
        if not await self.store.leave_tournament(tournament_id, me.id):
            raise HallError(Code.NOT_SEATED, "you are not signed up")
        return await self.view(tournament_id)

    async def fill_with_bots(self, me: Account, tournament_id: int,
                             bot: str = "heuristic") -> TournamentView:
        """The creator fills every free place with the hall's bots (it then starts)."""
        t = await self._tournament(tournament_id, me)
        if t.creator_id != me.id and not me.is_admin:
            raise HallError(Code.FORBIDDEN, "only its creator fills a tournament with bots")
        if t.status != "signup":
            raise HallError(Code.TOURNAMENT_CLOSED, "sign-up for this tournament is closed")
        if t.starts_at is not None:
            raise HallError(Code.TOURNAMENT_CLOSED, "a scheduled tournament starts at its "
                                                    "time: bots fill it then")
        if t.creator_id == me.id:
            await self._not_too_many_running(me)
        self._room_for(t)
        if not me.is_admin and all(e.account_id is None for e in t.entries):
            # (issue 45: no person in it — bots alone; an admin may, to show or to measure)
            raise HallError(Code.TOURNAMENT_EMPTY, "no player has signed up for this "
                                                   "tournament: sign up before bots fill it")
        taken = [n for e in t.entries for n in (e.name, e.name_en) if n]
        outcome: TournamentJoin = "in"
        for name, name_en, avatar in bot_identities(t.size - len(t.entries), taken,
                                                    random.Random()):
            outcome, now = await self.store.enter_tournament(
                tournament_id, None, (bot, name, name_en, avatar))
            if outcome != "in" or now is None:
                break
            t = now
        return await self._entered(outcome, t)

    async def record_open(self, me: Account, game_id: int) -> bool:
        """A tournament's game is its own record (比赛录像): once its round is over every
        table's hands are shown to whoever may see the tournament — what a duplicate
        deal is for, comparing how the same cards were played. Until then, nobody: other
        tables are still playing them (R41 keeps every other game's hands to its players
        and to a recorder's replay)."""
        place = await self.store.tournament_round_of_game(game_id)
        if place is None:
            return False
        try:
            t = await self._tournament(place[0], me)
        except HallError:
            return False
        return t.status == "finished" or place[1] < t.round

    async def round_in_play(self, game_id: int) -> bool:
        """Whether the game is a tournament's whose round is still played: until it is
        over only admins see its record (issue 43)."""
        return bool(await self.store.games_in_open_rounds([game_id]))

    # -- inside ----------------------------------------------------------------------------

    async def _not_too_many_running(self, me: Account) -> None:
        if me.is_admin:
            return
        running = [t for t in await self.store.tournaments(("running",), 1000)
                   if t.creator_id == me.id]
        if len(running) >= RUNNING_PER_CREATOR:
            raise HallError(Code.FORBIDDEN, f"you have {RUNNING_PER_CREATOR} tournaments "
                                            "running already; wait for one to end")

    def _room_for(self, t: StoredTournament) -> None:
        """The hall's cap holds a tournament's tables as anyone's (issue 44)."""
        if not self.director.tables.room_for(t.size // 4):
            raise HallError(Code.TOO_MANY_TABLES, "the hall has no room for this "
                                                  "tournament's tables now; try again soon")

    async def _entered(self, outcome: TournamentJoin,
                       t: StoredTournament | None) -> TournamentView:
        said = REFUSED.get(outcome)
        if said is not None or t is None:
            raise HallError(*(said or REFUSED["missing"]))
        if t.status == "running" and t.round < 0:  # the last place: it starts
            await self.director.started(t)
            t = await self._tournament(t.id)
        return await self._view(t)

    async def _tournament(self, tournament_id: int,
                          me: Account | None = None) -> StoredTournament:
        """The tournament, if ``me`` may see it (a club's: its members and admins; to
        anyone else it does not exist)."""
        t = await self.store.tournament(tournament_id)
        if t is not None and t.club_id is not None and me is not None and not me.is_admin:
            member = await self.store.club_member(t.club_id, me.id)
            if member is None or member.standing != "member":
                t = None
        if t is None:
            raise HallError(Code.NO_SUCH_TOURNAMENT, "there is no such tournament")
        return t

    async def _view(self, t: StoredTournament, games: bool = True) -> TournamentView:
        shown = values_shown(t)  # (not while sign-ups are open, nor as they are revealed)
        entries = [EntryView(position=e.position, account_id=e.account_id, name=e.name,
                             name_en=e.name_en, bot=e.bot, checked_in=e.checked_in,
                             withdrawn=e.withdrawn_round is not None,
                             contribution=e.contribution if shown else None,
                             commitment=e.commitment) for e in t.entries]
        tables: list[RoundTable] = []
        table_games: list[TableGame] = []
        if games and t.round >= 0:
            draw = drawn(t.size, t.rounds, t.seed)
            at: dict[int, tuple[int, tuple[int, int, int, int]]] = {}
            stored = [g for g in await self.store.tournament_games(t.id)
                      if g.round < t.round or t.status == "finished"]
            by_table: dict[int, list[RoundGame]] = {}
            for g in stored:  # (a round's games, records and scores open once it is over)
                by_table.setdefault(g.table_id, []).append(
                    RoundGame(game_id=g.game_id,
                              status="finished" if g.status == "finished" else "abandoned"))
            for r in range(t.round + 1):
                for (table_id, status), d in zip(await self.store.round_tables(t.id, r),
                                                 draw[r], strict=False):
                    tables.append(RoundTable(round=r, table_id=table_id,
                                             playing=status != "closed", seats=list(d.seats),
                                             games=by_table.get(table_id, [])))
                    at[table_id] = (r, d.seats)
            table_games = scored(stored, at)
        gone = {e.position: e.withdrawn_round for e in t.entries
                if e.withdrawn_round is not None}
        rows = standings(t.size, table_games, gone) if len(t.entries) == t.size else []
        names = {e.position: e.name for e in t.entries}
        return TournamentView(
            id=t.id, name=t.name, size=t.size, rounds=t.rounds,
            games_per_round=t.games_per_round, status=t.status,  # type: ignore[arg-type]
            round=t.round, creator_id=t.creator_id, club_id=t.club_id,
            club_name=await self._club_name(t.club_id), starts_at=t.starts_at,
            check_in_opens_at=None if t.starts_at is None
            else t.starts_at - self.check_in_seconds, created_at=t.created_at,
            started_at=t.started_at, finished_at=t.finished_at, entries=entries,
            tables=tables,
            standings=[StandingView(rank=s.rank, position=s.player, name=names[s.player],
                                    games=s.games, score=round(s.score, 2), stake=s.stake,
                                    points=s.points, per_round=[round(x, 2) for x in
                                                                s.per_round],
                                    withdrawn=s.withdrawn)
                       for s in rows],
            commits=tournament_commits(t), scheme=SCHEME if t.deal_secret is None else TOURNEY)


    async def _club_name(self, club_id: int | None) -> str | None:
        if club_id is None:
            return None
        club = await self.store.club(club_id)
        return None if club is None else club.name


def scored(games: list[TournamentGame],
           at: dict[int, tuple[int, tuple[int, int, int, int]]]) -> list[TableGame]:
    """The games as :func:`.scoring.standings` reads them: each table's k-th game is the
    round's k-th deal; seats as drawn; an abandoned game's card points 0."""
    out: list[TableGame] = []
    played: dict[int, int] = {}
    for g in games:
        place = at.get(g.table_id)
        if place is None:
            continue
        r, seats = place
        k = played.get(g.table_id, 0)
        played[g.table_id] = k + 1
        points = team_points(g.result) if g.status == "finished" else (0, 0)
        stakes = {x["seat"]: int(x.get("base_stake") or 0) for x in g.seats}
        out.append(TableGame(r, k, seats, (points[0], points[1]),
                             (stakes.get(0, 0), stakes.get(1, 0), stakes.get(2, 0),
                              stakes.get(3, 0))))
    return out
