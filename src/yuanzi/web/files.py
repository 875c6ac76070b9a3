"""The client's files as the hall serves them: their folder, content types and headers,
and ``StaticFiles`` with the hall's own answer for a file that is not there."""

from __future__ import annotations

import os
from os import PathLike
from pathlib import Path

from fastapi.responses import JSONResponse
from starlette.exceptions import HTTPException
from starlette.responses import Response
from starlette.staticfiles import StaticFiles
from starlette.types import Scope

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


class ClientFiles(StaticFiles):
    """``StaticFiles`` with this client's content types and headers on every answer, and
    the hall's error shape for a file that is not there."""

    async def get_response(self, path: str, scope: Scope) -> Response:
        try:
            return await super().get_response(path, scope)
        except HTTPException as e:
            if e.status_code != 404:
                raise
            return JSONResponse({"error": {"code": "not_found", "message": "no such file"}},
                                status_code=404,
                                headers={**NO_CACHE, "X-Content-Type-Options": "nosniff"})

    def file_response(self, full_path: PathLike[str] | str, stat_result: os.stat_result,
                      scope: Scope, status_code: int = 200) -> Response:
        response = super().file_response(full_path, stat_result, scope, status_code)
        response.headers.update({**NO_CACHE, "X-Content-Type-Options": "nosniff"})
        if "content-type" in response.headers:
            response.headers["content-type"] = content_type(Path(full_path))
        return response
