"""The WebSocket side of the hall (issue 29: three rooms).

A connection authenticates by its session cookie, then reads messages one at a time:
each is size-checked, rate-limited, validated (:mod:`yuanzi.server.protocol`), checked
for a fresh ``seq`` and run (:mod:`.dispatch`). Replies and broadcasts share one outbox,
drained by a sender task, so a slow client never stalls a table: when its outbox
overflows it is disconnected and will get a full view when it reconnects
(:mod:`.connection`). :mod:`.endpoint` accepts the socket and runs the connection.
"""

from yuanzi.server.ws.connection import Connection
from yuanzi.server.ws.endpoint import origin_allowed, router, websocket_endpoint

__all__ = ["Connection", "origin_allowed", "router", "websocket_endpoint"]
