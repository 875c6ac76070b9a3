"""A body sent to a route that takes none is refused (issue 44): ``POST .../leave`` with
``{"keep": true}`` was read as a plain leave, and the action happened. A request that
means something its route does not read is a mistake the client must hear of, before
anything changes.

An ASGI middleware, told at start which routes read no body (FastAPI knows: no body
field): a request to one of them carrying a body that says something is answered
``malformed`` (422), and nothing is done. An empty body, ``{}`` or ``null`` says nothing
(many clients send one with every POST) and passes.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable
from typing import Any

from fastapi.routing import APIRoute
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from yuanzi.hall.errors import Code

WITH_BODIES = frozenset({"POST", "PUT", "PATCH", "DELETE"})


def bodiless(routes: Iterable[Any]) -> list[tuple[re.Pattern[str], frozenset[str]]]:
    """The routes that read no body: their path and the methods they answer."""
    out = []
    for r in routes:
        methods = frozenset(r.methods or ()) & WITH_BODIES if isinstance(r, APIRoute) \
            else frozenset()
        if methods and r.body_field is None:
            out.append((r.path_regex, methods))
    return out


class NoBody:
    def __init__(self, app: ASGIApp, routes: list[tuple[re.Pattern[str], frozenset[str]]]
                 ) -> None:
        self.app = app
        self.routes = routes
        """The routes that read no body (:func:`bodiless`)."""

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if (scope["type"] != "http" or scope["method"] not in WITH_BODIES
                or not _has_body(scope["headers"])
                or not any(scope["method"] in methods and pattern.match(scope["path"])
                           for pattern, methods in self.routes)):
            await self.app(scope, receive, send)
            return
        messages, body = [], b""
        while True:  # (a body that says nothing is a few bytes: more is refused unread)
            message = await receive()
            messages.append(message)
            body += message.get("body", b"")
            if len(body) > SAYS_NOTHING_MAX or not message.get("more_body", False):
                break
        if body.strip() not in SAYS_NOTHING:
            await _refuse(send)
            return

        async def replay() -> Message:
            return messages.pop(0) if messages else await receive()

        await self.app(scope, replay, send)


SAYS_NOTHING = (b"", b"{}", b"null")
SAYS_NOTHING_MAX = 16


def _has_body(headers: Iterable[tuple[bytes, bytes]]) -> bool:
    for name, value in headers:
        if name == b"content-length":
            return value.strip() not in (b"", b"0")
        if name == b"transfer-encoding" and b"chunked" in value.lower():
            return True
    return False


async def _refuse(send: Send) -> None:
    body = json.dumps({"error": {"code": Code.MALFORMED.value,
                                 "message": "this request takes no body"}}).encode()
    await send({"type": "http.response.start", "status": 422,
                "headers": [(b"content-type", b"application/json"),
                            (b"content-length", str(len(body)).encode())]})
    await send({"type": "http.response.body", "body": body})
