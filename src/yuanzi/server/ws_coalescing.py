"""One socket write per connection per loop turn (issue 30).

A table's action sends each connection at it a few frames in the same turn of the event
loop (the table, the seat's view, a timer); uvicorn's WebSocket protocol writes each
frame to the socket as it is sent — one system call per frame, the largest single cost
in the hall's profile. :class:`CoalescingWebSocketProtocol` is uvicorn's own sans-I/O
WebSocket protocol with its transport wrapped so that writes made during one turn are
joined and written once, at the start of the next turn (``call_soon``): the frames and
their order are unchanged, only the number of writes falls. Closing flushes first.
"""

from __future__ import annotations

import asyncio
from typing import Any

from uvicorn.protocols.websockets.websockets_sansio_impl import WebSocketsSansIOProtocol

from yuanzi.server.ws_direct import DirectWebSocketProtocol


class CoalescingTransport:
    """A transport whose writes in one loop turn become one write to ``inner``;
    everything else is ``inner``'s."""

    __slots__ = ("_inner", "_loop", "_pending", "_scheduled")

    def __init__(self, inner: asyncio.Transport, loop: asyncio.AbstractEventLoop) -> None:
        self._inner = inner
        self._loop = loop
        self._pending: list[bytes] = []
        self._scheduled = False

    def write(self, data: bytes) -> None:
        if not data:
            return
        self._pending.append(data)
        if not self._scheduled:
            self._scheduled = True
            self._loop.call_soon(self.flush)

    def flush(self) -> None:
        self._scheduled = False
        if not self._pending:
            return
        data = self._pending[0] if len(self._pending) == 1 else b"".join(self._pending)
        self._pending.clear()
        if not self._inner.is_closing():
            self._inner.write(data)

    def close(self) -> None:
        self.flush()
        self._inner.close()

    def abort(self) -> None:
        self._pending.clear()
        self._inner.abort()

    def __getattr__(self, name: str) -> Any:
        return getattr(self._inner, name)


class CoalescingWebSocketProtocol(WebSocketsSansIOProtocol):
    """uvicorn's sans-I/O WebSocket protocol, writing once per connection per turn."""

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        super().connection_made(transport)
        if isinstance(transport, asyncio.Transport):
            self.transport = CoalescingTransport(transport, self.loop)  # type: ignore[assignment]


def uvicorn_ws(impl: str) -> Any:
    """uvicorn's ``ws`` for the ``ws_impl`` setting: a name of its own, or one of the
    hall's protocol classes (``coalescing``; ``direct``, :mod:`.ws_direct`)."""
    return {"coalescing": CoalescingWebSocketProtocol,
            "direct": DirectWebSocketProtocol}.get(impl, impl)
