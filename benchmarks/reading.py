"""What a client message costs to read, by road: ``yuanzi bench reading`` (issue 30).

One uvicorn WebSocket protocol (the hall's :class:`DirectWebSocketProtocol`) on a real
socket pair, on the running event loop (uvloop when installed, as the hall runs), takes
text frames from its client one at a time — each written when the last was read, so each
comes in a loop turn of its own, as a player's actions do. The app reads them either
through ASGI (uvicorn's queue, its pause and resume of the socket for every message,
Starlette's ``receive_text``: the road before) or with the direct read
(:mod:`yuanzi.server.ws_reader`). Both roads run in turns, block by block, in one process,
and the harness reports each road's process CPU per message (the socket's own read and
the client's write included: the same on both roads) and their difference.
"""

from __future__ import annotations

import asyncio
import socket
import time
from collections.abc import Awaitable, Callable
from typing import Any

from starlette.websockets import WebSocket
from uvicorn.config import Config
from uvicorn.server import ServerState

from yuanzi.server.ws_direct import DirectWebSocketProtocol
from yuanzi.server.ws_reader import READ_DIRECTLY

HANDSHAKE = (b"GET /ws HTTP/1.1\r\nHost: bench\r\nUpgrade: websocket\r\n"
             b"Connection: Upgrade\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n"
             b"Sec-WebSocket-Version: 13\r\n\r\n")
MESSAGE = b'{"type":"play","seq":1,"table":17,"version":42,"cards":"pass"}'


def client_frame(data: bytes) -> bytes:
    """A masked client text frame (RFC 6455) of under 126 bytes."""
    mask = b"\x01\x02\x03\x04"
    return (bytes([0x81, 0x80 | len(data)]) + mask
            + bytes(b ^ mask[i % 4] for i, b in enumerate(data)))


async def block(direct: bool, messages: int) -> float:
    """CPU seconds of ``messages`` messages read on one road, one connection."""
    loop = asyncio.get_running_loop()
    ours, theirs = socket.socketpair()
    frame = client_frame(MESSAGE)
    spent: list[float] = []

    async def app(scope: Any, receive: Any, send: Any) -> None:
        ws = WebSocket(scope, receive, send)
        await ws.accept()
        read: Callable[[], Awaitable[Any]] = (scope["extensions"][READ_DIRECTLY]()
                                              if direct else ws.receive_text)
        theirs.recv(4096)  # the handshake's answer
        began = time.process_time()
        for _ in range(messages):
            theirs.send(frame)
            await read()
        spent.append(time.process_time() - began)
        await ws.close()

    config = Config(app=app, ws=DirectWebSocketProtocol, log_level="warning")
    config.load()
    protocol = DirectWebSocketProtocol(config, ServerState(), {})
    await loop.connect_accepted_socket(lambda: protocol, ours)
    theirs.sendall(HANDSHAKE)
    deadline = time.monotonic() + 60 + messages / 1000
    while not spent:
        if time.monotonic() > deadline:
            raise RuntimeError("the reading app did not finish its block")
        await asyncio.sleep(0.01)
    theirs.close()
    return spent[0]


def run(seconds: float = 8.0, seed: int = 0, messages: int = 5000) -> dict[str, Any]:
    """Blocks of ``messages`` on each road in turn until ``seconds`` have passed (at least
    three of each); the medians of their µs per message."""
    try:
        import uvloop
        new_loop: Callable[[], asyncio.AbstractEventLoop] = uvloop.new_event_loop
    except ImportError:  # pragma: no cover
        new_loop = asyncio.new_event_loop
    per: dict[str, list[float]] = {"asgi": [], "direct": []}
    loop = new_loop()
    try:
        end = time.monotonic() + seconds
        while time.monotonic() < end or len(per["direct"]) < 3:
            for road in ("asgi", "direct"):
                cpu = loop.run_until_complete(block(road == "direct", messages))
                per[road].append(cpu / messages * 1e6)
    finally:
        loop.close()

    def median(xs: list[float]) -> float:
        return sorted(xs)[len(xs) // 2]

    asgi, direct = median(per["asgi"]), median(per["direct"])
    return {"messages_per_block": messages, "blocks_per_road": len(per["direct"]),
            "loop": type(loop).__module__.split(".")[0],
            "asgi_us_per_message": round(asgi, 2), "direct_us_per_message": round(direct, 2),
            "saved_us_per_message": round(asgi - direct, 2),
            "asgi_range_us": [round(min(per["asgi"]), 2), round(max(per["asgi"]), 2)],
            "direct_range_us": [round(min(per["direct"]), 2), round(max(per["direct"]), 2)]}
