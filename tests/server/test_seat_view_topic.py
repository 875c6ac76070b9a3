"""A seated player's connection that does not hear its table — it came while the table was
between nodes (a kill -9 takeover) — takes the table's topic when the table's new node
sends everyone at it his view afresh (``Announce(afresh)``, on the account's topic);
else the game's next frames never reach it and the seat waits out every turn clock."""

from __future__ import annotations

import time
from collections.abc import Callable
from contextlib import ExitStack

from fastapi.testclient import TestClient
from tests.server.helpers import table_with_bots
from tests.server.wsclient import Peer

from yuanzi.hall.runtime.pubsub import table_topic
from yuanzi.server.ws import Connection

Account = Callable[[TestClient, str], str]


def plays_heard(peer: Peer) -> int:
    """``played`` frames come since the last look (a request's answer comes after every
    frame already sent to the connection)."""
    before = len(peer.frames)
    peer.call("hello", protocol=1)
    return sum(f["type"] == "played" for f in peer.frames[before:])


def test_a_seat_view_brings_its_table_topic_back(client: TestClient, account: Account) -> None:
    with ExitStack() as stack:
        ws = stack.enter_context(client.websocket_connect(
            "/ws", headers={"cookie": f"yuanzi_session={account(client, 'moved')}"}))
        peer = Peer(ws)
        table = table_with_bots(peer)
        peer.call("ready", table=table, ready=True)
        peer.until("game")
        time.sleep(0.5)  # the bots play up to this seat's turn, which waits for it
        services = client.app.state.services
        conn: Connection = next(iter(services.live))
        ws.portal.call(conn.tables.stop, table)  # as if it came mid-takeover
        plays_heard(peer)
        ws.portal.call(services.hall.router.announce, True)  # the new node: views afresh
        view = peer.until("game")
        assert table_topic(table) in conn.topics
        hint = peer.call("hint", table=table, version=view["version"])
        peer.call("play", table=table, version=view["version"], cards=hint["cards"])
        heard, deadline = 0, time.monotonic() + 10
        while not heard and time.monotonic() < deadline:  # its play, stored, then broadcast
            time.sleep(0.05)
            heard = plays_heard(peer)
        assert heard > 0
