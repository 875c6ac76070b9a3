"""A connection's messages read without the ASGI road (issue 30).

Through ASGI every message a client sends becomes a dict in uvicorn's ``asyncio.Queue``,
pauses the socket's reading until the app takes it (and resumes it then: two changes of
the event loop's watch on the socket for every message), and passes Starlette's
``receive`` and ``receive_text`` with their state checks. A table's action is one
message, so that road was a few per cent of the hall's CPU.

:class:`DirectReader` holds the messages of one connection in a deque, wakes the one
task that reads them, and pauses the socket only when :data:`HIGH` messages wait unread
(a flood still stops at the socket, and the hall's bucket refuses what gets through). It
reads what it was handed in order and then tells of the end: the same order as the
queue's. :func:`reader_of` gives the hall the direct read where the server offers it
(``yuanzi.server.ws_direct``), and the ASGI road elsewhere (granian, hypercorn, the
websockets implementations).
"""

from __future__ import annotations

import asyncio
from collections import deque
from collections.abc import Awaitable, Callable, Mapping
from functools import partial
from typing import Any, Protocol

from starlette.websockets import WebSocket, WebSocketDisconnect

Message = str | bytes
"""A client's message: text, or the bytes of a binary one (which the hall refuses)."""

Read = Callable[[], Awaitable[Message]]
"""The next message; raises :class:`WebSocketDisconnect` at the connection's end."""

READ_DIRECTLY = "yuanzi.read_directly"
"""The scope extension's name: ``() -> Read``. Called once, before the first read: from
then on the connection's messages go to the returned read, not to ASGI's ``receive``."""

HIGH = 8
"""Unread messages at which the socket stops being read until they are all taken."""


class Reading(Protocol):
    """What the reader needs of its WebSocket protocol: pausing the socket."""

    read_paused: bool

    def pause(self) -> None: ...

    def resume(self) -> None: ...


class DirectReader:
    """One connection's unread messages and the task waiting for them."""

    __slots__ = ("_ended", "_messages", "_socket", "_waiter")

    def __init__(self, socket: Reading) -> None:
        self._socket = socket
        self._messages: deque[Message] = deque()
        self._waiter: asyncio.Future[None] | None = None
        self._ended: int | None = None

    def feed(self, message: Message) -> None:
        """A whole message came (the protocol's data callback)."""
        self._messages.append(message)
        self._wake()
        if len(self._messages) >= HIGH and not self._socket.read_paused:
            self._socket.pause()

    def end(self, code: int) -> None:
        """The connection ended (its first end counts): the reader raises once the
        messages before it are read."""
        if self._ended is None:
            self._ended = code
            self._wake()

    def _wake(self) -> None:
        waiter = self._waiter
        if waiter is not None and not waiter.done():
            waiter.set_result(None)

    async def read(self) -> Message:
        messages = self._messages
        while not messages:
            if self._ended is not None:
                raise WebSocketDisconnect(self._ended)
            if self._socket.read_paused:  # paused before this reader took over
                self._socket.resume()
            self._waiter = asyncio.get_running_loop().create_future()
            try:
                await self._waiter
            finally:
                self._waiter = None
        message = messages.popleft()
        if not messages and self._socket.read_paused:
            self._socket.resume()
        return message


def message_of(event: Mapping[str, Any]) -> Message:
    """An ASGI ``websocket.receive`` event's message."""
    text = event.get("text")
    return text if text is not None else event.get("bytes") or b""


async def _asgi_read(ws: WebSocket) -> Message:
    event = await ws.receive()
    if event["type"] == "websocket.disconnect":
        raise WebSocketDisconnect(event.get("code", 1000), event.get("reason"))
    return message_of(event)


def reader_of(ws: WebSocket) -> Read:
    """The connection's read: direct where the server offers it, else through ASGI."""
    read_directly: Callable[[], Read] | None = ws.scope.get("extensions", {}).get(
        READ_DIRECTLY)
    return read_directly() if read_directly is not None else partial(_asgi_read, ws)
