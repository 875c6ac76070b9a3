"""The tournament desk (issue 28): making a sit-and-go, signing up and leaving before it
starts, filling the free places with bots (its creator), and the tournament as its page
shows it — tables by round, standings on duplicate scores (:mod:`.scoring`)."""

from __future__ import annotations

import random
import secrets

from yuanzi.engine.fairness import commit_of
from yuanzi.hall.desk_ports import TournamentStore
from yuanzi.hall.errors import Code, HallError
from yuanzi.hall.group_models import StoredTournament, TournamentGame, TournamentJoin
from yuanzi.hall.models import Account
from yuanzi.hall.names.text import checked_name
from yuanzi.hall.sessions.tally import team_points
from yuanzi.hall.tournaments.director import TournamentDirector, bot_identities
from yuanzi.hall.tournaments.schedule import SIZES, draw_rounds, max_rounds
from yuanzi.hall.tournaments.scoring import TableGame, standings
from yuanzi.hall.tournaments.views import (
    EntryView,
    RoundTable,
    StandingView,
    TournamentView,
)

NAME_LENGTH = 24
GAMES_PER_ROUND = (1, 2, 3, 4)
OPEN_PER_CREATOR = 3
"""Sit-and-gos one account may have waiting for players at once."""
REFUSED: dict[TournamentJoin, tuple[Code, str]] = {
    "missing": (Code.NO_SUCH_TOURNAMENT, "there is no such tournament"),
    "closed": (Code.TOURNAMENT_CLOSED, "sign-up for this tournament is closed"),
    "full": (Code.TOURNAMENT_FULL, "this tournament is full"),
    "already": (Code.ALREADY_ENTERED, "you are signed up already"),
}


class TournamentDesk:
    def __init__(self, store: TournamentStore, director: TournamentDirector) -> None:
        self.store = store
        self.director = director

    async def create(self, me: Account, name: str, size: int, rounds: int,
                     games_per_round: int = 1) -> TournamentView:
        name = checked_name(name, NAME_LENGTH, "tournament", Code.MALFORMED)
        if size not in SIZES:
            raise HallError(Code.MALFORMED, "a tournament has 8 or 16 players")
        if not 1 <= rounds <= max_rounds(size):
            raise HallError(Code.MALFORMED, f"{size} players play 1 to {max_rounds(size)} "
                                            "rounds (each partners someone new)")
        if games_per_round not in GAMES_PER_ROUND:
            raise HallError(Code.MALFORMED, "a round has 1 to 4 games")
        waiting = [t for t in await self.store.tournaments(("signup",), 500)
                   if t.creator_id == me.id]
        if len(waiting) >= OPEN_PER_CREATOR:
            raise HallError(Code.FORBIDDEN, f"you have {OPEN_PER_CREATOR} tournaments waiting "
                                            "for players already")
        t = await self.store.create_tournament(name, size, rounds, games_per_round, me.id,
                                               None, secrets.randbits(62))
        return await self._view(t)

    async def list(self) -> list[TournamentView]:
        return [await self._view(t, games=False)
                for t in await self.store.tournaments(("signup", "running", "finished"), 30)]

    async def view(self, tournament_id: int) -> TournamentView:
        return await self._view(await self._tournament(tournament_id))

    async def enter(self, me: Account, tournament_id: int) -> TournamentView:
        outcome, t = await self.store.enter_tournament(tournament_id, me.id)
        return await self._entered(outcome, t)

    async def leave(self, me: Account, tournament_id: int) -> TournamentView:
        t = await self._tournament(tournament_id)
        if t.status != "signup":
            raise HallError(Code.TOURNAMENT_CLOSED, "it has begun: your games are played by "
                                                    "托管 while you are away (R34)")
        if not await self.store.leave_tournament(tournament_id, me.id):
            raise HallError(Code.NOT_SEATED, "you are not signed up")
        return await self.view(tournament_id)

    async def fill_with_bots(self, me: Account, tournament_id: int,
                             bot: str = "heuristic") -> TournamentView:
        """The creator fills every free place with the hall's bots (it then starts)."""
        t = await self._tournament(tournament_id)
        if t.creator_id != me.id and not me.is_admin:
            raise HallError(Code.FORBIDDEN, "only its creator fills a tournament with bots")
        if t.status != "signup":
            raise HallError(Code.TOURNAMENT_CLOSED, "sign-up for this tournament is closed")
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

    # -- inside ----------------------------------------------------------------------------

    async def _entered(self, outcome: TournamentJoin,
                       t: StoredTournament | None) -> TournamentView:
        said = REFUSED.get(outcome)
        if said is not None or t is None:
            raise HallError(*(said or REFUSED["missing"]))
        if t.status == "running" and t.round < 0:  # the last place: it starts
            await self.director.started(t)
            t = await self._tournament(t.id)
        return await self._view(t)

    async def _tournament(self, tournament_id: int) -> StoredTournament:
        t = await self.store.tournament(tournament_id)
        if t is None:
            raise HallError(Code.NO_SUCH_TOURNAMENT, "there is no such tournament")
        return t

    async def _view(self, t: StoredTournament, games: bool = True) -> TournamentView:
        entries = [EntryView(position=e.position, account_id=e.account_id, name=e.name,
                             name_en=e.name_en, bot=e.bot) for e in t.entries]
        tables: list[RoundTable] = []
        table_games: list[TableGame] = []
        if games and t.round >= 0:
            drawn = draw_rounds(t.size, t.rounds, t.seed)
            at: dict[int, tuple[int, tuple[int, int, int, int]]] = {}
            for r in range(t.round + 1):
                for (table_id, status), d in zip(await self.store.round_tables(t.id, r),
                                                 drawn[r], strict=False):
                    tables.append(RoundTable(round=r, table_id=table_id,
                                             playing=status != "closed", seats=list(d.seats)))
                    at[table_id] = (r, d.seats)
            table_games = scored(await self.store.tournament_games(t.id), at)
        rows = standings(t.size, table_games) if len(t.entries) == t.size else []
        names = {e.position: e.name for e in t.entries}
        return TournamentView(
            id=t.id, name=t.name, size=t.size, rounds=t.rounds,
            games_per_round=t.games_per_round, status=t.status,  # type: ignore[arg-type]
            round=t.round, creator_id=t.creator_id, created_at=t.created_at,
            started_at=t.started_at, finished_at=t.finished_at, entries=entries,
            tables=tables,
            standings=[StandingView(rank=s.rank, position=s.player, name=names[s.player],
                                    games=s.games, score=round(s.score, 2), stake=s.stake,
                                    points=s.points, per_round=[round(x, 2) for x in
                                                                s.per_round])
                       for s in rows],
            commits=[[[commit_of(seed) for seed in d.seeds] for d in r] for r in t.deals])


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
