"""server/ws_direct.py: uvicorn's sans-I/O WebSocket protocol with a plain write in the
scope — a text frame written at once while the socket takes data, and refused (False:
the caller queues it) before the handshake is done, while flow control pauses the
socket, and once a close was sent — and a direct read (server/ws_reader.py): messages in
order, then the end; the socket paused only by a flood; ASGI's road for an app that does
not ask."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest
from starlette.websockets import WebSocketDisconnect
from uvicorn.config import Config
from uvicorn.server import ServerState
from websockets.frames import Frame, Opcode
from websockets.streams import StreamReader

from yuanzi.server.ws_coalescing import uvicorn_ws
from yuanzi.server.ws_direct import DirectWebSocketProtocol, write_now_of
from yuanzi.server.ws_reader import HIGH, READ_DIRECTLY

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


def opened(app: Any, socket: asyncio.Transport) -> DirectWebSocketProtocol:
    """The hall's protocol on ``socket`` with the handshake received (the app runs)."""
    config = Config(app=app, ws=DirectWebSocketProtocol, log_level="warning")
    config.load()
    protocol = DirectWebSocketProtocol(config, ServerState(), {})
    protocol.connection_made(socket)
    protocol.data_received(HANDSHAKE)
    return protocol


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

        socket = Socket()
        protocol = opened(app, socket)
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


class ReadSocket(Socket):
    """The socket's reading paused and resumed, counted."""

    def __init__(self) -> None:
        super().__init__()
        self.reading = True
        self.pauses = 0

    def pause_reading(self) -> None:
        self.reading = False
        self.pauses += 1

    def resume_reading(self) -> None:
        self.reading = True


def client_frame(data: bytes, opcode: int = 0x1) -> bytes:
    """A masked client frame (RFC 6455), short enough for a 16-bit length."""
    mask = b"\x01\x02\x03\x04"
    size = (bytes([0x80 | 126]) + len(data).to_bytes(2, "big") if len(data) > 125
            else bytes([0x80 | len(data)]))
    return bytes([0x80 | opcode]) + size + mask + bytes(
        b ^ mask[i % 4] for i, b in enumerate(data))


async def accepted(app_reads: list[Any]) -> tuple[DirectWebSocketProtocol, ReadSocket,
                                                  asyncio.Event]:
    """A protocol whose app accepted, left one text unread by ASGI, then took the direct
    read (put in ``app_reads``); the event is set when the app is done."""
    took = asyncio.Event()
    done = asyncio.Event()

    async def app(scope: Any, receive: Any, send: Any) -> None:
        await receive()  # websocket.connect
        await send({"type": "websocket.accept"})
        took.set()
        await done.wait()

    socket = ReadSocket()
    protocol = opened(app, socket)
    await asyncio.wait_for(took.wait(), 5)
    protocol.data_received(client_frame("早".encode()))  # before the direct read: ASGI's
    app_reads.append(protocol.scope["extensions"][READ_DIRECTLY]())
    return protocol, socket, done


def test_messages_are_read_directly_in_order_then_the_end() -> None:
    async def run() -> list[Any]:
        reads: list[Any] = []
        protocol, socket, done = await accepted(reads)
        read = reads[0]
        got: list[Any] = [await read()]  # what ASGI held (uvicorn paused the socket for it)
        assert socket.reading
        pauses = socket.pauses
        protocol.data_received(client_frame(b"one") + client_frame(b"\x00\xff", opcode=0x2))
        got += [await read(), await read()]
        assert socket.pauses == pauses and socket.reading  # none while the reader keeps up
        assert protocol.scope["extensions"][READ_DIRECTLY]() == read  # asked again: the same
        protocol.data_received(client_frame(b"two"))
        protocol.connection_lost(None)
        got.append(await read())  # what came before the end is read first
        try:
            await read()
        except WebSocketDisconnect as end:
            got.append(end.code)
        done.set()
        return got

    assert asyncio.run(run()) == ["早", "one", b"\x00\xff", "two", 1005]


def test_a_flood_pauses_the_socket_until_it_is_read() -> None:
    async def run() -> None:
        reads: list[Any] = []
        protocol, socket, done = await accepted(reads)
        read = reads[0]
        assert await read() == "早"
        assert socket.reading
        protocol.data_received(b"".join(client_frame(str(i).encode())
                                        for i in range(HIGH + 3)))
        assert not socket.reading  # HIGH unread: the kernel holds the rest
        assert [await read() for _ in range(HIGH + 3)] == [str(i) for i in range(HIGH + 3)]
        assert socket.reading  # all read: reading again
        done.set()
        protocol.connection_lost(None)

    asyncio.run(run())


@pytest.mark.parametrize("closing", [False, True], ids=["open", "client-closing-too"])
def test_invalid_utf8_closes_with_1007_and_ends_the_read(closing: bool) -> None:
    """Also when the client's close comes in the same chunk (the connection is closing
    already): no error out of the data callback, and the read still ends."""
    async def run() -> int:
        reads: list[Any] = []
        protocol, _, done = await accepted(reads)
        read = reads[0]
        assert await read() == "早"
        close = client_frame((1000).to_bytes(2, "big"), opcode=0x8) if closing else b""
        protocol.data_received(client_frame(b"\xff\xfe") + close)  # raises nothing
        if closing:
            protocol.connection_lost(None)
        try:
            await asyncio.wait_for(read(), 5)
        except WebSocketDisconnect as end:
            done.set()
            return end.code
        raise AssertionError("read on after a bad frame")

    assert asyncio.run(run()) == (1000 if closing else 1007)


def test_an_app_that_never_asks_reads_through_asgi() -> None:
    async def run() -> list[Any]:
        got: list[Any] = []
        took, finished = asyncio.Event(), asyncio.Event()

        async def app(scope: Any, receive: Any, send: Any) -> None:
            await receive()
            await send({"type": "websocket.accept"})
            took.set()
            got.append(await receive())
            got.append(await receive())
            finished.set()

        protocol = opened(app, ReadSocket())
        await asyncio.wait_for(took.wait(), 5)
        protocol.data_received(client_frame(b"plain"))
        protocol.connection_lost(None)
        await asyncio.wait_for(finished.wait(), 5)
        return got

    assert asyncio.run(run()) == [{"type": "websocket.receive", "text": "plain"},
                                  {"type": "websocket.disconnect", "code": 1005}]


@pytest.mark.parametrize(("end", "code"), [("close", 4408), ("shutdown", 1012)])
def test_a_waiting_read_ends_when_the_app_closes_or_the_server_stops(end: str,
                                                                     code: int) -> None:
    async def run() -> int:
        reads: list[Any] = []
        protocol, _, done = await accepted(reads)
        read = reads[0]
        assert await read() == "早"
        waiting = asyncio.ensure_future(read())
        await asyncio.sleep(0)
        if end == "close":  # the app's own close, as the hall's sender makes it
            await protocol.send({"type": "websocket.close", "code": code})
        else:
            protocol.shutdown()
        try:
            await asyncio.wait_for(waiting, 5)
        except WebSocketDisconnect as ended:
            return ended.code
        finally:
            done.set()
            protocol.connection_lost(None)
        raise AssertionError("read on after the end")

    assert asyncio.run(run()) == code
