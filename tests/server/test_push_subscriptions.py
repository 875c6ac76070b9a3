"""What a push subscription may be (issue 54): an endpoint of a browsers' push service
only — every form an attacker used to aim the hall at this machine or its network is
refused when subscribing — keys that decode to what RFC 8291 wants, a handful of browsers
per account, and none left to a login that ended."""

from __future__ import annotations

import base64
from collections.abc import Callable

import pytest
from fastapi.testclient import TestClient
from tests.server.pushservice import Browser, PushService, as_

Account = Callable[[TestClient, str], str]

REFUSED = [
    "https://127.0.0.1:6379/",  # Redis
    "https://127.0.0.1:5432/",  # PostgreSQL
    "https://127.0.0.1/api/admin/accounts",
    "https://localhost/metrics",
    "https://[::1]/",
    "https://[::ffff:127.0.0.1]/",
    "https://0x7f000001/",
    "https://2130706433/",
    "https://127.1/",
    "https://0177.0.0.1/",
    "https://user:pw@fcm.googleapis.com/fcm/send/x",
    "https://fcm.googleapis.com@evil.example/x",
    "https://169.254.169.254/latest/meta-data/",
    "https://10.0.0.1/",
    "https://evil.example/push",  # not a push service
    "https://fcm.googleapis.com:8443/fcm/send/x",  # not port 443
    "http://fcm.googleapis.com/fcm/send/x",  # not https
    "https://fcm.googleapis.com.evil.example/x",
    "https://fcm.googleapis.com\\@evil.example/x",
    "https://fcm.googleapis.com/x y",
]


def subscriptions(client: TestClient, token: str) -> list[str]:
    return [s["endpoint"] for s in as_(client, token, "GET", "/api/push")[1]["subscriptions"]]


@pytest.mark.parametrize("insecure", [False, True])
def test_every_address_form_is_refused_and_nothing_kept(
        make_client: Callable[..., TestClient], account: Account, insecure: bool) -> None:
    client = make_client(push_insecure_endpoints=insecure)
    ann = account(client, "ann")
    refused = REFUSED + (["http://127.0.0.1:80@evil.example/", "http://10.0.0.1/",
                          "http://evil.example/"] if insecure else
                         ["http://127.0.0.1:9/p"])  # loopback http: the test setting's only
    for endpoint in refused:
        status, body = as_(client, ann, "POST", "/api/push/subscriptions",
                           {**Browser(endpoint).subscription(), "endpoint": endpoint})
        assert (status, body["error"]["code"]) == (422, "malformed"), endpoint
    assert subscriptions(client, ann) == []
    # the push services' own hosts are taken (a domain's hosts by its leading dot)
    for endpoint in ("https://fcm.googleapis.com/fcm/send/abc",
                     "https://web.push.apple.com/QO2x", "https://wns2-db5p.notify.windows.com/w/"):
        assert as_(client, ann, "POST", "/api/push/subscriptions",
                   Browser(endpoint).subscription())[0] == 200, endpoint


def b64(raw: bytes) -> str:
    return base64.urlsafe_b64encode(raw).rstrip(b"=").decode()


def test_keys_are_decoded_not_counted(make_client: Callable[..., TestClient],
                                      account: Account, push_service: PushService) -> None:
    client = make_client(push_insecure_endpoints=True)
    ann = account(client, "ann")
    good = Browser(f"{push_service.base}/p/ann").subscription()
    point = base64.urlsafe_b64decode(good["keys"]["p256dh"] + "==")
    off_curve = bytes([4]) + bytes(64)  # 65 bytes, 0x04 first, but no point of P-256
    for p256dh, auth in ((b64(point[:64]), good["keys"]["auth"]),
                         (b64(point + b"\x00"), good["keys"]["auth"]),
                         (b64(off_curve), good["keys"]["auth"]),
                         (b64(bytes([2]) + point[1:33]), good["keys"]["auth"]),  # compressed
                         (good["keys"]["p256dh"], b64(bytes(15))),
                         (good["keys"]["p256dh"], b64(bytes(17))),
                         (good["keys"]["p256dh"], b64(bytes(18)))):
        status, body = as_(client, ann, "POST", "/api/push/subscriptions",
                           {**good, "keys": {"p256dh": p256dh, "auth": auth}})
        assert (status, body["error"]["code"]) == (422, "malformed"), (p256dh, auth)
    assert subscriptions(client, ann) == []
    assert as_(client, ann, "POST", "/api/push/subscriptions", good)[0] == 200


def test_an_account_keeps_a_handful_of_browsers_the_newest(
        make_client: Callable[..., TestClient], account: Account,
        push_service: PushService) -> None:
    client = make_client(push_insecure_endpoints=True)
    ann = account(client, "ann")
    browsers = [Browser(f"{push_service.base}/p/{i}") for i in range(7)]
    for b in browsers[:6]:
        assert as_(client, ann, "POST", "/api/push/subscriptions", b.subscription())[0] == 200
    assert set(subscriptions(client, ann)) == {b.endpoint for b in browsers[1:6]}
    # a browser subscribing again is the newest: the oldest other one goes
    assert as_(client, ann, "POST", "/api/push/subscriptions",
               browsers[1].subscription())[0] == 200
    assert as_(client, ann, "POST", "/api/push/subscriptions",
               browsers[6].subscription())[0] == 200
    assert set(subscriptions(client, ann)) == {b.endpoint for b in (*browsers[1:2],
                                                                    *browsers[3:7])}


def test_subscribing_is_rate_limited_per_account(
        make_client: Callable[..., TestClient], account: Account,
        push_service: PushService) -> None:
    client = make_client(push_insecure_endpoints=True)
    ann, bob = account(client, "ann"), account(client, "bob")
    answers = [as_(client, ann, "POST", "/api/push/subscriptions",
                   Browser(f"{push_service.base}/p/{i}").subscription())[0]
               for i in range(21)]
    assert answers == [200] * 20 + [429]
    assert len(subscriptions(client, ann)) == 5
    assert as_(client, bob, "POST", "/api/push/subscriptions",  # another account: its own
               Browser(f"{push_service.base}/p/bob").subscription())[0] == 200


def test_logging_out_ends_that_browsers_pushes(
        make_client: Callable[..., TestClient], account: Account,
        push_service: PushService) -> None:
    client = make_client(push_insecure_endpoints=True)
    first = account(client, "ann")
    r = client.post("/api/login", json={"nickname": "ann", "password": "tea-house-27"})
    assert r.status_code == 200
    second = client.cookies.get("yuanzi_session")
    assert second and second != first
    client.cookies.clear()
    shared, own = (Browser(f"{push_service.base}/p/{n}") for n in ("shared", "own"))
    assert as_(client, first, "POST", "/api/push/subscriptions", shared.subscription())[0] \
        == 200
    assert as_(client, second, "POST", "/api/push/subscriptions", own.subscription())[0] \
        == 200
    r = client.post("/api/logout", headers={"cookie": f"yuanzi_session={first}"})
    assert r.status_code == 204
    assert subscriptions(client, second) == [own.endpoint]
