"""Every port of the hall: what it needs from storage, as Protocols.

:mod:`yuanzi.store` implements them; writes return once they are durable and the hall
never sees SQLAlchemy. :class:`Store` holds accounts, sessions, tables and games;
:class:`EconomyStore` the economy's unit of work and its reads.

The economy's unit of work
--------------------------

The economy's rules are pure functions (:mod:`yuanzi.hall.economy`); the hall's services
(:mod:`yuanzi.hall.services`) turn a request into a *decision*: a function from the
wallets of the accounts involved, as they are inside the transaction, to the
:class:`Changes` to write. The store runs it with :meth:`EconomyStore.transact`:

1. lock the accounts' rows (in id order, so two transactions never deadlock) and read
   their :class:`Wallet`\\ s;
2. call the decision — it may refuse by raising a :class:`~yuanzi.hall.errors.HallError`
   or an :class:`~yuanzi.hall.economy.errors.EconomyError`, and then nothing is written;
3. write the changes — ledger rows and the balances they move, inventories, ladder,
   rating, stats, a game's end, replays, table names, audit rows — and commit once.

So a check and the write it guards can never be separated by another request's write,
even with several server processes on one PostgreSQL, and a game's result and its
settlement are one transaction.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from contextvars import ContextVar
from dataclasses import dataclass, field
from datetime import date, datetime
from typing import Any, Generic, Protocol, TypeVar

from yuanzi.engine.result import GameResult
from yuanzi.hall.desk_ports import (
    ChatStore,
    ClubStore,
    FriendStore,
    PushStore,
    ReviewStore,
    SessionStore,
    TournamentStore,
)
from yuanzi.hall.economy.inventory import Inventory
from yuanzi.hall.economy.items import ItemCode
from yuanzi.hall.economy.ladders import LadderPlayer
from yuanzi.hall.economy.ledger import LedgerEntry
from yuanzi.hall.economy.rating import Rating
from yuanzi.hall.economy.timer import TimerFired, TimerNotFired
from yuanzi.hall.events import SeatResult
from yuanzi.hall.models import (
    Account,
    ChatReport,
    DealFairness,
    EndedGame,
    GameLinks,
    PlayedGame,
    Seat,
    StoredAction,
    StoredChat,
    StoredDeal,
    TableSpec,
)
from yuanzi.hall.round_ports import RoundStandingsStore, StandingsClaim


@dataclass(frozen=True, slots=True)
class Fence:
    """The lease token a table's writes need on a node of a hall of several (issue 13):
    :mod:`yuanzi.store.fence` commits them only while it is still the table's."""

    table_id: int
    token: int


CURRENT_FENCE: ContextVar[Fence | None] = ContextVar("yuanzi_fence", default=None)
"""The fence of the table whose actor is running; a write queued in this context carries
it. None (a one-process hall, a request outside any table): not a fenced write."""


class LeaseLost(Exception):
    """This node no longer holds the table's lease: it must not write, and steps down."""


class NicknameTaken(Exception):
    """Another account has this nickname (case-insensitively)."""


class RoomCodeTaken(Exception):
    """An open table has this room code already (the hall draws another)."""


class ClubCodeTaken(Exception):
    """A club has this join code already (the hall draws another)."""


class NicknameLike(Exception):
    """Another account's nickname looks like this one (the same confusables skeleton);
    ``args[0]`` is that nickname."""


class Store(ChatStore, FriendStore, ReviewStore, ClubStore, SessionStore, TournamentStore,
            RoundStandingsStore, PushStore, Protocol):
    """Everything the hall keeps; the desks are each given their own part of it
    (:mod:`.desk_ports`)."""

    # accounts and sessions
    async def create_account(self, nickname: str, key: str, password_hash: str,
                             role: str) -> Account: ...
    async def nickname_like(self, nickname: str) -> str | None: ...
    async def account(self, account_id: int) -> Account | None: ...
    async def create_session(self, token_hash: str, account_id: int,
                             expires_at: datetime) -> None: ...
    async def delete_session(self, token_hash: str) -> None: ...
    async def session_account(self, token_hash: str, now: datetime) -> Account | None: ...

    # tables
    async def create_table(self, spec: TableSpec) -> int: ...
    async def save_table(self, spec: TableSpec) -> None: ...
    async def private_table(self, room_code: str | None = None,
                            invite_token: str | None = None) -> int | None: ...
    async def open_tables(self, only: int | None = None,
                          club: int | None = None) -> list[TableSpec]:
        """The tables not closed (``only``: that one, if it is open; ``club``: that club's)."""

    # games
    async def start_game(self, table_id: int, rules: dict[str, Any],
                         seats: list[Seat], session_id: int | None = None,
                         fairness: DealFairness | None = None,
                         first_deal: StoredDeal | None = None) -> int:
        """A new game (with its first half's deal in the same transaction, so a crash
        never leaves a game without one)."""
        ...
    async def store_deal(self, game_id: int, deal: StoredDeal) -> None: ...
    async def store_action(self, game_id: int, action: StoredAction) -> None: ...
    async def played_game(self, game_id: int) -> PlayedGame | None: ...
    async def games_of(self, account_id: int, limit: int,
                       before: int | None = None) -> list[PlayedGame]: ...
    # chat and its moderation (issue 15)
    async def add_chat(self, table_id: int, account_id: int, spectator: bool, kind: str,
                       body: str) -> StoredChat: ...
    async def chat_reports(self, limit: int) -> list[ChatReport]: ...
    async def silence(self, account_id: int, until: datetime | None) -> bool: ...
    async def last_ended_game(self, table_id: int) -> EndedGame | None: ...
    async def links_of(self, account_id: int, game_ids: list[int]) -> dict[int, GameLinks]:
        """For each of these games the account played: his replay, whether its record
        is still his (R41), whether his seat was reviewed — a few queries for a page."""


@dataclass(frozen=True, slots=True)
class Wallet:
    """One account's economic state, read under its row lock."""

    account: Account
    inventory: Inventory
    armed: frozenset[str]
    """Items armed by their owner (R41: the timer, the recorder), spent when they act."""
    last_relief: date | None

    @property
    def coins(self) -> int:
        return self.account.coins


@dataclass(slots=True)
class WalletChange:
    """What changes of one account, besides its coins (those move by ledger entries)."""

    ladder: LadderPlayer | None = None
    rating: Rating | None = None
    inventory: Inventory | None = None
    armed: frozenset[str] | None = None
    last_relief: date | None = None
    stats: dict[str, int] = field(default_factory=dict)
    """Increments of ``wins``, ``double_wins``, ``double_losses`` (games played and
    escapes are counted by the game's end itself)."""
    banned: bool | None = None
    ban_reason: str | None = None


@dataclass(frozen=True, slots=True)
class FinishGame:
    """A game's end, written in the settlement's transaction (``Changes.finish``)."""

    game_id: int
    status: str
    result: dict[str, Any] | None
    record: dict[str, Any]
    outcomes: list[tuple[str, int]]
    escaper: int | None
    settlement: dict[str, Any] | None = None
    standings_pending: bool = False
    """A tournament's game: its ladder, rating and wins wait for its round's end."""


@dataclass(frozen=True, slots=True)
class TableUpdate:
    """A table's name or cloth changed by an item (R41) or an admin."""

    table_id: int
    name: str | None = None
    protected_until: datetime | None = None
    clear_protection: bool = False
    tablecloth: str | None = None


@dataclass(frozen=True, slots=True)
class ItemUse:
    account_id: int
    item: str
    game_id: int | None = None
    table_id: int | None = None
    detail: dict[str, Any] | None = None


@dataclass(frozen=True, slots=True)
class AuditEntry:
    admin_id: int | None
    action: str
    target_account: int | None = None
    target_table: int | None = None
    detail: dict[str, Any] | None = None


@dataclass(frozen=True, slots=True)
class ReplaySave:
    replay_id: str
    account_id: int
    game_id: int


R = TypeVar("R")
"""What a decision hands back to its caller (a bought inventory, a settlement, …)."""


@dataclass(slots=True)
class Changes(Generic[R]):
    """Everything one decision writes; ``result`` is handed back to the caller (None when
    the decision gives nothing back)."""

    entries: tuple[LedgerEntry, ...] = ()
    wallets: dict[int, WalletChange] = field(default_factory=dict)
    finish: FinishGame | None = None
    replays: list[ReplaySave] = field(default_factory=list)
    item_uses: list[ItemUse] = field(default_factory=list)
    table: TableUpdate | None = None
    new_table: TableSpec | None = None
    """A table opened with the items this decision spends (R41): the store inserts it,
    sets its ``id``, and names it in the item uses that name no table."""
    audit: list[AuditEntry] = field(default_factory=list)
    config: dict[str, Any] = field(default_factory=dict)
    revoke_sessions: list[int] = field(default_factory=list)
    standings: StandingsClaim | None = None
    """A tournament game's standings applied at its round's end (claimed once)."""
    result: R | None = None

    def wallet(self, account_id: int) -> WalletChange:
        change = self.wallets.get(account_id)
        if change is None:
            change = self.wallets[account_id] = WalletChange()
        return change


Decision = Callable[[dict[int, Wallet]], Changes[R]]


@dataclass(frozen=True, slots=True)
class Applied(Generic[R]):
    """A committed decision: its result and the accounts as they are afterwards."""

    result: R | None
    accounts: dict[int, Account]

    @property
    def value(self) -> R:
        """The result of a decision that always gives one."""
        if self.result is None:
            raise RuntimeError("this decision gave no result")
        return self.result


@dataclass(frozen=True, slots=True)
class BoardRow:
    """One leaderboard line."""

    account: Account
    games: int
    wins: int


@dataclass(frozen=True, slots=True)
class Stats:
    """The counters a profile shows."""

    games: int
    wins: int
    double_wins: int
    double_losses: int
    escapes: int
    created_at: datetime


@dataclass(frozen=True, slots=True)
class StoredReplay:
    id: str
    owner_id: int
    owner: str
    game_id: int
    saved_at: datetime
    seats: list[dict[str, Any]]
    result: dict[str, Any] | None
    record: dict[str, Any] | None


@dataclass(frozen=True, slots=True)
class LedgerTotalsRow:
    """The ledger's sums by flow, and what the balances sum to (the audit's inputs)."""

    by_reason: dict[str, int]
    balances: int
    mismatched_accounts: list[int]
    """Accounts whose ``coins`` differ from the sum of their ledger rows."""
    negative_accounts: list[int]


class EconomyStore(Protocol):
    async def transact(self, account_ids: Sequence[int],
                       decide: Decision[R]) -> Applied[R]: ...

    async def accounts(self, account_ids: Sequence[int]) -> dict[int, Account]: ...
    async def wallet(self, account_id: int) -> Wallet | None: ...
    async def armed(self, account_ids: Sequence[int]) -> dict[int, frozenset[str]]:
        """The armed items of these accounts (one light read: it runs at every game's
        start, where a whole wallet per seat cost the hall 2 s pauses under load)."""
    async def stats(self, account_id: int) -> Stats | None: ...
    async def leaderboard(self, by: str, limit: int) -> list[BoardRow]: ...
    async def ledger_of(self, account_id: int, limit: int) -> list[dict[str, Any]]: ...
    async def ledger_totals(self) -> LedgerTotalsRow: ...
    async def replays_of(self, account_id: int) -> list[StoredReplay]: ...
    async def replay(self, replay_id: str) -> StoredReplay | None: ...
    async def counters_of(self, game_id: int) -> list[int]:
        """Accounts that used a card counter in this game (R41)."""

    async def timers_of(self, game_id: int) -> list[dict[str, Any]]:
        """The timers that fired in this game (R41), oldest first: each use's detail
        (``seat``, ``version``), so a restart keeps a turn's extension."""

    async def config(self, key: str) -> Any: ...
    async def audit_log(self, limit: int) -> list[dict[str, Any]]: ...
    async def reset_ladder(self, ladder: str, start: LadderPlayer) -> int:
        """Put every account at ``start`` (a hall switched ladders, R39); returns how many."""


@dataclass(frozen=True, slots=True)
class Settlement:
    """What a game's end did, seat by seat, with the accounts as they are now."""

    seats: tuple[SeatResult, ...]
    accounts: dict[int, Account]
    replays: dict[int, str]
    """Account id → the replay its recorder saved (R41)."""


class TableEconomy(Protocol):
    """The economy as a table sees it: the seated players' accounts and armed items, and
    what the table settles (:class:`yuanzi.hall.services.settlement.TableSettlement`)."""

    async def account(self, account_id: int) -> Account | None: ...
    async def accounts(self, ids: Sequence[int]) -> dict[int, Account]: ...
    async def armed(self, account_ids: Sequence[int]) -> dict[int, frozenset[str]]: ...
    async def counters_of(self, game_id: int) -> list[int]: ...
    async def timers_of(self, game_id: int) -> list[dict[str, Any]]: ...
    async def finish_game(self, game_id: int, seats: Sequence[Seat], bet: int,
                          result: GameResult, finish: FinishGame,
                          tournament: bool = False) -> Settlement: ...
    async def abandon_game(self, game_id: int, seats: Sequence[Seat], bet: int, escaper: int,
                           finish: FinishGame) -> Settlement: ...
    async def fire_timer(self, game_id: int, seat: int, seats: Sequence[Seat],
                         version: int | None = None) -> TimerFired | TimerNotFired | None: ...
    async def spend_at_table(self, account_id: int, slot: int | None,
                             allowed: Sequence[ItemCode], *, table: TableUpdate | None = None,
                             game_id: int | None = None, table_id: int | None = None,
                             detail: dict[str, Any] | None = None
                             ) -> tuple[ItemCode, TableUpdate | None]: ...
    async def admin_rename(self, admin_id: int, table_id: int, old: str, name: str) -> None: ...
