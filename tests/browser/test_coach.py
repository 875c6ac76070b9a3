"""The coach in the browser (issue 17): "review my game" in the end-of-game panel with its
progress, then the replay viewer's marks, the better play drawn as cards, next mistake;
issue 31: 托管's moves shown as its and not graded, every marked moment listed, the
timeline's dots big enough for a finger on a phone."""

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
    state,
    take_turn,
)


def test_review_my_game_from_the_end_panel_to_the_marked_replay(new_page: Any) -> None:
    page = new_page("coach")
    register(page, nickname("coach"))
    create_table(page)
    add_bots(page, 3)
    ready(page)
    turns: list[str] = []  # turns of her own, one a play at least (a real choice) …
    while len(turns) < 3 or "play" not in turns:
        page.wait_for_function(MY_TURN, timeout=30000, polling=50)
        version = state(page, "s.game.version")
        turns.append(take_turn(page))
        page.wait_for_function(f"() => window.yuanzi.store.get().game.version > {version}",
                               timeout=30000, polling=50)
    # … then 托管 plays the rest (R34)
    page.locator("[data-action=auto]").click()
    page.locator(".over-dialog[open]").wait_for(timeout=90000)
    game = state(page, "s.over.game_id")
    page.locator(".over-dialog [data-action=review]").click()
    page.locator(".over-dialog [data-action=see-review]").wait_for(timeout=60000)
    assert page.locator(".over-dialog [data-action=review]").count() == 0
    page.locator(".over-dialog [data-action=see-review]").click()
    page.wait_for_url(f"**/#/replays/{game}")
    summary = page.locator(".coach-summary")
    summary.wait_for()
    assert "准确率" in summary.inner_text()
    review = page.evaluate(f"() => fetch('/api/games/{game}/review').then((r) => r.json())")
    marked = [d for d in review["review"]["decisions"] if d["mark"] != "good"]
    assert page.locator(".coach-mark").count() == len(marked)
    # every marked moment the header counts is in the list, and 托管's moves are its
    assert page.locator(".coach-list .coach-row").count() == len(marked)
    assert review["review"]["played_for"]
    assert 1 <= len(review["review"]["decisions"]) <= len(turns)
    auto = review["review"]["played_for"][-1]
    page.evaluate("""([h, k]) => {
        const slider = document.querySelector('.replay-controls input[type=range]');
        const steps = [...Array(Number(slider.max) + 1).keys()];
        for (const i of steps) {
          slider.value = String(i); slider.dispatchEvent(new Event('input'));
          const n = document.querySelector('.coach-note.played-for');
          if (n && n.dataset.half === String(h) && n.dataset.index === String(k)) return;
        }
      }""", [auto["half"], auto["index"]])
    by = page.locator(".coach-note.played-for")
    assert by.get_attribute("data-by") == "auto" and "托管代出" in by.inner_text()
    assert "不计入复盘" in by.inner_text()
    # issue 45: each row says what the move gave away in the figure that marked it (a
    # win chance, or the half's points: never "−0%" for points lost); with nothing marked
    # the review says so
    for row, d in zip(page.locator(".coach-list .coach-row").all_inner_texts(),
                      sorted(marked, key=lambda d: (d["half"], d["index"])), strict=True):
        assert f"#{d['index']}" in row
        chance, points = round(d["loss"]), round(d["points_lost"])
        said = f"−{chance}%" if chance >= 1 else f"−{points} 分" if points >= 1 else "−0%"
        assert said in row, row
    if not marked:
        assert page.locator(".coach-clean").inner_text().startswith("这局没有欠佳")
        assert page.locator("[data-action=next-mistake]").count() == 0
    if marked:
        page.locator("[data-action=next-mistake]").click()
        note = page.locator(".coach-note[data-mark]")
        note.wait_for()
        # the next marked decision after where the replay opened: one of the marked ones,
        # shown with its own mark (the first, unless the replay opened on it)
        shown = next(d for d in marked if str(d["half"]) == note.get_attribute("data-half")
                     and str(d["index"]) == note.get_attribute("data-index"))
        assert note.get_attribute("data-mark") == shown["mark"]
        # …and why, in a sentence with the review's own figure (issue 45)
        why = note.locator(".coach-reason")
        assert why.get_attribute("data-why") == shown["why"]
        assert str(round(shown["why_n"])) in why.inner_text()
        if shown["best"] != shown["played"]:
            assert "更好" in note.inner_text()
            assert note.locator(".mini-card, .pass-bubble").count() >= 1
    shot(page, "95-coach-review")
    phone = new_page("coach-phone", viewport={"width": 390, "height": 844})
    phone.context.add_cookies(page.context.cookies())
    phone.goto(f"/#/replays/{game}")
    phone.locator(".coach-summary").wait_for()
    for box in (phone.locator(".coach-mark").nth(i).bounding_box()
                for i in range(phone.locator(".coach-mark").count())):
        assert box is not None and box["width"] >= 24 and box["height"] >= 24  # a finger's
    if marked:  # a dot goes to its moment (dots are in the game's order, as decisions)
        phone.locator(".coach-mark").last.click()
        note = phone.locator(".coach-note[data-mark]")
        note.wait_for()
        assert (note.get_attribute("data-half"), note.get_attribute("data-index")) == (
            str(marked[-1]["half"]), str(marked[-1]["index"]))
    shot(phone, "95-coach-review-phone")
