"""What one lobby request costs the server at many tables: ``yuanzi bench lobby``.

Issue 14: at 172 tables one whole lobby was ~144 KB and 8 ms of CPU, and nothing bounded
how often one account could ask for it. Now the whole lobby is sent at most
``lobby_reads`` times per ``lobby_window_seconds`` per account (twice that per address),
and ``GET /api/tables`` answers a page of at most 200 rows. This harness opens the tables
in an in-process hall (SQLite) and measures, one request at a time:

- ``rebuilt_ms``: CPU of one whole lobby as issue 14 found it (every table's view built
  and the frame serialised for each request);
- ``whole_ms`` / ``whole_kb``: CPU and size of the whole lobby as the ``lobby`` message
  sends it now (the rows as last published, joined again because a table changed);
- ``page_ms`` / ``page_kb``: the same for one REST page (200 rows, a free-seats filter);
- ``account_cpu_share_max``: the most CPU one account can make the server spend on whole
  lobbies under the limits (requests allowed per second × ``whole_ms``) — unbounded before;
- ``browser_first_ms`` / ``browser_first_kb``: the browser's lobby now (a filtered page of
  100 with open seats, :mod:`yuanzi.server.lobby_feed`);
- ``bundle_ms`` and ``bundle_kb_per_client``: one ``lobby_changes`` bundle of 50 changed
  rows handed to :data:`WATCHERS` filtered subscribers (CPU for all of them), and what each
  is sent, beside ``bundle_kb_unfiltered``, what every subscriber got before.
"""

from __future__ import annotations

import asyncio
import tempfile
import time
from pathlib import Path
from typing import Any

from pydantic import TypeAdapter

from yuanzi.hall.core.hall import Hall
from yuanzi.hall.events import LobbyFrame, TableView
from yuanzi.hall.lobby.board import changes_text
from yuanzi.hall.lobby.filter import LOBBY_PAGE, LobbyFilter, lobby_page
from yuanzi.hall.runtime.pubsub import Envelope, LocalBroker, lobby_changes_topic
from yuanzi.hall.settings import Settings
from yuanzi.server.lobby_feed import LobbyFeed
from yuanzi.store.setup import open_database

_PAGE = TypeAdapter(list[TableView])
WATCHERS = 1000
"""Filtered lobby subscribers in the bundle measurement (browsers on the lobby page)."""


class _Sink:
    def __init__(self) -> None:
        self.bytes = 0

    def deliver(self, envelope: Envelope) -> None:
        self.bytes += len(envelope.text)


def _bundle(hall: Hall, seconds: float) -> tuple[float, float, float]:
    """CPU ms of one 50-row bundle for every filtered subscriber, the KB each one gets on
    average, and the KB of the unfiltered bundle (what each got before)."""
    broker = LocalBroker()
    feed = LobbyFeed(broker, hall.listing.views)
    sinks = [_Sink() for _ in range(WATCHERS)]
    spread = max(1, len(hall.listing.views()) - 100)
    for i, sink in enumerate(sinks):  # pages of the lobby's open tables, spread around
        feed.watch(sink, LobbyFilter(free_seats=True), (i * 37) % spread, 100, True)
    rows = [v.model_dump_json() for v in hall.listing.views()[::40]]  # 50 rows changed
    text = changes_text(rows, [])
    bundle = Envelope("lobby_changes", text)
    broker.publish(lobby_changes_topic(), bundle)
    each = sum(s.bytes for s in sinks) / len(sinks)

    def publish() -> bytes:
        broker.publish(lobby_changes_topic(), bundle)
        return b""

    ms, _ = _measure(publish, seconds)
    return ms, each / 1024, len(text) / 1024


def _page(hall: Hall) -> bytes:
    page, _ = lobby_page(hall.listing.views(), LobbyFilter(free_seats=True), 0, LOBBY_PAGE)
    return _PAGE.dump_json(page)


def _measure(work: Any, seconds: float) -> tuple[float, int]:
    """CPU ms per call and the size of one answer."""
    size = len(work())
    n, cpu0, wall0 = 0, time.process_time(), time.perf_counter()
    while time.perf_counter() - wall0 < seconds or n < 3:
        work()
        n += 1
    return (time.process_time() - cpu0) / n * 1000, size


async def _bench(seconds: float, tables: int) -> dict[str, Any]:
    with tempfile.TemporaryDirectory(prefix="yuanzi-bench-lobby-") as tmp:
        settings = Settings(db_path=Path(tmp) / "bench.db", database_url="",
                            max_tables=tables)
        db = open_database(settings)
        hall = Hall(settings, db.store, LocalBroker(), db.economy)
        try:
            await hall.resume()
            for i in range(tables):
                nickname = f"{'茶馆' * 5}{i}"  # a long default name (a name of one's own
                owner = await db.store.create_account(nickname, nickname, "h", "player")
                await hall.create_table(owner, "")  # would spend a sign, R41)
            before_ms, _ = _measure(lambda: LobbyFrame(tables=hall.listing.fresh()).text().encode(),
                                    seconds / 4)  # as issue 14 found it: every view rebuilt

            def changed_then_whole() -> bytes:  # a table changed since the last request
                hall.lobby_board.version += 1
                return hall.listing.text().encode()

            whole_ms, whole = _measure(changed_then_whole, seconds / 4)
            page_ms, page = _measure(lambda: _page(hall), seconds / 4)
            feed = LobbyFeed(LocalBroker(), hall.listing.views)
            browser_ms, browser = _measure(lambda: feed.watch(
                _Sink(), LobbyFilter(free_seats=True), 0, 100, False).encode(), seconds / 8)
            bundle_ms, bundle_each, bundle_all = _bundle(hall, seconds / 8)
        finally:
            await hall.close()
            db.close()
    per_second = settings.lobby_reads / settings.lobby_window_seconds
    return {
        "tables": tables,
        "rebuilt_ms": round(before_ms, 2),
        "whole_ms": round(whole_ms, 2), "whole_kb": round(whole / 1024, 1),
        "page_ms": round(page_ms, 2), "page_kb": round(page / 1024, 1),
        "browser_first_ms": round(browser_ms, 2), "browser_first_kb": round(browser / 1024, 1),
        "watchers": WATCHERS, "bundle_ms": round(bundle_ms, 2),
        "bundle_kb_per_client": round(bundle_each, 2),
        "bundle_kb_unfiltered": round(bundle_all, 1),
        "whole_per_second_per_account": per_second,
        "account_cpu_share_max": round(per_second * whole_ms / 1000, 3),
    }


def run(seconds: float = 8.0, seed: int = 0, tables: int = 2000) -> dict[str, Any]:
    return asyncio.run(_bench(seconds, tables))
