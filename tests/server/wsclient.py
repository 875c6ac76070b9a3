"""A small synchronous helper around Starlette's test WebSocket (imported by tests):
:class:`Peer`, and :func:`connect` that opens one."""

from __future__ import annotations

from collections.abc import Callable
from contextlib import ExitStack
from typing import Any

from fastapi.testclient import TestClient
from starlette.testclient import WebSocketTestSession


class Peer:
    """One test client: sends numbered messages and keeps every frame it received."""

    def __init__(self, ws: WebSocketTestSession) -> None:
        self.ws = ws
        self.seq = 0
        self.frames: list[dict[str, Any]] = []
        self.cursor = 0
        self.sent_at: dict[int, int] = {}
        """Frames before this index were consumed by :meth:`until`."""
        self.welcome = self.recv()
        assert self.welcome["type"] == "welcome"

    def recv(self) -> dict[str, Any]:
        frame: dict[str, Any] = self.ws.receive_json()
        self.frames.append(frame)
        return frame

    def send(self, type_: str, **fields: Any) -> int:
        self.seq += 1
        self.sent_at[self.seq] = len(self.frames)
        self.ws.send_json({"type": type_, "seq": self.seq, **fields})
        return self.seq

    def reply(self, seq: int) -> dict[str, Any]:
        """The ok/error answering ``seq`` (reading frames until it comes)."""
        for f in self.frames[self.sent_at.get(seq, 0):]:
            if f["type"] in ("ok", "error") and f.get("seq") == seq:
                return f
        while True:
            f = self.recv()
            if f["type"] in ("ok", "error") and f.get("seq") == seq:
                return f

    def call(self, type_: str, **fields: Any) -> dict[str, Any]:
        r = self.reply(self.send(type_, **fields))
        assert r["type"] == "ok", r
        data: dict[str, Any] = r["data"]
        return data

    def error(self, type_: str, **fields: Any) -> dict[str, Any]:
        r = self.reply(self.send(type_, **fields))
        assert r["type"] == "error", r
        return r

    def until(self, type_: str, where: Callable[[dict[str, Any]], bool] | None = None,
              **match: Any) -> dict[str, Any]:
        """The next frame of this type (and fields) after the last one ``until`` returned,
        whether it was already received or is still to come."""
        while True:
            while self.cursor < len(self.frames):
                f = self.frames[self.cursor]
                self.cursor += 1
                if f["type"] == type_ and all(f.get(k) == v for k, v in match.items()) and (
                        where is None or where(f)):
                    return f
            self.recv()


def connect(stack: ExitStack, client: TestClient, token: str) -> Peer:
    """A socket of the login ``token`` to the in-process hall, closed with ``stack``."""
    ws = stack.enter_context(
        client.websocket_connect("/ws", headers={"cookie": f"yuanzi_session={token}"}))
    return Peer(ws)
