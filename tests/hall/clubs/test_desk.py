"""The club desk (issue 26), on a real SQLite store: making a club, coming in by code or
link (approved, or at once when the club is open), the founder's and managers' powers and
their limits, the caps, and a clear refusal that changes nothing for every bad request."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from pathlib import Path

import pytest
from hypothesis import given, settings, strategies as st

from yuanzi.hall.clubs import rules
from yuanzi.hall.clubs.desk import ClubDesk
from yuanzi.hall.errors import Code, HallError
from yuanzi.hall.group_models import ClubMember
from yuanzi.hall.models import Account
from yuanzi.hall.runtime.ratelimit import LocalLimits
from yuanzi.hall.settings import Settings
from yuanzi.store.setup import Database, open_database

Body = Callable[[ClubDesk, Database], Awaitable[None]]
ADDRESS = "203.0.113.9"


async def no_table(command: object) -> None:
    """No club here has a table open: the desk sends none of them anything."""
    raise AssertionError(f"no table to send {command!r}")


def run(tmp_path: Path, body: Body, **overrides: object) -> None:
    hall_settings = Settings(db_path=tmp_path / "clubs.db", database_url="", **overrides)

    async def go() -> None:
        db = open_database(hall_settings)
        try:
            await body(ClubDesk(db.store, LocalLimits(), hall_settings, no_table), db)
        finally:
            db.close()

    asyncio.run(go())


async def accounts(db: Database, *names: str) -> list[Account]:
    return [await db.store.create_account(n, n.lower(), "h", "player") for n in names]


async def refused(code: Code, call: Awaitable[object]) -> None:
    with pytest.raises(HallError) as e:
        await call
    assert e.value.code == code, e.value.message


def roles(members: list[ClubMember]) -> dict[str, tuple[str, str]]:
    return {m.nickname: (m.role, m.standing) for m in members}


def test_a_club_is_made_joined_by_code_and_approved(tmp_path: Path) -> None:
    async def body(desk: ClubDesk, db: Database) -> None:
        founder, friend, stranger = await accounts(db, "Ming", "Hua", "Stranger")
        club = await desk.create(founder, "  嘉兴老友  ", "每晚八点")
        assert (club.name, club.notice, club.founder_id, club.members) == (
            "嘉兴老友", "每晚八点", founder.id, 1)
        assert rules.CODE.fullmatch(club.join_code) and not club.open_join
        joined, outcome = await desk.join(friend, ADDRESS, club.join_code[:3] + " "
                                          + club.join_code[3:])  # said with a space
        assert (joined.id, outcome) == (club.id, "pending")
        await refused(Code.NOT_A_MEMBER, desk.club(friend, club.id))  # waiting: not in yet
        _, seen = await desk.club(founder, club.id)
        assert roles(seen) == {"Ming": ("founder", "member"), "Hua": ("member", "pending")}
        await desk.answer(founder, club.id, friend.id, True)
        club_now, seen = await desk.club(friend, club.id)
        assert club_now.members == 2 and roles(seen)["Hua"] == ("member", "member")
        assert [c.id for c in await desk.mine(friend)] == [club.id]
        await refused(Code.NOT_A_MEMBER, desk.club(stranger, club.id))
        await refused(Code.ALREADY_MEMBER, desk.join(friend, ADDRESS, club.join_code))

    run(tmp_path, body)


def test_an_open_club_takes_a_link_at_once_and_a_refusal_is_forgotten(tmp_path: Path) -> None:
    async def body(desk: ClubDesk, db: Database) -> None:
        founder, a, b = await accounts(db, "Ming", "A", "B")
        club = await desk.create(founder, "Open")
        _, outcome = await desk.join(a, ADDRESS, club.join_code)
        await desk.answer(founder, club.id, a.id, False)  # refused: as if he never asked
        assert roles((await desk.club(founder, club.id))[1]) == {"Ming": ("founder", "member")}
        await desk.configure(founder, club.id, open_join=True, notice="新的公告")
        club2, outcome = await desk.join_by_link(b, ADDRESS, club.invite_token)
        assert outcome == "member" and club2.notice == "新的公告"
        _, outcome = await desk.join(a, ADDRESS, club.join_code)  # asks again: in at once
        assert outcome == "member"

    run(tmp_path, body)


def test_managers_act_on_members_and_only_the_founder_on_managers(tmp_path: Path) -> None:
    async def body(desk: ClubDesk, db: Database) -> None:
        founder, boss, m1, m2 = await accounts(db, "Founder", "Boss", "M1", "M2")
        club = await desk.create(founder, "Club")
        await desk.configure(founder, club.id, open_join=True)
        for a in (boss, m1, m2):
            await desk.join(a, ADDRESS, club.join_code)
        await refused(Code.NOT_CLUB_MANAGER, desk.remove(m1, club.id, m2.id))  # a member
        await refused(Code.NOT_CLUB_MANAGER, desk.set_manager(boss, club.id, m1.id, True))
        await desk.set_manager(founder, club.id, boss.id, True)
        await refused(Code.NOT_CLUB_MANAGER, desk.set_manager(boss, club.id, m1.id, True))
        await desk.set_manager(founder, club.id, m1.id, True)
        await refused(Code.NOT_CLUB_MANAGER, desk.remove(boss, club.id, m1.id))  # a manager
        await refused(Code.NOT_CLUB_MANAGER, desk.ban(boss, club.id, founder.id, True))
        await desk.ban(boss, club.id, m2.id, True)
        await refused(Code.BANNED_FROM_CLUB, desk.join(m2, ADDRESS, club.join_code))
        await refused(Code.NOT_A_MEMBER, desk.club(m2, club.id))
        await desk.ban(boss, club.id, m2.id, False)
        assert (await desk.join(m2, ADDRESS, club.join_code))[1] == "member"
        await desk.remove(founder, club.id, m1.id)  # the founder removes a manager
        assert "M1" not in roles((await desk.club(founder, club.id))[1])

    run(tmp_path, body)


def test_the_founder_hands_the_club_on_before_he_may_leave(tmp_path: Path) -> None:
    async def body(desk: ClubDesk, db: Database) -> None:
        founder, heir, waiting = await accounts(db, "Old", "Heir", "Waiting")
        club = await desk.create(founder, "Club")
        await desk.join(heir, ADDRESS, club.join_code)
        await desk.join(waiting, ADDRESS, club.join_code)
        await refused(Code.FORBIDDEN, desk.leave(founder, club.id))
        await refused(Code.NOT_A_MEMBER, desk.hand_on(founder, club.id, heir.id))  # waiting
        await desk.answer(founder, club.id, heir.id, True)
        await refused(Code.NOT_A_MEMBER, desk.hand_on(founder, club.id, waiting.id))
        await refused(Code.NOT_A_MEMBER, desk.hand_on(founder, club.id, founder.id))
        await desk.hand_on(founder, club.id, heir.id)
        club_now, seen = await desk.club(heir, club.id)
        assert club_now.founder_id == heir.id
        assert roles(seen)["Heir"][0] == "founder" and roles(seen)["Old"][0] == "manager"
        await refused(Code.NOT_CLUB_MANAGER, desk.hand_on(founder, club.id, heir.id))
        await desk.leave(founder, club.id)
        await refused(Code.NOT_A_MEMBER, desk.leave(founder, club.id))

    run(tmp_path, body)


def test_the_caps_hold(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(rules, "MAX_MEMBERS", 3)
    monkeypatch.setattr(rules, "MAX_CLUBS", 2)

    async def body(desk: ClubDesk, db: Database) -> None:
        founder, a, b, c = await accounts(db, "F", "A", "B", "C")
        club = await desk.create(founder, "Small")
        await desk.configure(founder, club.id, open_join=True)
        await desk.join(a, ADDRESS, club.join_code)
        await desk.join(b, ADDRESS, club.join_code)
        await refused(Code.CLUB_FULL, desk.join(c, ADDRESS, club.join_code))
        await desk.create(c, "C1")
        await desk.create(c, "C2")
        await refused(Code.TOO_MANY_CLUBS, desk.create(c, "C3"))
        await desk.remove(founder, club.id, b.id)
        await refused(Code.TOO_MANY_CLUBS, desk.join(c, ADDRESS, club.join_code))
        assert (await desk.club(founder, club.id))[0].members == 2  # nothing changed

    run(tmp_path, body)


def test_two_joins_at_once_cannot_both_take_the_last_place(tmp_path: Path,
                                                           monkeypatch: pytest.MonkeyPatch
                                                           ) -> None:
    monkeypatch.setattr(rules, "MAX_MEMBERS", 2)

    async def body(desk: ClubDesk, db: Database) -> None:
        founder, *others = await accounts(db, "F", "A", "B", "C", "D")
        club = await desk.create(founder, "Race")
        await desk.configure(founder, club.id, open_join=True)
        results = await asyncio.gather(*(desk.join(o, f"10.0.0.{i}", club.join_code)
                                         for i, o in enumerate(others)),
                                       return_exceptions=True)
        assert sum(1 for r in results if isinstance(r, tuple)) == 1
        assert all(r.code == Code.CLUB_FULL for r in results if isinstance(r, HallError))
        assert (await desk.club(founder, club.id))[0].members == 2

    run(tmp_path, body)


def test_bad_requests_get_clear_refusals(tmp_path: Path) -> None:
    async def body(desk: ClubDesk, db: Database) -> None:
        founder, other = await accounts(db, "F", "O")
        await refused(Code.MALFORMED, desk.create(founder, ""))
        await refused(Code.MALFORMED, desk.create(founder, "名" * 21))
        await refused(Code.MALFORMED, desk.create(founder, "ok", "字" * 201))
        await refused(Code.MALFORMED, desk.join(other, ADDRESS, "12345"))
        await refused(Code.MALFORMED, desk.join(other, ADDRESS, "12345678"))  # a room code
        await refused(Code.MALFORMED, desk.join_by_link(other, ADDRESS, "short"))
        await refused(Code.NO_SUCH_CLUB, desk.join_by_link(other, ADDRESS, "x" * 22))
        club = await desk.create(founder, "Club")
        wrong = str(10**8 + (int(club.join_code) - 10**8 + 1) % (9 * 10**8))
        await refused(Code.NO_SUCH_CLUB, desk.join(other, ADDRESS, wrong))
        await refused(Code.NO_SUCH_CLUB, desk.configure(founder, club.id + 1, notice="x"))
        await refused(Code.NOT_A_MEMBER, desk.configure(other, club.id, open_join=True))
        await refused(Code.NOT_A_MEMBER, desk.leave(other, club.id))
        assert (await desk.club(founder, club.id))[0].open_join is False

    run(tmp_path, body)


def test_guessing_club_codes_is_limited_per_guesser(tmp_path: Path) -> None:
    async def body(desk: ClubDesk, db: Database) -> None:
        founder, guesser, friend = await accounts(db, "F", "G", "Friend")
        club = await desk.create(founder, "Club")
        for n in range(3):
            await refused(Code.NO_SUCH_CLUB, desk.join(guesser, "198.51.100.1",
                                                       str(10**8 + n)))
        await refused(Code.RATE_LIMITED, desk.join(guesser, "198.51.100.1", club.join_code))
        assert (await desk.join(friend, ADDRESS, club.join_code))[1] == "pending"

    run(tmp_path, body, room_code_tries=3)


@settings(max_examples=60, deadline=None)
@given(st.text(max_size=30))
def test_a_club_name_is_cleaned_or_refused_never_stored_raw(raw: str) -> None:
    try:
        name = rules.club_name(raw)
    except HallError as e:
        assert e.code == Code.MALFORMED
    else:
        assert 1 <= len(name) <= rules.NAME_LENGTH and name == name.strip()
        assert rules.club_name(name) == name  # cleaning twice changes nothing
