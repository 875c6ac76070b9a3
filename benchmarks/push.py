"""A player's reads while hostile push services hold every push sender: ``yuanzi bench
push`` (issue 54).

Issue 54's attack, against a real ``yuanzi serve`` on SQLite: accounts subscribe browsers
whose endpoints are a hostile push service on loopback (:mod:`benchmarks.hostile_push`:
silent, trickling, a 256 MiB answer, redirecting), then someone asks each of them to be
friends, so the hall owes every one of those browsers a push. Before (the anchor, the
same hall with nothing pushing) and while the pushes are in the air, a reader who has
nothing to do with it asks ``GET /api/me`` and logs in over and over; the harness reports
both phases' latency percentiles side by side, the node's memory before and after, and
what the hostile service saw. Before issue 54 the reads took 7.5 s and the node grew by
630 MiB; the goal is that the hostile phase reads like the quiet one.
"""

from __future__ import annotations

import base64
import json
import statistics
import tempfile
import time
from pathlib import Path
from typing import Any

import httpx
from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric import ec
from websockets.sync.client import connect

from benchmarks.hostile_push import HostilePushService
from yuanzi.devtools.processes import ServerProcess
from yuanzi.loadtest.runner import SERVER_ENV

PASSWORD = "tea-house-27"
PATHS = ("silent", "trickle", "huge", "redirect302", "silent")
"""Each victim's five browsers (the most an account keeps)."""
VICTIMS = 16


def _b64(raw: bytes) -> str:
    return base64.urlsafe_b64encode(raw).rstrip(b"=").decode()


def _subscription(endpoint: str) -> dict[str, Any]:
    """What a browser hands over: a P-256 point and a 16-byte secret."""
    point = ec.generate_private_key(ec.SECP256R1()).public_key().public_bytes(
        serialization.Encoding.X962, serialization.PublicFormat.UncompressedPoint)
    return {"endpoint": endpoint, "keys": {"p256dh": _b64(point), "auth": _b64(bytes(16))},
            "kinds": ["friend_request"]}


def _register(http: httpx.Client, name: str) -> str:
    r = http.post("/api/register", json={"nickname": name, "password": PASSWORD})
    r.raise_for_status()
    token = http.cookies.get("yuanzi_session")
    assert token
    http.cookies.clear()
    return token


def _rss_mib(pid: int) -> float:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return 0.0


def _reads(http: httpx.Client, token: str, seconds: float, name: str) -> dict[str, Any]:
    """``GET /api/me`` and ``POST /api/login`` in turn for ``seconds``: their latencies."""
    me: list[float] = []
    login: list[float] = []
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        t = time.perf_counter()
        assert http.get("/api/me", headers={"cookie": f"yuanzi_session={token}"}
                        ).status_code == 200
        me.append(time.perf_counter() - t)
        t = time.perf_counter()
        assert http.post("/api/login", json={"nickname": name, "password": PASSWORD}
                         ).status_code == 200
        login.append(time.perf_counter() - t)
        http.cookies.clear()
    return {"me": _percentiles(me), "login": _percentiles(login)}


def _percentiles(values: list[float]) -> dict[str, float]:
    values = sorted(values)
    cut = statistics.quantiles(values, n=100) if len(values) > 1 else values * 99
    return {"n": len(values), "p50_ms": round(1000 * cut[49], 2),
            "p99_ms": round(1000 * cut[98], 2), "max_ms": round(1000 * values[-1], 2)}


def _ask_friends(base: str, token: str, names: list[str]) -> None:
    url = base.replace("http://", "ws://") + "/ws"
    with connect(url, additional_headers={"cookie": f"yuanzi_session={token}"}) as ws:
        json.loads(ws.recv())  # the welcome
        for seq, name in enumerate(names, 1):
            ws.send(json.dumps({"type": "friend_request", "seq": seq, "nickname": name}))
            while True:
                frame = json.loads(ws.recv())
                if frame.get("seq") == seq and frame["type"] in ("ok", "error"):
                    break


def run(seconds: float = 8.0, seed: int = 0, **_: Any) -> dict[str, Any]:
    with tempfile.TemporaryDirectory() as tmp, HostilePushService(every=0.5) as hostile:
        server = ServerProcess(Path(tmp) / "hall.db", env={
            **SERVER_ENV, "YUANZI_PUSH_INSECURE_ENDPOINTS": "true",
            "YUANZI_LOGIN_PER_ACCOUNT": "1000000", "YUANZI_LOGIN_PER_ACCOUNT_HOUR": "1000000"})
        server.start()
        try:
            assert server.proc is not None
            with httpx.Client(base_url=server.base, timeout=60) as http:
                victims = [f"victim{i}" for i in range(VICTIMS)]
                for name in victims:
                    token = _register(http, name)
                    for i, path in enumerate(PATHS):
                        http.post("/api/push/subscriptions",
                                  json=_subscription(f"{hostile.base}/{path}?{name}-{i}"),
                                  headers={"cookie": f"yuanzi_session={token}"}
                                  ).raise_for_status()
                reader = _register(http, "reader")
                rss_before = _rss_mib(server.proc.pid)
                quiet = _reads(http, reader, seconds, "reader")
                _ask_friends(server.base, _register(http, "asker"), victims)
                hostile.wait("the senders stuck", lambda: hostile.holding > 0)
                during = _reads(http, reader, seconds, "reader")
                still = hostile.holding
                rss_after = _rss_mib(server.proc.pid)
        finally:
            server.stop()
        return {
            "pushes_owed": VICTIMS * len(PATHS),
            "quiet_me": quiet["me"], "hostile_me": during["me"],
            "quiet_login": quiet["login"], "hostile_login": during["login"],
            "me_p99_over_quiet": round(during["me"]["p99_ms"] / quiet["me"]["p99_ms"], 2),
            "held_at_end": still,
            "requests_seen": dict(hostile.requests),
            "huge_body_sent_mib": round(hostile.huge_sent / 2**20, 1),
            "rss_mib_before": round(rss_before, 1), "rss_mib_after": round(rss_after, 1),
        }
