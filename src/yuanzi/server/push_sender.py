"""The road to the push services (issues 47 and 54): pywebpush encrypts each push for its
subscription (RFC 8291, aes128gcm) and py_vapid signs the request with the hall's VAPID
key (RFC 8292); no cryptography of our own. The request itself goes out on the event
loop over httpcore, bounded in every way a hostile push service could abuse:

- its own connections (at most the outbox's few senders at a time), never the thread pool
  the database and password hashing use;
- a total time for the whole exchange, and connect, read and write timeouts of half of
  it each (a service that trickles a byte every few seconds is cut at the total);
- the answer's status read, its body read to at most :data:`BODY_CAP` bytes and dropped
  (an answer of 256 MiB costs what 4 KiB does);
- no redirect followed (httpcore follows none), no proxy from the environment;
- the host's addresses resolved here and checked when connecting
  (:class:`yuanzi.server.push_policy.AddressPolicy`): a name that resolves to this
  machine or its networks is refused, whatever it resolved to when subscribed.
"""

from __future__ import annotations

import asyncio
import base64
import json
import logging
import socket
import ssl
import time
from collections.abc import Awaitable, Callable, Iterable
from concurrent.futures import ThreadPoolExecutor
from functools import lru_cache
from typing import Any
from urllib.parse import urlsplit

import httpcore
from cryptography.hazmat.primitives import serialization
from py_vapid import Vapid02
from pywebpush import WebPusher

from yuanzi.hall.desk_ports import Push, PushSubscription, Sent
from yuanzi.server.push_policy import AddressPolicy, origin_of

log = logging.getLogger(__name__)

BODY_CAP = 4096
"""Bytes of a push service's answer read at most (its status is all the hall needs)."""
RESOLVED_FOR = 60.0
"""Seconds a host's addresses are kept (checked again at each new connection anyway)."""
VAPID_FOR = 3_600.0
"""Seconds a signed VAPID header is used again for its audience (it is valid for 12 h)."""

Resolver = Callable[[str, int], Awaitable[list[str]]]


class AddressRefused(httpcore.ConnectError):
    """The push service's host resolved to an address the hall does not call."""


@lru_cache(maxsize=4)
def _vapid(private_pem: str) -> Vapid02:
    return Vapid02.from_pem(private_pem.encode())


class SystemResolver:
    """``getaddrinfo`` on two threads of its own (a slow resolver holds no database read),
    its answers kept a minute."""

    def __init__(self) -> None:
        self._threads = ThreadPoolExecutor(2, thread_name_prefix="push-dns")
        self._known: dict[tuple[str, int], tuple[float, list[str]]] = {}

    async def __call__(self, host: str, port: int) -> list[str]:
        now = time.monotonic()
        known = self._known.get((host, port))
        if known is not None and known[0] > now:
            return known[1]
        infos = await asyncio.get_running_loop().run_in_executor(
            self._threads, socket.getaddrinfo, host, port, 0, socket.SOCK_STREAM)
        addresses = list(dict.fromkeys(str(info[4][0]) for info in infos))
        if len(self._known) > 256:
            self._known.clear()
        self._known[(host, port)] = (now + RESOLVED_FOR, addresses)
        return addresses

    def close(self) -> None:
        self._threads.shutdown(wait=False, cancel_futures=True)


class GuardedBackend(httpcore.AsyncNetworkBackend):
    """httpcore's network backend, connecting only to addresses the policy allows: the
    name is resolved here, every address it gives checked, and the first one dialled
    (TLS still checks the certificate against the name)."""

    def __init__(self, policy: AddressPolicy, resolve: Resolver) -> None:
        self.policy = policy
        self.resolve = resolve
        self._inner = httpcore.AnyIOBackend()

    async def connect_tcp(self, host: str, port: int, timeout: float | None = None,
                          local_address: str | None = None,
                          socket_options: Iterable[Any] | None = None
                          ) -> httpcore.AsyncNetworkStream:
        try:
            async with asyncio.timeout(timeout):
                addresses = await self.resolve(host, port)
        except (OSError, TimeoutError) as e:
            raise httpcore.ConnectError(f"{host} did not resolve: {e}") from e
        if not addresses or not all(self.policy.allows(a) for a in addresses):
            raise AddressRefused(f"{host} resolves to an address the hall does not call")
        return await self._inner.connect_tcp(addresses[0], port, timeout, local_address,
                                             socket_options)

    async def connect_unix_socket(self, path: str, timeout: float | None = None,
                                  socket_options: Iterable[Any] | None = None
                                  ) -> httpcore.AsyncNetworkStream:
        raise httpcore.ConnectError("a push never goes to a local socket")

    async def sleep(self, seconds: float) -> None:
        await self._inner.sleep(seconds)


class WebPushSender:
    """:class:`yuanzi.hall.desk_ports.PushSender` over HTTP."""

    def __init__(self, subject: str, *, timeout: float = 10.0, connections: int = 4,
                 loopback: bool = False, resolve: Resolver | None = None) -> None:
        self.subject = subject
        """The VAPID ``sub`` claim: a mailto: or https: address the push services may use to
        reach the hall's operator (``YUANZI_PUSH_SUBJECT``)."""
        self.timeout = timeout
        self._resolver: SystemResolver | None = None
        if resolve is None:
            self._resolver = resolve = SystemResolver()
        backend = GuardedBackend(AddressPolicy(loopback=loopback), resolve)
        self._pool = httpcore.AsyncConnectionPool(
            ssl_context=ssl.create_default_context(), max_connections=connections,
            keepalive_expiry=30.0, retries=0, network_backend=backend)
        self._headers: dict[tuple[str, str], tuple[float, str]] = {}

    def new_key(self) -> str:
        key = Vapid02()
        key.generate_keys()
        pem: bytes = key.private_pem()
        return pem.decode()

    def public_key(self, private_pem: str) -> str:
        raw = _vapid(private_pem).public_key.public_bytes(
            serialization.Encoding.X962, serialization.PublicFormat.UncompressedPoint)
        return base64.urlsafe_b64encode(raw).rstrip(b"=").decode()

    async def send(self, subscription: PushSubscription, push: Push, private_pem: str) -> Sent:
        url = urlsplit(subscription.endpoint)
        host = url.hostname or ""
        try:
            body = WebPusher({"endpoint": subscription.endpoint,
                              "keys": {"p256dh": subscription.p256dh,
                                       "auth": subscription.auth}}).encode(
                json.dumps(push.payload, ensure_ascii=False).encode(), "aes128gcm")["body"]
            headers = [("Content-Encoding", "aes128gcm"),
                       ("Content-Type", "application/octet-stream"),
                       ("TTL", str(push.ttl)), ("Topic", push.topic),
                       ("Urgency", push.urgency),
                       ("Authorization", self._authorization(origin_of(url), private_pem))]
            target = httpcore.URL(scheme=url.scheme.encode(), host=host.encode(),
                                  port=url.port, target=(url.path or "/").encode()
                                  + (b"?" + url.query.encode() if url.query else b""))
            half = self.timeout / 2
            async with asyncio.timeout(self.timeout):
                async with self._pool.stream(
                        "POST", target, headers=headers, content=body,
                        extensions={"timeout": {"connect": half, "read": half,
                                                "write": half, "pool": half}}) as answer:
                    status = answer.status
                    await _glance(answer)
        except AddressRefused as e:
            log.warning("push to %s refused: %s", host, e)
            return "refused"
        except (httpcore.TimeoutException, TimeoutError):
            log.warning("push to %s timed out", host)
            return "failed"
        except (httpcore.NetworkError, httpcore.ProtocolError, OSError, ValueError) as e:
            log.warning("push to %s failed: %s", host, e)
            return "failed"
        if status in (404, 410):
            return "gone"
        if not 200 <= status < 300:
            log.warning("push to %s refused: %s", host, status)
            return "failed"
        return "sent"

    def _authorization(self, audience: str, private_pem: str) -> str:
        """The VAPID header for ``audience``, signed once an hour (valid for 12)."""
        now = time.time()
        kept = self._headers.get((audience, private_pem))
        if kept is not None and kept[0] > now:
            return kept[1]
        claims: dict[str, str | int] = {"sub": self.subject, "aud": audience,
                                        "exp": int(now) + 12 * 3600}
        header = str(_vapid(private_pem).sign(claims)["Authorization"])
        if len(self._headers) > 256:
            self._headers.clear()
        self._headers[(audience, private_pem)] = (now + VAPID_FOR, header)
        return header

    async def close(self) -> None:
        await self._pool.aclose()
        if self._resolver is not None:
            self._resolver.close()


async def _glance(answer: httpcore.Response) -> None:
    """Read at most :data:`BODY_CAP` bytes of the answer, then let it go (the
    connection closes rather than draining the rest)."""
    seen = 0
    async for chunk in answer.aiter_stream():
        seen += len(chunk)
        if seen >= BODY_CAP:
            return

