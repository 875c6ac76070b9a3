"""yuanzi.web serves the client (no browser needed): the page at /, its assets under
/static with the right types and no-cache, nothing outside the static folder, and the
API keeping its routes."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi.testclient import TestClient
from tests.app_client import app_client

from yuanzi.web import STATIC_DIR, content_type


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    with app_client(tmp_path) as c:
        yield c


def test_the_page_is_served_at_the_root(client: TestClient) -> None:
    r = client.get("/")
    assert r.status_code == 200
    assert r.headers["content-type"] == "text/html; charset=utf-8"
    assert r.headers["cache-control"] == "no-cache"
    assert "script-src 'self'" in r.headers["content-security-policy"]
    assert '<script type="module" src="/static/js/main.js">' in r.text
    assert '<html lang="zh-CN">' in r.text


@pytest.mark.parametrize(("path", "kind"), [
    ("js/main.js", "text/javascript; charset=utf-8"),
    ("js/views/table.js", "text/javascript; charset=utf-8"),
    ("css/table.css", "text/css; charset=utf-8"),
    ("icon.svg", "image/svg+xml"),
])
def test_assets_have_their_types_and_no_cache(client: TestClient, path: str, kind: str) -> None:
    r = client.get(f"/static/{path}")
    assert r.status_code == 200
    assert r.headers["content-type"] == kind
    assert r.headers["cache-control"] == "no-cache"
    assert r.headers["x-content-type-options"] == "nosniff"


@pytest.mark.parametrize("path", ["nope.js", "../__init__.py", "%2e%2e/__init__.py",
                                  "js/../../__init__.py", "js", "", "/etc/passwd",
                                  "%2Fetc%2Fpasswd"])
def test_nothing_outside_the_static_folder(client: TestClient, path: str) -> None:
    r = client.get(f"/static/{path}")
    assert r.status_code == 404
    if path and ".." not in path:  # reaching the mount: the hall's error shape (a ".."
        # path is normalised by the client to one outside /static, the app's own 404)
        assert r.json()["error"]["code"] == "not_found"
        assert r.headers["cache-control"] == "no-cache"


def test_api_and_health_keep_their_routes(client: TestClient) -> None:
    assert client.get("/healthz").json()["ok"] is True
    assert client.get("/api/me").status_code == 401


def test_an_unknown_suffix_is_plain_bytes() -> None:
    assert content_type(Path("x.unknown")) == "application/octet-stream"


def test_an_unchanged_file_costs_a_304(client: TestClient) -> None:
    first = client.get("/static/js/main.js")
    again = client.get("/static/js/main.js", headers={"if-none-match": first.headers["etag"]})
    assert again.status_code == 304 and not again.content


def test_every_module_import_resolves() -> None:
    """Each relative import of every module names a file that exists (no build step)."""
    missing = []
    seen = 0
    for js in STATIC_DIR.rglob("*.js"):
        for target in re.findall(r"""from\s+'(\.[^']+)'|import\('(\.[^']+)'\)""", js.read_text()):
            name = next(t for t in target if t)
            seen += 1
            if not (js.parent / name).resolve().is_file():
                missing.append(f"{js.relative_to(STATIC_DIR)} → {name}")
    assert seen > 40
    assert not missing, missing
