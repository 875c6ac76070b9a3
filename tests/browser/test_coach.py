"""The coach in the browser (issue 17): "review my game" in the end-of-game panel with its
progress, then the replay viewer's marks, the better play drawn as cards, next mistake."""

from __future__ import annotations

from typing import Any

from tests.browser.conftest import shot
from tests.browser.flows import add_bots, create_table, nickname, ready, register, state


def test_review_my_game_from_the_end_panel_to_the_marked_replay(new_page: Any) -> None:
    page = new_page("coach")
    register(page, nickname("coach"))
    create_table(page)
    add_bots(page, 3)
    ready(page)
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
    if marked:
        page.locator("[data-action=next-mistake]").click()
        note = page.locator(".coach-note[data-mark]")
        note.wait_for()
        # the next marked decision after where the replay opened: one of the marked ones,
        # shown with its own mark (the first, unless the replay opened on it)
        shown = next(d for d in marked if str(d["half"]) == note.get_attribute("data-half")
                     and str(d["index"]) == note.get_attribute("data-index"))
        assert note.get_attribute("data-mark") == shown["mark"]
        if shown["best"] != shown["played"]:
            assert "更好" in note.inner_text()
            assert note.locator(".mini-card, .pass-bubble").count() >= 1
    shot(page, "95-coach-review")
    phone = new_page("coach-phone", viewport={"width": 390, "height": 844})
    phone.context.add_cookies(page.context.cookies())
    phone.goto(f"/#/replays/{game}")
    phone.locator(".coach-summary").wait_for()
    shot(phone, "95-coach-review-phone")
