"""Who watches a table (its spectators, 观战): by account, with the connections each
watches from, so that one closing tab does not take off the list a player still watching
from another (issue 27: the owner could not send such a watcher away)."""

from __future__ import annotations


class Audience:
    def __init__(self) -> None:
        self._watchers: dict[int, tuple[str, set[int | None]]] = {}
        """Account → (nickname, the connections it watches from)."""

    def __contains__(self, account_id: object) -> bool:
        return account_id in self._watchers

    def __len__(self) -> int:
        return len(self._watchers)

    def names(self) -> dict[int, str]:
        """Each watching account's nickname."""
        return {a: name for a, (name, _) in self._watchers.items()}

    def add(self, account_id: int, nickname: str, connection: int | None) -> bool:
        """A connection of the account watches; True if the account was not watching."""
        known = self._watchers.get(account_id)
        if known is None:
            self._watchers[account_id] = (nickname, {connection})
            return True
        known[1].add(connection)
        return False

    def remove(self, account_id: int, connection: int | None) -> bool:
        """A connection stops watching (None: all of them); True if the account watches
        no more."""
        known = self._watchers.get(account_id)
        if known is None:
            return False
        if connection is not None:
            known[1].discard(connection)
        if connection is None or not known[1]:
            del self._watchers[account_id]
            return True
        return False

    def drop(self, account_id: int) -> bool:
        """The account watches no more (it sat down, or is out); True if it did."""
        return self._watchers.pop(account_id, None) is not None
