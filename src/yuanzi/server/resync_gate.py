"""Holding back ``played`` frames a client cannot place, after Redis came back.

While a node's Redis connection was away, frames of tables run by other nodes were lost.
When it is back, every node sends every table afresh (a ``game`` snapshot per seat and one
for spectators, :mod:`yuanzi.cluster.gossip`), but a ``played`` frame published between
this node's resubscription and that snapshot would reach the client one version too far
(issue 13: "none out of order"). So each connection, told :meth:`ResyncGate.doubt`,
drops ``played`` frames of a table until that table's next ``game`` frame, which carries
every action they did. Other frames pass. The hot path costs one attribute test.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

from yuanzi.hall.runtime.pubsub import Envelope


class ResyncGate:
    def __init__(self, tables: Callable[[], Iterable[int]]) -> None:
        self._tables = tables
        """The tables this connection sits at or watches, now."""
        self.doubting = False
        self.trusted: set[int] = set()
        """Tables whose snapshot came since the doubt began."""
        self.held_back = 0

    def doubt(self) -> None:
        """Frames may have been lost: trust no table's ``played`` until its snapshot."""
        self.doubting = True
        self.trusted = set()

    def admits(self, envelope: Envelope) -> bool:
        if not self.doubting:
            return True
        kind = envelope.kind
        if kind == "played":
            if envelope.table in self.trusted:
                return True
            self.held_back += 1
            return False
        if kind == "game" and envelope.table is not None:
            self.trusted.add(envelope.table)
            if self.trusted.issuperset(self._tables()):
                self.doubting = False  # every table is placed again
        return True
