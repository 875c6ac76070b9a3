"""The installable app (issue 47): its manifest and its service worker, served from the
root so the worker controls every page; the worker's shell is every file of the client,
and its version changes with them."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi.testclient import TestClient
from tests.app_client import app_client

from yuanzi.web import pwa


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    with app_client(tmp_path) as c:
        yield c


def test_the_manifest_names_the_app_and_its_icons(client: TestClient) -> None:
    r = client.get("/manifest.webmanifest")
    assert r.status_code == 200
    assert r.headers["content-type"] == "application/manifest+json"
    app = r.json()
    assert (app["short_name"], app["display"], app["scope"]) == ("原子", "standalone", "/")
    assert app["start_url"].startswith("/") and app["theme_color"].startswith("#")
    sizes = {i["sizes"] for i in app["icons"]}
    assert {"192x192", "512x512"} <= sizes and any(i["purpose"] == "maskable" for i in app["icons"])
    for icon in app["icons"]:  # every icon is there, with its type
        got = client.get(icon["src"])
        assert got.status_code == 200 and got.headers["content-type"] == icon["type"], icon
    page = client.get("/").text
    assert '<link rel="manifest" href="/manifest.webmanifest">' in page


def test_the_worker_is_served_from_the_root_with_its_shell_and_version(
        client: TestClient) -> None:
    r = client.get("/sw.js")
    assert r.status_code == 200
    assert r.headers["content-type"] == "text/javascript; charset=utf-8"
    assert r.headers["service-worker-allowed"] == "/"
    assert r.headers["cache-control"] == "no-cache"  # a new client is seen at once
    version = re.search(r'const VERSION = "(yuanzi-[0-9a-f]{16})";', r.text)
    shell = re.search(r"const SHELL = (\[.*?\]);", r.text)
    assert version and shell, r.text[:300]
    files = json.loads(shell.group(1))
    assert files[0] == "/" and "/static/js/main.js" in files and "/static/i18n/en.json" in files
    assert "/static/pwa/sw.js" not in files  # (the worker is not part of its own shell)
    assert all(client.get(f).status_code == 200 for f in files[:5])
    assert len(files) == 1 + len(pwa.shell_files())
    assert "/api/" in r.text  # it never keeps the hall's answers


def test_the_version_is_the_files_own(tmp_path: Path) -> None:
    """Two clients that differ in one byte have two versions (a new client, a new worker
    and cache); the same files, the same version."""
    a, b = tmp_path / "a", tmp_path / "b"
    for root in (a, b):
        (root / "js").mkdir(parents=True)
        (root / "js" / "main.js").write_text("export const x = 1;\n")
    assert pwa.shell_version(a) == pwa.shell_version(b)
    (b / "js" / "main.js").write_text("export const x = 2;\n")
    assert [p.name for p in pwa.shell_files(a)] == ["main.js"]
    assert pwa.shell_version(a) != pwa.shell_version(b)
    assert pwa.shell_version() in pwa.worker_script()
