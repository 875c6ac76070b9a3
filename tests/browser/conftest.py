"""Browser tests: a real ``yuanzi serve`` on a free port (temp SQLite database, instant
bots) and Debian's chromium driven by Playwright for Python.

They skip, naming what is missing, when chromium or Playwright is not installed, except
under CI (``CI=true``), where a missing browser is a failure. Screenshots of every
screen go to ``test-artifacts/screenshots/`` and are checked not to be blank.
"""

from __future__ import annotations

import base64
import contextlib
import os
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

CHROMIUM = os.environ.get("YUANZI_CHROMIUM", "/usr/bin/chromium")
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync", "--no-first-run",
                 "--disable-dev-shm-usage"]
ROOT = Path(__file__).resolve().parents[2]
SCREENSHOTS = ROOT / "test-artifacts" / "screenshots"
IN_CI = os.environ.get("CI", "").lower() == "true"
DESKTOP = {"width": 1280, "height": 860}
PHONE = {"width": 360, "height": 740}

QUICK_TURN_SECONDS = 5
"""The turn clock of ``quick_clock_server`` (the shortest a table may set, R33)."""

SERVER_ENV = {
    "YUANZI_BOT_THINK_SECONDS": "0",
    "YUANZI_REVIEW_WORLDS": "8",  # the coach in a few seconds (real worker process)
    "YUANZI_TURN_SECONDS": "20",
    "YUANZI_DISCONNECT_GRACE_SECONDS": "30",
    "YUANZI_HALF_BREAK_SECONDS": "8",  # flows.play_to_the_end presses 继续
    "YUANZI_ARGON2_TIME_COST": "1",
    "YUANZI_ARGON2_MEMORY_KIB": "64",
    "YUANZI_ARGON2_PARALLELISM": "1",
    "YUANZI_REGISTER_PER_IP": "1000",
    "YUANZI_LOGIN_PER_IP": "1000",
    "YUANZI_WS_MESSAGES_PER_SECOND": "100",
    "YUANZI_WS_BURST": "200",
}


def _missing() -> str | None:
    try:
        import playwright.sync_api  # noqa: F401
    except ImportError:
        return "Playwright is not installed (pip install -e '.[browser]')"
    if not Path(CHROMIUM).exists():
        return f"chromium is not installed at {CHROMIUM} (apt-get install -y chromium)"
    return None


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


@pytest.fixture(scope="session")
def browser_available() -> None:
    why = _missing()
    if why is not None:
        if IN_CI:
            pytest.fail(f"browser tests need a browser under CI: {why}")
        pytest.skip(why)


@pytest.fixture(scope="package")
def hall_env(tmp_path_factory: pytest.TempPathFactory) -> dict[str, str]:
    """The environment of the package's hall: its SQLite file, no other database."""
    tmp = tmp_path_factory.mktemp("hall")
    env = {**os.environ, **SERVER_ENV, "YUANZI_DB_PATH": str(tmp / "hall.db")}
    env.pop("DATABASE_URL", None)
    env.pop("YUANZI_DATABASE_URL", None)
    return env


@contextlib.contextmanager
def serve(env: dict[str, str]) -> Iterator[str]:
    """``yuanzi serve`` on a free port with ``env`` (its SQLite file's folder holds its
    log); yields its base URL once it answers, and stops it."""
    tmp = Path(env["YUANZI_DB_PATH"]).parent
    port = _free_port()
    log = (tmp / "server.log").open("w")
    proc = subprocess.Popen(
        [sys.executable, "-m", "yuanzi", "serve", "--host", "127.0.0.1", "--port", str(port),
         "--log-level", "warning"], env=env, stdout=log, stderr=subprocess.STDOUT, cwd=tmp)
    base = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 30
    while True:
        try:
            with urllib.request.urlopen(base + "/healthz", timeout=1) as r:
                if r.status == 200:
                    break
        except OSError:
            pass
        if proc.poll() is not None or time.monotonic() > deadline:
            proc.kill()
            log.close()
            pytest.fail("yuanzi serve did not start:\n" + (tmp / "server.log").read_text())
        time.sleep(0.1)
    try:
        yield base
    finally:
        proc.terminate()
        try:
            proc.wait(10)
        except subprocess.TimeoutExpired:
            proc.kill()
        log.close()


@pytest.fixture(scope="package")
def server(browser_available: None, hall_env: dict[str, str]) -> Iterator[str]:
    """A real hall on a free port; yields its base URL."""
    with serve(hall_env) as base:
        yield base


@pytest.fixture(scope="module")
def quick_clock_server(browser_available: None, hall_env: dict[str, str],
                       tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """A second hall, its own database, whose turn clock runs out in 5 s: for a test that
    waits for a timeout (``new_page(..., base_url=quick_clock_server)``)."""
    tmp = tmp_path_factory.mktemp("quick-clock-hall")
    with serve({**hall_env, "YUANZI_TURN_SECONDS": str(QUICK_TURN_SECONDS),
                "YUANZI_DB_PATH": str(tmp / "hall.db")}) as base:
        yield base


@pytest.fixture(scope="package")
def make_admin(server: str, hall_env: dict[str, str]) -> Callable[[str, str], None]:
    """make_admin(nickname, password): an admin of the package's hall, made as an operator
    makes one (``yuanzi admin create``, docs/hall.md)."""
    def make(nickname: str, password: str) -> None:
        subprocess.run([sys.executable, "-m", "yuanzi", "admin", "create", nickname],
                       env={**hall_env, "YUANZI_ADMIN_PASSWORD": password}, check=True,
                       capture_output=True, timeout=60)
    return make


@pytest.fixture(scope="package")
def browser(browser_available: None) -> Iterator[Any]:
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        yield b
        b.close()


class Console:
    """Console errors and uncaught exceptions of the pages of one test."""

    def __init__(self) -> None:
        self.errors: list[str] = []
        self.allowed: list[str] = []

    def watch(self, page: Any, name: str) -> None:
        def on_console(msg: Any) -> None:
            if msg.type == "error":
                self.errors.append(f"[{name}] console: {msg.text} @ {msg.location.get('url')}")

        page.on("console", on_console)
        page.on("pageerror", lambda e: self.errors.append(f"[{name}] exception: {e}"))

    def unexpected(self) -> list[str]:
        return [e for e in self.errors if not any(a in e for a in self.allowed)]


@pytest.fixture
def console() -> Iterator[Console]:
    c = Console()
    yield c
    assert not c.unexpected(), "console errors:\n" + "\n".join(c.unexpected())


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item: pytest.Item, call: Any) -> Iterator[None]:
    """Each phase's report kept on the test (``new_page`` looks at the call's)."""
    outcome = yield
    report = outcome.get_result()  # type: ignore[attr-defined]
    setattr(item, f"report_{report.when}", report)


AT_FAILURE = """() => {
  const s = window.yuanzi && window.yuanzi.store.get();
  const screen = document.querySelector('#screen');
  return JSON.stringify({ url: location.href, screen: document.body.dataset.screen,
    route: s && s.route, conn: s && s.conn.status, account: s && s.account && s.account.id,
    myTable: s && s.myTable, watching: s && s.watching, game: !!(s && s.game),
    reads: s && Object.fromEntries(Object.entries(s.reads).map(([k, v]) => [k, v.error || 'ok'])),
    text: screen ? screen.innerText.slice(0, 400) : '' });
}"""
"""What a failed test's pages showed: printed (CI's log keeps it) and shot (failures/)."""


def _at_failure(name: str, page: Any, test: str) -> None:
    try:
        print(f"[{name}] at the failure: {page.evaluate(AT_FAILURE)}")
        folder = ROOT / "test-artifacts" / "failures"
        folder.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(folder / f"{test}-{name}.png"), full_page=True)
    except Exception as e:  # (a closed page, a crashed browser: the failure says enough)
        print(f"[{name}] could not be looked at: {e}")


@pytest.fixture
def new_page(browser: Any, server: str, console: Console,
             request: pytest.FixtureRequest) -> Iterator[Callable[..., Any]]:
    """new_page(name, viewport=DESKTOP, **context options) → a page at the hall (or at
    another, ``base_url=``). A failed test's pages are looked at before they close."""
    contexts: list[Any] = []
    pages: list[tuple[str, Any]] = []

    def make(name: str, viewport: dict[str, int] | None = None, **options: Any) -> Any:
        options.setdefault("base_url", server)
        options.setdefault("locale", "zh-CN")  # (the hall follows the browser's language)
        # the hall's service worker caches the client's ~95 files in every context it
        # registers in: only the PWA's own tests (service_workers="allow") need it, and
        # the browser tests run about a sixth quicker without it (measured side by side)
        options.setdefault("service_workers", "block")
        ctx = browser.new_context(viewport=viewport or DESKTOP, **options)
        ctx.set_default_timeout(15000)
        contexts.append(ctx)
        page = ctx.new_page()
        console.watch(page, name)
        pages.append((name, page))
        return page

    yield make
    report = getattr(request.node, "report_call", None)
    if report is not None and report.failed:
        for name, page in pages:
            _at_failure(name, page, request.node.name)
    for ctx in contexts:
        ctx.close()


_COLOURS = """async (src) => {
  const img = new Image();
  img.src = src;
  await img.decode();
  const c = document.createElement('canvas');
  c.width = img.naturalWidth; c.height = img.naturalHeight;
  const g = c.getContext('2d');
  g.drawImage(img, 0, 0);
  const d = g.getImageData(0, 0, c.width, c.height).data;
  const seen = new Set();
  const step = Math.max(4, Math.floor(d.length / 4 / 20000)) * 4;
  for (let i = 0; i < d.length; i += step) seen.add((d[i] << 16) | (d[i + 1] << 8) | d[i + 2]);
  return seen.size;
}"""


DEALT = "() => !document.querySelector('.hand.dealing')"
"""No hand is being dealt (views/tablefx.js takes the class off after the deal)."""


def shot(page: Any, name: str, min_colours: int = 12) -> Path:
    """Save a screenshot of the page as ``<name>.png`` and check it is not blank: the page
    draws something (elements laid out) and the image has many colours (not one flat fill).
    A hand still being dealt (its cards fly in for 1.5 s, half faded) is waited out first:
    the picture is of the table a player looks at, not of its first second."""
    page.wait_for_function(DEALT, polling=50, timeout=5000)
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    path = SCREENSHOTS / f"{name}.png"
    data = page.screenshot(path=str(path), full_page=True)
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    drawn = page.evaluate("() => document.querySelectorAll('#app *').length")
    assert drawn > 10, f"{name}: the page drew {drawn} elements"
    colours = page.evaluate(_COLOURS, "data:image/png;base64," + base64.b64encode(data).decode())
    assert colours >= min_colours, f"{name}: the screenshot has {colours} colours (blank?)"
    return path


def pytest_configure(config: pytest.Config) -> None:
    os.environ.setdefault("PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD", "1")


__all__ = ["DESKTOP", "PHONE", "QUICK_TURN_SECONDS", "SCREENSHOTS", "Console", "serve", "shot"]
