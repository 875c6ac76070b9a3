"""The other nodes of a hall, as one node's :class:`~yuanzi.hall.core.hall.Hall` sees them.

A one-process hall has none: its peers are :class:`LonePeers`, the null object, and
everything stays in the process. On a node of several (:mod:`yuanzi.cluster.node`
implements this), a table runs on the one node holding its lease; a command for a table
held elsewhere is forwarded to its owner; and who is connected, from where, and seated at
which table is known hall-wide, each node telling the others what its own connections
and tables say.
"""

from __future__ import annotations

from collections.abc import Container
from dataclasses import dataclass
from typing import Any, Protocol

from yuanzi.hall.errors import no_such_table
from yuanzi.hall.events import TableView
from yuanzi.hall.ports import Fence
from yuanzi.hall.table.commands import Command


@dataclass(frozen=True)
class Lease:
    """A table this node may run, with the fence its writes carry (None: a hall of one
    node, whose writes are not fenced)."""

    fence: Fence | None


class Peers(Protocol):
    node: str
    """This node's id."""
    several: bool
    """A hall of several nodes (a table may run, or be taken over, elsewhere)."""

    async def claim(self, table_id: int) -> Lease | None:
        """Take the table's lease if it is free or lapsed (or ours); None: another node
        holds it."""

    async def lapsed(self) -> Container[int]:
        """Open tables whose lease lapsed, or that never had one and are not being
        opened right now: free to take."""

    def hold(self, fence: Fence) -> None:
        """Keep renewing this lease (the table's actor runs here now)."""

    def let_go(self, table_id: int) -> None:
        """Stop renewing the table's lease (closed, or lost)."""

    async def forward(self, command: Command) -> Any:
        """Run ``command`` at the node owning its table; its reply or its refusal."""

    def knows(self, table_id: int) -> bool:
        """Whether another node announced this open table."""

    async def exists(self, table_id: int) -> bool:
        """Whether a node holds the table's lease now (it may not be announced yet)."""

    def home(self, table_id: int) -> str | None:
        """The proxy's name for the node running this table of another node, if known."""

    def tables(self) -> list[TableView]:
        """The other nodes' open tables, as they last announced them."""

    def table_texts(self, skip: Container[int]) -> list[str]:
        """The same rows as JSON, but those in ``skip`` (this node's own)."""

    def online(self) -> set[int]:
        """The accounts connected to the other nodes."""

    def is_connected(self, account_id: int) -> bool:
        """Whether the account has a live connection on another node."""

    def address_of(self, account_id: int) -> str | None: ...

    def seat_of(self, account_id: int) -> int | None:
        """The table of another node where the account sits."""

    def presence_changed(self, account_id: int, connected: bool,
                         address: str | None) -> None:
        """This node's connections of the account changed: whether it has any here
        still, and the latest one's address."""

    def seat_changed(self, account_id: int, table_id: int | None) -> None:
        """A table of this node seated the account, or stood it up."""


class _Every:
    def __contains__(self, item: object) -> bool:
        return True


class LonePeers:
    """The peers of a hall of one node: none. Every table is this node's, unfenced; no
    one is connected or seated elsewhere; a table not running here does not exist."""

    node = "lone"
    several = False

    async def claim(self, table_id: int) -> Lease | None:
        return Lease(None)

    async def lapsed(self) -> Container[int]:
        return _Every()

    def hold(self, fence: Fence) -> None:
        pass

    def let_go(self, table_id: int) -> None:
        pass

    async def forward(self, command: Command) -> Any:
        raise no_such_table(command.table)

    def knows(self, table_id: int) -> bool:
        return False

    async def exists(self, table_id: int) -> bool:
        return False

    def home(self, table_id: int) -> str | None:
        return None

    def tables(self) -> list[TableView]:
        return []

    def table_texts(self, skip: Container[int]) -> list[str]:
        return []

    def online(self) -> set[int]:
        return set()

    def is_connected(self, account_id: int) -> bool:
        return False

    def address_of(self, account_id: int) -> str | None:
        return None

    def seat_of(self, account_id: int) -> int | None:
        return None

    def presence_changed(self, account_id: int, connected: bool,
                         address: str | None) -> None:
        pass

    def seat_changed(self, account_id: int, table_id: int | None) -> None:
        pass
