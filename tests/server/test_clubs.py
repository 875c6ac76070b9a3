"""The clubs' REST routes (issue 26) on an in-process hall: a club made, joined by code and
by link, its page to members only (presence shown, tables not named), the founder's and
managers' actions, and clear refusals that change nothing."""

from __future__ import annotations

from collections.abc import Callable
from contextlib import ExitStack
from typing import Any

from fastapi.testclient import TestClient
from tests.server.economy_helpers import As
from tests.server.helpers import table_with_bots
from tests.server.wsclient import connect

Account = Callable[[TestClient, str], str]


def players(client: TestClient, account: Account, *names: str) -> list[As]:
    return [As(client, account(client, n)) for n in names]


def members(page: dict[str, Any]) -> dict[str, tuple[str, str]]:
    return {m["nickname"]: (m["role"], m["standing"]) for m in page["members"]}


def test_a_club_from_making_to_a_members_page(client: TestClient, account: Account) -> None:
    ming, hua, li = players(client, account, "ming", "hua", "li")
    club = ming.post("/api/clubs", {"name": "嘉兴老友", "notice": "每晚八点开局"})
    assert (club["name"], club["members"], club["open_join"]) == ("嘉兴老友", 1, False)
    joined = hua.post("/api/clubs/join", {"code": club["join_code"]})
    assert joined["status"] == "pending" and joined["club"]["id"] == club["id"]
    assert hua.error("GET", f"/api/clubs/{club['id']}") == "not_a_member"
    page = ming.post(f"/api/clubs/{club['id']}/members/{hua.me['id']}/answer",
                     {"accept": True})
    assert members(page) == {"ming": ("founder", "member"), "hua": ("member", "member")}
    by_link = li.post("/api/clubs/join", {"token": club["invite_token"]})
    assert by_link["status"] == "pending"
    page = hua.get(f"/api/clubs/{club['id']}")  # a member does not see who waits
    assert set(members(page)) == {"ming", "hua"} and page["me"]["role"] == "member"
    assert [c["name"] for c in hua.get("/api/clubs")["clubs"]] == ["嘉兴老友"]
    assert li.get("/api/clubs")["clubs"] == []
    assert [c["my_role"] for c in hua.get("/api/clubs")["clubs"]] == ["member"]
    assert [c["my_role"] for c in ming.get("/api/clubs")["clubs"]] == ["founder"]


def test_the_page_says_who_is_online_and_playing_but_not_where(
        client: TestClient, account: Account) -> None:
    ming, hua = players(client, account, "ming", "hua")
    club = ming.post("/api/clubs", {"name": "Tea"})
    ming_club = ming.post("/api/clubs/join", {"code": club["join_code"]}, status=409)
    assert ming_club["error"]["code"] == "already_member"
    hua.post("/api/clubs/join", {"code": club["join_code"]})
    ming.post(f"/api/clubs/{club['id']}/members/{hua.me['id']}/answer", {"accept": True})
    with ExitStack() as stack:
        peer = connect(stack, client, hua.token)
        table = table_with_bots(peer, private=True)
        page = ming.get(f"/api/clubs/{club['id']}")
        them = {m["nickname"]: m for m in page["members"]}
        assert them["hua"]["online"] and them["hua"]["playing"]
        assert not them["ming"]["online"] and not them["ming"]["playing"]
        assert table > 0 and all(  # a private table is never named here
            set(m) == {"account_id", "nickname", "role", "standing", "online", "playing"}
            for m in page["members"])


def test_the_founder_and_managers_run_the_club(client: TestClient, account: Account) -> None:
    boss, mate, kid = players(client, account, "boss", "mate", "kid")
    club = boss.post("/api/clubs", {"name": "Club"})
    cid = club["id"]
    assert boss.client.patch(f"/api/clubs/{cid}", json={"open_join": True, "notice": "欢迎"},
                             headers=boss.headers).json()["open_join"] is True
    for p in (mate, kid):
        assert p.post("/api/clubs/join", {"code": club["join_code"]})["status"] == "member"
    mate_id, kid_id = mate.me["id"], kid.me["id"]
    assert kid.error("POST", f"/api/clubs/{cid}/members/{mate_id}/ban", {"on": True}) \
        == "not_club_manager"
    page = boss.post(f"/api/clubs/{cid}/members/{mate_id}/manager", {"on": True})
    assert members(page)["mate"] == ("manager", "member")
    page = mate.post(f"/api/clubs/{cid}/members/{kid_id}/ban", {"on": True})
    assert members(page)["kid"] == ("member", "banned")
    assert kid.error("POST", "/api/clubs/join", {"code": club["join_code"]}) \
        == "banned_from_club"
    assert boss.error("POST", f"/api/clubs/{cid}/leave") == "forbidden"
    page = boss.post(f"/api/clubs/{cid}/hand_on", {"account": mate_id})
    assert members(page)["mate"][0] == "founder" and members(page)["boss"][0] == "manager"
    assert boss.post(f"/api/clubs/{cid}/leave")["clubs"] == []
    page = mate.post(f"/api/clubs/{cid}/members/{kid_id}/ban", {"on": False})
    assert "kid" not in members(page)  # unbanned: as if he had never come
    assert kid.post("/api/clubs/join", {"code": club["join_code"]})["status"] == "member"
    r = mate.client.delete(f"/api/clubs/{cid}/members/{kid_id}", headers=mate.headers)
    assert r.status_code == 200 and "kid" not in members(r.json())



def test_two_managers_setting_rules_and_length_keep_each_others(
        client: TestClient, account: Account) -> None:
    (boss,) = players(client, account, "boss2")
    cid = boss.post("/api/clubs", {"name": "House"})["id"]

    def patch(who: As, body: dict[str, Any]) -> dict[str, Any]:
        r = who.client.patch(f"/api/clubs/{cid}", json=body, headers=who.headers)
        assert r.status_code == 200, r.text
        return dict(r.json())

    club = patch(boss, {"house": {"rules": {"jiefeng": "partner"}, "session_games": 8}})
    assert (club["house_rules"], club["session_games"]) == ({"jiefeng": "partner"}, 8)
    club = patch(boss, {"house": {"session_games": 16}})  # the rules left out: kept
    assert (club["house_rules"], club["session_games"]) == ({"jiefeng": "partner"}, 16)
    club = patch(boss, {"house": {"rules": None}})  # freed; the length kept
    assert (club["house_rules"], club["session_games"]) == (None, 16)
    club = patch(boss, {"house": {"rules": {"turn_seconds": 20}, "session_games": None}})
    assert (club["house_rules"], club["session_games"]) == ({"turn_seconds": 20}, None)

def test_bad_requests_are_refused_in_words(client: TestClient, account: Account) -> None:
    ann, bob = players(client, account, "ann", "bob")
    assert ann.error("POST", "/api/clubs", {"name": ""}) == "malformed"
    assert ann.error("POST", "/api/clubs", {"name": "x" * 21}) == "malformed"
    assert ann.error("POST", "/api/clubs", {"name": "ok", "evil": 1}) == "malformed"
    assert ann.error("POST", "/api/clubs/join", {}) == "malformed"
    assert ann.error("POST", "/api/clubs/join", {"code": "123456789", "token": "x" * 22}) \
        == "malformed"
    assert ann.error("POST", "/api/clubs/join", {"code": "999999999"}) == "no_such_club"
    assert ann.error("GET", "/api/clubs/0") == "malformed"
    assert ann.error("GET", "/api/clubs/4242") == "no_such_club"
    club = ann.post("/api/clubs", {"name": "Mine"})
    assert bob.error("PATCH", f"/api/clubs/{club['id']}", {"open_join": True}) \
        == "not_a_member"
    assert ann.get(f"/api/clubs/{club['id']}")["club"]["open_join"] is False
    assert client.get("/api/clubs").status_code == 401


def club_of(founder: As, *others: As) -> dict[str, Any]:
    """A club whose members are ``founder`` and ``others`` (an open one: in at once)."""
    club: dict[str, Any] = founder.post("/api/clubs", {"name": "Evening"})
    founder.client.patch(f"/api/clubs/{club['id']}", json={"open_join": True},
                         headers=founder.headers)
    for p in others:
        assert p.post("/api/clubs/join", {"code": club["join_code"]})["status"] == "member"
    return club


def heard_of(p: Any, since: int, table: int) -> list[dict[str, Any]]:
    """Frames about the table from index ``since`` on (after a round trip)."""
    p.call("hello")
    return [f for f in p.frames[since:] if f["type"] not in ("ok", "error") and (
        f.get("table") == table or (isinstance(f.get("table"), dict)
                                    and f["table"]["id"] == table))]


def test_a_clubs_table_takes_its_members_without_a_code_and_no_one_else(
        client: TestClient, account: Account) -> None:
    ming, hua, li = players(client, account, "ming", "hua", "li")
    club = club_of(ming, hua)
    with ExitStack() as stack:
        owner, member, stranger = (connect(stack, client, p.token) for p in (ming, hua, li))
        assert owner.error("create_table", club=club["id"] + 1)["code"] == "not_a_member"
        assert stranger.error("create_table", club=club["id"])["code"] == "not_a_member"
        table = owner.call("create_table", club=club["id"])["table"]
        view = owner.until("table", lambda f: f["table"]["id"] == table)["table"]
        assert view["private"] is True
        came = member.call("join_club_table", table=table)
        assert came == {"table": table, "seat": 2}  # opposite the owner, as a friend sits
        page = hua.get(f"/api/clubs/{club['id']}")
        assert [(t["id"], t["seats"]) for t in page["tables"]] == [
            (table, ["ming", None, "hua", None])]
        since = len(stranger.frames)
        refused = stranger.error("join_club_table", table=table)
        missing = stranger.error("join_club_table", table=table + 1000)
        assert refused["code"] == missing["code"] == "no_such_table"
        assert refused["message"] == missing["message"].replace(str(table + 1000), str(table))
        assert view["room_code"] is None and view["invite"] is None  # no door (issue 44)
        for kind, fields in (("sit", {"seat": 1}), ("spectate", {}), ("resync", {})):
            assert stranger.error(kind, table=table, **fields)["code"] == "no_such_table"
        assert heard_of(stranger, since, table) == []  # not a frame of it
        assert li.error("GET", f"/api/clubs/{club['id']}") == "not_a_member"
        elsewhere = stranger.call("create_table", private=True)["table"]  # not a club's
        assert member.error("join_club_table", table=elsewhere)["code"] == "no_such_table"


def test_every_door_a_guesser_could_hit_spends_one_allowance(
        make_client: Callable[..., TestClient], account: Account) -> None:
    """Issue 44: club codes had an allowance of their own beside the room codes' — a
    second door, a second allowance. Now room codes, invite links, the invite page and
    club codes and links are tried within one; a friend with his own allowance comes in."""
    client = make_client(room_code_tries=4, room_code_tries_hour=100)
    ming, guess, friend = players(client, account, "ming", "guess", "friend")
    club = ming.post("/api/clubs", {"name": "一扇门"})
    with ExitStack() as stack:
        peer = connect(stack, client, guess.token)
        assert peer.error("join_code", code="73519246")["code"] == "no_such_code"
        assert peer.error("join_link", token="k" * 22)["code"] == "no_such_code"
    assert guess.error("GET", "/api/invites/" + "j" * 22) == "no_such_code"  # (its address's)
    for code in ("999999999", "999999998"):
        assert guess.error("POST", "/api/clubs/join", {"code": code}) == "no_such_club"
    assert guess.error("POST", "/api/clubs/join", {"code": club["join_code"]}) \
        == "rate_limited"  # the right code too: his allowance is spent
    assert friend.post("/api/clubs/join", {"code": club["join_code"]})["status"] == "pending"


def test_an_application_and_its_answer_are_heard_at_once(client: TestClient,
                                                         account: Account) -> None:
    """Issue 45: the founder hears an application as it comes (no reload); the applicant
    sees it 待审核 in her list (without the club's code) and hears when it is answered."""
    ming, hua, li = players(client, account, "ming", "hua", "li")
    club = ming.post("/api/clubs", {"name": "嘉兴老友"})
    with ExitStack() as stack:
        founder, applicant = connect(stack, client, ming.token), connect(stack, client, hua.token)
        other = connect(stack, client, li.token)
        hua.post("/api/clubs/join", {"code": club["join_code"]})
        heard = founder.until("club_news")
        assert (heard["club"], heard["name"], heard["event"], heard["who"]) == (
            club["id"], "嘉兴老友", "applied", "hua")
        mine = hua.get("/api/clubs")
        assert mine["clubs"] == [] and mine["pending"] == [{"id": club["id"], "name": "嘉兴老友"}]
        ming.post(f"/api/clubs/{club['id']}/members/{hua.me['id']}/answer", {"accept": True})
        told = applicant.until("club_news")
        assert (told["club"], told["event"]) == (club["id"], "admitted")
        mine = hua.get("/api/clubs")
        assert [c["id"] for c in mine["clubs"]] == [club["id"]] and mine["pending"] == []
        li.post("/api/clubs/join", {"token": club["invite_token"]})
        founder.until("club_news", event="applied", who="li")
        ming.post(f"/api/clubs/{club['id']}/members/{li.me['id']}/answer", {"accept": False})
        assert other.until("club_news")["event"] == "refused"
        assert li.get("/api/clubs") == {"clubs": [], "pending": []}
