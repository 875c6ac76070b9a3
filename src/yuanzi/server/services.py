"""The services one server process runs, built at start-up and torn down at shutdown."""

from __future__ import annotations

import contextlib
from dataclasses import dataclass, field
from typing import Any

from yuanzi.cluster.limits import RedisLimits
from yuanzi.cluster.namespace import check_cluster
from yuanzi.cluster.node import ClusterNode
from yuanzi.cluster.redis_broker import RedisBroker
from yuanzi.cluster.sockets import SharedSocketCap
from yuanzi.hall.accounts.service import AccountService
from yuanzi.hall.core.hall import Hall
from yuanzi.hall.runtime.pubsub import LocalBroker
from yuanzi.hall.runtime.ratelimit import LocalLimits
from yuanzi.hall.runtime.socket_cap import SocketCap
from yuanzi.hall.settings import Settings
from yuanzi.server.lobby_feed import LobbyFeed
from yuanzi.server.lobby_limits import LobbyLimits
from yuanzi.server.push_sender import WebPushSender
from yuanzi.store.setup import Database, open_database


@dataclass
class Services:
    settings: Settings
    db: Database
    accounts: AccountService
    hall: Hall
    broker: LocalBroker | RedisBroker
    node: ClusterNode | None = None
    """This node's part in a hall of several (``REDIS_URL``); None: one process."""
    limits: LocalLimits | RedisLimits | None = None
    lobby: LobbyLimits | None = None
    sockets: SocketCap | SharedSocketCap | None = None
    lobby_feed: LobbyFeed | None = None
    """Filtered lobby subscriptions (issue 14)."""
    connections: int = 0
    """Open WebSocket connections (metrics)."""
    live: set[Any] = field(default_factory=set)
    """The open connections themselves (``ws.Connection``: the ``kill -USR1`` dump)."""
    slow_dropped: int = 0
    """Connections closed for being too far behind (ws.Connection.drop_slow)."""


async def start_services(settings: Settings) -> Services:
    """Open (and migrate) the database, then rebuild every table from it.

    With ``REDIS_URL`` the node's broadcasts go through Redis (:mod:`yuanzi.cluster`);
    settings that cannot make a hall of several nodes (Redis with SQLite) are refused
    here, before anything is opened.
    """
    broker: LocalBroker | RedisBroker
    limits: LocalLimits | RedisLimits
    if settings.redis_url:
        namespace = check_cluster(settings.database_url, settings.redis_namespace)
        broker = RedisBroker(settings.redis_url, namespace)
        await broker.start()
        limits = RedisLimits(settings.redis_url, namespace)  # hall-wide, per address
    else:
        broker = LocalBroker()
        limits = LocalLimits()
    node = None
    try:
        db = open_database(settings)
        hall = Hall(settings, db.store, broker, db.economy, limits,
                    WebPushSender(settings.push_subject,  # Web Push (issues 47, 54)
                                  timeout=settings.push_timeout_seconds,
                                  connections=settings.push_senders,
                                  loopback=settings.push_insecure_endpoints))
        if isinstance(broker, RedisBroker):  # tables by lease, the rest forwarded
            node = ClusterNode(broker, db.engine, hall)
            await node.start()
        await hall.resume()
        if node is not None:
            node.run()
    except BaseException:
        if node is not None:
            await node.quiesce()
            with contextlib.suppress(Exception):  # its tables stop before their leases go
                await hall.close()
            await node.stop(release=True)
        if isinstance(broker, RedisBroker):
            await broker.close()
        if isinstance(limits, RedisLimits):
            await limits.close()
        raise
    sockets: SocketCap | SharedSocketCap = SocketCap(settings.ws_max_per_account)
    if isinstance(broker, RedisBroker):  # counted hall-wide
        sockets = SharedSocketCap(settings.redis_url, namespace, broker.node, broker,
                                  settings.ws_max_per_account)
    services = Services(settings, db, AccountService(db.store, settings, limits), hall,
                        broker, node, limits, LobbyLimits(limits, settings), sockets,
                        LobbyFeed(broker, hall.listing.views))
    if isinstance(broker, RedisBroker):  # frames were lost: each client waits for snapshots
        def doubt() -> None:
            for conn in list(services.live):
                conn.gate.doubt()
                conn.tables.recheck_soon()  # a door message may have been lost too (issue 27)

        broker.on_reconnect(doubt)
    return services


async def stop_services(services: Services) -> None:
    """Stop the tables, then (a node of several) hand their leases over at once: the
    other nodes take them up without waiting for the leases to lapse."""
    if services.node is not None:
        await services.node.quiesce()
    await services.hall.close()
    if services.node is not None:
        await services.node.stop(release=True)
    if isinstance(services.broker, RedisBroker):
        await services.broker.flush()
        await services.broker.close()
    if isinstance(services.limits, RedisLimits):
        await services.limits.close()
    if isinstance(services.sockets, SharedSocketCap):
        await services.sockets.close()
    services.db.close()
