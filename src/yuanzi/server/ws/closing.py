"""Why a connection is closed: the close codes the client reads, and the subscriber that
closes it when its account's sessions end (a ban) or it is one socket too many."""

from __future__ import annotations

from typing import Protocol

from yuanzi.cluster.sockets import replaced_member
from yuanzi.hall.errors import Code
from yuanzi.hall.events import Error
from yuanzi.hall.runtime.pubsub import Envelope


class Closable(Protocol):
    socket_name: str

    def close(self, code: int, last: str | None = None, keep: bool = False) -> None: ...


CLOSE_POLICY = 1008
CLOSE_UNAUTHORISED = 4401
CLOSE_FORBIDDEN_ORIGIN = 4403
CLOSE_TOO_SLOW = 4408
CLOSE_REPLACED = 4409
"""The account opened more WebSockets than the hall allows: the oldest gives way."""
REPLACED_TEXT = Error(code=Code.REPLACED, message="this account opened another "
                                                  "connection; this one is closed").text()


class SessionEnd:
    """The connection's subscriber to its account's ``session`` topic: the account's
    sessions ended (a ban), so the connection says why and closes (4401)."""

    def __init__(self, conn: Closable) -> None:
        self.conn = conn

    def deliver(self, envelope: Envelope) -> None:
        member = replaced_member(envelope)
        if member is None:
            self.conn.close(CLOSE_UNAUTHORISED, last=envelope.text)
        elif member == self.conn.socket_name:  # beyond the cap, on another node
            self.conn.close(CLOSE_REPLACED, last=REPLACED_TEXT)
