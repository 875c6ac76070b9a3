"""Session rooms and clubs in the browser (issue 26): a private table opened for 4 games
played to its end with 托管 — the chip counting the games, the tally between games and in
the game-over panel, the summary with its share picture on a desktop and on a phone; and
a club: made from its page, joined by its invite link through registration, approved, its
house session length set, a table opened from it and entered by a member, a vote to end,
its tally and sessions, a reset and a member leaving."""

from __future__ import annotations

import base64
from collections.abc import Iterator
from typing import Any

import pytest
from tests.browser.conftest import SCREENSHOTS, serve, shot
from tests.browser.flows import add_bots, nickname, register, state
from tests.browser.reachable import check

PHONE_TALL = {"width": 390, "height": 844}
WIDE = {"width": 1366, "height": 768}

SESSION = "window.yuanzi.store.get().tables[window.yuanzi.store.get().myTable].session"

IMAGE = """() => { const i = document.querySelector('.summary-dialog[open] .summary-image');
  return i && i.complete
    ? { src: i.src.slice(0, 22), w: i.naturalWidth, h: i.naturalHeight } : null; }"""
"""The summary's share picture, once decoded."""


@pytest.fixture(scope="module")
def quick_deal_server(browser_available: None, hall_env: dict[str, str],
                      tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """A hall of its own whose deals do not wait for the seats' contributions (issue 28:
    the browser sends none, so each half would wait its 2 s): four games in half the time."""
    tmp = tmp_path_factory.mktemp("quick-deal-hall")
    with serve({**hall_env, "YUANZI_DEAL_CONTRIBUTION_SECONDS": "0",
                "YUANZI_DB_PATH": str(tmp / "hall.db")}) as base:
        yield base


def signed(n: int) -> str:
    return f"+{n}" if n > 0 else f"−{-n}" if n < 0 else "0"


def start_game(page: Any, button: str) -> None:
    """Get ready (准备, or 再来一局 on the game-over panel) and wait for the game: its 托管
    button shows."""
    page.locator(f"[data-action={button}]").click()
    page.locator("[data-action=auto]:visible").wait_for(timeout=30000)


def test_a_four_game_session_played_to_its_summary(new_page: Any, quick_deal_server: str) -> None:
    page = new_page("session", viewport=WIDE, base_url=quick_deal_server)
    register(page, nickname("ses"))
    page.get_by_role("button", name="创建牌桌").click()
    page.locator(".create-dialog[open]").wait_for()
    assert page.locator("#ct-session").is_disabled()  # a public table holds no session
    page.get_by_label("好友房（不在大厅显示）").check()
    assert page.locator("#ct-session").is_enabled()
    page.get_by_label("局数").select_option(label="4局")
    page.locator(".create-dialog button[type=submit]").click()
    page.locator(".table-screen").wait_for()
    add_bots(page, 3)
    strip = page.locator(".session-strip")
    strip.get_by_text("第 1/4 局").wait_for()
    assert page.get_by_text("还没打完一局", exact=False).is_visible()

    for game in (1, 2, 3, 4):
        start_game(page, "ready" if game in (1, 3) else "again")
        # the chip counts the game being played; then 托管 plays it
        assert page.locator("[data-action=session-chip]").inner_text() == f"第 {game}/4 局"
        page.locator("[data-action=auto]").click()
        if game == 4:
            break
        page.locator(".over-dialog[open]").wait_for(timeout=90000)
        page.wait_for_function(f"() => {SESSION}.played === {game}")
        over = page.locator(".over-dialog[open] .session-over")
        over.get_by_text(f"已打 {game}/4 局").wait_for()
        assert over.locator(".tally-cell").count() == 4
        if game == 2:  # between games: the strip's tally, as the hall counts it
            page.locator("[data-action=close-over]").click()
            strip.get_by_text("第 3/4 局").wait_for()
            session = page.evaluate(f"() => {SESSION}")
            for p in session["players"]:
                cell = strip.locator(f".tally-cell[data-key='{p['key']}']")
                assert cell.locator(".tally-total").inner_text() == signed(p["total"])
                assert cell.locator(".tally-wins").inner_text() == f"胜 {p['wins']}"
            assert sum(p["total"] for p in session["players"]) == 0
            shot(page, "session-between-games")
            # leaving would end the session for all: the client asks first
            page.locator("[data-action=leave]").click()
            ask = page.locator(".confirm-dialog[open]")
            ask.get_by_text("离开会结束这场局数房（已打 2 局）").wait_for()
            ask.locator("[data-action=confirm-no]").click()
            assert state(page, "s.myTable") is not None

    # the last game over: the summary opens by itself, above the game's panel
    summary = page.locator(".summary-dialog[open]")
    summary.wait_for(timeout=90000)
    session = page.evaluate(f"() => {SESSION}")
    assert session["status"] == "ended" and session["reason"] == "games" and session["played"] == 4
    assert summary.get_by_role("heading", name="牌局结束").is_visible()
    assert "打满 4 局" in summary.locator(".summary-reason").inner_text()
    assert "4局" in summary.locator(".summary-rules").inner_text()
    players = summary.locator(".summary-player")
    assert players.count() == 4
    totals = [int(t.replace("−", "-")) for t in players.locator(".total").all_inner_texts()]
    assert totals == sorted((p["total"] for p in session["players"]), reverse=True)
    top = max(totals)
    big = summary.locator(".summary-player.big-winner")
    assert big.count() == (totals.count(top) if top > 0 else 0)
    if top > 0:
        assert "大赢家" in summary.locator(".summary-player.big-winner").first.inner_text()
    links = summary.locator(".summary-game a[data-open=game]")
    assert links.count() == 4
    assert links.first.get_attribute("href") == f"#/replays/{session['lines'][0]['game_id']}"
    page.wait_for_function(IMAGE)
    image = page.evaluate(IMAGE)
    assert image["src"] == "data:image/png;base64," and image["w"] == 1080 and image["h"] > 800
    save = summary.locator("[data-action=save-image]")
    assert save.get_attribute("download") == f"yuanzi-session-{session['id']}.png"
    assert save.get_attribute("href").startswith("data:image/png")
    picture = page.evaluate("() => document.querySelector('.summary-dialog[open] "
                            ".summary-image').src")
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)  # the picture itself, as a phone saves it
    (SCREENSHOTS / "session-share-image.png").write_bytes(
        base64.b64decode(picture.split(",", 1)[1]))
    shot(page, "session-summary")

    # the session over, the strip says so and opens the summary again: on a phone held
    # upright too, every control in reach
    page.locator("[data-action=close-summary]").click()
    page.locator("[data-action=close-over]").click()
    page.set_viewport_size(PHONE_TALL)
    strip.get_by_text("已结束").wait_for()
    page.locator("[data-action=session-summary]").click()
    summary.wait_for()
    page.wait_for_function(IMAGE)
    assert page.evaluate(IMAGE)["w"] == 1080
    check(page, "session-summary-phone", 3)
    page.locator("[data-action=close-summary]").click()
    assert page.locator("[data-action=open-session]").is_visible()  # the owner may start another
    shot(page, "session-ended-phone")


def test_a_club_from_its_page_to_a_table_and_a_vote(new_page: Any) -> None:
    founder = new_page("club-founder", viewport=WIDE)
    register(founder, nickname("cf"))
    founder.locator(".topbar .nav-link[data-screen=clubs]").click()
    founder.locator(".clubs-screen").wait_for()
    founder.get_by_label("圈名").fill("周五牌友会")
    founder.get_by_label("公告（可不填）").fill("每周五晚八点开打")
    founder.get_by_role("button", name="创建", exact=True).click()
    founder.get_by_role("heading", name="周五牌友会").wait_for()
    code = founder.locator(".club-code").get_attribute("data-code")
    assert code and len(code) == 9 and code.isdigit()  # (nine since issue 44)
    assert founder.locator(".club-code").inner_text() == f"{code[:3]} {code[3:6]} {code[6:]}"
    link = founder.locator(".club-link").input_value()
    assert "#/clubjoin/" in link
    club = founder.evaluate("() => location.hash")

    # a friend opens the invite link logged out, registers, and waits to be let in
    friend = new_page("club-friend", viewport=PHONE_TALL)
    friend.goto("/" + link[link.index("#"):])
    friend.locator(".login-form").wait_for()
    friend.get_by_role("button", name="没有账号？注册").click()
    friend_name = nickname("cm")
    friend.fill("#nickname", friend_name)
    friend.fill("#password", "tea-house-27")
    friend.locator(".login-form button[type=submit]").click()
    friend.get_by_text("已申请加入“周五牌友会”").first.wait_for()

    founder.reload()
    founder.get_by_role("button", name=f"同意 {friend_name} 加入").click()
    founder.locator(f".member[data-standing=member] a:text-is('{friend_name}')").wait_for()
    # the house fixes its tables' session length: 4 games
    founder.get_by_label("圈内牌桌的局数").select_option("4")
    founder.get_by_text("圈内牌桌固定 4局").wait_for()
    shot(founder, "club-page")

    # the founder opens a club table from the page (the length is the club's)
    founder.get_by_role("button", name="开桌", exact=True).click()
    founder.locator(".table-screen").wait_for()
    founder.locator(".session-strip").get_by_text("第 1/4 局").wait_for()
    table = founder.evaluate("() => window.yuanzi.store.get().myTable")
    assert state(founder, f"s.tables[{table}].private")
    # a club's table opens by the club only: no room code or invite link is offered
    founder.locator(".private-bar .club-table-chip").get_by_text("亲友圈牌桌").wait_for()
    assert founder.locator(".private-bar .room-code-chip").count() == 0
    assert founder.locator("[data-action=copy-invite]").count() == 0

    # the friend finds it on the club's page and comes in
    friend.goto("/" + club)
    card = friend.locator(f".club-table[data-table='{table}']")
    card.wait_for()
    shot(friend, "club-page-member-phone")
    card.get_by_role("button", name=f"进入牌桌 #{table}").click()
    friend.locator(".table-screen").wait_for()
    friend.wait_for_function(f"() => window.yuanzi.store.get().myTable === {table}")

    # he asks to end the session; the founder agrees: both see its summary
    friend.locator("[data-action=end-session]").click()
    vote = founder.locator(".session-vote")
    vote.get_by_text("申请结束牌局").wait_for()
    friend.locator(".session-vote").get_by_text("等其他人同意").wait_for()
    shot(friend, "session-vote-phone")
    founder.locator("[data-action=session-agree]").click()
    for page in (founder, friend):
        page.locator(".summary-dialog[open]").wait_for()
        place = page.locator(".summary-dialog[open] .summary-place").inner_text()
        assert place.endswith("亲友圈：周五牌友会")
    founder.locator("[data-action=close-summary]").click()

    # the club's page: its tally by period, its sessions (each opens its summary)
    founder.goto("/" + club)
    founder.locator(".club-session").first.wait_for()
    founder.locator(".club-tally [data-period=month]").click()
    founder.locator(".club-tally [data-period=month][aria-pressed=true]").wait_for()
    founder.locator("[data-action=session-details]").first.click()
    founder.locator(".summary-dialog[open]").wait_for()
    founder.locator("[data-action=close-summary]").click()
    founder.locator("[data-action=reset-tally]").click()
    founder.locator(".confirm-dialog [data-action=confirm-yes]").click()
    founder.locator(".toast").filter(has_text="战绩榜已清零").wait_for()
    founder.set_viewport_size({"width": 844, "height": 390})
    shot(founder, "club-page-landscape")

    # the friend leaves the club
    friend.goto("/" + club)
    friend.locator("[data-action=leave-club]").click()
    friend.locator(".confirm-dialog [data-action=confirm-yes]").click()
    friend.locator(".clubs-screen").wait_for()
    friend.get_by_text("你还没有加入亲友圈").wait_for()
