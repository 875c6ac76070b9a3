"""The hall on a real uvicorn reads its messages directly (server/ws_reader.py, issue 30):
a burst of messages answered in order, a binary one refused by name, and a client's
close noticed at once by the hall (its connection count)."""

from __future__ import annotations

import json
import time
import urllib.request
from collections.abc import Callable

from prometheus_client.parser import text_string_to_metric_families
from websockets.sync.client import connect

from yuanzi.devtools.processes import ServerProcess
from yuanzi.loadtest.client import register
from yuanzi.server.ws_reader import HIGH


def connections(base: str) -> float:
    with urllib.request.urlopen(base + "/metrics", timeout=10) as r:
        return next(s.value for f in text_string_to_metric_families(r.read().decode())
                    for s in f.samples if s.name == "yuanzi_connections")


def test_a_burst_is_answered_in_order_binary_is_refused_and_a_close_is_seen(
        make_server: Callable[..., ServerProcess]) -> None:
    server = make_server()
    token = register(server.base, "reader")
    with connect(f"ws://127.0.0.1:{server.port}/ws",
                 additional_headers={"cookie": f"yuanzi_session={token}"}) as ws:
        assert json.loads(ws.recv())["type"] == "welcome"
        burst = 3 * HIGH  # more than the reader holds before it pauses the socket
        for seq in range(1, burst + 1):
            ws.send(json.dumps({"type": "ping", "seq": seq}))
        ws.send(json.dumps({"type": "ping", "seq": burst + 1}).encode())
        answers = [json.loads(ws.recv()) for _ in range(burst + 1)]
        assert [(a["type"], a.get("seq")) for a in answers[:burst]] == [
            ("pong", seq) for seq in range(1, burst + 1)]
        assert answers[-1]["code"] == "malformed" and "binary" in answers[-1]["message"]
        assert connections(server.base) == 1
    deadline = time.monotonic() + 5
    while connections(server.base) and time.monotonic() < deadline:
        time.sleep(0.05)
    assert connections(server.base) == 0
