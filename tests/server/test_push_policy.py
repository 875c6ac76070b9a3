"""The addresses and URLs a push may go to (issue 54): :mod:`yuanzi.server.push_policy`."""

from __future__ import annotations

import ipaddress

import pytest
from hypothesis import given, strategies as st

from yuanzi.server.push_policy import (
    AddressPolicy,
    EndpointRefused,
    PushHosts,
    check_endpoint,
    public,
)

NOT_PUBLIC = [
    "127.0.0.1", "127.255.255.254", "10.1.2.3", "172.16.0.1", "172.31.255.255",
    "192.168.1.1", "169.254.169.254", "100.64.0.1", "100.127.255.254",  # CGNAT
    "0.0.0.0", "224.0.0.1", "239.255.255.250", "240.0.0.1", "255.255.255.255",
    "192.0.2.1", "198.51.100.7", "203.0.113.9", "198.18.0.1",  # documentation, benchmarks
    "::", "::1", "fe80::1", "fc00::1", "fd12:3456::1", "ff02::1", "fec0::1",  # site-local
    "::ffff:127.0.0.1", "::ffff:10.0.0.1", "::ffff:169.254.169.254",  # IPv4-mapped
    "2002:7f00:1::1", "2002:a00:1::1",  # 6to4 of 127.0.0.1 and 10.0.0.1
    "64:ff9b::7f00:1", "64:ff9b::a00:1",  # NAT64 of the same
    "2001::1",  # Teredo
    "2001:db8::1",  # documentation
]
PUBLIC = ["8.8.8.8", "142.250.74.138", "17.253.144.10", "2607:f8b0:4004:c07::5f",
          "::ffff:8.8.8.8", "64:ff9b::808:808", "2002:808:808::1"]


@pytest.mark.parametrize("address", NOT_PUBLIC)
def test_addresses_of_this_machine_and_its_networks_are_not_public(address: str) -> None:
    assert not public(ipaddress.ip_address(address))
    assert not AddressPolicy().allows(address)


@pytest.mark.parametrize("address", PUBLIC)
def test_the_internets_addresses_are_public(address: str) -> None:
    assert public(ipaddress.ip_address(address))
    assert AddressPolicy().allows(address)


def test_the_test_setting_adds_loopback_only() -> None:
    policy = AddressPolicy(loopback=True)
    assert policy.allows("127.0.0.1") and policy.allows("::1")
    assert not policy.allows("10.0.0.1") and not policy.allows("169.254.169.254")
    assert not policy.allows("not an address")


@given(st.ip_addresses(v=4))
def test_an_ipv4_address_and_its_ipv6_forms_agree(ip: ipaddress.IPv4Address) -> None:
    mapped = ipaddress.IPv6Address(f"::ffff:{ip}")
    nat64 = ipaddress.IPv6Address(int(ipaddress.IPv6Address("64:ff9b::")) | int(ip))
    assert public(mapped) == public(ip) == public(nat64)


HOSTS = PushHosts.parse("fcm.googleapis.com, .push.apple.com, localhost")


def test_the_host_list_takes_names_and_domains() -> None:
    assert HOSTS.allows("fcm.googleapis.com") and HOSTS.allows("web.push.apple.com")
    assert not HOSTS.allows("push.apple.com")  # a domain's hosts, not the domain itself
    assert not HOSTS.allows("evilpush.apple.com") and not HOSTS.allows("fcm.googleapis.co")


@pytest.mark.parametrize("endpoint", [
    "https://fcm.googleapis.com/fcm/send/x", "https://fcm.googleapis.com:443/x",
    "https://FCM.googleapis.com/x", "https://web.push.apple.com/x",
    "https://localhost/x",  # (listed here: refused when it resolves, not when parsed)
])
def test_a_push_services_endpoint_is_taken(endpoint: str) -> None:
    assert check_endpoint(endpoint, HOSTS, insecure_loopback=False) == endpoint


@pytest.mark.parametrize("endpoint", [
    "http://fcm.googleapis.com/x", "https://fcm.googleapis.com:8443/x",
    "https://u@fcm.googleapis.com/x", "https://u:p@fcm.googleapis.com/x",
    "https://fcm.googleapis.com@evil.example/x", "https://evil.example/x",
    "https://127.0.0.1/x", "https://[::1]/x", "https://0x7f000001/x", "https://2130706433/x",
    "https://127.1/x", "https://0177.0.0.1/x", "https://fcm.googleapis.com\\.evil/x",
    "https://fcm.googleapis.com/\x00", "https://fcm.googleapis.com:99999/x",
    "https://[fcm.googleapis.com/x", "javascript:alert(1)", "",
])
def test_anything_else_is_refused(endpoint: str) -> None:
    with pytest.raises(EndpointRefused):
        check_endpoint(endpoint, HOSTS, insecure_loopback=False)
    with pytest.raises(EndpointRefused):
        check_endpoint(endpoint, HOSTS, insecure_loopback=True)


def test_the_test_setting_parses_the_url_and_allows_a_loopback_host_only() -> None:
    for endpoint in ("http://127.0.0.1:8080/p", "http://localhost:9/p", "http://[::1]:9/p"):
        assert check_endpoint(endpoint, HOSTS, insecure_loopback=True) == endpoint
        with pytest.raises(EndpointRefused):
            check_endpoint(endpoint, HOSTS, insecure_loopback=False)
    for endpoint in ("http://127.0.0.1:80@evil.example/", "http://evil.example/",
                     "http://10.0.0.1/", "http://127.0.0.1.evil.example/"):
        with pytest.raises(EndpointRefused):
            check_endpoint(endpoint, HOSTS, insecure_loopback=True)
