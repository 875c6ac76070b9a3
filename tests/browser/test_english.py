"""Names and words (issue 10): every screen in English shows no Chinese outside card
faces; bots have names; a spectator sees seats and teams in words a player understands;
a default table name follows the page's language; the end-of-half and end-of-game panels
explain where points moved (R29); the shop asks before a big purchase; on a phone the
coins show in the top bar and 退出 sits in the menu, not next to ☰."""

from __future__ import annotations

import re
from typing import Any

from tests.browser.conftest import PHONE, shot
from tests.browser.english import CHINESE
from tests.browser.flows import (
    MY_TURN,
    a_half_that_moves_points,
    add_bots,
    create_table,
    nickname,
    play_to_the_end,
    ready,
    register,
    state,
    toast_covers,
)


def no_chinese(page: Any, name: str) -> None:
    """Assert the page shows no Chinese (outside card faces) and screenshot it."""
    page.wait_for_function("() => !document.querySelector('#screen')?.textContent"
                           ".includes('Loading')")
    bad = page.evaluate(CHINESE)
    assert not bad, f"{name}: Chinese in English mode: {bad}"
    shot(page, name)


def register_in_english(page: Any, name: str) -> None:
    page.goto("/")
    page.locator(".login-form").wait_for()
    page.get_by_role("button", name="English").click()
    page.get_by_role("button", name="No account? Register").wait_for()
    no_chinese(page, "70-en-login")
    page.get_by_role("button", name="No account? Register").click()
    page.fill("#nickname", "a")  # too short: the rule is named, nothing is asked
    page.fill("#password", "tea-house-27")
    page.locator(".login-form button[type=submit]").click()
    page.locator(".form-error").filter(has_text="2–16 characters").wait_for()
    no_chinese(page, "70-en-register")
    page.fill("#nickname", name)
    page.locator(".login-form button[type=submit]").click()
    page.locator(".lobby-screen").wait_for()
    page.wait_for_function("() => window.yuanzi.store.get().conn.status === 'online'")


def buy(page: Any, item: str, confirm: bool) -> None:
    before = state(page, "s.account.coins")
    page.locator(f"[data-action=buy][data-item={item}]").click()
    if confirm:
        dialog = page.locator(".confirm-dialog[open]")
        dialog.wait_for()
        dialog.locator("[data-action=confirm-yes]").click()
    page.wait_for_function(f"() => window.yuanzi.store.get().account.coins < {before}")


def explained_rows_add_up(page: Any, scope: str) -> int:
    """Every explanation table under ``scope``: per team, the tricks row plus the
    adjustment rows equals the half's points row. Returns how many tables were checked."""
    tables = page.evaluate(f"""() => [...document.querySelectorAll('{scope} table.explain')]
      .map((t) => [...t.querySelectorAll('tbody tr')].map((tr) => ({{
        kind: tr.className,
        cells: [...tr.querySelectorAll('td')].map((td) => Number(td.textContent)),
      }})))""")
    for rows in tables:
        assert rows[0]["kind"] == "tricks" and rows[-1]["kind"] == "total"
        for col in range(2):
            assert sum(r["cells"][col] for r in rows[:-1]) == rows[-1]["cells"][col], rows
        assert sum(rows[-1]["cells"]) == 300
    return len(tables)


def test_every_screen_in_english_shows_no_chinese(new_page: Any) -> None:
    page = new_page("english")
    name = nickname("Eng")
    register_in_english(page, name)
    no_chinese(page, "70-en-lobby")

    # the shop: a purchase over 1,000 coins asks first; cancel buys nothing
    page.goto("/#/shop")
    page.get_by_role("button", name="Buy Recorder").wait_for()
    no_chinese(page, "70-en-shop")
    coins = state(page, "s.account.coins")
    page.locator("[data-action=buy][data-item=tablecloth]").click()  # 2,000 coins
    dialog = page.locator(".confirm-dialog[open]")
    dialog.wait_for()
    text = dialog.inner_text()
    assert "2000" in text and "Tablecloth" in text and "×1" in text, text
    no_chinese(page, "70-en-shop-confirm")
    dialog.locator("[data-action=confirm-no]").click()
    dialog.wait_for(state="detached")
    page.wait_for_timeout(300)
    assert state(page, "s.account.coins") == coins
    assert state(page, "s.inventory.free") == state(page, "s.inventory.size")
    buy(page, "recorder", confirm=False)  # 300 coins: no question
    buy(page, "timer", confirm=False)
    page.goto("/#/items")
    page.locator(".slot.full").first.wait_for()
    page.locator(".slot[data-item=recorder]").dblclick()  # armed: this game is saved
    page.locator(".slot.armed[data-item=recorder]").wait_for()
    no_chinese(page, "70-en-items")

    page.goto("/#/lobby")
    page.locator(".lobby-screen").wait_for()
    page.get_by_role("button", name="Create table").click()
    page.locator(".create-dialog[open]").wait_for()
    page.locator(".rules-options summary").click()
    no_chinese(page, "70-en-create")
    assert "’s table" in (page.locator("#ct-name").get_attribute("placeholder") or "")
    page.locator(".create-dialog button[type=submit]").click()  # no name: the default
    page.locator(".table-screen").wait_for()
    page.wait_for_function("() => window.yuanzi.store.get().myTable !== null")
    table = state(page, "s.myTable")
    page.locator(".table-title").filter(has_text=f"{name}’s table").wait_for()
    add_bots(page, 3)
    page.locator(".center-msg").filter(has_text="Ready when you are").wait_for()  # only I
    bots = page.evaluate("() => [...document.querySelectorAll('.seat .avatar.bot')]"
                         ".map((a) => a.closest('.seat').querySelector('.nick').textContent)")
    assert len(set(bots)) == 3 and all(re.fullmatch(r"[A-Z][a-z]+", b) for b in bots), bots
    no_chinese(page, "70-en-table-before-the-game")

    ready(page)
    page.wait_for_function(MY_TURN, polling=50, timeout=30000)
    no_chinese(page, "70-en-table-my-turn")
    page.locator("[data-action=hint]").click()
    page.wait_for_timeout(300)
    no_chinese(page, "70-en-table-hint")

    halves: list[int] = []

    def at_half(p: Any) -> None:
        # the whole summary until the second half's first play, then one line (table.js)
        if p.locator(".half-panel table.explain").count():
            halves.append(explained_rows_add_up(p, ".half-panel"))
        else:
            assert p.locator(".half-panel.half-line").count() == 1
            halves.append(0)
        no_chinese(p, "70-en-end-of-half")

    play_to_the_end(page, on_half=at_half)
    dialog = page.locator(".over-dialog[open]")
    dialog.wait_for()
    page.wait_for_function("() => !!document.querySelector('.over-dialog .seat-changes')")
    result = state(page, "s.over.result")
    assert explained_rows_add_up(page, ".over-dialog") == len(result["halves"])
    assert len(halves) == (1 if len(result["halves"]) == 2 else 0)
    seats = state(page, "s.over.seats")
    assert {s["name_en"] for s in seats[1:]} == set(bots)  # the result names the bots
    for b in bots:
        assert b in dialog.inner_text()
    why = dialog.locator(".over-why").inner_text()  # the end in words (issue 31)
    assert why.startswith("Double win") or "Both halves together" in why, why
    no_chinese(page, "70-en-game-over")
    game_id = state(page, "s.over.game_id")
    page.locator("[data-action=replay]").click()  # the game's record: no names in it,
    page.locator(".replay-board").wait_for()  # the page knows them from the game's end
    board = page.locator(".replay-board").inner_text()
    assert name in board and all(b in board for b in bots), board[:300]
    no_chinese(page, "70-en-replay-of-the-game")
    page.goto(f"/#/table/{table}")
    page.locator(".table-screen").wait_for()
    no_chinese(page, "70-en-table-after-the-game")

    page.goto("/#/leaderboard")
    page.locator(".board tbody tr.me").wait_for()
    no_chinese(page, "70-en-leaderboard")
    page.locator(".segmented [data-by=skill]").click()
    page.wait_for_function("() => document.querySelector('.segmented [data-by=skill]')"
                           ".getAttribute('aria-pressed') === 'true'")
    page.locator(".board tbody[data-by=skill] tr.me").wait_for()  # the skill rows arrived
    skill = page.locator(".board tbody tr.me td.num").nth(1).inner_text()
    assert re.fullmatch(r"\d+", skill), skill  # one plain number
    no_chinese(page, "70-en-leaderboard-skill")

    page.goto("/#/profile")
    page.locator(".profile dd[data-field=games]").wait_for()
    skill = page.locator(".profile dd[data-field=skill]")
    assert re.fullmatch(r"\d+", skill.inner_text()), skill.inner_text()
    assert "μ" in (skill.get_attribute("title") or "")  # μ and σ only in the tooltip
    no_chinese(page, "70-en-profile")

    page.goto("/#/replays")
    link = page.locator(".replay-list a[data-replay]")
    link.first.wait_for()
    assert f"#{game_id}" in link.first.inner_text()
    no_chinese(page, "70-en-replays")
    link.first.click()
    page.locator(".replay-board").wait_for()
    page.locator("[data-action=replay-step]").click()
    board = page.locator(".replay-board").inner_text()
    assert name in board and all(b in board for b in bots)
    no_chinese(page, "70-en-replay")

    page.goto(f"/#/table/{table}")
    page.get_by_role("button", name="Leave").click()
    page.locator(".lobby-screen").wait_for()
    no_chinese(page, "70-en-lobby-after-leaving")


def test_a_spectator_sees_names_not_seat_numbers_and_default_names_follow_the_language(
        new_page: Any) -> None:
    owner, watcher = new_page("owner"), new_page("watcher")
    owner_name = nickname("Own")
    register(owner, owner_name)
    register(watcher, nickname("Wat"))
    table = create_table(owner)  # no name: the default one
    owner.locator(".table-title").filter(has_text=f"{owner_name}的桌").wait_for()
    add_bots(owner, 3)
    owner.locator(".center-msg").filter(has_text="还差你准备").wait_for()
    card = watcher.locator(f".table-card[data-table='{table}']")
    card.wait_for()
    assert f"{owner_name}的桌" in card.locator("h3").inner_text()
    watcher.locator(f".table-card[data-table='{table}'] [aria-label^='观战']").click()
    watcher.locator(".table-screen").wait_for()
    watcher.locator(".center-msg").filter(has_text=f"等待 {owner_name} 准备").wait_for()
    ready(owner)
    watcher.wait_for_function("() => window.yuanzi.store.get().game !== null")
    watcher.locator(".score-team").first.wait_for()
    text = watcher.locator("body").inner_text()
    assert "号位" not in text and "南北" not in text and "东西" not in text, text
    names = [watcher.locator(f".seat[data-seat='{i}'] .nick").inner_text() for i in range(4)]
    assert names[0] == owner_name and len(set(names)) == 4
    assert "机器人" not in names
    teams = watcher.locator(".score-team").all_inner_texts()
    assert sorted(teams) == sorted([f"{names[0]}、{names[2]}", f"{names[1]}、{names[3]}"])
    label = watcher.locator(".seat[data-seat='1']").get_attribute("aria-label") or ""
    assert label == f"2 号座：{names[1]}", label  # {position}：{name}
    shot(watcher, "71-zh-spectator")

    watcher.get_by_role("button", name="English").click()
    watcher.locator(".table-title").filter(has_text=f"{owner_name}’s table").wait_for()
    second = watcher.locator(".seat[data-seat='1'] .nick").inner_text()
    assert watcher.locator(".seat[data-seat='1']").get_attribute("aria-label") == \
        f"Seat 2: {second}"
    shot(watcher, "71-en-spectator")
    watcher.get_by_role("button", name="中文").click()
    watcher.locator(".table-title").filter(has_text=f"{owner_name}的桌").wait_for()


def test_the_phone_top_bar_shows_the_coins_and_keeps_log_out_in_the_menu(
        new_page: Any) -> None:
    page = new_page("phone-bar", viewport=PHONE, is_mobile=True, has_touch=True)
    register(page, nickname("bar"))
    purse = page.locator(".topbar .purse")
    purse.wait_for()
    assert purse.is_visible() and "5000" in purse.inner_text()
    box = purse.bounding_box()
    assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= PHONE["width"]
    assert not page.locator(".topbar-right .logout-btn").is_visible()
    menu = page.get_by_role("button", name="菜单")
    assert not page.get_by_role("button", name="退出").is_visible()
    menu.tap()
    logout = page.locator(".nav .nav-logout")
    logout.wait_for(state="visible")
    m, lo = menu.bounding_box(), logout.bounding_box()
    assert m is not None and lo is not None and lo["y"] > m["y"] + m["height"]  # in the menu
    shot(page, "72-phone-top-bar-menu")
    logout.tap()
    page.locator(".login-form").wait_for()


def test_the_half_panel_explains_how_trick_points_became_the_halfs_points(
        new_page: Any) -> None:
    half = a_half_that_moves_points()
    page = new_page("explain")
    page.goto("/")
    page.locator(".login-form").wait_for()
    rows = page.evaluate("""async (half) => {
      const { halfPanel } = await import('/static/js/views/panels.js');
      const names = ['你（Ann）', '下家 阿福', '对家 小梅', '上家 阿宝'];
      const panel = halfPanel(half, names, 0, () => {});
      document.querySelector('#app').append(panel);
      return [...panel.querySelectorAll('table.explain tbody tr')].map((tr) => ({
        kind: tr.className, label: tr.querySelector('th').textContent,
        cells: [...tr.querySelectorAll('td')].map((td) => td.textContent) }));
    }""", half)
    tp, hp, d = half["trick_points"], half["hand_points"], half["downstream_points"]
    up = ("NS", "EW")[half["upstream"] & 1]
    ns_hands, ew_hands = hp[1] + hp[3], hp[0] + hp[2]
    moved = {"NS": d if up == "NS" else -d, "EW": d if up == "EW" else -d}
    assert rows == [
        {"kind": "tricks", "label": "抓分", "cells": [str(tp[0] + tp[2]), str(tp[1] + tp[3])]},
        {"kind": "hands", "label": "对方手里剩的分",
         "cells": [f"+{ns_hands}" if ns_hands else "0", f"+{ew_hands}" if ew_hands else "0"]},
        {"kind": "downstream", "label": "下游的抓分归上游一方",
         "cells": [f"{moved['NS']:+d}", f"{moved['EW']:+d}"]},
        {"kind": "total", "label": "本半局得分",
         "cells": [str(half["points"]["NS"]), str(half["points"]["EW"])]},
    ]
    shot(page, "73-zh-half-panel-explained")


def test_a_browser_set_to_english_opens_in_english_until_the_player_chooses(
        new_page: Any) -> None:
    """Issue 45: the hall opens in the browser's language when the player has chosen none
    (English for a browser set to English; zh-CN, the hall's first, otherwise), and the
    player's own choice is kept over it."""
    page = new_page("en-browser", locale="en-US")
    page.goto("/")
    page.locator(".login-form").wait_for()
    assert page.evaluate("() => document.documentElement.lang") == "en"
    no_chinese(page, "login-for-an-english-browser")
    page.locator(".lang-btn").click()  # he picks 中文: kept over the browser's English
    page.wait_for_function("() => document.documentElement.lang === 'zh-CN'")
    page.reload()
    page.locator(".login-form").wait_for()
    assert page.evaluate("() => document.documentElement.lang") == "zh-CN"
    other = new_page("fr-browser", locale="fr-FR")  # neither: the hall's first language
    other.goto("/")
    other.locator(".login-form").wait_for()
    assert other.evaluate("() => document.documentElement.lang") == "zh-CN"


def test_the_laptop_top_bar_in_english_keeps_the_name_and_the_table_its_head(
        new_page: Any) -> None:
    """Issue 45, at 1366×768 in English: the top bar shows every screen's link and the
    player's nickname and title uncut; "Room code" is not cut; at the table a message
    lies on the felt, not over the top bar or the table's head."""
    page = new_page("en-laptop", viewport={"width": 1366, "height": 768}, locale="en-US")
    name = nickname("Laptop")
    page.goto("/")
    page.get_by_role("button", name="No account? Register").click()
    page.fill("#nickname", name)
    page.fill("#password", "tea-house-27")
    page.locator(".login-form button[type=submit]").click()
    page.locator(".lobby-screen").wait_for()
    fit = page.evaluate("""() => {
      const cut = (el) => el.scrollWidth > el.clientWidth + 1;
      const nav = document.querySelector('.nav');
      const who = document.querySelector('.who');
      const code = document.querySelector('#room-code');
      const style = getComputedStyle(code);
      const ctx = document.createElement('canvas').getContext('2d');
      ctx.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
      const room = code.clientWidth - parseFloat(style.paddingLeft)
        - parseFloat(style.paddingRight);
      const letters = code.placeholder.length * parseFloat(style.letterSpacing || '0');
      return { nav: cut(nav), whoShown: who.checkVisibility(), who: [...who.children].some(cut),
        text: who.textContent, code: ctx.measureText(code.placeholder).width + letters > room };
    }""")
    title = state(page, "s.account.title_en")
    assert fit == {"nav": False, "whoShown": True, "who": False, "text": f"{name}{title}",
                   "code": False}, fit
    no_chinese(page, "70-en-lobby-1366")
    create = page.get_by_role("button", name="Create table")
    create.click()
    page.locator(".create-dialog button[type=submit]").click()
    page.locator(".table-screen").wait_for()
    page.evaluate("() => window.yuanzi.app.toast('Round 2 has begun', 'info', 6000)")
    page.locator(".toast", has_text="Round 2 has begun").wait_for()
    assert toast_covers(page) == []
    shot(page, "70-en-table-toast-1366")


def test_the_end_in_english_names_the_team_as_a_sentences_subject(new_page: Any) -> None:
    """Issue 45: "They took only 40 points", not "Them took only…"; a spectator reads the
    players' names."""
    page = new_page("en-why", locale="en-US")
    page.goto("/")
    page.locator(".login-form").wait_for()
    said = page.evaluate("""async () => {
      const { resultWhy } = await import('/static/js/views/panels.js');
      const names = ['Ann', 'Afu', 'Mei', 'Abao'];
      const double = { kind: 'double', winner: 'EW', halves: [{ points: { NS: 40, EW: 260 },
        ended_by: 'points', upstream: 1 }] };
      const normal = { kind: 'normal', winner: 'NS', halves: [
        { points: { NS: 160, EW: 140 }, ended_by: 'points', upstream: 0 },
        { points: { NS: 150, EW: 150 }, ended_by: 'points', upstream: 1 }] };
      return [resultWhy(double, names, 1), resultWhy(double, names, 0),
        resultWhy(double, names, null), resultWhy(normal, names, 0)];
    }""")
    assert said[0].startswith("Double win. They took only 40 points"), said
    assert said[1].startswith("Double win. We took only 40 points"), said
    assert said[2].startswith("Double win. Ann & Mei took only 40 points"), said
    assert said[3].startswith("Both halves together: We took 310 points. We went out first"), said
    assert not any("Them " in x or "Us " in x for x in said), said
