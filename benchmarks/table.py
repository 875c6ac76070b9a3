"""The table's own cost per action, without the network: ``yuanzi bench table``.

A real :class:`~yuanzi.hall.core.hall.Hall` on a SQLite file (the group-commit journal, every
action stored before it is broadcast), with in-process subscribers in place of
WebSocket connections: each seat's player and one spectator take their frames as text.
Whole games are played through ``Hall.send`` (the server's path) with the heuristic
bot's moves chosen for the players, the cost of choosing them kept out of the figure.

Reported numbers:

- ``cpu_us_per_action``: process CPU (the loop and the journal's thread) per action,
  from the command to the frames handed to the subscribers, the games' deals and ends
  included (a game is about 280 actions); the loadtest's server figure minus the
  transport (WebSocket framing, sockets, parsing the client's JSON).
- ``actions_per_s``: wall-clock actions a second with ``tables`` tables played at once.
- ``games_started``: games dealt in the run.
- ``bytes_per_action``: the frames' text handed to the subscribers, per action.

This is the figure to watch while making one node faster (issue 12): the transport's
share is the load test's anchor, measured there.
"""

from __future__ import annotations

import asyncio
import tempfile
import time
from pathlib import Path
from typing import Any

from yuanzi.bots import make_bot
from yuanzi.engine import Game
from yuanzi.hall.core.hall import Hall
from yuanzi.hall.models import Account
from yuanzi.hall.runtime.pubsub import (
    Envelope,
    LocalBroker,
    account_topic,
    table_topic,
    watch_topic,
)
from yuanzi.hall.settings import Settings
from yuanzi.hall.table import commands as c
from yuanzi.hall.table.commands import Sender
from yuanzi.store.setup import open_database


class _Sink:
    """A subscriber that only counts what it is given (a connection's outbox)."""

    def __init__(self) -> None:
        self.frames = 0
        self.bytes = 0

    def deliver(self, envelope: Envelope) -> None:
        self.frames += 1
        self.bytes += len(envelope.text)


async def _table(hall: Hall, broker: LocalBroker, players: list[Account],
                 sinks: list[_Sink]) -> int:
    owner = players[0]
    actor = await hall.create_table(owner, "")
    for seat, a in enumerate(players):
        sink = _Sink()
        sinks.append(sink)
        broker.subscribe(table_topic(actor.id), sink)
        broker.subscribe(account_topic(a.id), sink)
        if seat:
            await hall.send(c.Sit(Sender.of(a), actor.id, seat))
    watcher = _Sink()
    sinks.append(watcher)
    broker.subscribe(table_topic(actor.id), watcher)
    broker.subscribe(watch_topic(actor.id), watcher)
    return actor.id


async def _play_games(hall: Hall, table: int, players: list[Account], games: int,
                      chooser: Any, counts: dict[str, float]) -> None:
    actor = hall.table(table)
    for _ in range(games):
        for a in players:
            await hall.send(c.Ready(Sender.of(a), table, True, None))
        counts["starts"] += 1
        while actor.game is not None:
            game: Game = actor.game
            seat = game.to_move
            if seat is None:
                await asyncio.sleep(0)
                continue
            t = time.process_time()
            move = chooser.choose(game.observation(seat), game.legal_moves())
            cards = tuple(game.cards_for(move)) or None  # no cards: a pass
            counts["choose_cpu"] += time.process_time() - t
            await hall.send(c.Play(Sender.of(players[seat]), table, actor.version, cards))
            counts["actions"] += 1


async def _bench(seconds: float, seed: int, tables: int) -> dict[str, Any]:
    with tempfile.TemporaryDirectory(prefix="yuanzi-bench-table-") as tmp:
        settings = Settings(db_path=Path(tmp) / "bench.db", database_url="",
                            bot_think_seconds=0.0, bot_workers=0, turn_seconds=600.0,
                            disconnect_grace_seconds=600.0)
        db = open_database(settings)
        broker = LocalBroker()
        hall = Hall(settings, db.store, broker, db.economy)
        await hall.resume()
        try:
            sinks: list[_Sink] = []
            seats = []
            for t in range(tables):
                players = [await db.store.create_account(f"b{t}x{s}", f"b{t}x{s}", "h", "player")
                           for s in range(4)]
                for a in players:
                    await hall.connected(a.id, "127.0.0.1")
                seats.append((await _table(hall, broker, players, sinks), players))
            counts = {"actions": 0.0, "starts": 0.0, "choose_cpu": 0.0}
            chooser = make_bot("heuristic", seed)
            wall0, cpu0 = time.perf_counter(), time.process_time()
            deadline = wall0 + seconds

            async def run_table(table: int, players: list[Account]) -> None:
                while time.perf_counter() < deadline:
                    await _play_games(hall, table, players, 1, chooser, counts)

            await asyncio.gather(*(run_table(t, p) for t, p in seats))
            wall, cpu = time.perf_counter() - wall0, time.process_time() - cpu0
            actions = counts["actions"]
            play_cpu = cpu - counts["choose_cpu"]
            return {
                "tables": tables,
                "actions": int(actions),
                "games_started": int(counts["starts"]),
                "cpu_us_per_action": round(play_cpu / actions * 1e6, 1),
                "actions_per_s": round(actions / wall, 1),
                "bytes_per_action": round(sum(s.bytes for s in sinks) / actions, 1),
                "frames_per_action": round(sum(s.frames for s in sinks) / actions, 2),
            }
        finally:
            await hall.close()
            db.close()


def run(seconds: float = 8.0, seed: int = 0, tables: int = 20) -> dict[str, Any]:
    return asyncio.run(_bench(seconds, seed, tables))
