"""The client's behaviour in a real browser: the rules port against the engine, keyboard
play, an illegal selection explained before it is sent, 托管, going offline and
reconnecting by itself, and the English switch."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from tests.browser.conftest import shot
from tests.browser.flows import (
    HINTED,
    MY_TURN,
    add_bots,
    create_table,
    nickname,
    ready,
    register,
    state,
)
from tests.browser.rules_cases import (
    JS_DIR,
    check_hint,
    conformance_cases,
    hint_cases,
    matches,
    random_cases,
)

ANSWER = (Path(JS_DIR) / "answer.js").read_text()
RUN = """async (reqs) => {
  const mods = { cards: await import('/static/js/cards.js'),
    rules: await import('/static/js/rules.js'), hint: await import('/static/js/hint.js') };
  return (ANSWER)(reqs, mods);
}""".replace("ANSWER", ANSWER.strip().rstrip(";"))


def test_rules_port_in_the_browser(new_page: Any) -> None:
    page = new_page("rules")
    page.goto("/")
    page.locator(".login-form").wait_for()
    cases = conformance_cases()
    randoms = random_cases(n=400)
    hints = hint_cases(n=150)
    requests = [c["request"] for c in cases] + [r for r, _ in randoms] + hints
    got = page.evaluate(RUN, requests)
    n, m = len(cases), len(randoms)
    bad = [(c["request"], g) for c, g in zip(cases, got[:n], strict=True)
           if not matches(c["expect"], g)]
    bad += [(r, g) for (r, want), g in zip(randoms, got[n:n + m], strict=True)
            if not matches(want, g)]
    bad += [(r, why) for r, g in zip(hints, got[n + m:], strict=True)
            if (why := check_hint(r, g)) is not None]
    assert not bad, bad[:5]


def _game_page(new_page: Any, name: str) -> Any:
    page = new_page(name)
    register(page, nickname(name))
    create_table(page)
    add_bots(page, 3)
    ready(page)
    page.wait_for_function(MY_TURN, polling=50, timeout=30000)
    return page


def test_keyboard_play_and_an_illegal_selection_explained(new_page: Any) -> None:
    page = _game_page(new_page, "keys")
    page.locator("body").click(position={"x": 5, "y": 300})
    keys = "3456789TJQKA2"
    ranks = state(page, "s.game.hand.filter((c) => c < 52).map((c) => c >> 2)")
    # typing a rank selects one more card of it
    page.keyboard.press(keys[ranks[-1]])
    assert page.locator(".hand .card.selected").count() == 1
    page.keyboard.press("Escape")
    assert page.locator(".hand .card.selected").count() == 0
    # two cards of different ranks: explained before anything is sent, Play disabled
    if ranks[0] != ranks[-1]:
        page.keyboard.press(keys[ranks[-1]])
        page.keyboard.press(keys[ranks[0]])
        assert page.locator(".hand .card.selected").count() == 2
        assert "点数不同" in page.locator("#selection-status").inner_text()
        assert page.locator("[data-action=play]").is_disabled()
        shot(page, "40-illegal-selection-explained")
        page.keyboard.press("Escape")
    # H asks for the hint; Enter plays it (or Space passes when nothing beats the table)
    hand = state(page, "s.game.hand.length")
    version = state(page, "s.game.version")
    page.keyboard.press("h")
    # the server's hint takes a round trip: wait for it to show before reading it
    page.wait_for_function(HINTED, timeout=10000, polling=50)
    chosen = page.locator(".hand .card.selected").count()
    if chosen:
        assert page.locator(".hand .card.hinted").count() == chosen
        page.keyboard.press("Enter")
        page.wait_for_function(
            f"() => window.yuanzi.store.get().game.hand.length === {hand - chosen}")
    else:
        page.keyboard.press("Space")
    page.wait_for_function(f"() => window.yuanzi.store.get().game.version > {version}")
    # every card and control has an accessible name
    unnamed = page.evaluate("""() => [
      ...document.querySelectorAll('button, a[href], input, select')]
      .filter((el) => el.getBoundingClientRect().width > 0)
      .filter((el) => !(el.getAttribute('aria-label') || el.textContent.trim()
        || (el.id && document.querySelector(`label[for="${el.id}"]`))))
      .map((el) => el.outerHTML.slice(0, 80))""")
    assert not unnamed, unnamed
    assert page.locator(".hand .card").first.get_attribute("aria-label")


def test_auto_play_offline_and_reconnection(new_page: Any, console: Any) -> None:
    console.allowed.append("WebSocket connection to")  # the browser's own log while offline
    page = _game_page(new_page, "away")
    # 托管: the hall's bot takes this seat's turns; against three instant bots the game
    # then runs to its end with no further click
    page.locator("[data-action=auto]").click()
    page.locator(".over-dialog[open]").wait_for(timeout=60000)
    shot(page, "41-game-over-after-auto-play")
    page.locator("[data-action=again]").click()  # play again: ready for the next game
    page.wait_for_function(MY_TURN, polling=50, timeout=30000)

    page.context.set_offline(True)
    page.evaluate("() => window.yuanzi.socket.ws && window.yuanzi.socket.ws.close()")
    page.locator(".offline-banner").wait_for(state="visible")
    shot(page, "42-offline")
    page.context.set_offline(False)
    page.locator(".offline-banner").wait_for(state="hidden", timeout=30000)
    page.wait_for_function("() => window.yuanzi.store.get().conn.status === 'online'")
    page.wait_for_function("() => (window.yuanzi.store.get().game || {}).hand?.length > 0")
    assert page.locator(".hand .card").count() == len(state(page, "s.game.hand"))


def test_english_switch_and_back(new_page: Any) -> None:
    page = new_page("lang")
    register(page, nickname("en"))
    page.get_by_role("button", name="English").click()
    page.get_by_role("heading", name="Lobby").wait_for()
    assert page.evaluate("() => document.documentElement.lang") == "en"
    page.get_by_role("button", name="Create table").click()
    page.locator(".create-dialog[open]").wait_for()
    shot(page, "43-english-create-table")
    page.get_by_role("button", name="Cancel").click()
    page.reload()
    page.get_by_role("heading", name="Lobby").wait_for()  # the choice is remembered
    page.get_by_role("button", name="中文").click()
    page.get_by_role("heading", name="游戏大厅").wait_for()


def test_the_owner_seats_a_strong_bot_and_plays_with_it(new_page: Any) -> None:
    page = new_page("strong")
    register(page, nickname("strong"))
    create_table(page)
    page.locator("[data-action=add-strong-bot]").first.click()
    page.wait_for_function("() => document.querySelectorAll('.seat .avatar.bot').length >= 1")
    seats = state(page, "s.tables[s.myTable].seats.map((x) => x.bot)")
    assert "search" in seats  # the search bot of issue 3, thinking in the hall's worker
    assert page.locator(".seat .seat-meta", has_text="高手").count() == 1
    add_bots(page, 2)
    ready(page)
    page.wait_for_function(MY_TURN, polling=50, timeout=30000)
    shot(page, "44-strong-bot-at-the-table")
