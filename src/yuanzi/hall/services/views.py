"""The economy's answers in their wire form, as pydantic models.

The services return these and the server's routes return them as they are (FastAPI
encodes them), so one type says what ``GET /api/inventory`` or ``POST /api/shop/buy``
sends — docs/protocol.md documents each. Field names are the protocol's; nothing here
decides anything.
"""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel


class AccountLine(BaseModel):
    """A player as any table or board shows him (R38: level and title; the skill)."""

    id: int
    nickname: str
    level: int
    title: str
    title_en: str
    score: int
    standing: int
    rating: float


class Skill(BaseModel):
    mu: float
    sigma: float
    ordinal: float


class Profile(AccountLine):
    """A player's profile: level and title, points to the next level, games, wins,
    双夹 won and lost, escapes, coins — and the skill rating. ``role``, ``coins`` and
    ``banned`` are private: null unless the player himself or an admin asks."""

    role: str | None
    ladder: str
    points_to_next: int | None
    games: int
    wins: int
    double_wins: int
    double_losses: int
    escapes: int
    coins: int | None
    banned: bool | None
    skill: Skill
    created_at: str


class BoardLine(AccountLine):
    rank: int
    games: int
    wins: int


class Leaderboard(BaseModel):
    by: str
    ladder: str
    rows: list[BoardLine]


class SlotView(BaseModel):
    """One inventory slot's stack (R43)."""

    item: str
    count: int
    zh: str
    en: str
    armed: bool


class Slots(BaseModel):
    """An inventory's slots and the coins beside them."""

    coins: int
    size: int
    free: int
    slots: list[SlotView | None]


class InventoryView(Slots):
    armed: list[str]
    """Items armed by their owner (R41: the timer, the recorder)."""


class Bought(InventoryView):
    item: str
    count: int


class GemUsed(InventoryView):
    """R42: a gem's points went to the ladder."""

    used: str
    points: int
    score: int
    level: int
    title: str
    title_en: str


class ArmToggled(Slots):
    """R41: a timer or recorder armed (``armed`` true) or disarmed."""

    used: str
    armed: bool

    def armed_items(self) -> tuple[str, ...]:
        return tuple(sorted(s.item for s in self.slots if s is not None and s.armed))


PersonalUse = GemUsed | ArmToggled


class ShopItem(BaseModel):
    item: str
    zh: str
    en: str
    price: int
    stackable: bool


class Shop(BaseModel):
    items: list[ShopItem]


class ReliefGranted(BaseModel):
    granted: int
    coins: int


class ReliefStatus(BaseModel):
    available: int
    line: int
    last_claim: str | None


class GemCap(BaseModel):
    """R42: the cap in force (null: none) and the admin's own value, if he set one."""

    cap: int | None
    admin_cap: int | None


class Coins(BaseModel):
    account: int
    coins: int


class LedgerLine(BaseModel):
    """One coin movement (R44)."""

    id: int
    amount: int
    reason: str
    game_id: int | None
    item: str | None
    note: str | None
    at: str


class MyLedger(BaseModel):
    coins: int
    entries: list[LedgerLine]


class Ledger(BaseModel):
    entries: list[LedgerLine]


class AuditLine(BaseModel):
    """One admin action."""

    id: int
    admin_id: int | None
    action: str
    target_account: int | None
    target_table: int | None
    detail: dict[str, Any] | None
    at: str


class AuditLog(BaseModel):
    entries: list[AuditLine]


class LedgerAudit(BaseModel):
    """R44: Σ balances = sources − sinks, and each balance = its ledger rows' sum."""

    ok: bool
    balances: int
    sources: int
    sinks: int
    transfers: int
    by_reason: dict[str, int]
    mismatched_accounts: list[int]
    negative_accounts: list[int]


class HistorySeat(BaseModel):
    """Someone at a game of a player's history: a player (``account_id``, ``nickname``)
    or a bot (``bot``, its ``name`` and ``name_en``)."""

    seat: int
    account_id: int | None = None
    nickname: str | None = None
    bot: str | None = None
    name: str | None = None
    name_en: str | None = None


class GameFacts(BaseModel):
    """An ended game's public facts (R41: results without hands are always public): its
    seats with their names and outcomes, and its result."""

    game_id: int
    table_id: int
    status: str
    ended_at: str | None
    seats: list[HistorySeat]
    outcomes: list[str | None]
    """Each seat's ``win``, ``lose``, ``draw``, ``escape`` or ``abandoned``, by seat."""
    result: dict[str, Any] | None


class HalfPoints(BaseModel):
    """A half's points (R29): the player's team's and the other team's."""

    us: int
    them: int


class HistoryEntry(BaseModel):
    """One game of a player's history (战绩): results only, never hands (R41)."""

    game_id: int
    table_id: int
    ended_at: str | None
    status: str
    """``finished`` or ``abandoned`` (someone escaped, R35)."""
    seat: int
    outcome: str | None
    """``win``, ``lose``, ``draw``; for an abandoned game ``escape`` or ``abandoned``."""
    kind: str | None
    """How a finished game was won (RECORD.md: ``double`` for 双夹…), null otherwise."""
    partner: HistorySeat
    opponents: list[HistorySeat]
    halves: list[HalfPoints]
    score_delta: int
    """The change of the ladder standing (R37/R38)."""
    coins_delta: int | None
    """The coins the game moved for him (R40 bet, R35 forfeit): to himself and admins
    only (issue 14's rule on coins); null for anyone else."""
    bet: int
    replay_id: str | None = None
    """Issue 31, to himself only: his recorder's replay of this game (#/replay/<id>)."""
    record_open: bool = False
    """To himself only: the full record is still his (R41), so the viewer opens it."""
    reviewed: bool = False
    """To himself only: the coach's review of his seat is stored (its 复盘 opens)."""


class GameHistory(BaseModel):
    games: list[HistoryEntry]
    more: bool
    """Older games exist: ask again with ``before`` = the last ``game_id``."""
