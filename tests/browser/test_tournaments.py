"""Tournaments in the browser (比赛, issue 28): a sit-and-go of 8 made from its page on a
laptop, filled with bots by its creator — the ``tournament`` frame seats its player at his
table (its chip, none of a private table's controls), 托管 plays his game, and the page
shows it finished: the podium, the standings of 8, each game's replay opening; the list
and the create dialog on a phone held upright (nothing wider than the screen, every
control in reach) and the page on its side; a second player signing up and leaving while
the first watches the page."""

from __future__ import annotations

import sqlite3
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from tests.browser.conftest import serve, shot
from tests.browser.english import CHINESE
from tests.browser.flows import dismiss_toasts, nickname, register
from tests.browser.reachable import check

WIDE = {"width": 1366, "height": 768}
PHONE_TALL = {"width": 390, "height": 844}
PHONE_SIDE = {"width": 844, "height": 390}

FITS = "() => document.documentElement.scrollWidth <= window.innerWidth"
FINISHED = ".tournament-screen[data-status=finished]"


@pytest.fixture(scope="module")
def quick_hall(browser_available: None, hall_env: dict[str, str],
               tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, Path]]:
    """A hall of its own whose deals wait for no contribution (the browser sends none) and
    whose tournament tables go on at once: a round of bots in a few seconds. Its address
    and its database file."""
    tmp = tmp_path_factory.mktemp("tournament-hall")
    with serve({**hall_env, "YUANZI_DEAL_CONTRIBUTION_SECONDS": "0",
                "YUANZI_TOURNAMENT_PAUSE_SECONDS": "0.5",
                "YUANZI_TOURNAMENT_CHECK_IN_SECONDS": "7200",  # open for a start in an hour
                "YUANZI_TOURNAMENT_TICK_SECONDS": "1",
                "YUANZI_DB_PATH": str(tmp / "hall.db")}) as base:
        yield base, tmp / "hall.db"


@pytest.fixture(scope="module")
def quick_server(quick_hall: tuple[str, Path]) -> str:
    return quick_hall[0]


def open_list(page: Any) -> None:
    """比赛 in the top bar (in the ☰ menu on a phone)."""
    menu = page.locator(".menu-btn")
    if menu.is_visible():
        menu.click()
    page.locator(".topbar .nav-link[data-screen=tournaments]").click()
    page.locator(".tournaments-screen .tour-section").first.wait_for()
    page.wait_for_function("() => !document.querySelector('.tour-loading')")


def create(page: Any, name: str, size: int = 8, rounds: int = 1) -> int:
    """The create dialog, as a sit-and-go (满人开赛); ends on the tournament's page."""
    page.locator("[data-action=create-tournament]").click()
    dialog = page.locator(".tour-create-dialog[open]")
    dialog.wait_for()
    page.get_by_label("比赛名称").fill(name)
    dialog.get_by_text(f"{size} 人", exact=True).click()
    page.get_by_label("轮数").select_option(str(rounds))
    assert dialog.get_by_label("满人开赛").is_checked()
    dialog.locator("[data-action=create-submit]").click()
    page.locator(".tournament-screen[data-status=signup]").wait_for()
    page.get_by_role("heading", name=name).wait_for()
    tour: int = page.evaluate("() => window.yuanzi.store.get().route.id")
    assert page.url.endswith(f"#/tournament/{tour}")  # (a reload keeps it: issue 45)
    return tour


def test_a_sit_and_go_from_its_page_to_its_final_standings(new_page: Any,
                                                           quick_server: str) -> None:
    page = new_page("creator", viewport=WIDE, base_url=quick_server)
    register(page, nickname("cup"))
    open_list(page)
    assert page.locator(".tour-signup .tour-none").is_visible()
    tour = create(page, "周末杯")
    head = page.locator(".tour-head")
    assert "还差 8 人开赛" in head.inner_text()
    page.locator(".tour-head [data-action=enter]").click()
    page.locator(".tour-entry.me").wait_for()
    assert "还差 7 人开赛" in head.inner_text()
    assert page.locator(".tour-entries h2").inner_text().endswith("已报名 1/8")
    fair = page.locator(".tour-fair")  # issue 43: committed before anyone signed up,
    assert fair.locator(".commit-hash").count() == 2 + 1  # and his value is there too
    assert fair.locator(".tour-values .tour-value.me .commit-hash").count() == 1
    shot(page, "tournament-signup")

    # its creator fills the free places with bots (asked first): it starts, and the
    # tournament frame takes its player to his table
    page.locator("[data-action=fill-bots]").click()
    ask = page.locator(".confirm-dialog[open]")
    ask.get_by_text("用 7 个机器人补满空位？补满后比赛立即开始。").wait_for()
    ask.locator("[data-action=confirm-yes]").click()
    page.locator(".table-screen").wait_for(timeout=20000)
    chip = page.locator(".tour-table-chip")
    chip.wait_for()
    assert chip.inner_text() == "比赛 第1轮"
    assert chip.get_attribute("href") == f"#/tournament/{tour}"
    page.wait_for_function("() => { const s = window.yuanzi.store.get(); "
                           "return s.myTable !== null && s.myTable === s.route.id; }")
    table = page.evaluate("() => window.yuanzi.store.get().myTable")
    assert page.evaluate(f"() => window.yuanzi.store.get().tables[{table}].tournament.id") == tour
    # its seats are drawn and everyone is ready by the draw: nothing to sit, stand or ready
    for action in ("ready", "leave", "add-bot", "remove-bot", "swap-seat", "give-owner",
                   "open-session", "copy-invite"):
        assert not page.locator(f"[data-action={action}]:visible").count(), action
    page.locator("[data-action=auto]:visible").wait_for(timeout=30000)
    shot(page, "tournament-table")

    # the chip leads to the page: running, live, his table to go back to, 退赛 asked first
    chip.click()
    page.locator(".tournament-screen[data-status=running]").wait_for()
    page.locator(".tour-standings .tour-live").wait_for()
    assert page.locator(".tour-board tbody tr").count() == 8
    assert page.locator(".tour-round[data-round='0'][open] .tour-table.mine").count() == 1
    # the other table, while it plays, is nobody's to watch but an admin's (issue 43)
    assert page.locator(".tour-table [data-action=watch]").count() == 0
    # his browser signed up with its value's SHA-256 and revealed the value at the start
    # (issue 43): the page shows both, and the value is the one it remembers
    shown = page.locator(".tour-values .tour-value.me .value-revealed").text_content()
    assert shown == page.evaluate(
        f"() => JSON.parse(localStorage.getItem('yuanzi.values'))"
        f".find((x) => x.about === 'tour:{tour}').value")
    # (read in one look: the bots' table may finish between two)
    others = page.evaluate("() => [...document.querySelectorAll('.tour-table.playing:not(.mine)')]"
                           ".map((t) => t.querySelector('.tour-later')?.innerText ?? null)")
    for later in others:
        assert later == "本轮结束后公开牌谱"
    page.locator(".tour-head [data-action=withdraw]").click()
    ask = page.locator(".confirm-dialog[open]")
    ask.get_by_text("托管代打", exact=False).wait_for()
    ask.locator("[data-action=confirm-no]").click()
    assert not page.locator(".confirm-dialog[open]").count()
    shot(page, "tournament-running")
    page.locator(".tour-head [data-action=to-my-table]").click()
    page.locator(".table-screen").wait_for()
    page.locator("[data-action=auto]").click()  # 托管 plays his game

    # over: his last game's end stays readable on the page, with its 复盘 (issue 45);
    # then the first three on a podium, the standings of 8, the commitments
    page.locator(FINISHED).wait_for(timeout=60000)
    last = page.locator(".tour-last-game[open]")
    last.wait_for()
    assert last.locator(".over-headline").inner_text()
    # its ladder counted at the round's end, not at the game's (the side channel closed)
    assert "本轮全部结束时计入" in last.locator("[data-note=pending]").inner_text()
    assert "第 1 轮的最后一局" in last.inner_text()
    assert last.locator("[data-action=replay]").count() == 1
    shot(page, "tournament-last-game")
    page.set_viewport_size(PHONE_TALL)  # on a phone its buttons stay in view
    assert last.locator("[data-action=see-results]").is_visible()
    box = last.locator("[data-action=see-results]").bounding_box()
    assert box is not None and box["y"] + box["height"] <= PHONE_TALL["height"]
    shot(page, "tournament-last-game-phone")
    page.set_viewport_size(WIDE)
    last.locator("[data-action=see-results]").click()
    last.wait_for(state="hidden")
    assert page.locator(".tour-head [data-action=withdraw]").count() == 0
    assert page.get_by_role("heading", name="最终排名").is_visible()
    rows = page.locator(".tour-board tbody tr")
    assert rows.count() == 8
    assert [int(r) for r in rows.locator("td:first-child").all_inner_texts()] == list(range(1, 9))
    assert rows.locator("th.player").filter(has=page.locator(".player-name")).count() == 8
    assert rows.locator("th.player .tour-bot").count() == 7  # 机器人 beside each bot (issue 45)
    assert page.locator(".tour-board tr.me .tour-bot").count() == 0
    assert page.locator(".tour-board tr.me").count() == 1
    assert page.locator(".podium .podium-step").count() == 3
    assert page.locator(".podium .place-1 .podium-place").inner_text() == "冠军"
    # issue 45: every table alike is said, and how the podium's ties were broken
    scores = [float(x.replace("+", "").replace("−", "-"))
              for x in rows.locator("td.tour-score").all_inner_texts()]
    assert page.locator(".tour-alike").count() == (1 if all(x == 0 for x in scores) else 0)
    assert page.locator(".podium-ties").count() == (1 if len(set(scores[:3])) < 3 else 0)
    page.locator(".tour-fair summary").click()
    commits = page.locator(".tour-commits .commit-hash")
    assert commits.count() == 2  # one game: its two halves
    assert all(len(x) == 64 for x in commits.all_inner_texts())
    tables = page.locator(".tour-round[data-round='0'] .tour-table")
    assert tables.count() == 2
    assert tables.first.locator(".pair").count() == 2
    assert page.locator(".tour-table.mine .pair-player.me").count() == 1
    shot(page, "tournament-finished")

    # in English (no Chinese but its name); then on a phone, upright and on its side:
    # nothing wider than the screen
    dismiss_toasts(page)
    page.locator(".lang-btn").click()
    page.get_by_role("heading", name="Final standings").wait_for()
    page.locator(".tour-fair summary").click()
    page.locator(".tour-how summary").click()
    assert not page.evaluate(CHINESE)
    assert page.locator(".podium .place-1 .podium-place").inner_text() == "Winner"
    assert page.locator(".topbar .nav-link[data-screen=tournaments]").inner_text() == "Tournaments"
    page.mouse.move(600, 700)  # (not over the language button)
    page.evaluate("() => window.scrollTo(0, 0)")
    shot(page, "tournament-finished-en")
    page.locator(".lang-btn").click()
    page.get_by_role("heading", name="最终排名").wait_for()
    dismiss_toasts(page)
    for size, name in ((PHONE_TALL, "tournament-finished-phone"),
                       (PHONE_SIDE, "tournament-finished-phone-landscape")):
        page.set_viewport_size(size)
        page.wait_for_function(FITS)
        check(page, name, 5)
    # the score stays on the narrowest screen; the card points and games give way
    assert page.locator(".tour-board td.tour-score").first.is_visible()
    page.set_viewport_size(PHONE_TALL)
    assert not page.locator(".tour-board th.opt-wide").first.is_visible()

    # the list says he played it — not that he is playing (issue 45)
    page.set_viewport_size(WIDE)
    open_list(page)
    chip = page.locator(f".tour-card[data-tournament='{tour}'] .tour-mine-chip")
    assert chip.inner_text() == "你参加过"
    page.goto(f"/#/tournament/{tour}")
    page.locator(FINISHED).wait_for()

    # each game's replay, from the round's tables: his own opens the replay viewer
    replays = page.locator(".tour-games a[data-open=replay]")
    assert replays.count() == 2
    mine = page.locator(".tour-table.mine .tour-games a[data-open=replay]")
    game = mine.get_attribute("data-game")
    assert mine.get_attribute("href") == f"#/replays/{game}"
    assert page.request.get(f"{quick_server}/api/games/{game}/record").status == 200
    other = page.locator(".tour-table:not(.mine) .tour-games a[data-open=replay]")
    other_game = other.get_attribute("data-game")
    mine.click()
    page.wait_for_url(f"**/#/replays/{game}")
    page.locator(".replay-board .replay-seat").first.wait_for()
    page.locator(".coach [data-action=ask-review]").wait_for()  # his own game: reviewable
    # another table's game is open to him now, but its review is its players' (issue 45)
    page.goto(f"/#/replays/{other_game}")
    page.locator(".replay-board .replay-seat").first.wait_for()
    page.locator(".fair-deal .chip").first.wait_for()
    assert page.locator(".coach").count() == 0


def test_the_list_and_the_create_dialog_on_a_phone(new_page: Any, quick_server: str) -> None:
    page = new_page("phone", viewport=PHONE_TALL, base_url=quick_server, is_mobile=True,
                    has_touch=True)
    register(page, nickname("tph"))
    open_list(page)
    page.wait_for_function(FITS)
    page.locator("[data-action=create-tournament]").click()
    dialog = page.locator(".tour-create-dialog[open]")
    dialog.wait_for()
    # 16 players: up to 15 rounds; a scheduled start asks for its time
    dialog.get_by_text("16 人", exact=True).click()
    options = page.locator("#tc-rounds option")
    assert options.count() == 15
    assert "每人都和其他每人搭档一次" in options.last.inner_text()
    page.get_by_label("每轮局数").select_option("2")
    page.get_by_label("轮数").select_option("3")
    assert dialog.get_by_text("每人共打 6 局").is_visible()
    assert not page.locator("#tc-when").is_visible()
    dialog.get_by_text("定时赛", exact=True).click()
    assert page.locator("#tc-when").is_visible()
    check(page, "tournament-create-phone", 6)
    dialog.get_by_text("满人开赛", exact=True).click()
    dialog.locator("[data-action=create-submit]").click()  # no name: said, not sent
    dialog.get_by_text("请填写比赛名称").wait_for()
    page.get_by_label("比赛名称").fill("手机杯")
    dialog.locator("[data-action=create-submit]").click()
    page.locator(".tournament-screen[data-status=signup]").wait_for()
    assert "16 人 · 3 轮 · 每轮 2 局" in page.locator(".tour-head").inner_text()
    page.locator(".tour-head [data-action=enter]").click()
    page.locator(".tour-entry.me").wait_for()
    page.wait_for_function(FITS)
    check(page, "tournament-signup-phone", 3)
    # back to the list: the tournament under 报名中, signed up
    page.locator(".back-link").click()
    card = page.locator(".tour-signup .tour-card", has_text="手机杯")
    card.wait_for()
    assert card.locator(".tour-mine-chip").inner_text() == "你已报名"
    assert card.locator(".tour-count").inner_text() == "已报名 1/16"
    page.wait_for_function(FITS)
    check(page, "tournaments-phone", 3)

    # a scheduled one (定时赛): its time said, no bots to fill it with, a check-in
    page.locator("[data-action=create-tournament]").click()
    dialog.wait_for()
    page.get_by_label("比赛名称").fill("定时杯")
    dialog.get_by_text("定时赛", exact=True).click()
    starts = page.locator("#tc-when").input_value()  # an hour from now, by default
    assert starts
    dialog.locator("[data-action=create-submit]").click()
    page.locator(".tournament-screen[data-status=signup]").wait_for()
    head = page.locator(".tour-head")
    assert "定时赛" in head.inner_text() and "开赛" in head.inner_text()
    assert not page.locator("[data-action=fill-bots]").count()
    page.locator(".tour-head [data-action=enter]").click()
    # its check-in is open already (this hall's window reaches its start): signed up is
    # checked in, nothing more to press (issue 45; the reminder's button is below)
    page.locator(".tour-entry.me .tour-checked").wait_for()
    assert head.locator(".tour-checked").inner_text() == "已签到"
    assert not page.locator("[data-action=checkin]").count()
    page.wait_for_function(FITS)
    dismiss_toasts(page)
    check(page, "tournament-scheduled-phone", 2)


def test_a_second_player_signs_up_and_leaves(new_page: Any, quick_server: str) -> None:
    host = new_page("host", viewport=WIDE, base_url=quick_server)
    guest = new_page("guest", viewport=WIDE, base_url=quick_server)
    register(host, nickname("hst"))
    guest_name = nickname("gst")
    register(guest, guest_name)
    open_list(host)
    create(host, "茶馆赛")
    # not signed up yet, its creator is told before bots fill it (issue 45)
    # — and, no player in it yet, the button signs him up as it fills (bots alone never play)
    fill = host.locator(".tour-head [data-action=fill-bots]")
    assert fill.inner_text() == "报名并补满"
    fill.click()
    ask = host.locator(".confirm-dialog[open]")
    ask.get_by_text("你还没报名，比赛里也还没有玩家", exact=False).wait_for()
    ask.locator("[data-action=confirm-no]").click()
    host.locator(".tour-head [data-action=enter]").click()
    host.locator(".tour-entry.me").wait_for()
    assert not guest.locator("[data-action=fill-bots]").count()

    # the guest finds it in the list and signs up from its card
    open_list(guest)
    card = guest.locator(".tour-signup .tour-card", has_text="茶馆赛")
    card.wait_for()
    assert card.locator(".tour-count").inner_text() == "已报名 1/8"
    shot(guest, "tournaments-list")
    card.locator("[data-action=enter]").click()
    guest.locator(".tournament-screen .tour-entry.me").wait_for()
    assert guest.locator(".tour-head [data-action=fill-bots]").count() == 0  # not his
    assert guest.locator(".tour-head [data-action=enter]").count() == 0
    # the host's page, looking again by itself, shows him
    host.locator(".tour-entry", has_text=guest_name).wait_for(timeout=10000)
    assert "还差 6 人开赛" in host.locator(".tour-head").inner_text()
    shot(host, "tournament-two-signed-up")

    # he leaves: gone from both pages, and he may sign up again
    guest.locator(".tour-head [data-action=leave]").click()
    guest.locator(".tour-head [data-action=enter]").wait_for()
    assert guest.locator(".tour-entry.me").count() == 0
    host.locator(".tour-entry", has_text=guest_name).wait_for(state="detached", timeout=10000)
    assert "还差 7 人开赛" in host.locator(".tour-head").inner_text()


def test_withdrawing_while_it_runs(new_page: Any, quick_server: str) -> None:
    """退赛: asked first; then 托管 plays his seat, and he is ranked after the others."""
    page = new_page("withdraw", viewport=WIDE, base_url=quick_server)
    register(page, nickname("wdr"))
    open_list(page)
    # three rounds: 托管 plays a round of bots in a few seconds, and the withdrawal must
    # come while it runs (one round was sometimes over before the click)
    create(page, "退赛杯", rounds=3)
    page.locator("[data-action=fill-bots]").click()  # 报名并补满 (issue 45): one step
    page.locator(".confirm-dialog[open] [data-action=confirm-yes]").click()
    page.locator(".table-screen .tour-table-chip").click(timeout=20000)
    page.locator(".tournament-screen[data-status=running]").wait_for()
    page.locator(".tour-head [data-action=withdraw]").click()
    page.locator(".confirm-dialog[open] [data-action=confirm-yes]").click()
    page.locator(".tour-head .tour-mine-chip", has_text="你已退赛").wait_for()
    assert not page.locator("[data-action=withdraw]").count()
    assert not page.locator(".tour-head [data-action=to-my-table]").count()
    page.locator(FINISHED).wait_for(timeout=120000)
    me = page.locator(".tour-board tr.me")
    assert me.get_attribute("data-rank") == "8"
    assert me.locator(".tour-withdrawn").inner_text() == "已退赛"
    assert not page.locator(".podium .podium-step.me").count()
    shot(page, "tournament-withdrawn")


def test_a_check_in_reminder_checks_in_from_its_message(
        new_page: Any, quick_hall: tuple[str, Path]) -> None:
    """A scheduled tournament's check-in opens: its player signed up hears it in a message
    that names it and its start — again when he comes back, until he has checked in — and
    checks in from the message's own button, on a phone."""
    base, db = quick_hall
    page = new_page("remind", viewport=PHONE_TALL, base_url=base)
    register(page, nickname("rmd"))
    tour = page.evaluate("""async () => {
        const api = window.yuanzi.app.api;
        const t = await api.tournaments.create({ name: '周末定时赛', size: 8, rounds: 1,
            games_per_round: 1, starts_at: Date.now() / 1000 + 3 * 3600 });
        await api.tournaments.enter(t.id);
        return t.id; }""")
    page.wait_for_timeout(1500)  # a look of the hall's schedule: not open yet, no message
    assert page.locator(".toast", has_text="周末定时赛").count() == 0
    with sqlite3.connect(db) as conn:  # the clock comes within its check-in (2 h before)
        conn.execute("UPDATE tournaments SET starts_at = datetime('now', '+3600 seconds') "
                     "WHERE id = ?", (tour,))
    message = page.locator(".toast", has_text="「周末定时赛」开始签到了")
    message.wait_for(timeout=10000)
    assert "开赛" in message.inner_text()
    shot(page, "tournament-check-in-reminder")
    page.reload()  # away and back: told again as he comes online, until he checks in
    message.wait_for(timeout=10000)
    message.get_by_role("button", name="签到").click()
    page.locator(".toast", has_text="签到成功").wait_for()
    page.evaluate(f"() => window.yuanzi.app.navigate('tournament', {tour})")
    page.locator(".tour-entry.me .tour-checked").wait_for()
    page.reload()
    page.wait_for_function("() => window.yuanzi.store.get().conn.status === 'online'")
    page.wait_for_timeout(1500)  # the greeting's frames came right after the welcome
    assert page.locator(".toast", has_text="开始签到了").count() == 0
