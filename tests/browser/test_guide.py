"""The rules guide (#/guide) and the first-game overlay, in a real browser.

The page is read back — every example's data attributes and every card drawn — and held
against the engine's verdicts, asked here in Python through the judge (RECORD.md): the
page and the engine may never disagree. In English no Chinese shows outside card faces;
on a phone the guide never scrolls sideways. A new player's first table shows a short,
dismissible overlay while it waits for the game, and never while a game runs.
"""

from __future__ import annotations

import re
from typing import Any

from tests.browser.conftest import PHONE, shot
from tests.browser.flows import MY_TURN, add_bots, create_table, nickname, ready, register

from yuanzi.guide import BEATS, COMBINATIONS
from yuanzi.judge import answer

READ_PAGE = """() => {
  const SUIT = { '♠': 'S', '♥': 'H', '♣': 'C', '♦': 'D' };
  const drawn = (el) => {  // which card an SVG face shows, read from its text
    const texts = [...el.querySelectorAll('svg text')].map((t) => t.textContent);
    const card = texts.includes('大王') ? 'BJ' : texts.includes('小王') ? 'SJ'
      : texts[0] + SUIT[texts[1]];
    return { card, badge: texts.includes('刀') };
  };
  const groups = [...document.querySelectorAll('#screen .g-cards')].map((g) => ({
    cards: g.dataset.cards, blade: g.dataset.bladeRank, turn: !!g.closest('.g-turn'),
    shown: [...g.querySelectorAll('.g-card')].map((c) => ({ data: c.dataset.card, ...drawn(c) })),
  }));
  const figures = [...document.querySelectorAll('#screen figure.g-example[data-kind]')];
  const examples = figures.map((f) => ({
    ...f.dataset, group: f.querySelector('.g-cards').dataset.cards,
    caption: f.querySelector('figcaption .g-kind').textContent,
  }));
  const beats = [...document.querySelectorAll('#screen .g-beat')].map((b) => ({
    ...b.dataset,
    shownTop: b.querySelectorAll('.g-side')[0].querySelector('.g-cards').dataset.cards,
    shownPlay: b.querySelectorAll('.g-side')[1].querySelector('.g-cards').dataset.cards,
    verdict: b.querySelector('.g-verdict').textContent,
  }));
  const steps = [...document.querySelectorAll('#screen .g-step')].map((s) => ({ ...s.dataset }));
  const blade = document.querySelector('.guide-body').dataset.blade;
  return { blade, groups, examples, beats, steps };
}"""

CJK_OUTSIDE_CARDS = r"""() => {
  const main = document.querySelector('#screen').cloneNode(true);
  main.querySelectorAll('.card-svg').forEach((s) => s.remove());
  const texts = [main.textContent];
  main.querySelectorAll('*').forEach((el) => {
    for (const a of ['aria-label', 'title', 'alt']) {
      if (el.getAttribute(a)) texts.push(el.getAttribute(a));
    }
  });
  return texts.join('\n').match(/[\u3400-\u9fff\uf900-\ufaff\uff00-\uffef\u3000-\u303f]+/g) || [];
}"""

NO_SIDEWAYS = """() => {
  const w = window.innerWidth;
  const shown = document.querySelectorAll('#screen .g-example, #screen .g-beat, #screen .g-step');
  const boxes = [...shown].map((el) => el.getBoundingClientRect());
  const wide = boxes.filter((r) => r.left < -1 || r.right > w + 1).length;
  return { scroll: document.documentElement.scrollWidth, width: w, wide };
}"""

OVERLAY = ".first-game"
SEEN = "() => localStorage.getItem('yuanzi.firstgame.seen')"
GAME_RUNS = "() => (window.yuanzi.store.get().game || {}).hand?.length > 0"


def open_guide(page: Any) -> dict[str, Any]:
    page.goto("/#/guide")
    page.locator(".guide-body[aria-busy=false] .guide-section").first.wait_for()
    data: dict[str, Any] = page.evaluate(READ_PAGE)
    return data


def classified(cards: str, blade: str) -> dict[str, Any]:
    return answer({"op": "classify", "blade": blade, "cards": cards})


def check_against_the_engine(data: dict[str, Any]) -> None:
    blade = data["blade"]
    # every card drawn is the card its group says, with the 刀 badge exactly on blade cards
    assert len(data["groups"]) > 60
    for g in data["groups"]:
        assert [c["data"] for c in g["shown"]] == g["cards"].split(), g
        assert g["blade"] == blade or g["turn"], g  # a turned card shows the blade it makes
        for c in g["shown"]:
            assert c["card"] == c["data"], c
            assert c["badge"] == (c["card"] not in ("BJ", "SJ") and c["card"][:-1] == g["blade"]), c
    # every classified example is what the engine says it is
    shown_ids = {e["example"] for e in data["examples"] if e["example"]}
    assert shown_ids == {c[0] for c in COMBINATIONS}
    assert len(data["examples"]) == len(COMBINATIONS) + 2 * len(BEATS)
    for e in data["examples"]:
        assert e["group"] == e["cards"]
        judge = classified(e["cards"], blade)
        if e["valid"] == "false":
            assert not judge["ok"] and e["kind"] == "invalid", e
            continue
        assert judge["ok"], (e, judge)
        assert (e["kind"], e["rank"], int(e["size"]), e["blade"] == "true", e["suit"] or None) == (
            judge["kind"], judge["rank"], judge["size"], judge["blade"], judge.get("suit")), e
        assert e["caption"].strip(), e
    # every "what beats what" verdict, both ways, is the engine's
    assert sorted(b["example"] for b in data["beats"]) == sorted(b[0] for b in BEATS)
    for b in data["beats"]:
        assert (b["shownPlay"], b["shownTop"]) == (b["play"], b["top"])
        rules = {o: True for o in b["options"].split()} or None
        forth = answer({"op": "beats", "blade": blade, "play": b["play"], "top": b["top"],
                        "rules": rules})
        back = answer({"op": "beats", "blade": blade, "play": b["top"], "top": b["play"],
                       "rules": rules})
        assert (b["beats"], b["back"]) == (str(forth["beats"]).lower(),
                                            str(back["beats"]).lower()), b
        assert b["verdict"].startswith("✓" if forth["beats"] else "✗"), b
    # the worked half: each play is the combination the engine makes of it
    assert len(data["steps"]) > 10
    for s in data["steps"]:
        if s["cards"]:
            assert s["kind"] == classified(s["cards"], blade)["kind"], s
        else:
            assert s["kind"] == "pass"


def test_the_guide_shows_what_the_engine_says(new_page: Any) -> None:
    page = new_page("guide-zh")
    page.goto("/")
    page.locator(".login-form").wait_for()
    page.locator(".login-links a[data-screen=guide]").click()  # reachable before logging in
    page.get_by_role("heading", name="玩法说明", exact=True).wait_for()
    assert page.locator(".topbar .nav-link[data-screen=guide]").is_visible()
    data = open_guide(page)
    check_against_the_engine(data)
    page.locator(".guide-toc [data-target=beats]").click()
    shot(page, "60-guide-zh")


def test_the_guide_in_english_has_no_chinese_outside_card_faces(new_page: Any) -> None:
    page = new_page("guide-en")
    open_guide(page)
    page.get_by_role("button", name="English").click()
    page.get_by_role("heading", name="How to play").wait_for()
    page.locator(".guide-body[aria-busy=false] .guide-section").first.wait_for()
    assert page.evaluate("() => document.documentElement.lang") == "en"
    assert page.evaluate(CJK_OUTSIDE_CARDS) == []
    check_against_the_engine(page.evaluate(READ_PAGE))
    assert page.locator(".topbar .nav-link[data-screen=guide]").inner_text() == "Rules"
    shot(page, "61-guide-en")
    page.get_by_role("button", name="中文").click()
    page.get_by_role("heading", name="玩法说明", exact=True).wait_for()


def test_the_guide_on_a_phone_wraps_and_never_scrolls_sideways(new_page: Any) -> None:
    page = new_page("guide-phone", viewport=PHONE, is_mobile=True, has_touch=True)
    data = open_guide(page)
    assert len(data["examples"]) > 50
    fit = page.evaluate(NO_SIDEWAYS)
    assert fit["scroll"] <= fit["width"] and fit["wide"] == 0, fit
    link = page.locator(".topbar .nav-link[data-screen=guide]")
    assert link.is_visible() and link.bounding_box()["y"] < 60  # in the top bar's first row
    shot(page, "62-guide-phone")


def test_the_guide_is_in_the_navigation_of_a_logged_in_player(new_page: Any) -> None:
    page = new_page("guide-nav")
    register(page, nickname("gd"))
    page.locator(".topbar .nav-link[data-screen=guide]").click()
    page.get_by_role("heading", name="玩法说明", exact=True).wait_for()
    assert page.evaluate("() => location.hash") == "#/guide"
    assert re.search(r"[\u3400-\u9fff]", page.locator(".guide-intro").inner_text())


def uncovered(page: Any, selector: str) -> bool:
    """Whether the element at the centre of `selector`'s box is that element."""
    result: bool = page.evaluate("""(sel) => {
      const el = document.querySelector(sel);
      el.scrollIntoView({ block: 'center' });
      const r = el.getBoundingClientRect();
      const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
      return !!hit && (hit === el || el.contains(hit));
    }""", selector)
    return result


def test_first_game_overlay_before_the_game_only(new_page: Any) -> None:
    page = new_page("first-game")
    register(page, nickname("fg"))
    create_table(page)
    overlay = page.locator(OVERLAY)
    overlay.wait_for(state="visible")
    assert page.evaluate(SEEN) is None
    # five steps, one at a time; the seats and 准备 stay free to use
    assert overlay.locator("h3").inner_text() == "刀"
    assert uncovered(page, "[data-action=ready]")
    assert uncovered(page, "[data-action=add-bot]")
    shot(page, "63-first-game-overlay")
    titles = [overlay.locator("h3").inner_text()]
    texts = [overlay.inner_text()]
    for _ in range(4):
        overlay.get_by_role("button", name="下一步").click()
        titles.append(overlay.locator("h3").inner_text())
        texts.append(overlay.inner_text())
    assert titles == ["刀", "选牌和出牌", "接风", "分数", "半局与双夹"]
    assert not any("null" in text or "undefined" in text for text in texts), texts
    assert "双夹" in texts[-1] and "305" in texts[-1]  # issue 31: the help explains 双夹
    assert overlay.get_by_role("button", name="下一步").count() == 0
    overlay.get_by_role("button", name="上一步").click()
    assert overlay.locator("h3").inner_text() == "分数"
    page.keyboard.press("Escape")  # dismissed with Esc, and remembered
    overlay.wait_for(state="hidden")
    assert page.evaluate(SEEN) == "1"
    page.locator("[data-action=leave]").click()
    page.locator(".lobby-screen").wait_for()
    create_table(page)
    page.wait_for_timeout(300)
    assert not overlay.is_visible()


def test_first_game_overlay_closes_when_the_game_starts(new_page: Any) -> None:
    page = new_page("first-game-run")
    register(page, nickname("fr"))
    create_table(page)
    page.locator(OVERLAY).wait_for(state="visible")
    add_bots(page, 3)
    assert page.locator(OVERLAY).is_visible()  # adding bots does not close it
    ready(page)
    page.wait_for_function(GAME_RUNS, polling=50, timeout=30000)
    assert not page.locator(OVERLAY).is_visible()  # never over a running clock
    page.wait_for_function(MY_TURN, polling=50, timeout=30000)
    assert not page.locator(OVERLAY).is_visible()
    assert page.evaluate(SEEN) == "1"  # the first game has begun: not shown again


def test_first_game_overlay_got_it_on_a_phone(new_page: Any) -> None:
    page = new_page("first-game-phone", viewport=PHONE, is_mobile=True, has_touch=True)
    register(page, nickname("fp"))
    create_table(page)
    overlay = page.locator(OVERLAY)
    overlay.wait_for(state="visible")
    assert page.evaluate("() => document.documentElement.scrollWidth <= window.innerWidth")
    assert uncovered(page, "[data-action=ready]")
    for _ in range(4):
        overlay.get_by_role("button", name="下一步").tap()
    overlay.get_by_role("button", name="知道了").tap()
    overlay.wait_for(state="hidden")
    assert page.evaluate(SEEN) == "1"
