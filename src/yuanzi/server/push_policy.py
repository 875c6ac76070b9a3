"""Where the hall may post a push (issue 54): to the browsers' push services only.

A subscription's endpoint is a URL the player's browser hands over, so an attacker can
hand over any URL: the hall's own admin routes, Redis or PostgreSQL on loopback, a cloud
metadata address, a host inside the operator's network. Two checks keep the hall from
being turned into a client of those:

- **when subscribing** (:func:`check_endpoint`): ``https`` on port 443, no userinfo, a
  host name (never an address literal) among the push services' hosts
  (``YUANZI_PUSH_HOSTS``; a leading dot allows a domain's hosts);
- **when connecting** (:meth:`AddressPolicy.allows`): every address the name resolves to
  must be public — loopback, private, link-local, CGNAT, multicast, reserved, and the
  IPv4 forms inside IPv6 (mapped, 6to4, NAT64) are refused — so a name that later
  resolves elsewhere is refused too.

The test setting (``YUANZI_PUSH_INSECURE_ENDPOINTS``) adds plain ``http`` to a loopback
host, the URL parsed (``http://127.0.0.1:80@evil.example/`` is evil.example's and refused).
"""

from __future__ import annotations

import ipaddress
import re
from dataclasses import dataclass
from urllib.parse import SplitResult, urlsplit

LOOPBACK_HOSTS = frozenset({"127.0.0.1", "localhost", "::1"})
"""The hosts the test setting lets a push service run on."""

_URL = re.compile(r"^[A-Za-z0-9\-._~:/?#\[\]@!$&'()*+,;=%]+$")
"""RFC 3986's characters: no space, backslash or control character that parsers
disagree on (a browser reads ``\\`` as ``/``, Python's parser does not)."""

_NAT64 = ipaddress.ip_network("64:ff9b::/96")
_CGNAT = ipaddress.ip_network("100.64.0.0/10")


class EndpointRefused(ValueError):
    """A push endpoint the hall will not post to (the reason says why)."""


@dataclass(frozen=True, slots=True)
class PushHosts:
    """The push services' host names: exact names, and domains (``.push.apple.com``)."""

    names: frozenset[str]
    domains: tuple[str, ...]

    @classmethod
    def parse(cls, text: str) -> PushHosts:
        items = [h.strip().lower().rstrip(".") for h in text.split(",") if h.strip()]
        return cls(frozenset(h for h in items if not h.startswith(".")),
                   tuple(h for h in items if h.startswith(".")))

    def allows(self, host: str) -> bool:
        return host in self.names or any(
            host.endswith(d) and len(host) > len(d) for d in self.domains)


@dataclass(frozen=True, slots=True)
class AddressPolicy:
    """Which resolved addresses a push may connect to: public ones, and loopback ones
    when the test setting is on."""

    loopback: bool = False

    def allows(self, address: str) -> bool:
        try:
            ip = ipaddress.ip_address(address.split("%", 1)[0])
        except ValueError:
            return False
        if self.loopback and ip.is_loopback:
            return True
        return public(ip)


def public(ip: ipaddress.IPv4Address | ipaddress.IPv6Address) -> bool:
    """Whether ``ip`` is an address of the public internet (nothing of this machine, its
    networks, a carrier's NAT, multicast or the reserved ranges)."""
    if isinstance(ip, ipaddress.IPv6Address):
        inner = ip.ipv4_mapped or ip.sixtofour
        if inner is None and ip in _NAT64:
            inner = ipaddress.IPv4Address(int(ip) & 0xFFFF_FFFF)
        if inner is not None:
            return public(inner)
        if ip.teredo is not None or ip.is_site_local:
            return False
    elif ip in _CGNAT:
        return False
    return (ip.is_global and not ip.is_multicast and not ip.is_reserved
            and not ip.is_unspecified and not ip.is_link_local and not ip.is_loopback)


def check_endpoint(endpoint: str, hosts: PushHosts, insecure_loopback: bool) -> str:
    """``endpoint`` if the hall may post pushes there; else :class:`EndpointRefused`."""
    if not _URL.match(endpoint):
        raise EndpointRefused("a push endpoint is a plain URL")
    try:
        url = urlsplit(endpoint)
        port = url.port
    except ValueError as e:
        raise EndpointRefused("a push endpoint is a URL") from e
    if url.username is not None or url.password is not None or "@" in url.netloc:
        raise EndpointRefused("a push endpoint names no user")
    host = (url.hostname or "").rstrip(".")
    if insecure_loopback and url.scheme == "http" and host in LOOPBACK_HOSTS:
        return endpoint
    if url.scheme != "https":
        raise EndpointRefused("a push endpoint is an https: address")
    if port not in (None, 443):
        raise EndpointRefused("a push endpoint is on port 443")
    if _is_address(host) or not hosts.allows(host):
        raise EndpointRefused("the hall posts only to the browsers' push services")
    return endpoint


def origin_of(url: SplitResult) -> str:
    """``scheme://host[:port]``: a VAPID claim's audience."""
    return f"{url.scheme}://{url.netloc}"


def _is_address(host: str) -> bool:
    """An address literal, or a name a resolver reads as one (``0x7f000001``,
    ``2130706433``, ``127.1``, ``0177.0.0.1``)."""
    try:
        ipaddress.ip_address(host)
        return True
    except ValueError:
        return bool(_NUMERIC.fullmatch(host))


_NUMERIC = re.compile(r"(0x[0-9a-f]*|\d+)(\.(0x[0-9a-f]*|\d+)){0,3}")
