"""Frames written at once, without a task switch (issue 30).

Through ASGI, a frame reaches the socket from the connection's sender task: the outbox
wakes it, and the frame passes Starlette's ``WebSocket.send_text``, its exception
wrapper's ``send``, an ASGI message and uvicorn's ``send`` coroutine before
``transport.write``. A table's action sends four or five frames, so that walk was the
largest part of the hall's CPU after the socket writes themselves.

:class:`DirectWebSocketProtocol` is uvicorn's own sans-I/O WebSocket protocol that also
offers, in the connection's ASGI scope (``extensions[WRITE_NOW]``), a plain function
that writes a text frame at once when nothing stands in the way: the handshake done, no
close sent, the socket taking data (not paused by flow control). Anything else answers
False and the frame takes the usual road, so a slow reader still fills the outbox and is
still dropped by its limits (:class:`yuanzi.server.ws.connection.Connection`), and frames
keep their order: a connection writes at once only while its outbox is empty and its
sender task is not mid-write.

It also offers (``extensions[READ_DIRECTLY]``) to hand the connection's messages to a
:class:`yuanzi.server.ws_reader.DirectReader` instead of ASGI's ``receive``: once the
app takes it, text and binary messages go to the reader, and every end uvicorn tells
the app (a close, a lost socket, a shutdown, a bad frame) ends the reader too.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Mapping
from typing import Any

from uvicorn.protocols.websockets.websockets_sansio_impl import WebSocketsSansIOProtocol
from websockets.exceptions import InvalidState
from websockets.http11 import Request

from yuanzi.server.ws_reader import READ_DIRECTLY, DirectReader, Read, message_of

WRITE_NOW = "yuanzi.write_now"
"""The scope extension's name: ``(*texts: str) -> bool``, True when written (all of the
frames, in order, in one write to the socket)."""


class _Events(asyncio.Queue[Any]):
    """uvicorn's queue of ASGI events, which also tells the direct reader of the end."""

    def __init__(self, on_end: Callable[[int], None]) -> None:
        super().__init__()
        self._on_end = on_end

    def put_nowait(self, item: Any) -> None:
        if item["type"] == "websocket.disconnect":
            self._on_end(item.get("code", 1005))
        super().put_nowait(item)


class DirectWebSocketProtocol(WebSocketsSansIOProtocol):
    """uvicorn's sans-I/O WebSocket protocol with a synchronous write and a direct read
    for the hall."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.reader: DirectReader | None = None
        """Takes the messages once the app asked for it; None: they go to ASGI."""
        self.queue = _Events(self._ended)

    def handle_connect(self, event: Request) -> None:
        super().handle_connect(event)
        if self.response.status_code == 101:  # the scope exists; the app has not run yet
            extensions = self.scope["extensions"]
            extensions[WRITE_NOW] = self.write_now  # type: ignore[assignment]
            extensions[READ_DIRECTLY] = self.read_directly  # type: ignore[assignment]

    def read_directly(self) -> Read:
        """From now on the messages go to a reader (those ASGI holds unread first); the
        same reader if asked again."""
        if self.reader is not None:
            return self.reader.read
        reader = self.reader = DirectReader(self)
        while not self.queue.empty():
            event = self.queue.get_nowait()
            if event["type"] == "websocket.receive":
                reader.feed(message_of(event))
            elif event["type"] == "websocket.disconnect":
                reader.end(event.get("code", 1005))
        return reader.read

    def _ended(self, code: int) -> None:
        if self.reader is not None:
            self.reader.end(code)

    def send_receive_event_to_app(self) -> None:
        reader = self.reader
        if reader is None:
            super().send_receive_event_to_app()
            return
        data = self.frames[0] if len(self.frames) == 1 else b"".join(self.frames)
        self.frames = []
        if self.close_sent:  # past its close: dropped, as uvicorn does
            return
        if self.curr_msg_data_type != "text":
            reader.feed(data)
            return
        try:
            reader.feed(data.decode())
        except UnicodeDecodeError:
            self.logger.info("Invalid UTF-8 sequence received from client.")
            self.conn.fail(1007, "invalid UTF-8")  # any state (the client may be closing)
            if self.conn.close_sent is not None:
                self.handle_parser_exception()

    def pause(self) -> None:
        self.read_paused = True
        self.transport.pause_reading()

    def resume(self) -> None:
        self.read_paused = False
        self.transport.resume_reading()

    def write_now(self, *texts: str) -> bool:
        """Write text frames now, in one write, if the socket takes them; False: nothing
        was written, send them the usual way."""
        if (not self.handshake_complete or self.close_sent or self.disconnected
                or self.initial_response is not None or not self.writable.is_set()
                or self.transport.is_closing()):
            return False
        try:
            for text in texts:
                self.conn.send_text(text.encode())
        except InvalidState:  # the state was checked above: before the first, if at all
            return False
        self.transport.write(b"".join(self.conn.data_to_send()))
        return True


def write_now_of(scope: Mapping[str, Any]) -> Any:
    """The scope's direct write, or None (another server or WebSocket implementation)."""
    return scope.get("extensions", {}).get(WRITE_NOW)
