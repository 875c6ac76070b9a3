"""REST routes of the economy (R35–R44): session, inventory, shop, relief, leaderboard,
profiles, coin history, replays. docs/protocol.md documents each.

Thin on purpose: every route is one call to the hall's economy service (or, for items
used at a table, :func:`yuanzi.hall.item_use.use_item`), which decides and writes in one
transaction. Each error code carries its HTTP status (:class:`~yuanzi.hall.errors.Code`).
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

from fastapi import APIRouter, Depends, Path, Query
from pydantic import BaseModel, ConfigDict, Field

from yuanzi.hall.economy_service import EconomyService
from yuanzi.hall.errors import Code, HallError
from yuanzi.hall.events import AccountView
from yuanzi.hall.item_use import use_item
from yuanzi.hall.replays import position, replay_json
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

router = APIRouter(prefix="/api")



def get_economy(services: ServicesDep) -> EconomyService:
    return services.hall.economy


EconomyDep = Annotated[EconomyService, Depends(get_economy)]


class Body(BaseModel):
    model_config = ConfigDict(extra="forbid", populate_by_name=True)


class MoveBody(Body):
    """R43: click one slot (``from``), then another (``to``)."""

    src: Annotated[int, Field(alias="from", ge=0, le=1000)]
    dst: Annotated[int, Field(alias="to", ge=0, le=1000)]


class UseBody(Body):
    slot: Annotated[int, Field(ge=0, le=1000)]
    table: Annotated[int, Field(ge=1)] | None = None
    name: Annotated[str, Field(max_length=64)] | None = None
    """A sign's new table name."""
    pattern: Annotated[str, Field(max_length=32)] | None = None
    """A tablecloth's pattern."""


class BuyBody(Body):
    item: Annotated[str, Field(max_length=32)]
    count: int = 1
    """1 to 99 (``MAX_QUANTITY``); the service refuses others in words (``malformed``)."""


class BetBody(Body):
    bet: int
    """0 (off) or 10, 20, 40, … (R40)."""


class SessionView(BaseModel):
    account: AccountView | None


@router.get("/session")
async def session(token: SessionToken, accounts: AccountsDep) -> SessionView:
    """Who this browser is logged in as, or null: never a 401 (a logged-out page asks)."""
    account = await accounts.authenticate(token)
    return SessionView(account=None if account is None else account_view(account))


@router.get("/inventory")
async def inventory(account: CurrentAccount, economy: EconomyDep) -> dict[str, Any]:
    return await economy.inventory(account.id)


@router.post("/inventory/move")
async def move(body: MoveBody, account: CurrentAccount, economy: EconomyDep) -> dict[str, Any]:
    return await economy.move(account.id, body.src, body.dst)


@router.post("/inventory/use")
async def use(body: UseBody, account: CurrentAccount, hall: HallDep) -> dict[str, Any]:
    return await use_item(hall, account, body.slot, body.table, body.name, body.pattern)


@router.get("/shop")
async def shop(economy: EconomyDep) -> dict[str, Any]:
    return {"items": economy.shop()}


@router.post("/shop/buy")
async def shop_buy(body: BuyBody, account: CurrentAccount,
                   economy: EconomyDep) -> dict[str, Any]:
    return await economy.buy(account.id, body.item, body.count)


@router.post("/tables/{table_id}/bet")
async def set_bet(table_id: int, body: BetBody, account: CurrentAccount,
                  hall: HallDep) -> dict[str, Any]:
    """R40: the owner changes the bet between games; every seated player must hold
    100 × the new bet, else nothing changes. The players are un-readied."""
    return ok_data(await hall.send(commands.SetBet(Sender.of(account), table_id, body.bet)))


@router.get("/relief")
async def relief_status(account: CurrentAccount, economy: EconomyDep) -> dict[str, Any]:
    return await economy.relief_status(account)


@router.post("/relief")
async def relief(account: CurrentAccount, economy: EconomyDep) -> dict[str, Any]:
    return await economy.relief(account.id)


@router.get("/leaderboard")
async def leaderboard(economy: EconomyDep, token: SessionToken, accounts: AccountsDep,
                      ip: ClientIp, by: Literal["ladder", "skill"] = "ladder") -> dict[str, Any]:
    """Public, as a hall's board is: a row is only what any table shows of a player
    (nickname, level and title, standing, skill, games and wins). Without a session the
    reads are rate-limited per address."""
    if await accounts.authenticate(token) is None and not economy.public_reads.allow(ip):
        raise HallError(Code.RATE_LIMITED, "too many leaderboard reads from your address; "
                        "wait a minute or log in")
    return {"by": by, "ladder": economy.ladder.name, "rows": await economy.leaderboard(by)}


@router.get("/accounts/{account_id}")
async def profile(account_id: int, economy: EconomyDep,
                  account: CurrentAccount) -> dict[str, Any]:
    return await economy.profile(account_id)


@router.get("/gem-cap")
async def gem_cap(economy: EconomyDep, account: CurrentAccount) -> dict[str, Any]:
    """R42: gems can be used below this standing (null: no cap)."""
    cap, admin_cap = await economy.gem_cap()
    return {"cap": cap, "admin_cap": admin_cap}


@router.get("/me/ledger")
async def my_ledger(account: CurrentAccount, economy: EconomyDep,
                    limit: Annotated[int, Query(ge=1, le=500)] = 100) -> dict[str, Any]:
    """The player's own coin movements (R44), newest first."""
    return {"coins": (await economy.require_account(account.id)).coins,
            "entries": await economy.store.ledger_of(account.id, limit)}


@router.get("/me/replays")
async def my_replays(account: CurrentAccount, economy: EconomyDep) -> dict[str, Any]:
    """The replays the player's recorders saved (R41), newest first."""
    return {"replays": [replay_json(r, with_record=False)
                        for r in await economy.store.replays_of(account.id)]}


@router.get("/replays/{replay_id}")
async def replay(replay_id: Annotated[str, Path(max_length=32)], economy: EconomyDep,
                 step: Annotated[int | None, Query(ge=0)] = None) -> dict[str, Any]:
    """One saved replay by its share code — no login needed: the link is for sharing,
    and a finished game's record shows all (R45). ``?step=n`` adds the position after
    n actions with every hand."""
    stored = await economy.store.replay(replay_id)
    if stored is None or stored.record is None:
        raise HallError(Code.NO_SUCH_REPLAY, "there is no such replay")
    out = replay_json(stored, with_record=True)
    if step is not None:
        out["position"] = position(stored.record, step)
    return out
