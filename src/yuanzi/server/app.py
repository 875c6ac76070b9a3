"""The FastAPI application: lifespan (database, hall), error mapping, routes."""

from __future__ import annotations

import gc
import logging
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from functools import partial

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse, Response
from starlette.exceptions import HTTPException

from yuanzi import web
from yuanzi.cluster.redis_broker import RedisBroker
from yuanzi.hall.errors import Code, HallError
from yuanzi.hall.events import PROTOCOL_VERSION
from yuanzi.hall.settings import Settings
from yuanzi.server import (
    admin_routes,
    club_routes,
    economy_routes,
    guide_routes,
    push_routes,
    routes,
    session_routes,
    tournament_routes,
    ws,
)
from yuanzi.server.diagnostics import install_task_dump
from yuanzi.server.metrics import CONTENT_TYPE, NodeMetrics, allowed, networks_of
from yuanzi.server.no_body import NoBody, bodiless
from yuanzi.server.services import Services, start_services, stop_services

log = logging.getLogger(__name__)


def error_body(code: str, message: str) -> dict[str, dict[str, str]]:
    return {"error": {"code": code, "message": message}}


HTTP_CODES = {400: Code.MALFORMED.value, 404: "not_found", 405: "method_not_allowed",
              413: "too_large"}
"""Error codes of the HTTP statuses Starlette itself answers."""


def tune_gc() -> None:
    """Keep the cyclic garbage collector from pausing every table.

    With thousands of connections and hundreds of games alive, a full collection walks
    millions of objects: 100–300 ms during which no table moves (measured under the load
    test). Everything alive after start-up is frozen out of the collector, and the
    thresholds make full collections rare; the hall's objects die by reference counting.
    """
    gc.collect()
    gc.freeze()
    gc.set_threshold(50_000, 50, 1_000)


def describe_node(services: Services) -> str:
    """The node's tables, its connections, and on a node of several its Redis
    subscriptions."""
    lines = [services.hall.router.describe()]
    if isinstance(services.broker, RedisBroker):
        lines.append(services.broker.describe())
    lines += [conn.describe() for conn in list(services.live)[:200]]
    return "\n".join(lines)


def create_app(settings: Settings | None = None) -> FastAPI:
    settings = settings or Settings()

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        services = await start_services(settings)
        app.state.services = services
        app.state.metrics = NodeMetrics(services)
        if settings.gc_tuning:
            tune_gc()
        install_task_dump(partial(describe_node, services))
        try:
            yield
        finally:
            await stop_services(services)

    app = FastAPI(title="yuanzi hall", version=str(PROTOCOL_VERSION), lifespan=lifespan)
    metrics_from = networks_of(settings.metrics_from)

    @app.exception_handler(HallError)
    async def hall_error(_: Request, e: HallError) -> JSONResponse:
        return JSONResponse(error_body(e.code, e.message), status_code=e.code.status)

    @app.exception_handler(HTTPException)
    async def http_error(_: Request, e: HTTPException) -> JSONResponse:
        """Starlette's own refusals (no such route, wrong method, a body that cannot be
        parsed at all) in the documented error shape too."""
        return JSONResponse(error_body(HTTP_CODES.get(e.status_code, "http_error"),
                                       str(e.detail)),
                            status_code=e.status_code, headers=e.headers)

    @app.exception_handler(RequestValidationError)
    async def invalid(_: Request, e: RequestValidationError) -> JSONResponse:
        first = e.errors()[0] if e.errors() else {"loc": (), "msg": "invalid request"}
        where = ".".join(str(x) for x in first["loc"][1:]) or "body"
        return JSONResponse(error_body(Code.MALFORMED, f"{where}: {first['msg']}"),
                            status_code=422)

    @app.exception_handler(Exception)
    async def unexpected(request: Request, e: Exception) -> JSONResponse:
        """Anything else is the hall's fault: logged with its traceback, answered in the
        documented shape, never a traceback to the client (issue 44)."""
        log.error("%s %s failed", request.method, request.url.path, exc_info=e)
        return JSONResponse(error_body(Code.INTERNAL, "the hall failed to answer; try again"),
                            status_code=500)

    @app.get("/healthz")
    async def healthz() -> dict[str, object]:
        return {"ok": True, "protocol": PROTOCOL_VERSION}

    @app.get("/metrics", include_in_schema=False)
    async def metrics(request: Request) -> Response:
        node: NodeMetrics | None = getattr(app.state, "metrics", None)
        address = request.client.host if request.client else None
        forwarded = "x-forwarded-for" in request.headers or "forwarded" in request.headers
        if node is None or not allowed(address, metrics_from, forwarded):
            return JSONResponse(error_body("not_found", "Not Found"), status_code=404)
        return Response(node.text(), media_type=CONTENT_TYPE)

    @app.get("/")
    async def index() -> dict[str, str]:
        return {"hall": "yuanzi", "websocket": "/ws", "docs": "/docs",
                "protocol": "docs/protocol.md"}

    routers = (routes.router, economy_routes.router, admin_routes.router, club_routes.router,
               session_routes.router, tournament_routes.router, push_routes.router,
               guide_routes.router, ws.router)
    for router in routers:
        app.include_router(router)
    app.add_middleware(NoBody, routes=bodiless(r for router in routers  # (issue 44)
                                               for r in router.routes))
    web.mount(app)  # the browser client at / and /static (after the API routes)
    return app
