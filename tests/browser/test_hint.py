"""The Hint button tells the truth (issue 10), in a real browser: with the partner's play on
top and a bomb in hand, the first press says "pass, your partner is winning", the second
selects the play that beats, the third wraps back; the note dies with its turn.

The position is made deterministic by handing the client a `game` frame of a scripted
engine game (the frame the hall would send, R45), at a real table of a real hall. The
server's `hint` answer is stubbed in its docs/protocol.md shape (tests/server/test_hint.py
checks the hall gives exactly that answer for this position); without the `hint` feature
the client's local rules (hint.js) must answer the same.
"""

from __future__ import annotations

import json
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest
from tests.browser.conftest import ROOT, serve, shot
from tests.browser.flows import MY_TURN, create_table, hint, nickname, register
from tests.engine.scenario import game_from, play

ADVICE = "对家牌大，建议不要"
PASSWORD = "tea-house-27"

INJECT = """([frame, server]) => {
  const y = window.yuanzi;
  window.hintRequests = 0;
  if (server) {
    const request = y.socket.request.bind(y.socket);
    y.socket.request = (type, fields = {}) => {
      if (type !== 'hint') return request(type, fields);
      window.hintRequests += 1;
      return Promise.resolve({ table: fields.table, version: fields.version, cards: 'pass',
        reason: 'partner_winning', beats: ['KS KH KC KD'] });
    };
  }
  const features = y.store.get().features.filter((f) => f !== 'hint');
  y.store.set({ features: server ? [...features, 'hint'] : features });
  y.app.onFrame(frame);
}"""

STATUS_HAS = ("(text) => (document.querySelector('#selection-status')?.textContent || '')"
              ".includes(text)")
SELECTED = "() => [...document.querySelectorAll('.hand .card.selected')].map((b) => b.dataset.card)"


def partner_winning_frame(table: int, version: int = 2) -> dict[str, Any]:
    """Seat 0's game frame: South (2), its partner, led four 3s, West (3) passed; seat 0
    holds four Ks among twelve cards (blade 7)."""
    game = game_from(["KS KH KC KD 5S 6H 8C 9D 10S JH QH AS", "6S 8D",
                      "3S 3H 3C 3D 4S 9H", "6C 8H"], blade_holder=2)
    play(game, [(2, "3S 3H 3C 3D"), (3, "pass")])
    assert game.to_move == 0
    return {"type": "game", "table": table, "game_id": 990000 + table, "version": version,
            "seat": 0, "view": game.observation(0).to_dict(), "deadline": None,
            "now": int(time.time() * 1000)}


@pytest.mark.parametrize("source", ["server", "local"])
def test_partner_winning_hint_advises_pass_then_cycles_to_the_bomb(
        new_page: Any, source: str) -> None:
    page = new_page(f"hint-{source}")
    register(page, nickname("hint"))
    table = create_table(page)
    page.evaluate(INJECT, [partner_winning_frame(table), source == "server"])
    page.wait_for_function(MY_TURN, polling=50, timeout=10000)
    hint = page.locator("[data-action=hint]")
    # first press: the advice and its reason; nothing selected, 不要 highlighted
    hint.click()
    page.wait_for_function(STATUS_HAS, arg=ADVICE, polling=50, timeout=10000)
    assert page.evaluate(SELECTED) == []
    assert "hinted" in (page.locator("[data-action=pass]").get_attribute("class") or "")
    if source == "server":
        shot(page, "47-hint-partner-winning")
    # second press: the play that beats the partner's bomb (R16), selected in the hand
    hint.click()
    page.wait_for_function(f"() => ({SELECTED})().length === 4", polling=50, timeout=5000)
    assert sorted(page.evaluate(SELECTED)) == ["KC", "KD", "KH", "KS"]
    assert page.locator(".hand .card.hinted").count() == 4
    assert not page.locator("[data-action=play]").is_disabled()
    assert "hinted" not in (page.locator("[data-action=pass]").get_attribute("class") or "")
    # third press: the cycle wraps back to the advice
    hint.click()
    page.wait_for_function(STATUS_HAS, arg=ADVICE, polling=50, timeout=5000)
    assert page.evaluate(SELECTED) == []
    if source == "server":
        assert page.evaluate("() => window.hintRequests") == 1  # asked once per turn
    # a new version (the same hand, still my turn): the old advice is gone
    page.evaluate("(frame) => window.yuanzi.app.onFrame(frame)",
                  partner_winning_frame(table, version=3))
    page.wait_for_function(f"(text) => !({STATUS_HAS})(text)", arg=ADVICE, polling=50,
                           timeout=5000)
    assert "hinted" not in (page.locator("[data-action=pass]").get_attribute("class") or "")


def test_the_hint_keeps_a_seeded_endgame_the_rule_of_thumb_throws(
        new_page: Any, hall_env: dict[str, str], tmp_path: Path) -> None:
    """Issue 45, in a real hall: a table left at one of the seeded end-games where the rule
    of thumb's move loses the game (tests/bots/test_endgame.py), restored by the hall as
    after a crash (tests/browser/seeded_position.py: no request can choose a deal). 提示
    there selects the move that keeps the game — not the rule of thumb's — at 1366×768
    and on a phone."""
    env = {**hall_env, "YUANZI_DB_PATH": str(tmp_path / "hall.db"), "YUANZI_TURN_SECONDS": "120"}
    name = nickname("end")
    made = subprocess.run([sys.executable, "-m", "tests.browser.seeded_position", "14", "77",
                           name, PASSWORD], env=env, cwd=ROOT, capture_output=True, text=True,
                          timeout=120, check=True)
    seeded = json.loads(made.stdout)
    assert seeded["hint"] != seeded["rule"]  # (the rule of thumb throws it: pass)
    with serve(env) as base:
        for viewport, shot_name in (({"width": 1366, "height": 768}, "hint-endgame-laptop"),
                                    ({"width": 390, "height": 844}, "hint-endgame-phone")):
            page = new_page(shot_name, viewport=viewport, base_url=base)
            page.goto(f"/#/table/{seeded['table']}")  # (logged in, the hall seats him there)
            page.locator(".login-form").wait_for()
            page.fill("#nickname", name)
            page.fill("#password", PASSWORD)
            page.locator(".login-form button[type=submit]").click()
            page.wait_for_function(MY_TURN, timeout=20000)
            assert page.evaluate("() => window.yuanzi.store.get().game.seat") == seeded["seat"]
            hint(page)
            chosen = sorted(page.evaluate(SELECTED))
            assert chosen == sorted(seeded["hint"].split()), (chosen, seeded)
            assert not page.locator("[data-action=pass].hinted").count()
            shot(page, shot_name)
            page.context.close()
