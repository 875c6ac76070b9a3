"""The browser client (issue 6): static ES modules, CSS and SVG cards drawn in code.

Nothing here is built: the files under :data:`STATIC_DIR` are served as they are.
:func:`mount` adds ``/`` (the single page, ``index.html``, with its Content-Security-
Policy), the installable app's worker and manifest (:mod:`.pwa`), and mounts Starlette's
``StaticFiles`` at ``/static`` (:mod:`.files`: path containment, ETags and 304s are the
framework's), with explicit content types and ``Cache-Control: no-cache`` so a reload
always sees the current files (an unchanged file costs a 304).
"""

from __future__ import annotations

from typing import Any

from fastapi.responses import FileResponse
from fastapi.routing import APIRoute

from yuanzi.web import pwa
from yuanzi.web.files import (
    CONTENT_TYPES,
    CSP,
    NO_CACHE,
    STATIC_DIR,
    ClientFiles,
    content_type,
)


def mount(app: Any) -> None:
    """Serve the client from ``app``: ``GET /`` → index.html, ``GET /static/…`` → assets.

    Call it after the API routes are included, so ``/api`` and ``/ws`` keep priority.
    A placeholder ``GET /`` route the app may hold (a JSON greeting) is replaced.
    """
    app.router.routes[:] = [
        r for r in app.router.routes
        if not (isinstance(r, APIRoute) and r.path == "/" and "GET" in (r.methods or ()))
    ]

    async def index() -> FileResponse:
        return FileResponse(STATIC_DIR / "index.html", media_type=CONTENT_TYPES[".html"],
                            headers={**NO_CACHE, "Content-Security-Policy": CSP,
                                     "X-Content-Type-Options": "nosniff",
                                     "Referrer-Policy": "same-origin"})

    app.add_api_route("/", index, methods=["GET"], include_in_schema=False)
    # the installable app (issue 47): its worker at the root, to control every page
    app.add_api_route("/sw.js", pwa.service_worker, methods=["GET"], include_in_schema=False)
    app.add_api_route("/manifest.webmanifest", pwa.manifest, methods=["GET"],
                      include_in_schema=False)
    app.mount("/static", ClientFiles(directory=STATIC_DIR), name="static")


__all__ = ["CONTENT_TYPES", "CSP", "NO_CACHE", "STATIC_DIR", "ClientFiles", "content_type",
           "mount"]
