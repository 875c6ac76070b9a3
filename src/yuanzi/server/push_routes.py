"""REST routes of Web Push (issue 47): the hall's public key and the kinds a player may opt
in to, and his browser's subscription — made, its kinds changed, removed. docs/push.md and
docs/protocol.md document them. A subscription is taken only for a push service's
endpoint (:mod:`.push_policy`) with keys that decode to what RFC 8291 wants (issue 54)."""

from __future__ import annotations

import base64
import binascii
from typing import Annotated

from cryptography.hazmat.primitives.asymmetric import ec
from fastapi import APIRouter
from pydantic import AfterValidator, BaseModel, Field

from yuanzi.hall.accounts.service import token_hash
from yuanzi.hall.errors import Code, HallError
from yuanzi.hall.services.push import KINDS, LANGS
from yuanzi.server.deps import CurrentAccount, HallDep, ServicesDep, SessionToken
from yuanzi.server.push_policy import EndpointRefused, PushHosts, check_endpoint
from yuanzi.server.wire import WireModel

router = APIRouter(prefix="/api/push")

B64URL = r"^[A-Za-z0-9_-]+={0,2}$"


def _decoded(text: str) -> bytes:
    try:
        return base64.urlsafe_b64decode(text.rstrip("=") + "=" * (-len(text.rstrip("=")) % 4))
    except (binascii.Error, ValueError) as e:
        raise ValueError("not base64url") from e


def _p256dh(text: str) -> str:
    """RFC 8291's ``p256dh``: a P-256 point, uncompressed (65 bytes, 0x04 first)."""
    raw = _decoded(text)
    if len(raw) != 65 or raw[0] != 4:
        raise ValueError("p256dh is an uncompressed P-256 point of 65 bytes")
    try:
        ec.EllipticCurvePublicKey.from_encoded_point(ec.SECP256R1(), raw)
    except ValueError as e:
        raise ValueError("p256dh is no point on P-256") from e
    return text


def _auth(text: str) -> str:
    """RFC 8291's ``auth``: a secret of 16 bytes."""
    if len(_decoded(text)) != 16:
        raise ValueError("auth is a secret of 16 bytes")
    return text


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
    p256dh: Annotated[str, Field(min_length=86, max_length=88, pattern=B64URL),
                      AfterValidator(_p256dh)]
    auth: Annotated[str, Field(min_length=21, max_length=24, pattern=B64URL),
                    AfterValidator(_auth)]


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
                    services: ServicesDep, token: SessionToken) -> PushChoice:
    """This browser's subscription, with the kinds its player opted in to (unknown kinds
    are refused); the same endpoint again replaces it. It lasts as long as this login."""
    settings = services.settings
    try:
        check_endpoint(body.endpoint, _hosts(settings.push_hosts),
                       settings.push_insecure_endpoints)
    except EndpointRefused as e:
        raise HallError(Code.MALFORMED, str(e)) from None
    if any(k not in KINDS for k in body.kinds):
        raise HallError(Code.MALFORMED, f"the kinds are among {', '.join(KINDS)}")
    await hall.push.subscribe(account.id, body.endpoint, body.keys.p256dh, body.keys.auth,
                              body.kinds, body.lang, token_hash(token) if token else None)
    return PushChoice(endpoint=body.endpoint, kinds=[k for k in KINDS if k in body.kinds])


_parsed: dict[str, PushHosts] = {}


def _hosts(setting: str) -> PushHosts:
    """The setting's hosts, parsed once."""
    hosts = _parsed.get(setting)
    if hosts is None:
        hosts = _parsed[setting] = PushHosts.parse(setting)
    return hosts


@router.delete("/subscriptions")
async def unsubscribe(body: Endpoint, account: CurrentAccount, hall: HallDep) -> PushChoice:
    """This browser no longer takes pushes (its own subscription only)."""
    if not await hall.push.unsubscribe(account.id, body.endpoint):
        raise HallError(Code.NO_SUCH_SUBSCRIPTION, "no such subscription of yours")
    return PushChoice(endpoint=body.endpoint, kinds=[])
