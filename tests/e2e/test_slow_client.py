"""A client that stops reading costs the server a bounded amount (issue 14, item 15):
closed once its unsent frames pass a size, or a frame waits at its socket too long —
not after the ~40 s of the keepalive while the kernel's buffers fill."""

from __future__ import annotations

import json
import signal
import socket
import time
import urllib.request
from collections.abc import Callable

import pytest
from prometheus_client.parser import text_string_to_metric_families
from websockets.sync.client import connect

from yuanzi.devtools.processes import ServerProcess
from yuanzi.loadtest.client import http_json, register


def metric(base: str, name: str) -> float:
    with urllib.request.urlopen(base + "/metrics", timeout=10) as r:
        return next(s.value for f in text_string_to_metric_families(r.read().decode())
                    for s in f.samples if s.name == name)


def diagnosis(server: ServerProcess) -> str:
    """The server's own account of its connections and tasks (SIGUSR1), for a failure's
    message: a drop that did not happen says where the connection waits."""
    assert server.proc is not None
    server.proc.send_signal(signal.SIGUSR1)
    time.sleep(1)
    return server.log_path.read_text(errors="replace")[-6000:]


def frame(text: str) -> bytes:
    """A masked client text frame (RFC 6455), short enough for a 16-bit length."""
    data = text.encode()
    mask = b"\x01\x02\x03\x04"
    size = bytes([0x80 | 126]) + len(data).to_bytes(2, "big") if len(data) > 125 else \
        bytes([0x80 | len(data)])
    return b"\x81" + size + mask + bytes(b ^ mask[i % 4] for i, b in enumerate(data))


@pytest.mark.parametrize(("limits", "within"), [
    # its unsent frames pass a size (the time limit out of reach)
    ({"YUANZI_WS_MAX_BEHIND_BYTES": "65536", "YUANZI_WS_MAX_BEHIND_SECONDS": "60"}, (0, 8)),
    # a frame waits at its socket too long (the size and count limits out of reach): not
    # before the time limit, and not long after the kernel's buffers are full
    ({"YUANZI_WS_MAX_BEHIND_BYTES": str(1 << 30), "YUANZI_WS_OUTBOX_LIMIT": "1000000",
      "YUANZI_WS_MAX_BEHIND_SECONDS": "2"}, (2, 15)),
], ids=["too-many-bytes", "stuck-too-long"])
def test_a_client_that_stops_reading_is_dropped_soon(
        make_server: Callable[..., ServerProcess], limits: dict[str, str],
        within: tuple[float, float]) -> None:
    server = make_server(**limits, YUANZI_MAX_TABLES="200",
                         # every request gets the whole lobby: on loopback the kernel grows a
                         # socket's send buffer to 4 MB, which small refusals took 30 s to fill
                         YUANZI_LOBBY_READS="1000000")
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
    # a small window, set before connecting (after, the window already offered stays), and
    # never read: what the server sends piles up in its own buffers
    sock = socket.socket()
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
    sock.connect(("127.0.0.1", server.port))
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
            time.sleep(0.005)
        gone_after = time.monotonic() - started
        for _ in range(100):  # the socket may close a moment before the server counts it
            if metric(server.base, "yuanzi_connections") == 0:
                break
            time.sleep(0.05)
        assert metric(server.base, "yuanzi_connections") == 0, (
            f"still connected after {gone_after:.1f} s and {seq} lobby requests; "
            f"dropped: {metric(server.base, 'yuanzi_slow_clients_dropped_total')}\n"
            f"{diagnosis(server)}")
        assert metric(server.base, "yuanzi_slow_clients_dropped_total") == 1
        low, high = within
        assert low <= gone_after < high, gone_after  # not the keepalive's ~40 s
    finally:
        sock.close()
    # the server is fine and serves others
    assert http_json(server.base, "/api/tables", token=token)[0]
