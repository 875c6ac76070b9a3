"""A client that stops reading costs the server a bounded amount (issue 14, item 15):
closed once its unsent frames pass a size, or a frame waits at its socket too long —
not after the ~40 s of the keepalive while the kernel's buffers fill."""

from __future__ import annotations

import json
import socket
import time
import urllib.request
from collections.abc import Callable

from prometheus_client.parser import text_string_to_metric_families
from websockets.sync.client import connect

from yuanzi.loadtest.client import http_json, register
from yuanzi.loadtest.server import ServerProcess


def metric(base: str, name: str) -> float:
    with urllib.request.urlopen(base + "/metrics", timeout=10) as r:
        return next(s.value for f in text_string_to_metric_families(r.read().decode())
                    for s in f.samples if s.name == name)


def frame(text: str) -> bytes:
    """A masked client text frame (RFC 6455), short enough for a 16-bit length."""
    data = text.encode()
    mask = b"\x01\x02\x03\x04"
    size = bytes([0x80 | 126]) + len(data).to_bytes(2, "big") if len(data) > 125 else \
        bytes([0x80 | len(data)])
    return b"\x81" + size + mask + bytes(b ^ mask[i % 4] for i, b in enumerate(data))


def test_a_client_that_stops_reading_is_dropped_soon(
        make_server: Callable[..., ServerProcess]) -> None:
    server = make_server(YUANZI_WS_MAX_BEHIND_BYTES="65536", YUANZI_WS_MAX_BEHIND_SECONDS="2",
                         YUANZI_MAX_TABLES="200")
    for i in range(30):  # a lobby worth reading: 30 tables with long names
        token = register(server.base, f"owner{i}")
        http_json(server.base, "/api/shop/buy", {"item": "sign"}, token)  # R41: a name
        with connect(f"ws://127.0.0.1:{server.port}/ws",
                     additional_headers={"cookie": f"yuanzi_session={token}"}) as ws:
            ws.recv()  # welcome
            ws.send(json.dumps({"type": "create_table", "seq": 1, "name": f"{'桌' * 30}{i}"}))
            while json.loads(ws.recv())["type"] != "ok":
                pass
    token = register(server.base, "sleeper")
    sock = socket.create_connection(("127.0.0.1", server.port))
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)  # and never read
    sock.sendall((f"GET /ws HTTP/1.1\r\nHost: 127.0.0.1:{server.port}\r\n"
                  "Upgrade: websocket\r\nConnection: Upgrade\r\n"
                  "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n"
                  "Sec-WebSocket-Version: 13\r\n"
                  f"Cookie: yuanzi_session={token}\r\n\r\n").encode())
    time.sleep(0.5)
    assert metric(server.base, "yuanzi_connections") == 1
    started = time.monotonic()
    seq = 0
    try:
        while time.monotonic() - started < 30:
            seq += 1
            try:
                sock.sendall(frame(json.dumps({"type": "lobby", "seq": seq,
                                               "subscribe": False})))
            except OSError:
                break  # the server gave up on us
            if seq % 20 == 0 and metric(server.base, "yuanzi_connections") == 0:
                break
            time.sleep(0.02)
        gone_after = time.monotonic() - started
        for _ in range(100):  # the socket may close a moment before the server counts it
            if metric(server.base, "yuanzi_connections") == 0:
                break
            time.sleep(0.05)
        assert metric(server.base, "yuanzi_connections") == 0
        assert metric(server.base, "yuanzi_slow_clients_dropped_total") == 1
        assert gone_after < 8, gone_after  # not the keepalive's ~40 s
    finally:
        sock.close()
    # the server is fine and serves others
    assert http_json(server.base, "/api/tables", token=token)[0]
