"""server/ws_direct.py: uvicorn's sans-I/O WebSocket protocol with a plain write in the
scope — a text frame written at once while the socket takes data, and refused (False:
the caller queues it) before the handshake is done, while flow control pauses the
socket, and once a close was sent."""

from __future__ import annotations

import asyncio
from typing import Any

from uvicorn.config import Config
from uvicorn.server import ServerState
from websockets.frames import Frame, Opcode
from websockets.streams import StreamReader

from yuanzi.server.ws_coalescing import uvicorn_ws
from yuanzi.server.ws_direct import DirectWebSocketProtocol, write_now_of

HANDSHAKE = (b"GET /ws HTTP/1.1\r\nHost: test\r\nUpgrade: websocket\r\n"
             b"Connection: Upgrade\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n"
             b"Sec-WebSocket-Version: 13\r\n\r\n")


class Socket(asyncio.Transport):
    """A transport that keeps what it is given (the real socket's place)."""

    def __init__(self) -> None:
        super().__init__()
        self.data = bytearray()
        self.closed = False
        self.writes = 0

    def write(self, data: bytes | bytearray | memoryview) -> None:
        self.data += bytes(data)
        self.writes += 1

    def is_closing(self) -> bool:
        return self.closed

    def close(self) -> None:
        self.closed = True

    def get_extra_info(self, name: str, default: Any = None) -> Any:
        return {"peername": ("127.0.0.1", 5000), "sockname": ("127.0.0.1", 8000)}.get(
            name, default)

    def texts(self) -> list[str]:
        """The text frames written after the handshake's response."""
        head, _, rest = bytes(self.data).partition(b"\r\n\r\n")
        assert head.startswith(b"HTTP/1.1 101")
        reader = StreamReader()
        reader.feed_data(rest)
        out: list[str] = []
        parser = Frame.parse(reader.read_exact, mask=False)
        while True:
            try:
                next(parser)
            except StopIteration as done:
                frame = done.value
                if frame.opcode == Opcode.TEXT:
                    out.append(frame.data.decode())
                if not reader.buffer:
                    return out
                parser = Frame.parse(reader.read_exact, mask=False)


def test_frames_are_written_at_once_only_while_the_socket_takes_them() -> None:
    async def run() -> Socket:
        accepted = asyncio.Event()
        seen: list[Any] = []

        async def app(scope: Any, receive: Any, send: Any) -> None:
            await receive()  # websocket.connect
            seen.append(write_now_of(scope))
            assert seen[0]("too early") is False  # not accepted yet: nothing written
            await send({"type": "websocket.accept"})
            accepted.set()
            await receive()  # until the test is done

        config = Config(app=app, ws=DirectWebSocketProtocol, log_level="warning")
        config.load()
        protocol = DirectWebSocketProtocol(config, ServerState(), {})
        socket = Socket()
        protocol.connection_made(socket)
        protocol.data_received(HANDSHAKE)
        await asyncio.wait_for(accepted.wait(), 5)
        write_now = seen[0]
        assert write_now("one") is True
        protocol.pause_writing()  # the socket's buffer is full: the caller queues
        assert write_now("held back") is False
        protocol.resume_writing()
        assert write_now("two") is True
        before = socket.writes
        assert write_now("three", "four") is True
        assert socket.writes == before + 1  # several frames: one write
        protocol.close_sent = True
        assert write_now("after close") is False
        protocol.connection_lost(None)
        return socket

    socket = asyncio.run(run())
    assert socket.texts() == ["one", "two", "three", "four"]


def test_the_setting_names_the_protocol() -> None:
    assert uvicorn_ws("direct") is DirectWebSocketProtocol
    assert uvicorn_ws("websockets-sansio") == "websockets-sansio"
    assert write_now_of({"type": "websocket", "extensions": {}}) is None
