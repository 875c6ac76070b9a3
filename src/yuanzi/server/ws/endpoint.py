"""The WebSocket endpoint: the origin checked, the session authenticated, the socket
cap applied, and the connection's sender and receiver run to its end."""

from __future__ import annotations

import asyncio
import logging
from urllib.parse import urlsplit

from fastapi import APIRouter, WebSocket, WebSocketDisconnect

from yuanzi.hall.accounts.service import token_hash
from yuanzi.hall.errors import Code
from yuanzi.hall.events import Error
from yuanzi.hall.runtime.pubsub import login_topic
from yuanzi.server.services import Services
from yuanzi.server.ws.closing import (
    CLOSE_FORBIDDEN_ORIGIN,
    CLOSE_REPLACED,
    CLOSE_UNAUTHORISED,
    REPLACED_TEXT,
)
from yuanzi.server.ws.connection import Connection

log = logging.getLogger(__name__)
router = APIRouter()


def origin_allowed(ws: WebSocket) -> bool:
    """Refuse cross-site WebSocket hijacking: a browser's Origin must be this very site,
    scheme included (a page on http:// is another origin than the hall on https://; behind
    a TLS proxy the scheme is the one its trusted X-Forwarded-Proto says)."""
    origin = ws.headers.get("origin")
    if origin is None:
        return True  # not a browser
    parts = urlsplit(origin)
    scheme = "https" if ws.url.scheme in ("wss", "https") else "http"
    return parts.scheme == scheme and parts.netloc == ws.headers.get("host", "")


@router.websocket("/ws")
async def websocket_endpoint(ws: WebSocket) -> None:
    services: Services = ws.app.state.services
    await ws.accept()
    if not origin_allowed(ws):
        await ws.send_text(Error(code=Code.FORBIDDEN, message="cross-site connection").text())
        await ws.close(CLOSE_FORBIDDEN_ORIGIN)
        return
    token = ws.cookies.get(services.settings.session_cookie)
    account = await services.accounts.authenticate(token)
    if account is None:
        await ws.send_text(Error(code=Code.NOT_LOGGED_IN, message="log in first").text())
        await ws.close(CLOSE_UNAUTHORISED)
        return
    assert token is not None
    conn = Connection(ws, account, services, login_topic(token_hash(token)))
    sender = conn.sender_task = asyncio.create_task(conn.sender())
    services.connections += 1
    services.live.add(conn)
    if services.sockets is not None:
        for old in await services.sockets.admit(account.id, conn.id, conn):
            old.close(CLOSE_REPLACED, last=REPLACED_TEXT)
    try:
        await conn.start()
        receiver = asyncio.create_task(conn.receiver())
        done, _ = await asyncio.wait({sender, receiver}, return_when=asyncio.FIRST_COMPLETED)
        for task in done:
            if task.cancelled():  # a client too far behind (drop_slow)
                continue
            if task.exception() is not None and not isinstance(
                    task.exception(), WebSocketDisconnect | RuntimeError):
                log.error("connection of %s failed", account.nickname,
                          exc_info=task.exception())
        receiver.cancel()
        if not sender.done():
            conn.close(1000)
            try:
                await asyncio.wait_for(sender, 2)
            except (TimeoutError, Exception):
                sender.cancel()
    finally:
        services.connections -= 1
        services.live.discard(conn)
        if services.sockets is not None:
            await services.sockets.release(account.id, conn.id, conn)
        if not sender.done():
            sender.cancel()
        await conn.finish()
