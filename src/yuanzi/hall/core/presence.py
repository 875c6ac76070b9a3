"""Who is connected, from where, and seated at which table: this node's own knowledge,
and the hall's answer, which asks the other nodes (:class:`~.peers.Peers`) for the rest.

Kept apart from what follows a change of presence (a table told its player went away, his
friends told he came): :class:`~yuanzi.hall.core.hall.Hall` does that with the answers
given here.
"""

from __future__ import annotations

from yuanzi.hall.core.peers import LonePeers, Peers


class Presence:
    """Connections counted per account, their addresses (latest last: the same-IP rule,
    R40) and the table each account sits at."""

    def __init__(self) -> None:
        self.peers: Peers = LonePeers()
        self._seated: dict[int, int] = {}
        self._count: dict[int, int] = {}
        self._addresses: dict[int, list[str]] = {}

    # -- the hall's answers ----------------------------------------------------------------

    def is_connected(self, account_id: int) -> bool:
        """Whether the account has a live connection anywhere in the hall."""
        return self._count.get(account_id, 0) > 0 or self.peers.is_connected(account_id)

    def seat_of(self, account_id: int) -> int | None:
        """The table where the account sits, on any node (-1: one being opened here)."""
        table_id = self._seated.get(account_id)
        return self.peers.seat_of(account_id) if table_id is None else table_id

    def address_of(self, account_id: int) -> str | None:
        address = self.local_address(account_id)
        return self.peers.address_of(account_id) if address is None else address

    def online_count(self) -> int:
        """Players connected anywhere in the hall (the lobby shows it, issue 15)."""
        here = {a for a, n in self._count.items() if n > 0}
        return len(here | self.peers.online())

    # -- this node's own -------------------------------------------------------------------

    def connected_here(self, account_id: int) -> bool:
        """Whether the account has a connection on this node."""
        return self._count.get(account_id, 0) > 0

    def seated_here(self, account_id: int) -> int | None:
        """The table of this node's knowledge where the account sits."""
        return self._seated.get(account_id)

    def seated_at(self, table_id: int) -> list[int]:
        """The accounts this node knows to sit at the table."""
        return [a for a, at in self._seated.items() if at == table_id]

    def local_address(self, account_id: int) -> str | None:
        addresses = self._addresses.get(account_id)
        return addresses[-1] if addresses else None

    def set_seated(self, account_id: int, table_id: int | None) -> None:
        """The account sat down at ``table_id`` (None: stood up); the other nodes hear of
        it, but not of a reservation (a table being opened, -1)."""
        if table_id is None:
            self._seated.pop(account_id, None)
        else:
            self._seated[account_id] = table_id
        if table_id is None or table_id > 0:
            self.peers.seat_changed(account_id, table_id)

    def reserve(self, account_id: int) -> None:
        """Hold the account's seat while its new table is being stored (-1)."""
        self._seated[account_id] = -1

    def release(self, account_id: int) -> None:
        """The reservation came to nothing."""
        self._seated.pop(account_id, None)

    def came(self, account_id: int, address: str | None) -> int:
        """A connection of the account opened here; its number of connections here."""
        here = self._count.get(account_id, 0) + 1
        self._count[account_id] = here
        if address is not None:
            self._addresses.setdefault(account_id, []).append(address)
        self.peers.presence_changed(account_id, True, self.local_address(account_id))
        return here

    def went(self, account_id: int, address: str | None) -> int:
        """A connection of the account closed here; its number of connections left here."""
        addresses = self._addresses.get(account_id)
        if address is not None and addresses is not None and address in addresses:
            addresses.remove(address)
            if not addresses:
                del self._addresses[account_id]
        n = self._count.get(account_id, 0) - 1
        if n > 0:
            self._count[account_id] = n
        else:
            self._count.pop(account_id, None)
        self.peers.presence_changed(account_id, n > 0, self.local_address(account_id))
        return n
