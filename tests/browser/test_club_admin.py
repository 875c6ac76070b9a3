"""A club's founder and managers at work in the browser (issue 26): the founder names a
member manager, bans another and lifts the ban, fixes the house rules (§12, the create
dialog's fields) and hands the club on; each page sees the change after a reload, and
the 管理 menus follow the hall's rules (a plain member sees none, a manager none on the
founder or on himself). On a desktop and on a phone held upright, where a row's menu
wraps and nothing scrolls sideways; and the same page in English, with no Chinese left."""

from __future__ import annotations

from typing import Any

from tests.browser.conftest import Console, shot
from tests.browser.english import CHINESE
from tests.browser.flows import dismiss_toasts, nickname, register
from tests.browser.reachable import check

PHONE_TALL = {"width": 390, "height": 844}
WIDE = {"width": 1366, "height": 768}

API = "window.yuanzi.app.api.clubs"


def new_club(page: Any, name: str) -> tuple[int, str]:
    """A club made by ``page``'s account, open to join: its id and code."""
    club = page.evaluate(f"async (n) => {{ const c = await {API}.create(n, '');"
                         f" await {API}.configure(c.id, {{ open_join: true }}); return c; }}", name)
    return club["id"], club["join_code"]


def join(page: Any, code: str) -> str:
    """Join by the code (an open club: a member at once); the outcome or the error code."""
    outcome: str = page.evaluate(
        f"(code) => {API}.join({{ code }}).then((r) => r.status, (e) => e.code)", code)
    return outcome


def open_club(page: Any, club: int) -> None:
    page.goto(f"/#/club/{club}")
    page.locator(".club-members .member").first.wait_for()


def row(page: Any, name: str) -> Any:
    return page.locator(".club-members .member").filter(
        has=page.locator(f"a:text-is('{name}')"))


def menu_of(page: Any, name: str, label: str = "管理") -> Any:
    """Open the member's 管理 menu (if closed); the menu."""
    toggle = page.get_by_role("button", name=f"{label} {name}", exact=True)
    if toggle.get_attribute("aria-expanded") != "true":
        toggle.click()
    menu = page.get_by_role("group", name=f"{label} {name}", exact=True)
    menu.wait_for()
    return menu


def top(page: Any) -> None:
    """Scrolled to the top, so a whole-page screenshot shows the top bar at the top."""
    page.evaluate("() => scrollTo(0, 0)")


def no_overflow(page: Any) -> None:
    """Nothing in the members' panel sticks out of it, nor the page sideways."""
    problems = page.evaluate("""() => {
      const box = document.querySelector('.club-members').getBoundingClientRect();
      const out = [...document.querySelectorAll('.club-members *')].filter((el) => {
        const r = el.getBoundingClientRect();
        return r.width > 0 && (r.left < box.left - 1 || r.right > box.right + 1);
      }).map((el) => `${el.tagName}.${el.className} ${el.textContent.slice(0, 20)}`);
      if (document.documentElement.scrollWidth > innerWidth) out.push('the page scrolls sideways');
      return out;
    }""")
    assert not problems, problems


def test_founder_names_a_manager_bans_and_hands_the_club_on(new_page: Any,
                                                             console: Console) -> None:
    console.allowed.append("403 (Forbidden) @")  # the browser's own log of Bob's refusal
    founder = new_page("club-admin-founder", viewport=WIDE)
    founder_name = nickname("cfo")
    register(founder, founder_name)
    club, code = new_club(founder, "周六茶馆")
    alice = new_page("club-admin-alice", viewport=PHONE_TALL)
    alice_name = nickname("周末打牌的老朋友")  # long, on a phone: the row wraps
    register(alice, alice_name)
    bob = new_page("club-admin-bob", viewport=WIDE)
    bob_name = nickname("cbo")
    register(bob, bob_name)
    assert join(alice, code) == "member" and join(bob, code) == "member"

    # a plain member: no 管理 menu on anyone, no settings, no banned list
    open_club(alice, club)
    row(alice, founder_name).wait_for()
    row(alice, bob_name).wait_for()
    assert alice.locator("[data-action=manage-member]").count() == 0
    assert alice.locator(".club-admin").is_hidden()
    assert alice.locator(".club-banned").count() == 0
    check(alice, "club-admin-member-phone", 3)

    # the founder: a menu on each member (none on himself), with all four actions
    open_club(founder, club)
    assert row(founder, founder_name).locator("[data-action=manage-member]").count() == 0
    menu = menu_of(founder, alice_name)
    for name in (f"把 {alice_name} 移出亲友圈", f"封禁 {alice_name}", f"把 {alice_name} 设为管理员",
                 f"把圈主转让给 {alice_name}"):
        assert menu.get_by_role("button", name=name, exact=True).is_visible(), name
    menu.get_by_role("button", name=f"把 {alice_name} 设为管理员").click()
    row(founder, alice_name).locator(".chip.manager").get_by_text("管理员").wait_for()
    # the menu stays open, its button now taking the role back (and focused)
    undo = founder.get_by_role("button", name=f"取消 {alice_name} 的管理员")
    undo.wait_for()
    assert undo.evaluate("(b) => b === document.activeElement")
    shot(founder, "club-admin-founder-menu")

    # he bans Bob (after a question), who moves to the banned list
    menu_of(founder, bob_name).get_by_role("button", name=f"封禁 {bob_name}").click()
    ask = founder.locator(".confirm-dialog[open]")
    ask.get_by_text(f"封禁 {bob_name}？").wait_for()
    ask.locator("[data-action=confirm-yes]").click()
    banned = founder.locator(".club-banned")
    banned.get_by_role("heading", name="已封禁（1）").wait_for()
    assert row(founder, bob_name).get_attribute("data-standing") == "banned"
    assert founder.locator(".club-members .member[data-standing=member]").count() == 2
    assert join(bob, code) == "banned_from_club"

    # the house rules, set in the create dialog's fields
    founder.locator("[data-action=house-rules]").click()
    dialog = founder.locator(".club-rules-dialog[open]")
    dialog.get_by_label("接风").select_option("partner")
    dialog.get_by_label("每手时限（秒）").fill("20")
    top(founder)
    shot(founder, "club-admin-house-rules")
    dialog.locator("[data-action=club-rules-save]").click()
    founder.locator(".club-house-rules-line").get_by_text("对家接风").wait_for()
    line = founder.locator(".club-house-rules-line").inner_text()
    assert "20" in line and "其余为标准规则" in line  # 对家接风 alone is not "standard"
    house = founder.evaluate(f"() => {API}.page({club}).then((p) => p.club.house_rules)")
    assert house == {"jiefeng": "partner", "turn_seconds": 20}
    founder.locator("[data-action=house-rules]").click()  # opens as saved
    assert dialog.locator("#club-rule-jiefeng").input_value() == "partner"
    assert dialog.locator("#club-rule-turn").input_value() == "20"
    dialog.locator("[data-action=club-rules-cancel]").click()
    top(founder)
    shot(founder, "club-admin-founder")

    # on a phone, the founder's menus wrap under the row: nothing sticks out
    founder.locator(".toast .toast-close").first.click()
    founder.set_viewport_size(PHONE_TALL)
    menu_of(founder, alice_name).scroll_into_view_if_needed()
    no_overflow(founder)
    check(founder, "club-admin-founder-phone", 8)

    # Alice, now a manager, after a reload: the settings and the banned list; a menu on
    # no one (the founder outranks her, she is herself), but she may lift Bob's ban
    alice.reload()
    alice.locator(".club-role.manager").wait_for()
    assert alice.locator(".club-admin").is_visible()
    assert alice.locator("[data-action=manage-member]").count() == 0
    alice.get_by_role("button", name=f"解除对 {bob_name} 的封禁").wait_for()
    alice.locator(".club-house-rules-line").get_by_text("对家接风").wait_for()
    no_overflow(alice)
    check(alice, "club-admin-manager-phone", 5)

    # the founder lifts the ban; Bob may come in again
    founder.get_by_role("button", name=f"解除对 {bob_name} 的封禁").click()
    founder.locator(".club-banned").wait_for(state="detached")
    assert join(bob, code) == "member"
    founder.set_viewport_size(WIDE)
    founder.reload()
    row(founder, bob_name).wait_for()

    # he hands the club on to Alice: the question says he is founder no more
    menu_of(founder, alice_name).get_by_role("button", name=f"把圈主转让给 {alice_name}").click()
    ask.get_by_text("你将不再是圈主").wait_for()
    top(founder)
    shot(founder, "club-admin-hand-on-confirm")
    ask.locator("[data-action=confirm-yes]").click()
    founder.locator(".club-role.manager").wait_for()
    founder.locator(".toast").filter(has_text=f"{alice_name} 现在是圈主").wait_for()
    row(founder, alice_name).locator(".chip.founder").wait_for()
    # a manager now: a menu on Bob only (remove, ban), none on Alice
    assert founder.get_by_role("button", name=f"管理 {alice_name}").count() == 0
    bob_menu = menu_of(founder, bob_name)
    assert bob_menu.locator("button").count() == 2
    assert founder.locator("[data-action=leave-club]").is_visible()

    # Alice's page, reloaded: she is the founder, with the whole menu on her old founder
    alice.reload()
    alice.locator(".club-role.founder").wait_for()
    menu = menu_of(alice, founder_name)
    menu.get_by_role("button", name=f"取消 {founder_name} 的管理员").wait_for()
    assert menu.locator("button").count() == 4
    no_overflow(alice)
    check(alice, "club-admin-new-founder-phone", 8)

    # Bob, a plain member again: nothing to manage
    open_club(bob, club)
    row(bob, alice_name).locator(".chip.founder").wait_for()
    assert bob.locator("[data-action=manage-member]").count() == 0
    assert bob.locator(".club-banned, .club-admin:visible").count() == 0


def test_club_admin_in_english(new_page: Any) -> None:
    founder = new_page("club-admin-en", viewport=WIDE)
    founder.add_init_script("localStorage.setItem('yuanzi.lang', 'en')")
    founder_name = nickname("efo")
    register_en = founder.get_by_role("button", name="No account? Register")
    founder.goto("/")
    register_en.click()
    founder.fill("#nickname", founder_name)
    founder.fill("#password", "tea-house-27")
    founder.locator(".login-form button[type=submit]").click()
    founder.locator(".lobby-screen").wait_for()
    club, code = new_club(founder, "Saturday tea")
    members = []
    for prefix in ("eal", "ebo"):
        page = new_page(f"club-admin-en-{prefix}")
        name = nickname(prefix)
        register(page, name)
        assert join(page, code) == "member"
        members.append(name)
    alice_name, bob_name = members

    open_club(founder, club)
    menu = menu_of(founder, alice_name, "Manage")
    menu.get_by_role("button", name=f"Make {alice_name} a manager").click()
    menu.get_by_role("button", name=f"Remove {alice_name} as manager").wait_for()
    menu_of(founder, bob_name, "Manage").get_by_role("button", name=f"Ban {bob_name}").click()
    ask = founder.locator(".confirm-dialog[open]")
    ask.get_by_text(f"Ban {bob_name}?").wait_for()
    assert not founder.evaluate(CHINESE)
    ask.locator("[data-action=confirm-yes]").click()
    founder.get_by_role("heading", name="Banned (1)").wait_for()
    founder.get_by_role("button", name=f"Lift the ban on {bob_name}").wait_for()
    menu_of(founder, alice_name, "Manage")
    bad = founder.evaluate(CHINESE)
    assert not bad, f"Chinese in English mode: {bad}"
    shot(founder, "club-admin-en")

    founder.get_by_role("button", name=f"Hand the club on to {alice_name}").click()
    ask.get_by_text("you will no longer be the founder").wait_for()
    assert not founder.evaluate(CHINESE)
    ask.locator("[data-action=confirm-no]").click()
    founder.get_by_role("button", name="Set the rules").click()
    founder.locator(".club-rules-dialog[open]").get_by_role(
        "heading", name="Rules of its tables").wait_for()
    bad = founder.evaluate(CHINESE)
    assert not bad, f"Chinese in English mode: {bad}"
    top(founder)
    shot(founder, "club-admin-en-house-rules")
    founder.locator("[data-action=club-rules-cancel]").click()


def test_an_application_is_seen_and_answered_without_a_reload(new_page: Any,
                                                               console: Console) -> None:
    """Issue 45: the applicant's list says 待审核; the founder's page shows her waiting
    the moment she asks (a message says so), and she hears 已通过 when he lets her in —
    neither page reloaded. At 1366×768 and on a phone held upright."""
    founder = new_page("cfounder", viewport=WIDE)
    applicant = new_page("capplicant", viewport=PHONE_TALL, is_mobile=True, has_touch=True)
    register(founder, nickname("cfd"))
    name = nickname("cap")
    register(applicant, name)
    club = founder.evaluate(f"(n) => {API}.create(n, '')", "申请茶馆")
    open_club(founder, club["id"])
    applicant.goto("/#/clubs")
    applicant.locator("#club-code").fill(club["join_code"])
    applicant.locator(".club-form button[type=submit]").first.click()
    card = applicant.locator(f".club-card.pending[data-club='{club['id']}']")
    card.wait_for()
    assert card.locator(".club-pending").inner_text() == "待审核"
    assert card.locator("a").count() == 0  # (not a member: no page to open yet)
    # her club's page by its address, before she is in: one clear message, no empty cards
    console.allowed.append("403 (Forbidden) @")  # (the page asked and was refused)
    applicant.goto(f"/#/club/{club['id']}")
    closed = applicant.locator(".club-closed")
    closed.wait_for()
    assert closed.locator(".club-closed-why").inner_text() == "你不是这个亲友圈的成员"
    assert not applicant.locator(".club-grid").is_visible()
    assert applicant.locator(".club-screen .panel:visible").count() == 1
    shot(applicant, "club-not-a-member-phone")
    applicant.goto("/#/clubs")
    card.wait_for()
    founder.locator(".toast", has_text=f"{name} 申请加入").wait_for(timeout=5000)
    waiting = founder.locator(".club-waiting .member")
    waiting.wait_for(timeout=5000)  # (by the news, well before the page's own refresh)
    shot(founder, "club-application-seen")
    waiting.get_by_role("button", name=f"同意 {name} 加入").click()
    applicant.locator(".toast", has_text="已通过").wait_for(timeout=10000)
    applicant.locator(f".club-card:not(.pending)[data-club='{club['id']}'] a").wait_for()
    assert applicant.locator(".club-card.pending").count() == 0
    dismiss_toasts(applicant)
    check(applicant, "club-application-approved-phone", 2)
