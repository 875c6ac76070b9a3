"""Limits that make a push cheap to receive and dear to cause (issue 54): pushes of a kind
per recipient, a club's session and filling pushes per club whichever table or session
causes them, and a bounded outbox whose drops are counted — none of them in the way of
what caused the push."""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Sequence
from typing import Any

from yuanzi.hall.desk_ports import Push, PushSubscription, Sent, TableName
from yuanzi.hall.group_models import Club, ClubMember
from yuanzi.hall.runtime.ratelimit import LocalLimits
from yuanzi.hall.services.push import PER_RECIPIENT, PushDesk

MEMBERS = (1, 2, 3, 4)


class Store:
    """The push desk's store, in memory: every member of club 7 subscribed to all."""

    def __init__(self) -> None:
        self.subs = {a: PushSubscription(a, f"https://fcm.googleapis.com/{a}", "k", "a",
                                         ("invite", "table_filling", "club_session", "turn",
                                          "tournament", "friend_request"), "zh-CN")
                     for a in MEMBERS}

    async def hall_key(self, name: str, make: Callable[[], str]) -> str:
        return "pem"

    async def subscriptions_of(self, account_ids: Sequence[int]) -> list[PushSubscription]:
        return [self.subs[a] for a in account_ids if a in self.subs]

    async def drop_subscription(self, endpoint: str, account_id: int | None = None) -> bool:
        return True

    async def club(self, club_id: int) -> Club:
        return Club(club_id, "嘉兴老友", "", 1, "ABCD", "t", True, len(MEMBERS))

    async def club_members(self, club_id: int) -> list[ClubMember]:
        return [ClubMember(club_id, a, f"m{a}", "member", "member") for a in MEMBERS]


class Sender:
    """Records what it posts; ``hold`` keeps every post in the air until set."""

    def __init__(self, hold: bool = False) -> None:
        self.posted: list[tuple[int, str]] = []
        self.in_air = 0
        self.hold = asyncio.Event()
        if not hold:
            self.hold.set()

    def new_key(self) -> str:
        return "pem"

    def public_key(self, private_pem: str) -> str:
        return "public"

    async def send(self, subscription: PushSubscription, push: Push, private_pem: str) -> Sent:
        self.in_air += 1
        await self.hold.wait()
        self.in_air -= 1
        self.posted.append((subscription.account_id, push.payload["kind"]))
        return "sent"

    async def close(self) -> None:
        pass


NAME = TableName("老地方")


async def settle(desk: PushDesk, tasks: set[asyncio.Task[Any]], drain: bool = True) -> None:
    """Until the background jobs are done (and, with ``drain``, the outbox is empty and its
    sender idle)."""
    assert desk.outbox is not None
    sender = desk.outbox.sender
    assert isinstance(sender, Sender)
    async with asyncio.timeout(10):  # (a bound: the loop turns until the jobs are done)
        while tasks or (drain and (desk.outbox.waiting or sender.in_air)):
            await asyncio.sleep(0)
            tasks -= {t for t in tasks if t.done()}


def desk_with(sender: Sender, **kw: Any) -> tuple[PushDesk, set[asyncio.Task[Any]]]:
    tasks: set[asyncio.Task[Any]] = set()

    def spawn(job: Any) -> None:
        tasks.add(asyncio.ensure_future(job))

    return PushDesk(Store(), sender, LocalLimits(), spawn, **kw), tasks  # type: ignore[arg-type]


def test_fifteen_sessions_of_a_club_push_each_member_once() -> None:
    async def go() -> list[tuple[int, str]]:
        sender = Sender()
        desk, tasks = desk_with(sender)
        for table in range(100, 115):  # a session opened and ended at table after table
            desk.club_session(7, table, NAME, 8, seated=[1])
            desk.club_table_filling(7, 200 + table, NAME, seated=[1])
        await settle(desk, tasks)
        await desk.close()
        return sender.posted

    posted = asyncio.run(go())
    assert sorted(posted) == sorted([(a, kind) for a in MEMBERS[1:]
                                     for kind in ("club_session", "table_filling")])


def test_a_recipient_gets_a_kind_a_few_times_however_many_cause_it() -> None:
    async def go() -> list[tuple[int, str]]:
        sender = Sender()
        desk, tasks = desk_with(sender)
        for table in range(50):  # fifty turns at fifty tables
            desk.your_turn(2, table, NAME)
        for _ in range(3):
            desk.your_turn(3, 1, NAME)
        await settle(desk, tasks)
        await desk.close()
        return sender.posted

    posted = asyncio.run(go())
    most, _ = PER_RECIPIENT["turn"]
    assert posted.count((2, "turn")) == most
    assert posted.count((3, "turn")) == 3  # another recipient: his own allowance


def test_a_full_outbox_drops_and_counts_and_the_cause_goes_on() -> None:
    async def go() -> tuple[list[tuple[int, str]], dict[str, int]]:
        sender = Sender(hold=True)
        desk, tasks = desk_with(sender, senders=1, queue=2)
        desk.your_turn(MEMBERS[0], 9, NAME)  # in the air, and held there
        async with asyncio.timeout(10):
            while sender.in_air == 0:
                await asyncio.sleep(0)
        for account in MEMBERS[1:]:  # three more: two queued, one dropped
            desk.your_turn(account, 9, NAME)
        await settle(desk, tasks, drain=False)
        assert desk.outbox is not None
        seen = {"waiting": desk.outbox.waiting, "dropped": desk.outbox.counts.dropped,
                "sent": desk.outbox.counts.sent}
        sender.hold.set()
        async with asyncio.timeout(10):
            while desk.outbox.counts.sent < 3:
                await asyncio.sleep(0)
        await desk.close()
        return sender.posted, seen

    posted, seen = asyncio.run(go())
    assert seen == {"waiting": 2, "dropped": 1, "sent": 0}
    assert len(posted) == 3
