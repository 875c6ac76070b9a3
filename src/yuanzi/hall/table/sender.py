"""Who sent a command (:mod:`.commands`): an account as its session knows it, from where
and on which connection, so that the table, not the transport, decides what he may do."""

from __future__ import annotations

from dataclasses import dataclass

from yuanzi.hall.models import Account

ADMIN = "admin"


@dataclass(frozen=True, slots=True)
class Sender:
    """Who sent a command: an account as its session knows it, from where."""

    account_id: int
    role: str = "player"
    address: str | None = None
    connection: int | None = None
    """The sending connection's id: who the reply is for, once commands cross processes."""
    nickname: str = ""
    """His name, where a table shows it (a private table's spectators, to its owner)."""

    @property
    def is_admin(self) -> bool:
        return self.role == ADMIN

    @classmethod
    def of(cls, account: Account, address: str | None = None,
           connection: int | None = None) -> Sender:
        return cls(account.id, account.role, address, connection, account.nickname)
