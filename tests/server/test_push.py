"""Web Push (issue 47) against a push service of our own on loopback: the hall's pushes
arrive encrypted for the subscription (RFC 8291: this test decrypts them with the
subscription's private key and auth secret), signed with the hall's VAPID key (RFC 8292:
the JWT checked against the key the hall publishes), with a time to live, a topic and no
card or anything private in them; only the kinds opted in; a subscription the service
answers 410 for is removed; an invitation pushes once per sender and friend an hour."""

from __future__ import annotations

import time
from collections.abc import Callable
from contextlib import ExitStack

from fastapi.testclient import TestClient
from tests.server.pushservice import Browser, PushService, as_, unb64, vapid_claims
from tests.server.wsclient import connect

Account = Callable[[TestClient, str], str]


def test_a_friend_request_arrives_encrypted_signed_and_only_where_wanted(
        make_client: Callable[..., TestClient], account: Account,
        push_service: PushService) -> None:
    client = make_client(push_insecure_endpoints=True, push_subject="mailto:ops@example.org")
    ann, bob = account(client, "ann"), account(client, "bob")
    status, offer = as_(client, ann, "GET", "/api/push")
    assert status == 200 and offer["enabled"] and offer["subscriptions"] == []
    assert offer["kinds"] == ["invite", "table_filling", "club_session", "turn", "tournament",
                              "friend_request"]
    assert len(unb64(offer["key"])) == 65
    phone = Browser(f"{push_service.base}/p/phone")
    laptop = Browser(f"{push_service.base}/p/laptop")
    assert as_(client, ann, "POST", "/api/push/subscriptions", phone.subscription())[0] == 200
    status, chose = as_(client, ann, "POST", "/api/push/subscriptions",
                        {**laptop.subscription(["invite"]), "lang": "en"})
    assert (status, chose["kinds"]) == (200, ["invite"])
    assert {s["endpoint"] for s in as_(client, ann, "GET", "/api/push")[1]["subscriptions"]} \
        == {phone.endpoint, laptop.endpoint}
    # refused, and nothing kept: not https, a kind that is none, keys that are no keys
    for bad in ({**phone.subscription(), "endpoint": "http://example.org/p/x"},
                {**phone.subscription(["cards"])},
                {**phone.subscription(), "keys": {"p256dh": "x", "auth": "y"}}):
        assert as_(client, ann, "POST", "/api/push/subscriptions", bad)[1]["error"]["code"] \
            == "malformed"
    assert len(as_(client, ann, "GET", "/api/push")[1]["subscriptions"]) == 2

    with ExitStack() as stack:
        b = connect(stack, client, bob)
        assert b.call("friend_request", nickname="ann") == {"status": "requested"}
    pushes = push_service.wait(1)
    time.sleep(0.3)  # (the laptop, not opted in, gets nothing)
    assert [p["path"] for p in pushes] == ["/p/phone"]
    push = pushes[0]
    headers = push["headers"]
    assert headers["ttl"] == "86400" and headers["topic"].startswith("friend-")
    assert headers["content-encoding"] == "aes128gcm"
    claims = vapid_claims(headers, offer["key"])
    assert claims["aud"] == push_service.base and claims["sub"] == "mailto:ops@example.org"
    assert claims["exp"] > time.time()
    payload = phone.read(push)
    assert payload == {"kind": "friend_request", "title": "原子：好友申请",
                       "body": "bob 想加你为好友", "url": "/#/friends",
                       "tag": headers["topic"]}

    # turned off on this browser: its own subscription only
    assert as_(client, bob, "DELETE", "/api/push/subscriptions",
               {"endpoint": phone.endpoint})[1]["error"]["code"] == "no_such_subscription"
    assert as_(client, ann, "DELETE", "/api/push/subscriptions",
               {"endpoint": phone.endpoint})[0] == 200
    assert [s["endpoint"] for s in as_(client, ann, "GET", "/api/push")[1]["subscriptions"]] \
        == [laptop.endpoint]


def test_a_gone_subscription_is_removed_and_invitations_push_once_an_hour(
        make_client: Callable[..., TestClient], account: Account,
        push_service: PushService) -> None:
    client = make_client(push_insecure_endpoints=True)
    ann, bob = account(client, "ann"), account(client, "bob")
    alive, gone = Browser(f"{push_service.base}/p/alive"), Browser(f"{push_service.base}/p/gone")
    for browser in (alive, gone):
        assert as_(client, ann, "POST", "/api/push/subscriptions",
                   {**browser.subscription(), "lang": "en"})[0] == 200
    with ExitStack() as stack:
        a, b = connect(stack, client, ann), connect(stack, client, bob)
        b.call("friend_request", nickname="ann")
        a.call("friend_answer", account=b.welcome["account"]["id"])
        pushes = push_service.wait(2)
        assert sorted(p["path"] for p in pushes) == ["/p/alive", "/p/gone"]
        end = time.monotonic() + 5
        while len(as_(client, ann, "GET", "/api/push")[1]["subscriptions"]) > 1:
            assert time.monotonic() < end, "the gone subscription stayed"
            time.sleep(0.05)
        table = b.call("create_table")["table"]
        for _ in range(2):  # invited twice within the hour: one push
            b.call("invite", table=table, account=a.welcome["account"]["id"])
            a.until("invited")
        pushes = push_service.wait(3)
        time.sleep(0.3)
    invites = [p for p in push_service.received if p["path"] == "/p/alive"][1:]
    assert len(invites) == 1
    payload = alive.read(invites[0])
    assert payload["kind"] == "invite" and payload["url"] == f"/#/table/{table}"
    assert payload["title"] == "Atom: bob invites you"
    assert invites[0]["headers"]["ttl"] == "600"
    assert invites[0]["headers"]["urgency"] == "high"
    assert set(payload) == {"kind", "title", "body", "url", "tag"}  # nothing else in it
