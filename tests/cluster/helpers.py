"""Helpers shared by the cluster's tests (and the browser's on several nodes): HAProxy or
a skip, and the order of the versions a client was sent."""

from __future__ import annotations

import json
import os

import pytest

from yuanzi.devtools.front import haproxy_binary


def need_haproxy() -> str:
    binary = haproxy_binary()
    if binary is None:
        if os.environ.get("CI") == "true":
            pytest.fail("haproxy is required under CI=true (scripts/ensure-services)")
        pytest.skip("haproxy is not installed")
    return binary


def versions_in_order(frames: list[str]) -> None:
    """Each action reached the client once, in order: as a ``played`` frame one version
    on, or inside a later ``game`` snapshot; never a version twice or backwards."""
    version = None
    for text in frames:
        f = json.loads(text)
        if f["type"] == "game":
            assert version is None or f["version"] >= version, (version, f["version"])
            version = f["version"]
        elif f["type"] == "played":
            assert version is not None and f["version"] == version + 1, (version, f["version"])
            version = f["version"]
        elif f["type"] == "game_over":
            return
