"""Plays you can see and hear (issue 10): a bomb, an atom and a hydrogen bomb are named
on the table with an effect of their own; a closed trick shows its winner and the points; the
last trick can be looked at; the hand is dealt with a short animation that never blocks a
tap; sounds wait for the first gesture and a mute remembered per browser; with
prefers-reduced-motion nothing moves."""

from __future__ import annotations

from typing import Any

from tests.browser.conftest import shot
from tests.browser.flows import (
    MY_TURN,
    add_bots,
    create_table,
    nickname,
    ready,
    register,
    take_turn,
)

# Put one play of the seat after mine on the table as the server's `played` frame would
# (version + 1): the table view and its effects only read the store.
LAND = """async (cards) => {
  const rules = await import('/static/js/rules.js');
  const { parseCards } = await import('/static/js/cards.js');
  const { store } = window.yuanzi;
  const g = store.get().game;
  const seat = (g.seat + 1) % 4;
  const top = rules.moveText(rules.classify(parseCards(cards), g.blade));
  store.set({ game: { ...g, version: g.version + 1, trick: [...g.trick, [seat, cards]],
    history: [...g.history, [seat, cards]], top, topSeat: seat, toMove: (seat + 1) % 4 } });
  return seat;
}"""

INJECTED = ".trick-slot.pos-right"
"""Where LAND's play shows: the next seat's slot (a bot's real play may sit in another,
a bomb too: the random bot leads one now and then)."""

# The same seat's play closes the trick: it takes `points` (R25).
CLOSE = """(points) => {
  const { store } = window.yuanzi;
  const g = store.get().game;
  const seat = (g.seat + 1) % 4;
  const tp = [...g.trickPoints];
  tp[seat] += points;
  const last = [...g.trick, [(seat + 2) % 4, 'pass']];
  store.set({ game: { ...g, version: g.version + 1, lastTrick: last,
    trick: [], history: [...g.history, [(seat + 2) % 4, 'pass']], top: null, topSeat: null,
    trickPoints: tp, toMove: seat } });
  return seat;
}"""

CUES = "() => window.__cues()"


def start(page: Any, *, fresh: bool = False) -> None:
    """Sit with three bots until my first turn; `fresh` reloads the page there, so that it
    has had no gesture yet."""
    register(page, nickname("fx"))
    create_table(page)
    add_bots(page, 3)
    ready(page)
    page.wait_for_function(MY_TURN, polling=50, timeout=30000)
    if fresh:
        page.reload()
        page.wait_for_function(MY_TURN + " && !!window.yuanzi.store.get().game", polling=50,
                               timeout=30000)
    page.evaluate("""async () => {
      const m = await import('/static/js/sound.js');
      window.__cues = () => m.cueLog.map((c) => `${c.name}:${c.audible}`);
    }""")


def blade_free(page: Any) -> str:
    """A rank that is not the blade (so that a group of it is a plain bomb, atom, …)."""
    blade: int = page.evaluate("""async () => {  // the game view may be a moment behind
      for (let i = 0; i < 100 && !window.yuanzi.store.get().game; i++) {
        await new Promise((ok) => setTimeout(ok, 50));
      }
      return window.yuanzi.store.get().game.blade; }""")
    return "5" if blade != 2 else "6"


def test_big_plays_are_named_with_an_effect_and_a_sound(new_page: Any) -> None:
    page = new_page("fx")
    start(page, fresh=True)
    r = blade_free(page)
    # before any gesture the page is silent (autoplay rules): the cue is asked, not heard
    page.evaluate(LAND, f"{r}S {r}H {r}C {r}D {r}S")
    tag = page.locator(INJECTED + " .play-tag.bomb")
    tag.wait_for()
    assert tag.inner_text() == "炸弹 ×5"
    assert page.locator(".fx-banner.bomb").inner_text() == "炸弹 ×5"
    assert "bomb:false" in page.evaluate(CUES)
    shot(page, "81-table-bomb")

    page.locator(".table-title").click()  # a gesture: sound may play now
    page.evaluate(LAND, f"{r}H {r}H {r}H")
    page.locator(INJECTED + " .play-tag.atom").wait_for()
    assert page.locator(".fx-banner.atom").inner_text() == "原子"
    assert "atom:true" in page.evaluate(CUES)
    assert page.locator(".fx-banner").count() == 1  # one big play's banner at a time

    # the shake lasts 0.7 s: record the felt's classes as they change, so a slow machine
    # that reads them later still sees what the hydrogen bomb did
    page.evaluate("""() => { const felt = document.querySelector('.felt');
        window.feltClasses = [];
        new MutationObserver(() => window.feltClasses.push(felt.className))
            .observe(felt, {attributes: true, attributeFilter: ['class']}); }""")
    page.evaluate(LAND, f"{r}S {r}S {r}H {r}H {r}C {r}C {r}D {r}D")
    page.locator(INJECTED + " .play-tag.hydrogen").wait_for()
    assert page.locator(".fx-banner.hydrogen").inner_text() == "氢弹"
    assert "hydrogen:true" in page.evaluate(CUES)
    assert any("shake-hard" in c for c in page.evaluate("() => window.feltClasses"))
    shot(page, "82-table-hydrogen-bomb")

    # the trick closes: its winner and the points taken, then 上一轮 shows it again
    seat = page.evaluate(CLOSE, 25)
    won = page.locator(".fx-banner.trick")
    won.wait_for()
    assert won.get_attribute("data-seat") == str(seat)
    assert won.get_attribute("data-points") == "25"
    assert "收下 25 分" in won.inner_text()
    assert "trick:true" in page.evaluate(CUES)
    last = page.get_by_role("button", name="上一轮")
    last.click()
    assert last.get_attribute("aria-pressed") == "true"
    page.locator(".trick-grid.looking-back .play-tag.hydrogen").wait_for()
    assert "上一轮" in page.locator(".center-msg").inner_text()
    last.click()
    page.locator(".trick-grid:not(.looking-back)").wait_for()
    # a look back lasts until the next action: it never hides a new trick's top
    last.click()
    page.locator(".trick-grid.looking-back").wait_for()
    page.evaluate(LAND, f"{r}S")
    page.locator(".trick-grid:not(.looking-back) .trick-slot .mini-cards").first.wait_for()
    assert last.get_attribute("aria-pressed") == "false"
    # the play on top is marked in words, on it alone (issue 31)
    assert page.locator(".trick-slot .top-tag").count() == 1
    assert page.locator(".trick-slot.top .top-tag").inner_text() == "最大"


def test_mute_is_remembered_and_silences_every_cue(new_page: Any) -> None:
    page = new_page("mute")
    start(page)
    sound = page.locator("[data-action=sound]")
    assert sound.get_attribute("aria-pressed") == "true"
    sound.click()  # also the first gesture
    assert sound.get_attribute("aria-pressed") == "false"
    assert sound.get_attribute("aria-label") == "声音：关"
    before = len(page.evaluate(CUES))  # (counted after the click: the turn's own cue may
    # come a moment after the table shows, sounded while the sound was still on)
    take_turn(page)
    page.wait_for_function(f"() => window.__cues().length > {before}")
    cues = page.evaluate(CUES)[before:]
    assert cues and all(c.endswith(":false") for c in cues), cues
    page.reload()
    page.locator(".table-screen [data-action=sound]").wait_for()
    assert page.locator("[data-action=sound]").get_attribute("aria-pressed") == "false"
    page.locator("[data-action=sound]").click()
    assert page.evaluate("() => localStorage.getItem('yuanzi.muted')") == "0"


def test_reduced_motion_moves_nothing(new_page: Any) -> None:
    page = new_page("calm", reduced_motion="reduce")
    start(page)
    assert page.locator(".hand.dealing").count() == 0  # no deal animation at all
    r = blade_free(page)
    page.evaluate(LAND, f"{r}S {r}H {r}C {r}D")
    page.locator(INJECTED + " .play-tag.bomb").wait_for()
    assert page.locator(".landing").count() == 0
    assert "shake" not in (page.locator(".felt").get_attribute("class") or "")
    # the words stay, still: the banner is shown without its animation
    banner = page.locator(".fx-banner.bomb")
    assert banner.inner_text() == "炸弹 ×4"
    assert banner.evaluate("(el) => getComputedStyle(el).animationName") == "none"


def test_the_deal_never_blocks_a_tap(new_page: Any) -> None:
    page = new_page("deal")
    register(page, nickname("deal"))
    create_table(page)
    add_bots(page, 3)
    ready(page)
    page.locator(".hand.dealing .card").first.wait_for()  # the deal is running
    card = page.locator(".hand .card").last
    card.click()
    assert card.get_attribute("aria-pressed") == "true"
    page.wait_for_function("() => !document.querySelector('.hand.dealing')", timeout=3000)


def test_the_first_game_overlay_opens_the_guide_over_the_table(new_page: Any) -> None:
    page = new_page("first")
    register(page, nickname("first"))
    create_table(page)
    overlay = page.locator(".first-game")
    overlay.wait_for()
    overlay.locator("[data-action=first-guide]").click()
    page.locator(".guide-dialog[open] .guide-body[aria-busy=false]").wait_for()
    assert "#/table/" in page.url  # the player stays at his table
    page.locator(".guide-dialog[open] .guide-close button").click()
    page.locator(".guide-dialog:not([open])").wait_for(state="attached")


def test_a_hint_selection_does_not_outlive_its_turn(new_page: Any) -> None:
    page = new_page("hintsel")
    start(page)
    # the hall's hint advises the last card of the hand (its answer as docs/protocol.md says)
    page.evaluate("""() => { const y = window.yuanzi;
      const request = y.socket.request.bind(y.socket);
      y.socket.request = (type, fields = {}) => type !== 'hint' ? request(type, fields)
        : Promise.resolve({ table: fields.table, version: fields.version, reason: 'beat', beats: [],
          cards: document.querySelector('.hand .card:last-child').dataset.card }); }""")
    page.locator("[data-action=hint]").click()
    page.locator(".hand .card.hinted.selected").wait_for()
    # the turn passes by (another seat plays): the hint's raised cards go down
    page.evaluate("""() => { const { store } = window.yuanzi; const g = store.get().game;
      store.set({ game: { ...g, version: g.version + 1, toMove: (g.seat + 1) % 4 } }); }""")
    page.wait_for_function("() => !document.querySelector('.hand .card.selected')")

