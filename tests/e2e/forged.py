"""Requests that forge the address a proxy would forward."""

from __future__ import annotations

import urllib.error
import urllib.request


def register_from(base: str, name: str, address: str) -> int:
    """Register with a forged X-Forwarded-For; the HTTP status."""
    req = urllib.request.Request(
        base + "/api/register", method="POST",
        data=b'{"nickname": "%s", "password": "a-long-passphrase"}' % name.encode(),
        headers={"content-type": "application/json", "X-Forwarded-For": address})
    try:
        with urllib.request.urlopen(req, timeout=10) as r:
            return int(r.status)
    except urllib.error.HTTPError as e:
        return e.code
