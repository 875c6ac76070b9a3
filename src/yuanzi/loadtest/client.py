"""A scripted WebSocket player: registers, sits, readies and plays whole games.

Used by ``yuanzi loadtest`` and by the end-to-end tests, so the load test drives the same
client the tests check. Its default strategy (``lowest``) is the cheapest always-legal
one: a leader plays its lowest card (a single is always a valid lead, R24), a follower
passes. With ``heuristic`` it plays the heuristic bot's moves from what its frames told
it (:mod:`.seen`), so tricks are fought and games end as in a real hall. It keeps every
frame it receives when asked to (the tests check them for hidden cards).
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import secrets
import time
import urllib.error
import urllib.request
from collections.abc import Callable, Coroutine
from dataclasses import dataclass, field
from typing import Any

from websockets.asyncio.client import ClientConnection, connect

from yuanzi.loadtest.seen import HeuristicPlayer, SeenGame


class HallRefused(Exception):
    """The hall answered an error frame or an HTTP error."""


def http_json(base: str, path: str, body: dict[str, Any] | None = None,
              token: str | None = None) -> tuple[dict[str, Any] | list[Any], str | None]:
    """POST (with a body) or GET a JSON route; returns the body and a new session token."""
    data = None if body is None else json.dumps(body).encode()
    req = urllib.request.Request(base + path, data=data, method="POST" if data else "GET")
    req.add_header("content-type", "application/json")
    if token:
        req.add_header("cookie", f"yuanzi_session={token}")
    try:
        with urllib.request.urlopen(req, timeout=30) as resp:
            payload = json.loads(resp.read() or b"null")
            cookie = resp.headers.get("set-cookie") or ""
    except urllib.error.HTTPError as e:
        raise HallRefused(f"{path}: {e.code} {e.read().decode(errors='replace')}") from None
    token_out = None
    if cookie.startswith("yuanzi_session="):
        token_out = cookie.split(";", 1)[0].split("=", 1)[1]
    return payload, token_out


def register(base: str, nickname: str, password: str = "loadtest-pass") -> str:
    """Register (or log in, if the name exists) and return the session token."""
    try:
        _, token = http_json(base, "/api/register", {"nickname": nickname, "password": password})
    except HallRefused as e:
        if "nickname_taken" not in str(e):
            raise
        _, token = http_json(base, "/api/login", {"nickname": nickname, "password": password})
    assert token
    return token


SEND_AGAIN = 3
"""How often a play refused with ``table_moved`` (or unanswered) is sent again."""


@dataclass
class Player:
    """One connected player. ``on_played`` sees every ``played`` frame with its arrival time."""

    base: str
    token: str
    think: float = 0.0
    keep_frames: bool = False
    act: bool = True
    on_played: Callable[[Player, dict[str, Any], float], None] | None = None
    on_sent: Callable[[Player, int, float], None] | None = None
    """Called with the version an action is sent at, and the time, just before it goes."""
    auto_ready: bool = False
    """Ready up again after each game (the load test plays game after game)."""
    strategy: str = "lowest"
    """``lowest`` (lead the lowest card, else pass) or ``heuristic`` (the bot's moves)."""
    on_event: Callable[[Player, str, int, float], None] | None = None
    """Called with ``game_over`` or ``next_half``, the version of the action that caused
    it, and its arrival time."""
    ws: ClientConnection | None = None
    seq: int = 0
    table: int | None = None
    seat: int | None = None
    game_id: int | None = None
    version: int = 0
    to_move: int | None = None
    top: str | None = None
    hand: list[str] = field(default_factory=list)
    frames: list[str] = field(default_factory=list)
    errors: list[dict[str, Any]] = field(default_factory=list)
    sent_again: int = 0
    """Plays sent again after ``table_moved`` or a lost answer (a takeover)."""
    games_over: list[dict[str, Any]] = field(default_factory=list)
    welcome: dict[str, Any] | None = None
    follow_node: bool = False
    """A hall of several nodes: on a ``node`` frame, reconnect through the proxy to the
    node running this player's table (``/ws?node=NAME``)."""
    node: str | None = None
    _moving: asyncio.Task[None] | None = None
    _replies: dict[int, asyncio.Future[dict[str, Any]]] = field(default_factory=dict)
    _reader: asyncio.Task[None] | None = None
    _tasks: set[asyncio.Task[None]] = field(default_factory=set)
    _acted: tuple[int | None, int] = (None, -1)
    """(game, version) this player last started to act at: once per turn."""
    _over: asyncio.Event = field(default_factory=asyncio.Event)
    _changed: asyncio.Event = field(default_factory=asyncio.Event)
    _seen: SeenGame | None = None
    _chooser: HeuristicPlayer | None = None
    _half: int = 0

    @property
    def connected(self) -> bool:
        """Whether the connection is still up (its reader has not seen it drop)."""
        return self._reader is not None and not self._reader.done()

    @property
    def ws_url(self) -> str:
        url = "ws" + self.base[len("http"):] + "/ws"
        return url if self.node is None else f"{url}?node={self.node}"

    async def connect(self) -> None:
        self.ws = await connect(self.ws_url, additional_headers={
            "cookie": f"yuanzi_session={self.token}"}, max_queue=None, ping_interval=None)
        self.welcome = json.loads(await self.ws.recv())
        if self.welcome.get("type") != "welcome":
            raise HallRefused(str(self.welcome))
        self.table = self.welcome.get("table")
        self._reader = asyncio.create_task(self._read())

    async def settled(self) -> None:
        """Wait until a move to another node (``follow_node``) is done."""
        if self._moving is not None:
            await self._moving

    async def _move(self) -> None:
        """Reconnect to the node named by the hall: the new connection first (the seat
        stays connected throughout), then the old one closes; replies still owed on the
        old one are refused so that no call waits for them."""
        old_ws, old_reader = self.ws, self._reader
        try:
            await self.connect()
        except Exception as e:
            self.errors.append({"code": "client", "message": f"move: {e}"})
            self.ws, self._reader = old_ws, old_reader
            return
        for future in self._replies.values():
            if not future.done():
                future.set_exception(HallRefused("moved to another node"))
        self._replies.clear()
        if old_reader is not None:
            old_reader.cancel()
        if old_ws is not None:
            with contextlib.suppress(Exception):
                await old_ws.close()

    async def close(self) -> None:
        for task in list(self._tasks):
            task.cancel()
        if self.ws is not None:
            await self.ws.close()
        if self._reader is not None:
            self._reader.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await self._reader

    async def abort(self) -> None:
        """Drop the connection without a goodbye (as a crashed server would leave it)."""
        if self._reader is not None:
            self._reader.cancel()
        if self.ws is not None:
            self.ws.transport.abort()

    async def call(self, type_: str, **fields: Any) -> dict[str, Any]:
        """Send a message and wait for its ``ok`` (raises :class:`HallRefused` on error)."""
        assert self.ws is not None
        self.seq += 1
        future: asyncio.Future[dict[str, Any]] = asyncio.get_running_loop().create_future()
        self._replies[self.seq] = future
        await self.ws.send(json.dumps({"type": type_, "seq": self.seq, **fields}))
        async with asyncio.timeout(30):  # cheaper than wait_for: no extra task
            reply = await future
        if reply["type"] == "error":
            raise HallRefused(f"{reply['code']}: {reply['message']}")
        data: dict[str, Any] = reply["data"]
        return data

    async def wait_over(self, timeout: float) -> dict[str, Any]:
        await asyncio.wait_for(self._over.wait(), timeout)
        return self.games_over[-1]

    async def wait_version(self, version: int, timeout: float) -> None:
        async def reach() -> None:
            while self.version < version:
                self._changed.clear()
                await self._changed.wait()

        await asyncio.wait_for(reach(), timeout)

    # -- reading ---------------------------------------------------------------------------

    async def _read(self) -> None:
        assert self.ws is not None
        try:
            async for text in self.ws:
                now = time.perf_counter()
                assert isinstance(text, str)
                if self.keep_frames:
                    self.frames.append(text)
                self._on_frame(json.loads(text), now)
        except Exception:  # the connection dropped; close() or the test decides
            pass

    def _on_frame(self, f: dict[str, Any], now: float) -> None:
        kind = f["type"]
        if kind in ("ok", "error") and f.get("seq") in self._replies:
            fut = self._replies.pop(f["seq"])
            if not fut.done():
                fut.set_result(f)
            return
        if kind == "node":
            if self.follow_node and f["node"] != self.node and self._moving is None:
                self.node = f["node"]
                self._moving = asyncio.create_task(self._move())
            return
        if kind == "error":
            self.errors.append(f)
        elif kind == "deal_commit":
            if f["waiting"] and self.table in (None, f["table"]):  # our part of the deal
                self._spawn(self._contribute(f["table"]))
        elif kind == "game":
            view = f["view"]
            half = view.get("half", 0)  # the anchor's views have no half
            if (self.on_event is not None and f["game_id"] == self.game_id
                    and half > self._half):  # the second deal of this game
                self.on_event(self, "next_half", self.version, now)
            self._half = half
            self.game_id = f["game_id"]
            self.version = f["version"]
            self.to_move = view["to_move"]
            self.top = view["top"]
            if f["seat"] is not None:
                self.seat = f["seat"]
                self.hand = view["hand"].split() if view["hand"] else []
                if self.strategy == "heuristic" and "rules" in view:  # the anchor deals
                    self._seen = SeenGame(view)  # no real game: it is played the cheap way
            self._turn()
        elif kind == "played":
            if f["version"] <= self.version:
                return
            self.version = f["version"]
            self.to_move = f["to_move"]
            self.top = f["top"]
            if f["seat"] == self.seat and f["cards"] != "pass":
                for card in f["cards"].split():  # my own play leaves my hand
                    self.hand.remove(card)
            if self._seen is not None:
                self._seen.played(f)
            if self.on_played is not None:
                self.on_played(self, f, now)
            self._turn()
        elif kind == "game_over":
            if self.on_event is not None:
                self.on_event(self, "game_over", self.version, now)
            self._seen = None
            self.games_over.append(f)
            self.to_move = None
            self._over.set()
            if self.auto_ready and self.table is not None:
                self._spawn(self._ready_again())
        self._changed.set()

    def _turn(self) -> None:
        turn = (self.game_id, self.version)
        if self.act and self.seat is not None and self.to_move == self.seat \
                and turn != self._acted:
            self._acted = turn
            self._spawn(self._play(self.version))

    def _spawn(self, coro: Coroutine[Any, Any, None]) -> None:
        task = asyncio.create_task(coro)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def _play(self, version: int) -> None:
        if self.think:
            await asyncio.sleep(self.think)
        if version != self.version or self.to_move != self.seat:
            return
        if self._seen is not None:
            if self._chooser is None:
                self._chooser = HeuristicPlayer(self.seat or 0)
            cards = self._chooser.choose(self._seen)
        else:
            cards = "pass" if self.top is not None else (self.hand[-1] if self.hand else "pass")
        if self.on_sent is not None:
            self.on_sent(self, version, time.perf_counter())
        for attempt in range(SEND_AGAIN + 1):
            try:
                await self.call("play", table=self.table, version=version, cards=cards)
                return
            except (TimeoutError, HallRefused) as e:
                # ``table_moved``: the table was changing nodes and nothing was done —
                # the protocol says send it again (a lost answer: the same version makes
                # a repeat harmless, ``stale_version`` if it was done)
                moved = isinstance(e, TimeoutError) or str(e).startswith("table_moved")
                if not moved or attempt == SEND_AGAIN:
                    self.errors.append({"code": "client", "message": str(e)})
                    return
                self.sent_again += 1
                await asyncio.sleep(0.2)
                if version != self.version or self.to_move != self.seat:
                    return  # the game moved on meanwhile (a timeout played the turn)
            except Exception:
                return

    async def _contribute(self, table: int) -> None:
        """A random value for a fair deal (issue 28), as the web client sends one."""
        try:
            await self.call("contribute", table=table, value=secrets.token_hex(16))
        except HallRefused as e:  # too late (the hall's value stood), or not seated here
            if not str(e).startswith(("no_deal_pending", "not_seated")):
                self.errors.append({"code": "client", "message": str(e)})
        except Exception:
            return

    async def _ready_again(self) -> None:
        try:
            await self.call("ready", table=self.table)
        except HallRefused as e:
            self.errors.append({"code": "client", "message": str(e)})
        except Exception:
            return
