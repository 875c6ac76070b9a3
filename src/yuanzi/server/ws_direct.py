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
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from uvicorn.protocols.websockets.websockets_sansio_impl import WebSocketsSansIOProtocol
from websockets.exceptions import InvalidState
from websockets.http11 import Request

WRITE_NOW = "yuanzi.write_now"
"""The scope extension's name: ``(*texts: str) -> bool``, True when written (all of the
frames, in order, in one write to the socket)."""


class DirectWebSocketProtocol(WebSocketsSansIOProtocol):
    """uvicorn's sans-I/O WebSocket protocol with a synchronous write for the hall."""

    def handle_connect(self, event: Request) -> None:
        super().handle_connect(event)
        if self.response.status_code == 101:  # the scope exists; the app has not run yet
            self.scope["extensions"][WRITE_NOW] = self.write_now  # type: ignore[assignment]

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
