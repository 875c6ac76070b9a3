"""server/ws_coalescing.py: the writes of one loop turn reach the socket as one write, in
order; closing writes what waits first; nothing is written to a closing socket."""

from __future__ import annotations

import asyncio

from yuanzi.server.ws_coalescing import CoalescingTransport, CoalescingWebSocketProtocol, uvicorn_ws


class Socket(asyncio.Transport):
    """A transport that keeps what it is given (the real socket's place)."""

    def __init__(self) -> None:
        super().__init__()
        self.writes: list[bytes] = []
        self.closed = False

    def write(self, data: bytes | bytearray | memoryview) -> None:
        self.writes.append(bytes(data))

    def is_closing(self) -> bool:
        return self.closed

    def close(self) -> None:
        self.closed = True


def test_one_turns_writes_are_one_write_in_order() -> None:
    async def run() -> Socket:
        socket = Socket()
        t = CoalescingTransport(socket, asyncio.get_running_loop())
        for frame in (b"a", b"", b"bc", b"d"):
            t.write(frame)
        assert socket.writes == []  # not yet: at the start of the next turn
        await asyncio.sleep(0)
        t.write(b"e")
        await asyncio.sleep(0)
        return socket

    assert asyncio.run(run()).writes == [b"abcd", b"e"]


def test_closing_flushes_first_and_a_closed_socket_gets_nothing() -> None:
    async def run() -> tuple[Socket, Socket]:
        loop = asyncio.get_running_loop()
        first, second = Socket(), Socket()
        a = CoalescingTransport(first, loop)
        a.write(b"last words")
        a.close()
        b = CoalescingTransport(second, loop)
        b.write(b"lost")
        second.closed = True  # the peer went away meanwhile
        await asyncio.sleep(0)
        assert b.is_closing()  # (everything else is the socket's)
        return first, second

    first, second = asyncio.run(run())
    assert first.writes == [b"last words"] and first.closed
    assert second.writes == []


def test_the_setting_names_uvicorns_protocol_or_ours() -> None:
    assert uvicorn_ws("coalescing") is CoalescingWebSocketProtocol
    assert uvicorn_ws("auto") == "auto" and uvicorn_ws("wsproto") == "wsproto"
