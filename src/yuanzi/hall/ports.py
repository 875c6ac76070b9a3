"""What the hall needs from storage, as a Protocol; :mod:`yuanzi.store.sql` implements it.

Writes return once they are durable. The hall never sees SQLAlchemy.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any, Protocol

from yuanzi.hall.models import (
    Account,
    Credentials,
    Seat,
    StoredAction,
    StoredDeal,
    StoredGame,
    TableSpec,
)


class NicknameTaken(Exception):
    """Another account has this nickname (case-insensitively)."""


class Store(Protocol):
    # accounts and sessions
    async def create_account(self, nickname: str, key: str, password_hash: str,
                             role: str) -> Account: ...
    async def credentials(self, key: str) -> Credentials | None: ...
    async def account(self, account_id: int) -> Account | None: ...
    async def create_session(self, token_hash: str, account_id: int,
                             expires_at: datetime) -> None: ...
    async def delete_session(self, token_hash: str) -> None: ...
    async def session_account(self, token_hash: str, now: datetime) -> Account | None: ...

    # tables
    async def create_table(self, spec: TableSpec) -> int: ...
    async def save_table(self, spec: TableSpec) -> None: ...
    async def open_tables(self) -> list[TableSpec]: ...

    # games
    async def start_game(self, table_id: int, rules: dict[str, Any],
                         seats: list[Seat]) -> int: ...
    async def store_deal(self, game_id: int, deal: StoredDeal) -> None: ...
    async def store_action(self, game_id: int, action: StoredAction) -> None: ...
    async def finish_game(self, game_id: int, status: str, result: dict[str, Any] | None,
                          record: dict[str, Any], outcomes: list[tuple[str, int]],
                          escaper: int | None) -> None: ...
    async def game(self, game_id: int) -> StoredGame | None: ...
    async def game_record(self, game_id: int) -> dict[str, Any] | None: ...
