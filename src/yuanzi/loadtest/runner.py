"""The load test: N tables of four scripted WebSocket players, measured.

Latency is taken from the moment a player sends an action to the moment **all four**
players of its table have received the ``played`` frame for it (the clients share one
process, so one clock). Only actions sent after the warm-up count. When an action ends a
half or the game, the latency of the second deal's ``game`` frame and of ``game_over``
(the settlement's transaction included) is taken the same way, to all four players.
``lobby`` idle clients subscribe to the lobby meanwhile, as a real hall's browsers do.
The server runs in another process (:mod:`.server`) unless ``--url`` names one already running; with
``anchor`` it is the bare broadcast server of :mod:`.anchor` instead, driven the same way;
with ``nodes`` it is a hall of several nodes behind HAProxy on PostgreSQL and Redis, or
(``0``) one process on the same PostgreSQL (:mod:`.nodes`).
"""

from __future__ import annotations

import asyncio
import gc
import os
import sqlite3
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from yuanzi.devtools.processes import ServerProcess
from yuanzi.loadtest.client import Player, register
from yuanzi.loadtest.nodes import NodesUnderTest

Cpu = Callable[[], dict[str, float]]
"""CPU seconds used so far by each process of the hall under test, by name."""

SERVER_ENV = {
    # Load-test accounts are throwaway: cheap hashing, no auth or flood limits in the way.
    "YUANZI_ARGON2_TIME_COST": "1",
    "YUANZI_ARGON2_MEMORY_KIB": "64",
    "YUANZI_ARGON2_PARALLELISM": "1",
    "YUANZI_REGISTER_PER_IP": "1000000",
    "YUANZI_LOGIN_PER_IP": "1000000",
    "YUANZI_WS_MESSAGES_PER_SECOND": "1000",
    "YUANZI_WS_BURST": "1000",
    "YUANZI_DISCONNECT_GRACE_SECONDS": "600",
}
MAX_TABLES = 2000
MAX_LOBBY = 2000
MAX_SECONDS = 600.0


@dataclass
class Result:
    server: str
    """``hall`` or ``anchor`` (the bare broadcast server)."""
    tables: int
    clients: int
    think: float
    seconds: float
    actions: int
    actions_per_second: float
    p50_ms: float | None
    p95_ms: float | None
    p99_ms: float | None
    max_ms: float | None
    errors: int
    games_finished: int
    stored_ok: bool | None
    server_cpu_us_per_action: float | None = None
    """Server CPU time (all threads) per measured action: the cost, whatever the load."""
    client_cpu_us_per_action: float | None = None
    play: str = "lowest"
    """The players' strategy: ``lowest`` or ``heuristic`` (the bot's moves)."""
    lobby_clients: int = 0
    lobby_frames: int = 0
    """Frames the idle lobby clients received in the measured window."""
    game_overs: int = 0
    game_over_p50_ms: float | None = None
    game_over_p99_ms: float | None = None
    next_halves: int = 0
    next_half_p50_ms: float | None = None
    next_half_p99_ms: float | None = None
    load_average: tuple[float, float, float] | None = None
    """The machine's load average (1, 5, 15 min) as the run ended."""
    nodes: int | None = None
    """A run of ``--nodes``: 0 (one process, in-process broker) or the hall's nodes."""
    follow_node: bool = False
    """The players went to their table's node when told (the ``node`` frame)."""
    cpu_us_per_action_by_process: dict[str, float] | None = None
    """CPU per action of each process: ``hall`` or ``node1``…, ``haproxy``, ``redis``,
    ``postgres``, and ``clients`` (the load test itself)."""
    machine_cpu_us_per_action: float | None = None
    """All of it: the hall's processes, proxy, Redis, PostgreSQL and the clients."""

    def as_dict(self) -> dict[str, Any]:
        return self.__dict__.copy()


@dataclass
class _Meter:
    warm_until: float
    stop_at: float
    sent: dict[tuple[int, int], float] = field(default_factory=dict)
    seen: dict[tuple[int, int], int] = field(default_factory=dict)
    latencies: list[float] = field(default_factory=list)
    actions: int = 0
    sent_all: dict[tuple[int, int], float] = field(default_factory=dict)
    """The latest send time of an action by (table, version after it)."""
    event_seen: dict[tuple[str, int, int], int] = field(default_factory=dict)
    events: dict[str, list[float]] = field(default_factory=lambda: {
        "game_over": [], "next_half": []})
    lobby_frames: int = 0
    cpu: dict[str, float] = field(default_factory=dict)
    """CPU seconds over the measured window per process (``clients``: the load test)."""

    def on_sent(self, player: Player, version: int, t: float) -> None:
        if player.table is None:
            return
        self.sent_all[(player.table, version + 1)] = t  # versions restart each game:
        if self.warm_until <= t < self.stop_at:          # always the latest send
            self.sent[(player.table, version + 1)] = t

    def on_event(self, player: Player, kind: str, version: int, t: float) -> None:
        """``game_over`` or ``next_half`` after the action that made ``version``."""
        if player.table is None:
            return
        start = self.sent_all.get((player.table, version))
        if start is None or not self.warm_until <= start < self.stop_at:
            return
        key = (kind, player.table, version)
        n = self.event_seen.get(key, 0) + 1
        self.event_seen[key] = n
        if n == 4:
            self.events[kind].append(t - start)

    def on_played(self, player: Player, frame: dict[str, Any], t: float) -> None:
        key = (frame["table"], frame["version"])
        start = self.sent.get(key)
        if start is None:
            return
        n = self.seen.get(key, 0) + 1
        if n < 4:
            self.seen[key] = n
            return
        self.seen.pop(key, None)
        del self.sent[key]
        self.latencies.append(t - start)
        self.actions += 1


Until = Callable[[_Meter], bool]
"""What a run waits for before it closes its window (a test's: some actions, a game's
end), instead of counting on a busy machine to reach it in ``seconds``."""
UNTIL_AT_MOST = 180.0
"""Seconds a window stays open past ``seconds`` waiting for ``until``, at most."""


def _pct(values: list[float], q: float) -> float | None:
    if not values:
        return None
    if len(values) == 1:
        return values[0] * 1000
    return statistics.quantiles(values, n=1000, method="inclusive")[int(q * 10) - 1] * 1000


async def _drive(base: str, tables: int, think: float, seconds: float, warmup: float,
                 prefix: str, cpu: Cpu | None, play: str = "lowest",
                 lobby: int = 0, follow: bool = False, until: Until | None = None
                 ) -> tuple[_Meter, list[Player], list[Player]]:
    began = time.perf_counter()
    names = [f"{prefix}{t}x{s}" for t in range(tables) for s in range(4)]
    tokens: list[str] = []
    for i in range(0, len(names), 64):
        chunk = names[i:i + 64]
        tokens.extend(await asyncio.gather(*(asyncio.to_thread(register, base, n)
                                              for n in chunk)))
    players = [Player(base, tok, think=think, auto_ready=True, strategy=play,
                      follow_node=follow) for tok in tokens]
    for i in range(0, len(players), 100):
        await asyncio.gather(*(p.connect() for p in players[i:i + 100]))
    watchers: list[Player] = []
    for i in range(0, lobby, 64):
        chunk = [f"{prefix}L{n}" for n in range(i, min(lobby, i + 64))]
        watchers.extend(Player(base, tok, act=False, keep_frames=True) for tok in
                        await asyncio.gather(*(asyncio.to_thread(register, base, n)
                                               for n in chunk)))
    for w in watchers:
        await w.connect()
        await w.call("lobby", subscribe=True, changes=True)  # as the browser does
    for t in range(tables):
        four = players[4 * t:4 * t + 4]
        table = (await four[0].call("create_table"))["table"]
        for seat, p in enumerate(four):
            p.table = table
            if seat:
                await p.call("sit", table=table, seat=seat)
    await asyncio.gather(*(p.settled() for p in players))  # moved to their tables' nodes
    now = time.perf_counter()
    print(f"loadtest: {tables} tables seated in {now - began:.1f} s; warming up {warmup} s, "
          f"then measuring {seconds} s", file=sys.stderr, flush=True)
    meter = _Meter(now + warmup, now + warmup + seconds)
    for p in players:
        p.on_sent = meter.on_sent
        p.on_played = meter.on_played
        p.on_event = meter.on_event
    await asyncio.gather(*(p.call("ready", table=p.table) for p in players))
    gc.collect()  # the harness's own pauses must not count as the hall's latency
    gc.freeze()
    gc.disable()
    await asyncio.sleep(warmup)
    for w in watchers:
        w.frames.clear()
    cpu0 = {**(cpu() if cpu else {}), "clients": time.process_time()}
    await asyncio.sleep(seconds)
    if until is not None:  # the window stays open until what the caller waits for came
        bound = time.perf_counter() + UNTIL_AT_MOST
        while not until(meter) and time.perf_counter() < bound:
            meter.stop_at = time.perf_counter() + 1.0
            await asyncio.sleep(0.05)
        meter.stop_at = time.perf_counter()
    cpu1 = {**(cpu() if cpu else {}), "clients": time.process_time()}
    meter.lobby_frames = sum(len(w.frames) for w in watchers)
    meter.cpu = {name: cpu1[name] - cpu0.get(name, 0.0) for name in cpu1}
    await asyncio.sleep(0.5)
    gc.enable()
    gc.unfreeze()
    return meter, players, watchers


def run_load(tables: int, think: float = 0.5, seconds: float = 20.0, warmup: float = 5.0,
             url: str | None = None, workdir: Path | None = None,
             anchor: bool = False, play: str = "lowest", lobby: int = 0,
             nodes: int | None = None, database_url: str = "", redis_url: str = "",
             follow: bool = True, until: Until | None = None) -> Result:
    """Drive ``tables`` tables for ``seconds`` (after ``warmup``) and measure; the hall,
    or with ``anchor`` the bare broadcast server, or with ``nodes`` a hall of that many
    nodes behind HAProxy (0: one process) on ``database_url`` and ``redis_url``. With
    ``until``, the window stays open (at most :data:`UNTIL_AT_MOST` more) until it holds
    of the meter: a test waits for what it checks, not for a machine's speed."""
    if anchor and url is not None:
        raise ValueError("the anchor is started by the load test itself: no --url with it")
    if nodes is not None:
        if anchor or url is not None:
            raise ValueError("--nodes starts its own hall: no --url or --anchor with it")
        return _run_nodes(tables, think, seconds, warmup, workdir, play, lobby, nodes,
                          database_url, redis_url, follow, until)
    if not 0 <= lobby <= MAX_LOBBY:
        raise ValueError(f"lobby clients: 0 to {MAX_LOBBY}")
    if not 1 <= tables <= MAX_TABLES:
        raise ValueError(f"tables must be 1 to {MAX_TABLES}")
    if not 0 < seconds + warmup <= MAX_SECONDS:
        raise ValueError(f"a run lasts at most {MAX_SECONDS:.0f} s")
    server = None
    tmp = None
    if url is None:
        tmp = tempfile.TemporaryDirectory(prefix="yuanzi-load-")
        db = Path(workdir or tmp.name) / f"load-{tables}-{int(time.time())}.db"
        server = ServerProcess(db, env=SERVER_ENV, module=("yuanzi.loadtest.anchor",)) \
            if anchor else ServerProcess(db, env=SERVER_ENV)
        url = server.base
    if not url.startswith("http://127.0.0.1") and not url.startswith("http://localhost"):
        raise ValueError("the load test only targets a hall on this machine (127.0.0.1)")
    try:
        if server is not None:
            server.start()  # inside the try: stopped (and its log shown) however it fails
        return asyncio.run(_measure(url, tables, think, seconds, warmup, server, anchor,
                                    play, lobby, _cpu_of(server), until=until))
    except BaseException:
        if server is not None and server.log_path.exists():  # show why, before cleanup
            tail = server.log_path.read_text(errors="replace")[-4000:]
            print(f"loadtest: the server's log ends with:\n{tail}", file=sys.stderr)
        raise
    finally:
        if server is not None:
            server.stop()
        if tmp is not None:
            tmp.cleanup()


def _cpu_of(server: ServerProcess | None) -> Cpu | None:
    if server is None:
        return None
    return lambda: {"hall": server.cpu_seconds() or 0.0}


def _run_nodes(tables: int, think: float, seconds: float, warmup: float,
               workdir: Path | None, play: str, lobby: int, nodes: int,
               database_url: str, redis_url: str, follow: bool = True,
               until: Until | None = None) -> Result:
    if not 0 <= nodes <= 8:
        raise ValueError("--nodes: 0 (one process) to 8 nodes")
    if not 1 <= tables <= MAX_TABLES:
        raise ValueError(f"tables must be 1 to {MAX_TABLES}")
    with tempfile.TemporaryDirectory(prefix="yuanzi-load-") as tmp:
        hall = NodesUnderTest(nodes, database_url, redis_url, SERVER_ENV,
                              Path(workdir or tmp))
        try:
            hall.start()
            return asyncio.run(_measure(hall.base, tables, think, seconds, warmup, None,
                                        False, play, lobby, hall.cpu, hall, follow, until))
        except BaseException:
            for log in hall.log_paths:
                if log.exists():
                    tail = log.read_text(errors="replace")[-2000:]
                    print(f"loadtest: {log.name} ends with:\n{tail}", file=sys.stderr)
            raise
        finally:
            hall.stop()


async def _measure(url: str, tables: int, think: float, seconds: float, warmup: float,
                   server: ServerProcess | None, anchor: bool = False, play: str = "lowest",
                   lobby: int = 0, cpu: Cpu | None = None,
                   several: NodesUnderTest | None = None, follow: bool = False,
                   until: Until | None = None) -> Result:
    prefix = f"lt{int(time.time()) % 100000}n"
    meter, players, watchers = await _drive(url, tables, think, seconds, warmup, prefix,
                                            cpu, play, lobby, follow, until)
    errors = sum(len(p.errors) for p in players)
    finished = sum(len(p.games_over) for p in players) // 4
    versions = {(p.table, p.game_id): p.version for p in players if p.game_id is not None}
    for p in players:
        p.act = False
    await asyncio.gather(*(p.close() for p in players + watchers), return_exceptions=True)
    stored_ok = None
    if server is not None and not anchor:  # the anchor stores nothing
        stored_ok = _all_stored(server.db_path, versions)
    elif several is not None:
        stored_ok = await asyncio.to_thread(several.stored, versions)
    lat = meter.latencies
    by_process = {name: _per(used, meter.actions) for name, used in meter.cpu.items()}
    hall_processes = [n for n in meter.cpu if n not in ("clients", "postgres")]
    server_cpu = (None if not hall_processes or cpu is None
                  else sum(meter.cpu[n] for n in hall_processes))
    return Result(server="anchor" if anchor else "hall", tables=tables, clients=4 * tables,
                  think=think, seconds=seconds,
                  actions=meter.actions, actions_per_second=round(
                      meter.actions / max(meter.stop_at - meter.warm_until, 1e-9), 1),
                  p50_ms=_round(_pct(lat, 50)), p95_ms=_round(_pct(lat, 95)),
                  p99_ms=_round(_pct(lat, 99)), max_ms=_round(max(lat) * 1000 if lat else None),
                  errors=errors, games_finished=finished, stored_ok=stored_ok,
                  server_cpu_us_per_action=_per(server_cpu, meter.actions),
                  client_cpu_us_per_action=_per(meter.cpu.get("clients"), meter.actions),
                  play=play, lobby_clients=lobby, lobby_frames=meter.lobby_frames,
                  game_overs=len(meter.events["game_over"]),
                  game_over_p50_ms=_round(_pct(meter.events["game_over"], 50)),
                  game_over_p99_ms=_round(_pct(meter.events["game_over"], 99)),
                  next_halves=len(meter.events["next_half"]),
                  next_half_p50_ms=_round(_pct(meter.events["next_half"], 50)),
                  next_half_p99_ms=_round(_pct(meter.events["next_half"], 99)),
                  load_average=_load_average(),
                  nodes=None if several is None else several.nodes, follow_node=follow,
                  cpu_us_per_action_by_process=None if several is None else {
                      k: v for k, v in by_process.items() if v is not None},
                  machine_cpu_us_per_action=None if several is None else _per(
                      sum(meter.cpu.values()), meter.actions))


def _load_average() -> tuple[float, float, float] | None:
    try:
        one, five, fifteen = os.getloadavg()
    except OSError:
        return None
    return round(one, 2), round(five, 2), round(fifteen, 2)


def _per(cpu: float | None, actions: int) -> float | None:
    return None if cpu is None or not actions else round(cpu / actions * 1e6, 1)


def _all_stored(db_path: Path, versions: dict[tuple[int | None, int], int]) -> bool:
    """Every action a client saw is in the database (stored before it was broadcast)."""
    with sqlite3.connect(db_path) as conn:
        for (_, game_id), version in versions.items():
            (count,) = conn.execute("SELECT count(*) FROM game_actions WHERE game_id = ?",
                                    (game_id,)).fetchone()
            if count < version:
                return False
    return True


def _round(x: float | None) -> float | None:
    return None if x is None else round(x, 2)
