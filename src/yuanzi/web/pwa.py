"""The hall as an installable web app (issue 47): its manifest and its service worker.

The service worker must be served from the site's root to control every page, so
``GET /sw.js`` answers it — the script of ``static/pwa/sw.js`` with the shell it caches
(every file of the client, and ``/``) and a version that is the files' own hash: a new
client makes a new worker, which drops the old cache. ``GET /manifest.webmanifest`` is the
app's manifest (name 原子, icons, colours, ``display: standalone``).
"""

from __future__ import annotations

import hashlib
import json
from functools import lru_cache
from pathlib import Path

from starlette.responses import Response

from yuanzi.web.files import CONTENT_TYPES, NO_CACHE, STATIC_DIR

SW_TEMPLATE = STATIC_DIR / "pwa" / "sw.js"
MANIFEST = STATIC_DIR / "pwa" / "manifest.webmanifest"


def shell_files(root: Path = STATIC_DIR) -> list[Path]:
    """The client's files the worker keeps for a visit without a connection."""
    return sorted(p for p in root.rglob("*") if p.is_file() and p != SW_TEMPLATE
                  and p.suffix.lower() in CONTENT_TYPES)


def shell_version(root: Path = STATIC_DIR) -> str:
    """The shell's version: the hash of the worker and of every shell file (name and
    bytes) — a client that differs in one byte is a new version."""
    digest = hashlib.sha256(SW_TEMPLATE.read_bytes())
    for path in shell_files(root):
        digest.update(str(path.relative_to(root)).encode())
        digest.update(path.read_bytes())
    return f"yuanzi-{digest.hexdigest()[:16]}"


@lru_cache(maxsize=1)
def worker_script() -> str:
    """``sw.js`` with its version and its shell's addresses filled in; read once per
    process (the files do not change under a running hall)."""
    shell = ["/", *(f"/static/{p.relative_to(STATIC_DIR).as_posix()}" for p in shell_files())]
    return (SW_TEMPLATE.read_text(encoding="utf-8")
            .replace("'__VERSION__'", json.dumps(shell_version()))
            .replace("'__SHELL__'", json.dumps(shell)))


async def service_worker() -> Response:
    return Response(worker_script(), media_type=CONTENT_TYPES[".js"],
                    headers={**NO_CACHE, "X-Content-Type-Options": "nosniff",
                             "Service-Worker-Allowed": "/"})


async def manifest() -> Response:
    return Response(MANIFEST.read_bytes(), media_type=CONTENT_TYPES[".webmanifest"],
                    headers={**NO_CACHE, "X-Content-Type-Options": "nosniff"})


__all__ = ["manifest", "service_worker", "shell_files", "shell_version", "worker_script"]
