"""REST routes of the economy (R35–R44): session, inventory, shop, relief, leaderboard,
profiles, coin history, replays. docs/protocol.md documents each.

Thin on purpose: every route is one call to one of the hall's services
(:mod:`yuanzi.hall.services`; for items used at a table,
:func:`yuanzi.hall.services.item_use.use_item`), which decides and writes in one transaction and
answers with a typed response model (:mod:`yuanzi.hall.services.views`). Each error code
carries its HTTP status (:class:`~yuanzi.hall.errors.Code`).
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

from fastapi import APIRouter, Depends, Path, Query
from pydantic import BaseModel, Field

from yuanzi.hall.errors import Code, HallError
from yuanzi.hall.events import AccountView
from yuanzi.hall.services import views as v
from yuanzi.hall.services.admin import AdminService
from yuanzi.hall.services.history import HISTORY_MAX, HISTORY_PAGE
from yuanzi.hall.services.item_use import use_item
from yuanzi.hall.services.replays import position, replay_json
from yuanzi.hall.services.standings import Standings
from yuanzi.hall.services.wallet import WalletService
from yuanzi.hall.table import commands
from yuanzi.hall.table.commands import Sender, ok_data
from yuanzi.server.deps import (
    AccountsDep,
    ClientIp,
    CurrentAccount,
    HallDep,
    ServicesDep,
    SessionToken,
)
from yuanzi.server.views import account_view
from yuanzi.server.wire import MAX_AMOUNT, MAX_ID, Id, PathId, WireModel

router = APIRouter(prefix="/api")


def get_wallet(services: ServicesDep) -> WalletService:
    return services.hall.wallet


def get_standings(services: ServicesDep) -> Standings:
    return services.hall.standings


def get_admin(services: ServicesDep) -> AdminService:
    return services.hall.admin


WalletDep = Annotated[WalletService, Depends(get_wallet)]
StandingsDep = Annotated[Standings, Depends(get_standings)]
AdminServiceDep = Annotated[AdminService, Depends(get_admin)]


class Body(WireModel):
    pass


class MoveBody(Body):
    """R43: click one slot (``from``), then another (``to``)."""

    src: Annotated[int, Field(alias="from", ge=0, le=1000)]
    dst: Annotated[int, Field(alias="to", ge=0, le=1000)]


class UseBody(Body):
    slot: Annotated[int, Field(ge=0, le=1000)]
    table: Id | None = None
    name: Annotated[str, Field(max_length=64)] | None = None
    """A sign's new table name."""
    pattern: Annotated[str, Field(max_length=32)] | None = None
    """A tablecloth's pattern."""


class BuyBody(Body):
    item: Annotated[str, Field(max_length=32)]
    count: Annotated[int, Field(ge=-MAX_AMOUNT, le=MAX_AMOUNT)] = 1
    """1 to 99 (``MAX_QUANTITY``); the service refuses others in words (``malformed``)."""


class BetBody(Body):
    bet: Annotated[int, Field(ge=-MAX_AMOUNT, le=MAX_AMOUNT)]
    """0 (off) or 10, 20, 40, … (R40)."""


class SessionView(BaseModel):
    account: AccountView | None


@router.get("/session")
async def session(token: SessionToken, accounts: AccountsDep) -> SessionView:
    """Who this browser is logged in as, or null: never a 401 (a logged-out page asks)."""
    account = await accounts.authenticate(token)
    return SessionView(account=None if account is None else account_view(account))


@router.get("/inventory")
async def inventory(account: CurrentAccount, wallet: WalletDep) -> v.InventoryView:
    return await wallet.inventory(account.id)


@router.post("/inventory/move")
async def move(body: MoveBody, account: CurrentAccount, wallet: WalletDep) -> v.InventoryView:
    return await wallet.move(account.id, body.src, body.dst)


@router.post("/inventory/use")
async def use(body: UseBody, account: CurrentAccount, hall: HallDep) -> dict[str, Any]:
    return await use_item(hall, account, body.slot, body.table, body.name, body.pattern)


@router.get("/shop")
async def shop(wallet: WalletDep) -> v.Shop:
    return wallet.shop()


@router.post("/shop/buy")
async def shop_buy(body: BuyBody, account: CurrentAccount, wallet: WalletDep) -> v.Bought:
    return await wallet.buy(account.id, body.item, body.count)


@router.post("/tables/{table_id}/bet")
async def set_bet(table_id: PathId, body: BetBody, account: CurrentAccount,
                  hall: HallDep) -> dict[str, Any]:
    """R40: the owner changes the bet between games; every seated player must hold
    100 × the new bet, else nothing changes. The players are un-readied."""
    return ok_data(await hall.send(commands.SetBet(Sender.of(account), table_id, body.bet)))


@router.get("/relief")
async def relief_status(account: CurrentAccount, wallet: WalletDep) -> v.ReliefStatus:
    return await wallet.relief_status(account.id)


@router.post("/relief")
async def relief(account: CurrentAccount, wallet: WalletDep) -> v.ReliefGranted:
    return await wallet.relief(account.id)


@router.get("/leaderboard")
async def leaderboard(standings: StandingsDep, token: SessionToken, accounts: AccountsDep,
                      ip: ClientIp, by: Literal["ladder", "skill"] = "ladder"
                      ) -> v.Leaderboard:
    """Public, as a hall's board is: a row is only what any table shows of a player
    (nickname, level and title, standing, skill, games and wins). Without a session the
    reads are rate-limited per address."""
    if await accounts.authenticate(token) is None and not await standings.public_reads.check(ip):
        raise HallError(Code.RATE_LIMITED, "too many leaderboard reads from your address; "
                        "wait a minute or log in")
    return await standings.board(by)


@router.get("/accounts/{account_id}")
async def profile(account_id: PathId, standings: StandingsDep,
                  account: CurrentAccount) -> v.Profile:
    """Public: standing, title, rating, games; private (yourself, an admin): coins,
    role, ban."""
    private = account.id == account_id or account.is_admin
    return await standings.profile(account_id, private)


@router.get("/accounts/{account_id}/games")
async def game_history(account_id: PathId, standings: StandingsDep, hall: HallDep,
                       account: CurrentAccount,
                       limit: Annotated[int, Query(ge=1, le=HISTORY_MAX)] = HISTORY_PAGE,
                       before: Annotated[int | None, Query(ge=1, le=MAX_ID)] = None,
                       ) -> v.GameHistory:
    """A player's last games (战绩), newest first: the public facts of each (no hands,
    R41); the coins each moved for him, and what he may still open of each (replay,
    复盘), only to himself (the coins to admins too)."""
    await standings.require_account(account_id)
    private = account.id == account_id or account.is_admin
    return await hall.history.of(account_id, private, limit, before,
                                 own=account.id == account_id)


@router.get("/gem-cap")
async def gem_cap(standings: StandingsDep, account: CurrentAccount) -> v.GemCap:
    """R42: gems can be used below this standing (null: no cap)."""
    return await standings.gem_cap()


@router.get("/me/ledger")
async def my_ledger(account: CurrentAccount, wallet: WalletDep,
                    limit: Annotated[int, Query(ge=1, le=500)] = 100) -> v.MyLedger:
    """The player's own coin movements (R44), newest first."""
    return await wallet.ledger(account.id, limit)


@router.get("/me/replays")
async def my_replays(account: CurrentAccount, hall: HallDep) -> dict[str, Any]:
    """The replays the player's recorders saved (R41), newest first."""
    return {"replays": [replay_json(r, with_record=False)
                        for r in await hall.replays.saved_by(account.id)]}


@router.get("/replays/{replay_id}")
async def replay(replay_id: Annotated[str, Path(max_length=32, pattern=r"^[A-Za-z0-9_-]+$")],
                 hall: HallDep,
                 step: Annotated[int | None, Query(ge=0)] = None) -> dict[str, Any]:
    """One saved replay by its share code — no login needed: the link is for sharing,
    and a finished game's record shows all (R45). ``?step=n`` adds the position after
    n actions with every hand."""
    stored = await hall.replays.shared(replay_id)
    out = replay_json(stored, with_record=True)
    if step is not None and stored.record is not None:
        out["position"] = position(stored.record, step)
    return out
