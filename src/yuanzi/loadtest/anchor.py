"""The anchor of the load test: a bare Starlette broadcast server, no game, no storage.

The hall issue measures the hall against "a bare Starlette broadcast server with no game and
no storage, driven the same way". This is that server, speaking just enough of the hall's
protocol (``docs/protocol.md``) that the load test's own :class:`~.client.Player` drives it
unchanged: register, ``create_table``/``sit``/``ready`` answered ``ok``, a ``game`` frame
when four are ready, and for each ``play`` an ``ok`` and one ``played`` frame broadcast to
the table's four sockets. Nothing is validated, nothing is stored, no engine runs: what is
left is the cost of Starlette, uvicorn, JSON and the WebSockets, the floor the hall is
measured against *in the same run on the same machine* (``yuanzi loadtest --compare``).

Run it alone with ``python -m yuanzi.loadtest.anchor --port 8100``.
"""

from __future__ import annotations

import argparse
import json
from dataclasses import dataclass, field
from typing import Any

from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import JSONResponse, PlainTextResponse
from starlette.routing import Route, WebSocketRoute
from starlette.websockets import WebSocket, WebSocketDisconnect

HAND = ("3S 4S 5S 6S 7S 8S 9S TS JS QS KS AS 2S 3H 4H 5H 6H 7H 8H 9H TH JH QH KH AH 2H "
        "3C 4C 5C 6C 7C 8C 9C TC JC QC KC AC 2C SJ BJ")
"""A hand to hand out: its cards are never checked, the clients just play them down."""


@dataclass
class _Table:
    sockets: list[WebSocket | None] = field(default_factory=lambda: [None] * 4)
    ready: set[int] = field(default_factory=set)
    version: int = 0
    game_id: int = 0


@dataclass
class _Conn:
    ws: WebSocket
    table: int | None = None
    seat: int | None = None


class Anchor:
    """The tables of the anchor server: in memory, one event loop, nothing else."""

    def __init__(self) -> None:
        self.tables: dict[int, _Table] = {}

    async def handle(self, conn: _Conn, msg: dict[str, Any]) -> None:
        kind = msg.get("type")
        seq = msg.get("seq")
        data: dict[str, Any] = {}
        if kind == "create_table":
            table_id = len(self.tables) + 1
            self.tables[table_id] = _Table()
            self._seat(conn, table_id, 0)
            data = {"table": table_id, "seat": 0}
        elif kind == "sit":
            self._seat(conn, int(msg["table"]), int(msg["seat"]))
        await conn.ws.send_text(json.dumps({"type": "ok", "seq": seq, "data": data}))
        if kind == "ready" and conn.table is not None and conn.seat is not None:
            await self._ready(conn.table, conn.seat)
        elif kind == "play" and conn.table is not None and conn.seat is not None:
            await self._play(conn.table, conn.seat, str(msg.get("cards", "pass")))

    def _seat(self, conn: _Conn, table_id: int, seat: int) -> None:
        self.tables[table_id].sockets[seat] = conn.ws
        conn.table, conn.seat = table_id, seat

    async def _ready(self, table_id: int, seat: int) -> None:
        table = self.tables[table_id]
        table.ready.add(seat)
        if len(table.ready) < 4:
            return
        table.ready.clear()
        table.game_id += 1
        table.version = 0
        for s, ws in enumerate(table.sockets):
            if ws is not None:
                await ws.send_text(json.dumps({
                    "type": "game", "table": table_id, "game_id": table.game_id,
                    "version": 0, "seat": s,
                    "view": {"to_move": 0, "top": None, "hand": HAND}}))

    async def _play(self, table_id: int, seat: int, cards: str) -> None:
        table = self.tables[table_id]
        table.version += 1
        text = json.dumps({
            "type": "played", "table": table_id, "game_id": table.game_id,
            "version": table.version, "seat": seat, "cards": cards, "reason": "player",
            "to_move": (seat + 1) % 4, "top": None})
        for ws in table.sockets:
            if ws is not None:
                await ws.send_text(text)


def create_anchor_app() -> Starlette:
    anchor = Anchor()

    async def healthz(request: Request) -> PlainTextResponse:
        return PlainTextResponse("ok")

    async def register(request: Request) -> JSONResponse:
        body = await request.json()
        response = JSONResponse({"account": {"nickname": body.get("nickname")}})
        response.set_cookie("yuanzi_session", str(body.get("nickname")), httponly=True)
        return response

    async def ws_endpoint(ws: WebSocket) -> None:
        await ws.accept()
        conn = _Conn(ws)
        await ws.send_text(json.dumps({"type": "welcome", "table": None}))
        try:
            while True:
                await anchor.handle(conn, json.loads(await ws.receive_text()))
        except WebSocketDisconnect:
            pass

    return Starlette(routes=[
        Route("/healthz", healthz),
        Route("/api/register", register, methods=["POST"]),
        Route("/api/login", register, methods=["POST"]),
        WebSocketRoute("/ws", ws_endpoint),
    ])


def main(argv: list[str] | None = None) -> None:
    import uvicorn

    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--port", type=int, default=8100)
    args = parser.parse_args(argv)
    from yuanzi.hall.settings import Settings
    from yuanzi.server.app import tune_gc
    from yuanzi.server.ws_coalescing import uvicorn_ws

    tune_gc()  # the same treatment as ``yuanzi serve`` gives the hall (YUANZI_GC_TUNING)
    settings = Settings()  # the hall's transport choices (YUANZI_WS_IMPL, YUANZI_EVENT_LOOP)
    uvicorn.run(create_anchor_app(), host=args.host, port=args.port, log_level="warning",
                ws=uvicorn_ws(settings.ws_impl), loop=settings.event_loop,
                ws_per_message_deflate=False)


if __name__ == "__main__":
    main()
