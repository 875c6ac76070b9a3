"""The groups' values (issues 26 and 28): clubs and their members, session rooms, and
tournaments — as the hall's desks and the store exchange them."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Literal

from yuanzi.hall.models import DealFairness


@dataclass(frozen=True, slots=True)
class StoredSession:
    """A session room as stored (issue 26); its games are read apart."""

    id: int
    table_id: int
    club_id: int | None
    owner_id: int
    games: int
    status: str
    reason: str | None
    started_at: float
    ended_at: float | None
    end_votes: tuple[int, ...] = ()
    """The seats that asked to end it while a vote runs (until ``vote_until``)."""
    vote_until: float | None = None
    end_agreed: bool = False
    """All agreed during a game: that game is its last."""


@dataclass(frozen=True, slots=True)
class ClubTallyRow:
    """One member's games in a club's sessions over a period (issue 26)."""

    account_id: int
    nickname: str
    games: int
    wins: int
    total: int
    """The sum of his R36 base stakes."""


@dataclass(frozen=True, slots=True)
class TournamentEntry:
    """One who signed up (issue 28): a player, or a bot filling a place; ``position`` is
    the sign-up order, the index the draw uses."""

    position: int
    account_id: int | None
    name: str
    """The player's nickname, or the bot's name (zh-CN; ``name_en`` in English)."""
    name_en: str | None = None
    bot: str | None = None
    avatar: int | None = None
    checked_in: bool = False
    withdrawn_round: int | None = None
    """Left while it ran (退赛): from this round on 托管 plays his seat (R34) and each of
    his games counts as an escape for him (R35)."""
    contribution: str | None = None
    """His random value, given when he signed up or revealed at the start
    (``yuanzi-tourney/1``, issue 43)."""
    commitment: str | None = None
    """SHA-256 of his value, given at sign-up in its stead (the value comes at the
    start, once nobody can sign up any more)."""


@dataclass(frozen=True, slots=True)
class StoredTournament:
    id: int
    name: str
    size: int
    rounds: int
    games_per_round: int
    status: str
    """``signup``, ``running``, ``finished`` or ``cancelled``."""
    creator_id: int
    club_id: int | None
    created_at: float
    started_at: float | None
    finished_at: float | None
    seed: int
    round: int
    deals: list[list[DealFairness]]
    entries: list[TournamentEntry]
    starts_at: float | None = None
    """A scheduled tournament's start; None for a sit-and-go (it starts when full)."""
    deal_secret: bytes | None = None
    """What its deals' seeds come from (``yuanzi-tourney/1``, issue 43): each committed
    when it is made; None for one made before (``yuanzi-deal/1``)."""


@dataclass(frozen=True, slots=True)
class TournamentGame:
    """A game at one of a tournament's tables, as its standings read it."""

    round: int
    table_id: int
    game_id: int
    status: str
    result: dict[str, Any] | None
    seats: list[dict[str, Any]]
    """``account_id``, ``name`` (a bot's), ``base_stake`` by seat."""


TournamentJoin = Literal["in", "already", "full", "closed", "missing", "elsewhere", "copied"]
CheckIn = Literal["in", "missing", "closed", "not_entered", "not_yet"]
Reveal = Literal["revealed", "missing", "not_entered", "closed", "already", "wrong"]
BotsFor = Callable[[int, list[str]], list[tuple[str, str, str, int]]]
"""Bots for ``count`` free places, none named as one of ``taken``: (kind, name, English
name, avatar)."""


ClubRole = Literal["founder", "manager", "member"]


ClubStanding = Literal["pending", "member", "banned"]


JoinOutcome = Literal["member", "pending", "already", "banned", "full", "too_many"]
"""A join's outcome: in, waiting for approval, in before, banned, the club full, or the
joiner in as many clubs as an account may be."""


@dataclass(frozen=True, slots=True)
class Club:
    """A club (亲友圈, issue 26): its founder (圈主) and how one comes in."""

    id: int
    name: str
    notice: str
    founder_id: int
    join_code: str
    invite_token: str
    open_join: bool
    members: int
    """Members now (not those waiting, not the banned)."""
    house: ClubHouse = field(default_factory=lambda: ClubHouse())
    tally_since: float | None = None
    """A manager reset the club's tally then (Unix time); sessions before count no more."""


@dataclass(frozen=True, slots=True)
class ClubHouse:
    """What a club fixes for its tables (issue 26): the §12 options and the session
    length they are opened with (None: the opener's choice)."""

    rules: dict[str, Any] | None = None
    session_games: int | None = None
    given: frozenset[str] = frozenset({"rules", "session_games"})
    """Which of the two a change sets (the others stay as they are): two managers each
    changing one of them at the same moment must not undo each other."""


@dataclass(frozen=True, slots=True)
class ClubMember:
    club_id: int
    account_id: int
    nickname: str
    role: ClubRole
    standing: ClubStanding
