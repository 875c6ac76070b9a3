"""REST routes: accounts (register, log in, log out, me), the lobby list, game records."""

from __future__ import annotations

from dataclasses import asdict
from typing import Annotated, Any

from fastapi import APIRouter, Path, Query, Response
from pydantic import Field

from yuanzi.hall.accounts.service import LoggedIn, token_hash
from yuanzi.hall.errors import Code, HallError, round_in_play
from yuanzi.hall.events import AccountView, SessionEnded, TableView
from yuanzi.hall.lobby.filter import LOBBY_PAGE, MAX_LEVEL, LobbyFilter, lobby_page
from yuanzi.hall.runtime.pubsub import login_topic
from yuanzi.hall.services.coach_desk import review_view
from yuanzi.hall.services.views import GameFacts
from yuanzi.hall.social.friends import FriendsView
from yuanzi.server.deps import (
    AccountsDep,
    ClientIp,
    CurrentAccount,
    HallDep,
    ServicesDep,
    SessionToken,
)
from yuanzi.server.views import account_view
from yuanzi.server.wire import MAX_AMOUNT, PathId, WireModel

router = APIRouter(prefix="/api")


class Credentials(WireModel):
    nickname: Annotated[str, Field(max_length=64)]
    password: Annotated[str, Field(max_length=256)]


def _set_cookie(response: Response, services: ServicesDep, session: LoggedIn) -> None:
    settings = services.settings
    response.set_cookie(settings.session_cookie, session.token,
                        max_age=settings.session_days * 86400, httponly=True, samesite="lax",
                        secure=settings.cookie_secure, path="/")


@router.post("/register", status_code=201)
async def register(body: Credentials, response: Response, services: ServicesDep,
                   accounts: AccountsDep, ip: ClientIp) -> AccountView:
    session = await accounts.register(body.nickname, body.password, ip)
    _set_cookie(response, services, session)
    return account_view(session.account)


@router.post("/login")
async def login(body: Credentials, response: Response, services: ServicesDep,
                accounts: AccountsDep, ip: ClientIp) -> AccountView:
    session = await accounts.login(body.nickname, body.password, ip)
    _set_cookie(response, services, session)
    return account_view(session.account)


@router.post("/logout", status_code=204)
async def logout(response: Response, services: ServicesDep, accounts: AccountsDep,
                 token: SessionToken) -> None:
    if token:
        await accounts.logout(token)
        await services.hall.push.logged_out(token_hash(token))  # (issue 54)
        # this login's sockets too, on every node (issue 14: they kept acting)
        services.broker.publish(login_topic(token_hash(token)), SessionEnded(
            reason="logged_out", message="you logged out").envelope())
    response.delete_cookie(services.settings.session_cookie, path="/")


@router.get("/me")
async def me(account: CurrentAccount) -> AccountView:
    return account_view(account)


@router.get("/tables")
async def tables(hall: HallDep, services: ServicesDep, account: CurrentAccount, ip: ClientIp,
                 response: Response,
                 offset: Annotated[int, Query(ge=0, le=MAX_AMOUNT)] = 0,
                 limit: Annotated[int, Query(ge=1, le=LOBBY_PAGE)] = LOBBY_PAGE,
                 free_seats: bool = False,
                 bet: Annotated[int | None, Query(ge=0, le=MAX_AMOUNT)] = None,
                 min_level: Annotated[int | None, Query(ge=0, le=MAX_LEVEL)] = None,
                 max_level: Annotated[int | None, Query(ge=0, le=MAX_LEVEL)] = None,
                 ) -> list[TableView]:
    """The lobby, a page at a time (``offset``, ``limit`` ≤ 200), optionally only tables
    with a free seat, of one bet, or whose players' levels lie in a range; how many match
    in ``X-Total-Count``; asked too often, ``rate_limited`` (issue 14)."""
    if services.lobby is not None:
        await services.lobby.check(account.id, ip)
    page, total = lobby_page(hall.listing.views(), LobbyFilter(
        free_seats, bet, min_level, max_level), offset, limit)
    response.headers["X-Total-Count"] = str(total)
    return page


@router.get("/invites/{token}")
async def invitation(token: Annotated[str, Path(max_length=64)], hall: HallDep,
                     ip: ClientIp) -> dict[str, Any]:
    """Who invites to which private table by this link — no login needed, so the login
    page can say it (issue 31); tried against the address's room-code allowance."""
    return asdict(await hall.doors.invitation(ip, token))


@router.get("/online")
async def online(hall: HallDep, account: CurrentAccount) -> dict[str, int]:
    """How many players are connected to the hall now (the lobby shows it)."""
    return {"players": hall.presence.online_count()}


@router.get("/friends")
async def friends(hall: HallDep, account: CurrentAccount) -> FriendsView:
    """Your friends (online? at which table?), the requests to and from you, whom you
    blocked (issue 15)."""
    return await hall.friends.links(account.id)


@router.get("/games/{game_id}")
async def game_facts(game_id: PathId, hall: HallDep, account: CurrentAccount) -> GameFacts:
    """An ended game's public facts — who played, the result — for anyone (R41; a
    tournament's once its round is over, issue 43); its hands are in its record, shown
    only to its players for a while."""
    facts = await hall.history.facts(game_id, account)
    if facts is None:
        raise HallError(Code.NO_SUCH_GAME, f"no game {game_id} has ended")
    return facts


class ReviewAsked(WireModel):
    seat: Annotated[int, Field(ge=0, le=3)] | None = None
    """The seat to review; the asker's own by default."""


@router.post("/games/{game_id}/review")
async def ask_review(game_id: PathId, body: ReviewAsked, hall: HallDep,
                     account: CurrentAccount, ip: ClientIp) -> dict[str, Any]:
    """Have the coach review a seat of a game you may see in full (issue 17); progress
    comes as ``review_progress`` frames, the end as ``review_ready``."""
    return review_view(await hall.coach.request(account, game_id, body.seat, ip))


@router.get("/games/{game_id}/review")
async def get_review(game_id: PathId, hall: HallDep, account: CurrentAccount,
                     seat: Annotated[int, Query(ge=0, le=3)] | None = None) -> dict[str, Any]:
    """A review as stored (``status`` none / queued / running / done / failed)."""
    meant, review = await hall.coach.stored(account, game_id, seat)
    return review_view(review, game_id, meant)


@router.get("/games/{game_id}/record")
async def game_record(game_id: PathId, services: ServicesDep,
                      account: CurrentAccount) -> dict[str, Any]:
    """A finished (or abandoned) game's whole record; never one in progress (R45), and
    only to its players until the next game starts at its table or they leave it (R41;
    an admin always). Anyone else shares a game through a replay a recorder saved. A
    tournament's game is open to whoever sees the tournament once its round is over, and
    to nobody but admins before (issue 43: its players' too)."""
    store = services.db.store
    record = await store.game_record(game_id)
    if record is None:
        stored = await store.game(game_id)
        if stored is None:
            raise HallError(Code.NO_SUCH_GAME, f"there is no game {game_id}")
        raise HallError(Code.GAME_IN_PROGRESS, "a game's record is shown once it is over")
    if not account.is_admin and await store.games_in_open_rounds([game_id]):
        raise round_in_play()
    if (not account.is_admin and not await store.record_open_to(game_id, account.id)
            and not await services.hall.tournaments.record_open(account, game_id)):
        raise HallError(Code.FORBIDDEN, "a game's hands are shown to its players until "
                        "the next game starts or they leave the table (R41); a replay "
                        "saved by a recorder can be shared")
    return await services.hall.record_seal.sign(record, game_id)  # (issue 54)


@router.get("/records/key")
async def record_key(hall: HallDep) -> dict[str, str]:
    """The key the hall signs every record it gives out with (issue 54): ``{"alg":
    "Ed25519", "key"}``, the key's 32 bytes in base64url. No login: anyone checking a
    record compares its signature's key with this one (``yuanzi verify --key``)."""
    return await hall.record_seal.published()
