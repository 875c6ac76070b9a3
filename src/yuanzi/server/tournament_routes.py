"""REST routes of tournaments (issue 28): the list, making a sit-and-go, signing up and
leaving, checking in, its creator filling it with bots, and one tournament's page (tables by round,
standings). Thin: each is one call to :mod:`yuanzi.hall.tournaments.desk`. docs/protocol.md
documents them."""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter
from pydantic import BaseModel, Field

from yuanzi.hall.tournaments.views import TournamentView
from yuanzi.server.deps import ClientIp, CurrentAccount, HallDep
from yuanzi.server.wire import PathId, WireModel

router = APIRouter(prefix="/api/tournaments")


class NewTournament(WireModel):
    name: Annotated[str, Field(max_length=64)]
    size: Annotated[int, Field(ge=0, le=64)] = 8
    rounds: Annotated[int, Field(ge=0, le=64)] = 3
    games_per_round: Annotated[int, Field(ge=0, le=16)] = 1
    starts_at: Annotated[float, Field(ge=0, le=2**40)] | None = None
    """A scheduled tournament (定时赛): its start, unix seconds; omitted: a sit-and-go."""
    club: Annotated[int, Field(ge=1, le=2**31)] | None = None
    """A club's own tournament (its founder or a manager makes it)."""


class TournamentList(BaseModel):
    tournaments: list[TournamentView]


@router.get("")
async def tournaments(account: CurrentAccount, hall: HallDep) -> TournamentList:
    """The latest tournaments (signing up, running, finished), without their games."""
    return TournamentList(tournaments=await hall.tournaments.list(account))


@router.post("")
async def create(body: NewTournament, account: CurrentAccount, hall: HallDep) -> TournamentView:
    return await hall.tournaments.create(account, body.name, body.size, body.rounds,
                                         body.games_per_round, body.starts_at, body.club)


@router.get("/{tournament_id}")
async def tournament(tournament_id: PathId, account: CurrentAccount, hall: HallDep,
                     ip: ClientIp) -> TournamentView:
    """Its page: kept per state of the tournament, read so often per account (issue 44)."""
    return await hall.tournaments.page(account, tournament_id, ip)


class Entry(WireModel):
    contribution: Annotated[str, Field(max_length=64)] | None = None
    """The player's random value for the tournament's deals (16-64 lowercase hex digits;
    issue 43), given in the clear…"""
    commitment: Annotated[str, Field(max_length=64)] | None = None
    """…or its SHA-256 (64 lowercase hex digits), the value sent at the start (``reveal``):
    the browser does so."""


class Revealed(WireModel):
    value: Annotated[str, Field(max_length=64)]
    """The value whose SHA-256 the entrant signed up with."""


@router.post("/{tournament_id}/enter")
async def enter(tournament_id: PathId, account: CurrentAccount, hall: HallDep,
                body: Entry | None = None) -> TournamentView:
    return await hall.tournaments.enter(account, tournament_id,
                                        None if body is None else body.contribution,
                                        None if body is None else body.commitment)


@router.post("/{tournament_id}/reveal")
async def reveal(tournament_id: PathId, body: Revealed, account: CurrentAccount,
                 hall: HallDep) -> dict[str, bool]:
    """The value committed at sign-up, once the tournament has started and before its
    first round is dealt (issue 43, docs/fairness.md)."""
    await hall.tournaments.reveal(account, tournament_id, body.value)
    return {"ok": True}


@router.post("/{tournament_id}/checkin")
async def check_in(tournament_id: PathId, account: CurrentAccount,
                   hall: HallDep) -> TournamentView:
    """A scheduled tournament: here to play (only those checked in at its start play)."""
    return await hall.tournaments.check_in(account, tournament_id)


@router.post("/{tournament_id}/leave")
async def leave(tournament_id: PathId, account: CurrentAccount, hall: HallDep) -> TournamentView:
    """Out before it starts; while it runs, withdrawn (退赛): 托管 plays on for him."""
    return await hall.tournaments.leave(account, tournament_id)


@router.post("/{tournament_id}/bots")
async def bots(tournament_id: PathId, account: CurrentAccount, hall: HallDep) -> TournamentView:
    """Its creator fills the free places with the hall's bots: it starts."""
    return await hall.tournaments.fill_with_bots(account, tournament_id)
