"""Redis restarted in the middle of a game played across two real nodes: the nodes
reconnect and resubscribe, the clients are sent their view afresh, nothing is lost."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path

from tests.cluster.helpers import versions_in_order
from tests.cluster.redis_server import PrivateRedis, private_redis
from tests.e2e.conftest import FAST_ENV
from tests.e2e.helpers import seat_four
from tests.e2e.hiding import allowed_by_version, check_frames
from tests.store.pg import pg_schema_url

from yuanzi.devtools.processes import ServerProcess
from yuanzi.engine import Record, replay
from yuanzi.loadtest.client import Player


async def play_through_a_restart(a: ServerProcess, b: ServerProcess,
                                 redis: PrivateRedis) -> list[Player]:
    players = await seat_four([a, b, a, b], "restart")
    await players[1].wait_version(10, 60)
    await asyncio.to_thread(redis.stop)
    await asyncio.sleep(1.0)
    await asyncio.to_thread(redis.start)
    for p in players:
        await p.wait_over(180)
        await p.close()
    return players


def test_a_game_goes_on_through_a_redis_restart(tmp_path: Path) -> None:
    with private_redis() as redis:
        for url in pg_schema_url():
            env = {**FAST_ENV, "YUANZI_DATABASE_URL": url, "REDIS_URL": redis.url,
                   "YUANZI_TURN_SECONDS": "60"}
            a = ServerProcess(tmp_path / "a.db", env=env)
            b = ServerProcess(tmp_path / "b.db", env=env)
            try:
                a.start()
                b.start()
                players = asyncio.run(play_through_a_restart(a, b, redis))
            finally:
                a.stop()
                b.stop()
    over = players[0].games_over[-1]
    assert over["status"] == "finished"
    record = over["record"]
    game = replay(Record.from_json(record))
    assert game.is_over
    allowed = allowed_by_version(record)
    total = sum(len(h.actions) for h in game.halves)
    for i, p in enumerate(players):
        assert p.errors == []  # a play forwarded in the outage was sent again, once
        assert all(o["game_id"] == over["game_id"] for o in p.games_over)
        check_frames(p.frames, i, allowed)
        versions_in_order(p.frames)  # frames lost in the outage came inside a snapshot
        last = max(json.loads(f)["version"] for f in p.frames
                   if '"type":"played"' in f or '"type":"game"' in f)
        assert last == total
    assert "resubscribed" in b.log_path.read_text()
