"""Which ASGI server runs the hall (issue 30: measured side by side, kept a setting).

``uvicorn`` is the default; ``granian`` (Rust, its own event loop bridge) and
``hypercorn`` run the same app. The hall's own guarantees do not depend on the server:
frames are stored before they are sent, a client that stops reading is dropped by the
hall's outbox limits (``ws_max_behind_*``), and the trusted-proxy rule is applied by the
same middleware whichever server runs (uvicorn's own, for the other two).
"""

from __future__ import annotations

import os
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from yuanzi.hall.settings import Settings

SERVERS = ("uvicorn", "granian", "hypercorn")


def server_settings() -> Settings:
    """The settings from the environment, as a server process takes them: it tunes its
    garbage collector unless told otherwise (``YUANZI_GC_TUNING``)."""
    from yuanzi.hall.settings import Settings

    settings = Settings()
    if "YUANZI_GC_TUNING" not in os.environ:
        settings = settings.model_copy(update={"gc_tuning": True})
    return settings


def app_from_environment() -> Any:
    """The app as a factory for servers that import it in their worker (granian)."""
    from yuanzi.server.app import create_app

    settings = server_settings()
    return behind_proxies(create_app(settings), settings)


def behind_proxies(app: Any, settings: Settings) -> Any:
    """A client's address is its direct peer's unless the peer is a proxy we were told
    to trust (uvicorn does this itself; here for the other servers)."""
    trusted = settings.trusted_proxies.strip()
    if not trusted:
        return app
    from uvicorn.middleware.proxy_headers import ProxyHeadersMiddleware

    return ProxyHeadersMiddleware(app, trusted_hosts=trusted)


def run(settings: Settings, host: str, port: int, log_level: str) -> None:
    """Serve the hall on ``settings.asgi_server`` until stopped."""
    server = settings.asgi_server
    if server == "granian":
        _granian(settings, host, port, log_level)
    elif server == "hypercorn":
        _hypercorn(settings, host, port, log_level)
    else:
        _uvicorn(settings, host, port, log_level)


def _uvicorn(settings: Settings, host: str, port: int, log_level: str) -> None:
    import uvicorn

    from yuanzi.server.app import create_app
    from yuanzi.server.ws_coalescing import uvicorn_ws

    uvicorn.run(create_app(settings), host=host, port=port, log_level=log_level,
                ws=uvicorn_ws(settings.ws_impl), loop=settings.event_loop,
                ws_max_size=max(settings.ws_max_message_bytes * 4, 65536),
                # a client's address is its direct peer's unless the peer is a proxy we
                # were told to trust (none by default: a forged header changes nothing)
                proxy_headers=bool(settings.trusted_proxies.strip()),
                forwarded_allow_ips=settings.trusted_proxies.strip() or None,
                ws_per_message_deflate=False)  # frames are small; deflate costs more CPU


def _granian(settings: Settings, host: str, port: int, log_level: str) -> None:
    from granian.constants import Interfaces, Loops
    from granian.log import LogLevels
    from granian.server import Server

    loop = Loops.asyncio if settings.event_loop == "asyncio" else Loops.auto
    Server("yuanzi.server.asgi_servers:app_from_environment", address=host, port=port,
           interface=Interfaces.ASGI, workers=1, loop=loop, factory=True, websockets=True,
           log_level=LogLevels(log_level), respawn_failed_workers=False).serve()


def _hypercorn(settings: Settings, host: str, port: int, log_level: str) -> None:
    import asyncio

    from hypercorn.asyncio import serve
    from hypercorn.config import Config

    from yuanzi.server.app import create_app

    config = Config()
    config.bind = [f"{host}:{port}"]
    config.loglevel = log_level.upper()
    config.websocket_max_message_size = max(settings.ws_max_message_bytes * 4, 65536)
    app = behind_proxies(create_app(settings), settings)
    if settings.event_loop != "asyncio":
        try:
            import uvloop

            uvloop.install()
        except ImportError:  # pragma: no cover - uvicorn[standard] brings it on Linux
            pass
    asyncio.run(serve(app, config))
