"""A hostile push service on loopback (issue 54), for the tests and ``yuanzi bench push``.

Each endpoint path is one way a push service the hall does not control can abuse it:

- ``/silent``: takes the request and never answers;
- ``/trickle``: answers one byte of its status line every :attr:`HostilePushService.every`
  seconds, for ever;
- ``/huge``: answers 201 with a body of 256 MiB (sent as long as the hall reads);
- ``/redirect302``, ``/redirect307``: send the hall to ``/target`` (a plain-http path on
  this machine, as an attacker would send it to ``/metrics`` or an admin route);
- ``/target`` and anything else: 201 at once.

A query (``/silent?3``) only tells subscriptions apart: it is not part of the path counted.

It is raw sockets on threads of its own, so what it does is exactly what the hall sees
(no HTTP library of ours smooths it), and it counts what happened: the requests that
came, the connections the hall closed, the bytes of body the hall made it send.
"""

from __future__ import annotations

import contextlib
import socket
import threading
import time
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field

HUGE = 256 * 1024 * 1024
CHUNK = 64 * 1024


@dataclass
class HostilePushService:
    every: float = 0.5
    """Seconds between the trickling endpoint's bytes."""
    requests: Counter[str] = field(default_factory=Counter)
    """Requests received, by path."""
    holding: int = 0
    """Connections held open right now (silent or trickling)."""
    closed: Counter[str] = field(default_factory=Counter)
    """Connections the hall closed while this service was still answering, by path."""
    huge_sent: int = 0
    """Bytes of the huge body that went out before the hall closed the connection."""
    _lock: threading.Lock = field(default_factory=threading.Lock)
    _stop: threading.Event = field(default_factory=threading.Event)
    _listener: socket.socket | None = None
    _sockets: set[socket.socket] = field(default_factory=set)

    @property
    def base(self) -> str:
        assert self._listener is not None
        return f"http://127.0.0.1:{self._listener.getsockname()[1]}"

    def start(self) -> HostilePushService:
        self._listener = socket.create_server(("127.0.0.1", 0), backlog=256)
        threading.Thread(target=self._accept, daemon=True).start()
        return self

    def close(self) -> None:
        self._stop.set()
        if self._listener is not None:
            self._listener.close()
        with self._lock:
            for s in list(self._sockets):
                _close(s)

    def wait(self, what: str, test: Callable[[], bool], timeout: float = 30.0) -> None:
        """Wait (polling, bounded) until ``test()`` holds; AssertionError naming ``what``
        otherwise."""
        end = time.monotonic() + timeout
        while time.monotonic() < end:
            if test():
                return
            time.sleep(0.02)
        raise AssertionError(f"the hostile push service never saw: {what} ({self.requests}, "
                             f"holding {self.holding}, closed {self.closed})")

    def __enter__(self) -> HostilePushService:
        return self.start()

    def __exit__(self, *exc: object) -> None:
        self.close()

    # -- the server --------------------------------------------------------------------

    def _accept(self) -> None:
        assert self._listener is not None
        while not self._stop.is_set():
            try:
                conn, _ = self._listener.accept()
            except OSError:
                return
            with self._lock:
                self._sockets.add(conn)
            threading.Thread(target=self._serve, args=(conn,), daemon=True).start()

    def _serve(self, conn: socket.socket) -> None:
        try:
            while not self._stop.is_set():
                path = _read_request(conn)
                if path is None:
                    return
                with self._lock:
                    self.requests[path] += 1
                if not self._answer(conn, path):
                    return
        except OSError:
            pass
        finally:
            with self._lock:
                self._sockets.discard(conn)
            _close(conn)

    def _answer(self, conn: socket.socket, path: str) -> bool:
        """Answer one request; False when the connection is done."""
        if path in ("/silent", "/trickle"):
            self._hold(conn, path)
            return False
        if path == "/huge":
            self._huge(conn)
            return False
        if path.startswith("/redirect"):
            status = path.removeprefix("/redirect")
            conn.sendall(f"HTTP/1.1 {status} Moved\r\nLocation: {self.base}/target\r\n"
                         "Content-Length: 0\r\n\r\n".encode())
            return True
        conn.sendall(b"HTTP/1.1 201 Created\r\nContent-Length: 0\r\n\r\n")
        return True

    def _hold(self, conn: socket.socket, path: str) -> None:
        with self._lock:
            self.holding += 1
        try:
            status = b"HTTP/1.1 201 Created\r\n"
            conn.settimeout(self.every)
            sent = 0
            while not self._stop.is_set():
                try:
                    if conn.recv(1) == b"":  # the hall hung up
                        with self._lock:
                            self.closed[path] += 1
                        return
                except TimeoutError:
                    pass
                if path == "/trickle":
                    conn.sendall(status[sent % len(status):][:1])
                    sent += 1
        except OSError:
            with self._lock:
                self.closed[path] += 1
        finally:
            with self._lock:
                self.holding -= 1

    def _huge(self, conn: socket.socket) -> None:
        conn.sendall(f"HTTP/1.1 201 Created\r\nContent-Length: {HUGE}\r\n\r\n".encode())
        chunk = b"x" * CHUNK
        conn.settimeout(5.0)
        try:
            while self.huge_sent < HUGE and not self._stop.is_set():
                conn.sendall(chunk)
                with self._lock:
                    self.huge_sent += CHUNK
        except OSError:
            with self._lock:
                self.closed["/huge"] += 1


def _read_request(conn: socket.socket) -> str | None:
    """The path of the next request on ``conn`` (its head and body read), or None when the
    hall closed it."""
    data = b""
    while b"\r\n\r\n" not in data:
        more = conn.recv(65536)
        if not more:
            return None
        data += more
    head, _, body = data.partition(b"\r\n\r\n")
    lines = head.decode("latin-1").split("\r\n")
    length = 0
    for line in lines[1:]:
        name, _, value = line.partition(":")
        if name.strip().lower() == "content-length":
            length = int(value.strip())
    while len(body) < length:
        more = conn.recv(65536)
        if not more:
            return None
        body += more
    return lines[0].split(" ")[1].split("?")[0]


def _close(s: socket.socket) -> None:
    with contextlib.suppress(OSError):
        s.shutdown(socket.SHUT_RDWR)
    s.close()
