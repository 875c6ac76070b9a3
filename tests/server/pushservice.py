"""A push service of our own on loopback for the Web Push tests (issue 47), and a
browser's push subscription that reads what arrives (RFC 8291) and checks its VAPID
signature (RFC 8292)."""

from __future__ import annotations

import base64
import json
import os
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

import http_ece
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.hazmat.primitives.asymmetric.utils import encode_dss_signature
from fastapi.testclient import TestClient


def b64(raw: bytes) -> str:
    return base64.urlsafe_b64encode(raw).rstrip(b"=").decode()


def unb64(text: str) -> bytes:
    return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))


@dataclass
class PushService:
    """A push service on 127.0.0.1: it keeps what it receives; an endpoint ending in
    ``/gone`` answers 410 (the subscription expired)."""

    base: str
    received: list[dict[str, Any]] = field(default_factory=list)

    def wait(self, n: int, timeout: float = 10) -> list[dict[str, Any]]:
        end = time.monotonic() + timeout
        while len(self.received) < n and time.monotonic() < end:
            time.sleep(0.02)
        return self.received


@contextmanager
def running_push_service() -> Iterator[PushService]:
    service: PushService

    class Handler(BaseHTTPRequestHandler):
        def do_POST(self) -> None:
            body = self.rfile.read(int(self.headers.get("content-length", "0")))
            service.received.append({"path": self.path,
                                     "headers": {k.lower(): v for k, v in self.headers.items()},
                                     "body": body})
            self.send_response(410 if self.path.endswith("/gone") else 201)
            self.send_header("content-length", "0")
            self.end_headers()

        def log_message(self, *args: Any) -> None:
            pass

    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    service = PushService(f"http://127.0.0.1:{server.server_address[1]}")
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield service
    server.shutdown()


@dataclass
class Browser:
    """A browser's push subscription: its keys (RFC 8291) and endpoint."""

    endpoint: str
    key: ec.EllipticCurvePrivateKey = field(default_factory=lambda: ec.generate_private_key(
        ec.SECP256R1()))
    auth: bytes = field(default_factory=lambda: os.urandom(16))

    def subscription(self, kinds: list[str] | None = None) -> dict[str, Any]:
        public = self.key.public_key().public_bytes(
            serialization.Encoding.X962, serialization.PublicFormat.UncompressedPoint)
        out: dict[str, Any] = {"endpoint": self.endpoint,
                               "keys": {"p256dh": b64(public), "auth": b64(self.auth)}}
        if kinds is not None:
            out["kinds"] = kinds
        return out

    def read(self, push: dict[str, Any]) -> dict[str, Any]:
        plain = http_ece.decrypt(push["body"], private_key=self.key, auth_secret=self.auth,
                                 version="aes128gcm")
        payload: dict[str, Any] = json.loads(plain)
        return payload


def as_(client: TestClient, token: str, method: str, path: str,
        body: dict[str, Any] | None = None) -> Any:
    r = client.request(method, path, json=body, headers={"cookie": f"yuanzi_session={token}"})
    return r.status_code, r.json()


def vapid_claims(headers: dict[str, str], public_key: str) -> dict[str, Any]:
    """The push's VAPID JWT, its signature checked with the hall's published key."""
    scheme, _, rest = headers["authorization"].partition(" ")
    assert scheme == "vapid"
    parts = dict(p.strip().split("=", 1) for p in rest.split(","))
    assert parts["k"] == public_key
    head, claims, signature = parts["t"].split(".")
    key = ec.EllipticCurvePublicKey.from_encoded_point(ec.SECP256R1(), unb64(public_key))
    raw = unb64(signature)
    key.verify(encode_dss_signature(int.from_bytes(raw[:32], "big"),
                                    int.from_bytes(raw[32:], "big")),
               f"{head}.{claims}".encode(), ec.ECDSA(hashes.SHA256()))
    assert json.loads(unb64(head))["alg"] == "ES256"
    decoded: dict[str, Any] = json.loads(unb64(claims))
    return decoded
