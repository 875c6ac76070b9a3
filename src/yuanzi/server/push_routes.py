"""REST routes of Web Push (issue 47): the hall's public key and the kinds a player may opt
in to, and his browser's subscription — made, its kinds changed, removed. docs/push.md and
docs/protocol.md document them."""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter
from pydantic import BaseModel, Field

from yuanzi.hall.errors import Code, HallError
from yuanzi.hall.services.push import KINDS, LANGS
from yuanzi.server.deps import CurrentAccount, HallDep, ServicesDep
from yuanzi.server.wire import WireModel

router = APIRouter(prefix="/api/push")

B64URL = r"^[A-Za-z0-9_-]+$"
LOOPBACK = ("http://127.0.0.1:", "http://localhost:", "http://[::1]:")


class PushChoice(BaseModel):
    endpoint: str
    kinds: list[str]


class PushOffer(BaseModel):
    enabled: bool
    key: str | None
    """The hall's VAPID public key (base64url): the browser's ``applicationServerKey``."""
    kinds: list[str]
    subscriptions: list[PushChoice]
    """This player's browsers' subscriptions and their kinds."""


class Keys(WireModel):
    p256dh: Annotated[str, Field(min_length=86, max_length=88, pattern=B64URL)]
    auth: Annotated[str, Field(min_length=21, max_length=24, pattern=B64URL)]


class Subscription(WireModel):
    endpoint: Annotated[str, Field(min_length=12, max_length=1024)]
    keys: Keys
    kinds: Annotated[list[str], Field(max_length=len(KINDS),
                                      default_factory=lambda: list(KINDS))]
    lang: Annotated[str, Field(max_length=8)] = LANGS[0]


class Endpoint(WireModel):
    endpoint: Annotated[str, Field(min_length=12, max_length=1024)]


@router.get("")
async def offer(account: CurrentAccount, hall: HallDep) -> PushOffer:
    if not hall.push.enabled:
        return PushOffer(enabled=False, key=None, kinds=list(KINDS), subscriptions=[])
    mine = await hall.store.subscriptions_of([account.id])
    return PushOffer(enabled=True, key=await hall.push.public_key(), kinds=list(KINDS),
                     subscriptions=[PushChoice(endpoint=s.endpoint, kinds=list(s.kinds))
                                    for s in mine])


@router.post("/subscriptions")
async def subscribe(body: Subscription, account: CurrentAccount, hall: HallDep,
                    services: ServicesDep) -> PushChoice:
    """This browser's subscription, with the kinds its player opted in to (unknown kinds
    are refused); the same endpoint again replaces it."""
    secure = body.endpoint.startswith("https://")
    if not secure and not (services.settings.push_insecure_endpoints
                           and body.endpoint.startswith(LOOPBACK)):
        raise HallError(Code.MALFORMED, "a push endpoint is an https: address")
    if any(k not in KINDS for k in body.kinds):
        raise HallError(Code.MALFORMED, f"the kinds are among {', '.join(KINDS)}")
    await hall.push.subscribe(account.id, body.endpoint, body.keys.p256dh, body.keys.auth,
                              body.kinds, body.lang)
    return PushChoice(endpoint=body.endpoint, kinds=[k for k in KINDS if k in body.kinds])


@router.delete("/subscriptions")
async def unsubscribe(body: Endpoint, account: CurrentAccount, hall: HallDep) -> PushChoice:
    """This browser no longer takes pushes (its own subscription only)."""
    if not await hall.push.unsubscribe(account.id, body.endpoint):
        raise HallError(Code.NO_SUCH_SUBSCRIPTION, "no such subscription of yours")
    return PushChoice(endpoint=body.endpoint, kinds=[])
