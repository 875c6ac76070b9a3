"""Four browser contexts, four players: one creates a table, three sit from the lobby,
all four get ready, and they play a trick against one another by clicking; a fifth
watches. Each sees only its own hand (R45) and all see the same trick."""

from __future__ import annotations

import time
from typing import Any

from tests.browser.conftest import shot
from tests.browser.flows import MY_TURN, create_table, nickname, ready, register, state


def test_four_players_play_a_trick(new_page: Any) -> None:
    pages = [new_page(f"p{i}") for i in range(4)]
    names = [nickname(f"p{i}_") for i in range(4)]
    for page, name in zip(pages, names, strict=True):
        register(page, name)
    table = create_table(pages[0])
    for k, page in enumerate(pages[1:], start=1):
        card = page.locator(f".table-card[data-table='{table}']")
        card.wait_for()
        empty = card.locator("button.seat-chip.empty")
        page.wait_for_function(  # the lobby has heard of the seats taken before (no race)
            f"() => document.querySelectorAll(\".table-card[data-table='{table}'] "
            f"button.seat-chip.empty\").length === {4 - k}")
        empty.first.click()
        page.locator(".table-screen").wait_for()
    pages[0].wait_for_function(
        "() => document.querySelectorAll('.seat:not(.vacant)').length === 4")
    shot(pages[0], "20-four-players-seated")
    for page in pages:
        ready(page)
    for page in pages:
        page.wait_for_function("() => (window.yuanzi.store.get().game || {}).hand?.length > 0")

    watcher = new_page("watcher")
    register(watcher, nickname("w_"))
    watcher.locator(f".table-card[data-table='{table}'] [aria-label^='观战']").click()
    watcher.locator(".table-screen").wait_for()
    watcher.wait_for_function("() => window.yuanzi.store.get().game !== null")
    assert watcher.locator(".hand .card").count() == 0

    seats = [state(p, "s.game.seat") for p in pages]
    assert sorted(seats) == [0, 1, 2, 3]
    for page in pages:  # each holds only its own hand (R45)
        me = state(page, "s.game.seat")
        assert page.locator(".hand .card").count() == state(page, f"s.game.cardsLeft[{me}]")

    actions = 0
    deadline = time.monotonic() + 60
    while not state(pages[0], "s.game.lastTrick.length > 0"):
        assert time.monotonic() < deadline, "the trick did not end"
        mover = next((p for p in pages if p.evaluate(MY_TURN)), None)
        if mover is None:
            pages[0].wait_for_timeout(50)
            continue
        version = state(mover, "s.game.version")
        leading = state(mover, "s.game.top === null")
        if leading:
            mover.locator(".hand .card").last.click()  # the lowest card: a single
            mover.locator("[data-action=play]").click()
        else:
            mover.locator("[data-action=pass]").click()
        actions += 1
        for page in pages:  # every seat has heard it (pages[0] says when the trick ended)
            page.wait_for_function(f"() => window.yuanzi.store.get().game.version > {version}")
        if actions == 2:
            shot(mover, "21-four-players-mid-trick")
    assert actions == 4  # a lead and three passes
    for p in [*pages, watcher]:
        p.wait_for_function(f"() => window.yuanzi.store.get().game.version >= {actions}")
    tricks = [state(p, "s.game.lastTrick") for p in [*pages, watcher]]
    assert all(t == tricks[0] for t in tricks), tricks
    assert [a[1] for a in tricks[0]][1:] == ["pass"] * 3
    shot(watcher, "22-spectator")
