"""The browser client (issue 6): static ES modules, CSS and SVG cards drawn in code.

Nothing here is built: the files under :data:`STATIC_DIR` are served as they are.
:func:`mount` adds two routes to the hall's FastAPI app: ``/`` (the single page,
``index.html``) and ``/static/{path}`` (its modules, styles and images), with explicit
content types and ``Cache-Control: no-cache`` so a reload always sees the current files
(the browser still revalidates by ETag, so an unchanged file costs a 304).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

STATIC_DIR = Path(__file__).resolve().parent / "static"
"""The client's files: index.html, css/, js/."""

CONTENT_TYPES = {
    ".html": "text/html; charset=utf-8",
    ".js": "text/javascript; charset=utf-8",
    ".mjs": "text/javascript; charset=utf-8",
    ".css": "text/css; charset=utf-8",
    ".svg": "image/svg+xml",
    ".json": "application/json",
    ".png": "image/png",
    ".ico": "image/x-icon",
    ".webmanifest": "application/manifest+json",
    ".woff2": "font/woff2",
}
NO_CACHE = {"Cache-Control": "no-cache"}
CSP = ("default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; "
       "img-src 'self' data:; connect-src 'self'; base-uri 'none'; form-action 'self'; "
       "frame-ancestors 'none'")
"""The page's Content-Security-Policy: only this origin's scripts and connections."""


def content_type(path: Path) -> str:
    return CONTENT_TYPES.get(path.suffix.lower(), "application/octet-stream")


def resolve(relative: str) -> Path | None:
    """The file under :data:`STATIC_DIR` named by ``relative``, or None (never outside it)."""
    if not relative or "\x00" in relative:
        return None
    root = STATIC_DIR
    try:
        path = (root / relative).resolve()
    except (OSError, ValueError):
        return None
    if not path.is_relative_to(root) or not path.is_file():
        return None
    return path


def mount(app: Any) -> None:
    """Serve the client from ``app``: ``GET /`` → index.html, ``GET /static/…`` → assets.

    Call it after the API routes are included, so ``/api`` and ``/ws`` keep priority.
    A placeholder ``GET /`` route the app may hold (a JSON greeting) is replaced.
    """
    from fastapi.responses import FileResponse, JSONResponse
    from fastapi.routing import APIRoute

    app.router.routes[:] = [
        r for r in app.router.routes
        if not (isinstance(r, APIRoute) and r.path == "/" and "GET" in (r.methods or ()))
    ]

    async def index() -> FileResponse:
        return FileResponse(STATIC_DIR / "index.html", media_type=CONTENT_TYPES[".html"],
                            headers={**NO_CACHE, "Content-Security-Policy": CSP,
                                     "X-Content-Type-Options": "nosniff",
                                     "Referrer-Policy": "same-origin"})

    async def asset(path: str) -> Any:
        file = resolve(path)
        if file is None:
            return JSONResponse({"error": {"code": "not_found", "message": "no such file"}},
                                status_code=404, headers=NO_CACHE)
        return FileResponse(file, media_type=content_type(file),
                            headers={**NO_CACHE, "X-Content-Type-Options": "nosniff"})

    app.add_api_route("/", index, methods=["GET"], include_in_schema=False)
    app.add_api_route("/static/{path:path}", asset, methods=["GET"], include_in_schema=False)


__all__ = ["CONTENT_TYPES", "STATIC_DIR", "content_type", "mount", "resolve"]
