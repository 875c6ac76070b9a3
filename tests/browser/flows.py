"""What a player does in the client, step by step, as the tests click it."""

from __future__ import annotations

import itertools
import random
import time
from collections.abc import Callable
from typing import Any, Literal

from yuanzi.engine import Game, Rules, deal_half
from yuanzi.engine.observe import half_result_dict

_names = itertools.count(1)

MY_TURN = ("() => !!document.querySelector("
           "'.controls:not([hidden]) [data-action=hint]:not([disabled])')")
TURN_OR_OVER = ("() => !!document.querySelector("
                "'.controls:not([hidden]) [data-action=hint]:not([disabled]), .over-dialog[open], "
                ".half-layer.pausing [data-action=half-continue]')")
PAUSING = ".half-layer.pausing [data-action=half-continue]"
"""继续 on the first half's summary while the halves pause (issue 31)."""


def nickname(prefix: str) -> str:
    return f"{prefix}{int(time.time() * 1000) % 100000}{next(_names)}"


def register(page: Any, name: str, password: str = "tea-house-27") -> None:
    """Open the hall, switch the form to 注册 and register; ends in the lobby."""
    page.goto("/")
    page.locator(".login-form").wait_for()
    page.get_by_role("button", name="没有账号？注册").click()
    page.fill("#nickname", name)
    page.fill("#password", password)
    page.locator(".login-form button[type=submit]").click()
    page.locator(".lobby-screen").wait_for()
    page.wait_for_function("() => window.yuanzi.store.get().conn.status === 'online'")


def log_in(page: Any, name: str, password: str = "tea-house-27") -> None:
    """Open the hall and log in with the form as it first shows (登录); ends in the lobby."""
    page.goto("/")
    page.locator(".login-form").wait_for()
    page.fill("#nickname", name)
    page.fill("#password", password)
    page.locator(".login-form button[type=submit]").click()
    page.locator(".lobby-screen").wait_for()
    page.wait_for_function("() => window.yuanzi.store.get().conn.status === 'online'")


def create_table(page: Any, name: str = "", cloth: str = "", sign: str = "") -> int:
    """The create dialog; a name or another cloth needs the item in the inventory (R41)."""
    page.get_by_role("button", name="创建牌桌").click()
    page.locator(".create-dialog[open]").wait_for()
    if name:
        page.locator("#ct-name:not([disabled])").wait_for()
        page.fill("#ct-name", name)
    if sign:
        page.select_option("#ct-sign", sign)
    if cloth:
        page.locator(f"#ct-cloth option[value={cloth}]:not([disabled])").wait_for(
            state="attached")
        page.select_option("#ct-cloth", cloth)
    page.locator(".create-dialog button[type=submit]").click()
    page.locator(".table-screen").wait_for()
    page.wait_for_function("() => window.yuanzi.store.get().myTable !== null")
    table: int = page.evaluate("() => window.yuanzi.store.get().myTable")
    return table


def create_private_table(page: Any) -> int:
    """A 好友房 by the create dialog: its number, once its room code shows."""
    page.get_by_role("button", name="创建牌桌").click()
    page.locator(".create-dialog[open]").wait_for()
    page.get_by_label("好友房（不在大厅显示）").check()
    page.locator(".create-dialog button[type=submit]").click()
    page.locator(".table-screen").wait_for()
    page.locator(".private-bar .room-code-chip").wait_for()
    table: int = page.evaluate("() => window.yuanzi.store.get().myTable")
    return table


def join_by_code(page: Any, code: str) -> None:
    """The lobby's room-code box (房间号), into the table's screen."""
    page.get_by_label("房间号").fill(code)
    page.get_by_role("button", name="进入").click()
    page.locator(".table-screen").wait_for()


def add_bots(page: Any, n: int = 3) -> None:
    for k in range(n):
        page.locator("[data-action=add-bot]").first.click()
        page.wait_for_function(
            f"() => document.querySelectorAll('.seat .avatar.bot').length >= {k + 1}")


def ready(page: Any) -> None:
    page.locator("[data-action=ready]").click()


HINTED = ("() => !!document.querySelector('.hand .card.hinted, "
          "[data-action=pass].hinted')")


AT_REST = "() => !document.querySelector('.felt')?.getAnimations().length"
"""The felt is still: a big play shakes it (tablefx) for up to 0.7 s, and a click waits
for its button to stop moving; waiting for that here, frame by frame, is quicker than the
click's own backing off (20, 100, 100, then 500 ms between tries)."""


def hint(page: Any) -> None:
    """Ask for the hint and wait for it to show: the server's hint (hello's features)
    takes a round trip."""
    page.wait_for_function(AT_REST, polling="raf", timeout=10000)
    page.locator("[data-action=hint]").click()
    page.wait_for_function(HINTED, timeout=10000, polling="raf")


def take_turn(page: Any) -> str:
    """Hint, then Play what it selected, or Pass when nothing beats the table."""
    hint(page)
    play = page.locator("[data-action=play]")
    if play.is_enabled():
        play.click()
        return "play"
    page.locator("[data-action=pass]").click()
    return "pass"


SITUATION = ("() => { const q = (sel) => !!document.querySelector(sel); "
             "const over = q('.over-dialog[open]'), pausing = q('" + PAUSING + "'); "
             "if (!over && !pausing && !(" + MY_TURN + ")()) return false; "
             "const g = window.yuanzi.store.get().game; "
             "return { over, pausing, half: q('.half-panel'), version: g ? g.version : null }; }")
"""TURN_OR_OVER, and what it is, read in one round trip: the game over, the halves' pause,
the end-of-half panel shown, the game's version."""


def play_to_the_end(page: Any, timeout: float = 150,
                    on_half: Callable[[Any], None] | None = None) -> int:
    """Take every turn until the end-of-game panel shows; returns the turns taken.
    ``on_half(page)`` runs once when the end-of-half panel is first seen."""
    turns = 0
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        seen = page.wait_for_function(SITUATION, timeout=30000, polling="raf").json_value()
        if seen["over"]:
            return turns
        if on_half is not None and seen["half"]:
            on_half(page)
            on_half = None
            continue  # what on_half did (pressed 继续?) shows in a fresh look
        if seen["pausing"]:  # read: the second half's clock may start
            page.locator(PAUSING).click()
            page.wait_for_function(f"() => !document.querySelector('{PAUSING}')",
                                   timeout=30000, polling="raf")
            continue
        version = seen["version"]
        take_turn(page)
        turns += 1
        page.wait_for_function(
            "() => { const s = window.yuanzi.store.get(); "
            f"return !s.game || s.game.version > {version}"
            " || !!document.querySelector('.over-dialog[open]'); }", timeout=30000,
            polling="raf")
    raise AssertionError(f"the game did not end within {timeout} s ({turns} turns)")


def state(page: Any, expr: str) -> Any:
    return page.evaluate(f"() => {{ const s = window.yuanzi.store.get(); return {expr}; }}")


def coins(page: Any) -> int:
    value: int = state(page, "s.account.coins")
    return value


def buy(page: Any, item: str) -> None:
    before = coins(page)
    page.locator(f"[data-action=buy][data-item={item}]").click()
    # a purchase over 1,000 coins asks first (issue 10): confirm it
    page.wait_for_function(f"() => window.yuanzi.store.get().account.coins < {before}"
                           " || !!document.querySelector('.confirm-dialog[open]')")
    if page.locator(".confirm-dialog[open]").count():
        page.locator(".confirm-dialog [data-action=confirm-yes]").click()
    page.wait_for_function(f"() => window.yuanzi.store.get().account.coins < {before}")


def a_half_that_moves_points(detail: bool | Literal["team"] = True) -> dict[str, Any]:
    """A first half of a seeded random game in which R29 moved points both ways: score
    cards left in a hand, and 下游's tricks given to 上游's team (the engine's own result),
    as the game's end tells it (``detail`` True) or a running game (``"team"``, R45)."""
    for seed in range(500):
        rng = random.Random(seed)
        game = Game(Rules(), deal_half(rng, Rules()), rng=rng)
        while game.halves[0].result is None:
            moves = game.legal_moves()
            game.apply(moves[rng.randrange(len(moves))])
        r = game.halves[0].result
        if r.downstream_points and sum(r.hand_points):
            return half_result_dict(r, detail=detail)
    raise AssertionError("no such half in 500 seeds")


def dismiss_toasts(page: Any) -> None:
    """Close the toasts (they lie over the bottom of the screen for a few seconds)."""
    while page.locator(".toast-close:visible").count():  # at a table they have none
        page.locator(".toast-close:visible").first.click()


TOAST_COVERS = """(parts) => {
  const meet = (a, b) => a.left < b.right && b.left < a.right
    && a.top < b.bottom && b.top < a.bottom;
  const toasts = [...document.querySelectorAll('.toast')].filter((x) => x.checkVisibility())
    .map((x) => x.getBoundingClientRect());
  return parts.filter((sel) => [...document.querySelectorAll(sel)]
    .filter((x) => x.checkVisibility())
    .some((x) => toasts.some((r) => meet(r, x.getBoundingClientRect()))));
}"""


def toast_covers(page: Any) -> list[str]:
    """Which of the table's parts a visible toast lies over (issue 45: none of its head,
    the top bar, the hand or the buttons)."""
    covered: list[str] = page.evaluate(
        TOAST_COVERS, [".topbar", ".table-head", ".hand", ".controls", ".seat"])
    return covered
