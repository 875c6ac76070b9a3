"""Table leases in PostgreSQL: one owner at a time, a token that only grows, renewal that
a stalled event loop cannot starve, and a fence that stops a deposed owner's writes."""

from __future__ import annotations

import time
from collections.abc import Iterator

import pytest
from sqlalchemy import Connection, Engine, text
from sqlalchemy.orm import Session
from tests.store.pg import pg_schema_url

from yuanzi.cluster.leases import LeaseBook, LeaseKeeper, LeaseLost
from yuanzi.store.db import open_engine
from yuanzi.store.fence import check as fence
from yuanzi.store.migrate import upgrade


@pytest.fixture
def engine() -> Iterator[Engine]:
    for url in pg_schema_url():
        engine = open_engine(url)
        upgrade(engine)
        with engine.begin() as conn:
            conn.execute(text(
                "INSERT INTO accounts (nickname, nickname_key, password_hash, role, created_at,"
                " ladder_score, ladder_level, coins, games_played, escapes, wins, double_wins,"
                " double_losses, rating_mu, rating_sigma, banned)"
                " VALUES ('a', 'a', 'h', 'player', now(), 0, 0, 0, 0, 0, 0, 0, 0, 25, 8, false)"))
            for name, age in (("one", 60), ("two", 60), ("three", 60), ("four", 0)):
                conn.execute(text(
                    "INSERT INTO hall_tables (name, owner_id, tablecloth, bet, rules, seats,"
                    " status, created_at, name_default) VALUES (:n, 1, 'green', 0, '{}',"
                    " '[]', 'open', now() - make_interval(secs => :age), false)"),
                    {"n": name, "age": age})
        yield engine
        engine.dispose()


def test_one_owner_at_a_time_and_the_token_grows_with_each_new_owner(engine: Engine) -> None:
    a, b = LeaseBook(engine, "node-a", ttl=0.4), LeaseBook(engine, "node-b", ttl=0.4)
    assert a.acquire(1) == 1
    assert b.acquire(1) is None  # held and live
    assert a.acquire(1) == 1  # the holder extends it: the same token
    time.sleep(0.5)  # lapsed
    assert b.acquire(1) == 2
    assert a.acquire(1) is None
    holder = b.holder(1)
    assert holder is not None and holder.node == "node-b" and holder.token == 2 and holder.live


def test_renewal_says_which_leases_were_lost(engine: Engine) -> None:
    a, b = LeaseBook(engine, "node-a", ttl=0.3), LeaseBook(engine, "node-b", ttl=5)
    tokens = {1: a.acquire(1) or 0, 2: a.acquire(2) or 0}
    assert a.renew(tokens) == set()
    time.sleep(0.4)
    assert b.acquire(2) == 2  # table 2 lapsed and was taken over
    assert a.renew(tokens) == {2}
    assert a.renew({1: 99}) == {1}  # a stale token is a lost lease too


def test_release_hands_the_table_over_at_once(engine: Engine) -> None:
    a, b = LeaseBook(engine, "node-a", ttl=30), LeaseBook(engine, "node-b", ttl=30)
    assert a.acquire(3) == 1
    assert b.acquire(3) is None
    a.release([3])
    assert b.acquire(3) == 2
    # 1 and 2 never leased; 3 is b's now; 4 is being opened (its node leases it next)
    assert b.lapsed() == [1, 2]


def test_the_keeper_renews_while_the_event_loop_is_stalled(engine: Engine) -> None:
    a, b = LeaseBook(engine, "node-a", ttl=0.6), LeaseBook(engine, "node-b", ttl=0.6)
    lost: list[set[int]] = []
    keeper = LeaseKeeper(a, lost.append)
    keeper.hold(1, a.acquire(1) or 0)
    keeper.start()
    try:
        time.sleep(2.0)  # the loop's thread blocked for three lease times: the keeper renews
        assert b.acquire(1) is None
        assert keeper.renewals >= 4 and lost == []
    finally:
        keeper.stop(release=True)
    assert b.acquire(1) == 2  # released at the stop: taken at once


def test_the_keeper_reports_a_lease_taken_over(engine: Engine) -> None:
    a, b = LeaseBook(engine, "node-a", ttl=0.6), LeaseBook(engine, "node-b", ttl=0.6)
    lost: list[set[int]] = []
    keeper = LeaseKeeper(a, lost.append)
    keeper.hold(2, a.acquire(2) or 0)
    with engine.begin() as conn:  # as if node a had paused: its lease lapsed, b took it
        conn.execute(text("UPDATE table_leases SET expires_at = now() - interval '1 s'"))
    assert b.acquire(2) == 2
    keeper.start()
    try:
        deadline = time.monotonic() + 3
        while not lost and time.monotonic() < deadline:
            time.sleep(0.05)
        assert lost == [{2}] and keeper.held() == {}
    finally:
        keeper.stop(release=False)


def test_a_deposed_owner_cannot_write(engine: Engine) -> None:
    a, b = LeaseBook(engine, "node-a", ttl=0.3), LeaseBook(engine, "node-b", ttl=30)
    mine = a.acquire(1) or 0
    with Session(engine) as s, s.begin():
        fence(s, 1, mine)  # still the holder: the write may go on
    time.sleep(0.4)
    assert b.acquire(1) == mine + 1
    with Session(engine) as s, s.begin(), pytest.raises(LeaseLost, match="no longer"):
        fence(s, 1, mine)


def test_leases_need_postgresql() -> None:
    with pytest.raises(ValueError, match="PostgreSQL"):
        LeaseBook(open_engine("sqlite://"), "node-a")


def test_the_keeper_releases_one_table_for_good(engine: Engine) -> None:
    a, b = LeaseBook(engine, "node-a", ttl=0.6), LeaseBook(engine, "node-b", ttl=0.6)
    keeper = LeaseKeeper(a, lambda lost: None)
    keeper.hold(1, a.acquire(1) or 0)
    keeper.hold(2, a.acquire(2) or 0)
    keeper.start()
    try:
        keeper.release(1)
        assert b.acquire(1) == 2  # at once
        time.sleep(0.5)  # renewals go on for table 2 only
        assert keeper.held() == {2: 1} and b.acquire(2) is None
    finally:
        keeper.stop(release=False)


def test_a_table_released_during_a_renewal_stays_released(engine: Engine) -> None:
    keeper: LeaseKeeper | None = None

    class Racing(LeaseBook):
        """The loop releases table 1 just as the keeper's renewal is under way."""

        def renew(self, tokens: dict[int, int], conn: Connection | None = None) -> set[int]:
            if keeper is not None and 1 in tokens and keeper.held().get(1):
                keeper.release(1)  # released first: the renewal below extends it again
            return super().renew(tokens, conn)

    a, b = Racing(engine, "node-a", ttl=0.6), LeaseBook(engine, "node-b", ttl=0.6)
    keeper = LeaseKeeper(a, lambda lost: None)
    keeper.hold(1, a.acquire(1) or 0)
    keeper.start()
    try:
        deadline = time.monotonic() + 3
        while keeper.renewals < 1 and time.monotonic() < deadline:
            time.sleep(0.02)
        assert keeper.renewals >= 1
        assert b.acquire(1) == 2  # released again after the renewal: free at once
    finally:
        keeper.stop(release=False)
