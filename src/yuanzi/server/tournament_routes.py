"""REST routes of tournaments (issue 28): the list, making a sit-and-go, signing up and
leaving, its creator filling it with bots, and one tournament's page (tables by round,
standings). Thin: each is one call to :mod:`yuanzi.hall.tournaments.desk`. docs/protocol.md
documents them."""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter
from pydantic import BaseModel, Field

from yuanzi.hall.tournaments.views import TournamentView
from yuanzi.server.deps import CurrentAccount, HallDep
from yuanzi.server.wire import PathId, WireModel

router = APIRouter(prefix="/api/tournaments")


class NewTournament(WireModel):
    name: Annotated[str, Field(max_length=64)]
    size: Annotated[int, Field(ge=0, le=64)] = 8
    rounds: Annotated[int, Field(ge=0, le=64)] = 3
    games_per_round: Annotated[int, Field(ge=0, le=16)] = 1


class TournamentList(BaseModel):
    tournaments: list[TournamentView]


@router.get("")
async def tournaments(account: CurrentAccount, hall: HallDep) -> TournamentList:
    """The latest tournaments (signing up, running, finished), without their games."""
    return TournamentList(tournaments=await hall.tournaments.list())


@router.post("")
async def create(body: NewTournament, account: CurrentAccount, hall: HallDep) -> TournamentView:
    return await hall.tournaments.create(account, body.name, body.size, body.rounds,
                                         body.games_per_round)


@router.get("/{tournament_id}")
async def tournament(tournament_id: PathId, account: CurrentAccount,
                     hall: HallDep) -> TournamentView:
    return await hall.tournaments.view(tournament_id)


@router.post("/{tournament_id}/enter")
async def enter(tournament_id: PathId, account: CurrentAccount, hall: HallDep) -> TournamentView:
    return await hall.tournaments.enter(account, tournament_id)


@router.post("/{tournament_id}/leave")
async def leave(tournament_id: PathId, account: CurrentAccount, hall: HallDep) -> TournamentView:
    return await hall.tournaments.leave(account, tournament_id)


@router.post("/{tournament_id}/bots")
async def bots(tournament_id: PathId, account: CurrentAccount, hall: HallDep) -> TournamentView:
    """Its creator fills the free places with the hall's bots: it starts."""
    return await hall.tournaments.fill_with_bots(account, tournament_id)
