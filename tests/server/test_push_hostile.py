"""Push services that fight back (issue 54), on a real hall: one that never answers, one
that trickles a byte at a time, one that answers 256 MiB, one that redirects. The pushes
go out from their own few senders, bounded in time and in what they read; everyone
else's logins and reads are answered while every sender is stuck, and nothing the
services do reaches further than the push it answers. (How fast those reads stay is
measured by ``yuanzi bench push``, not here.)"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from contextlib import ExitStack
from typing import Any

import pytest
from benchmarks.hostile_push import HostilePushService
from fastapi.testclient import TestClient
from tests.server.pushservice import Browser, as_
from tests.server.wsclient import connect

from yuanzi.hall.services.push_outbox import PushOutbox

Account = Callable[[TestClient, str], str]


@pytest.fixture
def hostile() -> Iterator[HostilePushService]:
    with HostilePushService(every=0.2) as service:
        yield service


def outbox_of(client: TestClient) -> PushOutbox:
    outbox = client.app.state.services.hall.push.outbox  # type: ignore[attr-defined]
    assert isinstance(outbox, PushOutbox)
    return outbox


def subscribe(client: TestClient, token: str, endpoint: str) -> None:
    status, body = as_(client, token, "POST", "/api/push/subscriptions",
                       Browser(endpoint).subscription(["friend_request"]))
    assert status == 200, body


def ask_friends(client: TestClient, asker: str, nicknames: list[str]) -> None:
    with ExitStack() as stack:
        peer = connect(stack, client, asker)
        for name in nicknames:
            assert peer.call("friend_request", nickname=name) == {"status": "requested"}


def until(test: Callable[[], bool], timeout: float = 30.0) -> None:
    end = time.monotonic() + timeout
    while not test():
        assert time.monotonic() < end, "waited in vain"
        time.sleep(0.02)


def counts(client: TestClient) -> dict[str, Any]:
    c = outbox_of(client).counts
    return {"sent": c.sent, "gone": c.gone, "failed": c.failed, "refused": c.refused,
            "dropped": c.dropped}


def test_silent_and_trickling_services_hold_the_push_senders_and_nothing_else(
        make_client: Callable[..., TestClient], account: Account,
        hostile: HostilePushService) -> None:
    client = make_client(push_insecure_endpoints=True, push_senders=2,
                         push_timeout_seconds=60)
    names = [f"p{i}" for i in range(4)]
    tokens = [account(client, n) for n in names]
    for i, token in enumerate(tokens):
        subscribe(client, token, f"{hostile.base}/silent?{i}")
        subscribe(client, token, f"{hostile.base}/trickle?{i}")
    ask_friends(client, account(client, "asker"), names)
    hostile.wait("both senders stuck", lambda: hostile.holding == 2)
    # every sender is stuck: a newcomer registers, logs in and reads, a player reads
    newcomer = account(client, "newcomer")
    assert client.post("/api/login", json={"nickname": "newcomer",
                                           "password": "tea-house-27"}).status_code == 200
    client.cookies.clear()
    for token in (newcomer, tokens[0]):
        assert as_(client, token, "GET", "/api/me")[0] == 200
    assert client.get("/api/leaderboard").status_code == 200
    # ... all answered while the two pushes still hang and the other six wait their turn
    assert hostile.holding == 2 and outbox_of(client).waiting == 6
    assert sum(hostile.requests.values()) == 2


def test_a_push_service_is_cut_at_the_total_time_however_it_trickles(
        make_client: Callable[..., TestClient], account: Account,
        hostile: HostilePushService) -> None:
    client = make_client(push_insecure_endpoints=True, push_timeout_seconds=1.0)
    token = account(client, "ann")
    subscribe(client, token, f"{hostile.base}/silent")
    subscribe(client, token, f"{hostile.base}/trickle")  # a byte every 0.2 s: never idle
    ask_friends(client, account(client, "bob"), ["ann"])
    hostile.wait("both hung up on", lambda: hostile.closed["/silent"] == 1
                 and hostile.closed["/trickle"] == 1)
    hostile.wait("both counted", lambda: counts(client)["failed"] == 2)
    # a failure is no expiry: both subscriptions are kept
    assert len(as_(client, token, "GET", "/api/push")[1]["subscriptions"]) == 2


def test_a_huge_answer_is_not_read(make_client: Callable[..., TestClient],
                                   account: Account, hostile: HostilePushService) -> None:
    client = make_client(push_insecure_endpoints=True)
    token = account(client, "ann")
    subscribe(client, token, f"{hostile.base}/huge")
    ask_friends(client, account(client, "bob"), ["ann"])
    hostile.wait("the hall hang up on 256 MiB", lambda: hostile.closed["/huge"] == 1)
    assert counts(client)["sent"] == 1  # its 201 is all the hall wanted
    # what went out before the hall hung up is what the sockets' buffers took, not 256 MiB
    assert hostile.huge_sent < 32 * 1024 * 1024


def test_a_redirect_is_not_followed(make_client: Callable[..., TestClient],
                                    account: Account, hostile: HostilePushService) -> None:
    client = make_client(push_insecure_endpoints=True)
    token = account(client, "ann")
    subscribe(client, token, f"{hostile.base}/redirect302")
    subscribe(client, token, f"{hostile.base}/redirect307")
    ask_friends(client, account(client, "bob"), ["ann"])
    hostile.wait("both counted", lambda: counts(client)["failed"] == 2)
    assert hostile.requests["/target"] == 0
    assert hostile.requests["/redirect302"] == hostile.requests["/redirect307"] == 1


def test_a_listed_host_that_resolves_to_this_machine_is_refused_when_connecting(
        make_client: Callable[..., TestClient], account: Account) -> None:
    """The endpoint passes every check when subscribing (https, port 443, a listed host
    name); its name resolves to loopback, so the connection is never made."""
    client = make_client(push_hosts="localhost")
    token = account(client, "ann")
    subscribe(client, token, "https://localhost/push/x")
    ask_friends(client, account(client, "bob"), ["ann"])
    until(lambda: counts(client)["refused"] == 1)
    assert counts(client) == {"sent": 0, "gone": 0, "failed": 0, "refused": 1, "dropped": 0}
    text = client.app.state.metrics.text().decode()  # type: ignore[attr-defined]
    assert "yuanzi_push_refused_total 1.0" in text and "yuanzi_push_waiting 0.0" in text
