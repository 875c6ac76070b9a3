"""Value types the hall's services and its storage exchange."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Literal

from yuanzi.hall.titles import level_of, title_of

Role = Literal["player", "admin"]


@dataclass(frozen=True, slots=True)
class Account:
    """A player's public identity and the ladder fields the economy will use."""

    id: int
    nickname: str
    role: str = "player"
    ladder_score: int = 0
    coins: int = 5000

    @property
    def level(self) -> int:
        return level_of(self.ladder_score)

    @property
    def title(self) -> str:
        return title_of(self.ladder_score)

    @property
    def is_admin(self) -> bool:
        return self.role == "admin"


@dataclass(frozen=True, slots=True)
class Credentials:
    account: Account
    password_hash: str


@dataclass(slots=True)
class Seat:
    """One seat of a table: empty, a player (by account) or a bot (by name)."""

    account: Account | None = None
    bot: str | None = None
    ready: bool = False

    @property
    def empty(self) -> bool:
        return self.account is None and self.bot is None

    def to_json(self) -> dict[str, Any]:
        return {
            "account_id": None if self.account is None else self.account.id,
            "bot": self.bot,
            "ready": self.ready,
        }


@dataclass(slots=True)
class TableSpec:
    """What is stored of a table so it can be rebuilt after a restart."""

    id: int
    name: str
    owner: Account
    tablecloth: str
    bet: int
    rules: dict[str, Any]
    seats: list[Seat] = field(default_factory=lambda: [Seat() for _ in range(4)])
    status: str = "open"
    game_id: int | None = None


@dataclass(frozen=True, slots=True)
class StoredDeal:
    half: int
    blade_card: str
    blade_holder: int
    first_drawer: int
    hands: list[str]


@dataclass(frozen=True, slots=True)
class StoredAction:
    idx: int
    half: int
    seat: int
    cards: str
    reason: str


@dataclass(frozen=True, slots=True)
class StoredGame:
    """A game as stored: enough to rebuild it with :func:`yuanzi.engine.replay`."""

    id: int
    table_id: int
    rules: dict[str, Any]
    status: str
    deals: list[StoredDeal]
    actions: list[StoredAction]
    result: dict[str, Any] | None = None
    seats: list[dict[str, Any]] = field(default_factory=list)
