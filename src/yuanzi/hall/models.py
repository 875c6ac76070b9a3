"""Value types the hall's services and its storage exchange."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime
from typing import Any, Literal

from yuanzi.engine.fairness import (
    SCHEME,
    SCHEME_2,
    DealStream,
    commit_of,
    half_fields,
    half_values,
    key_of,
)
from yuanzi.hall.economy.ladders import DOUBLING, TITLES, LadderPlayer, ladder_for, title_level
from yuanzi.hall.economy.rating import DEFAULT_MU, DEFAULT_SIGMA, Rating

Role = Literal["player", "admin"]


@dataclass(frozen=True, slots=True)
class Account:
    """A player's identity and standing, as read from the store at one moment.

    ``ladder`` names the hall's ladder (R39) the stored ``ladder_score`` and
    ``ladder_level`` belong to: on ``titles`` the score is the total and the level
    follows from it (R38); on ``doubling`` the score is the points within the stored
    level (R37).
    """

    id: int
    nickname: str
    role: str = "player"
    ladder_score: int = 0
    coins: int = 5000
    ladder_level: int = 0
    ladder: str = TITLES
    rating_mu: float = DEFAULT_MU
    rating_sigma: float = DEFAULT_SIGMA
    banned: bool = False

    @property
    def level(self) -> int:
        return self.ladder_level if self.ladder == DOUBLING else title_level(self.ladder_score)

    @property
    def title(self) -> str:
        return ladder_for(self.ladder).title(self.level).zh

    @property
    def title_en(self) -> str:
        """The same title in English (the ladder's ``Title.en``)."""
        return ladder_for(self.ladder).title(self.level).en

    @property
    def ladder_player(self) -> LadderPlayer:
        return LadderPlayer(self.ladder_score, self.level)

    @property
    def rating(self) -> Rating:
        return Rating(self.rating_mu, self.rating_sigma)

    @property
    def is_admin(self) -> bool:
        return self.role == "admin"


@dataclass(frozen=True, slots=True)
class Credentials:
    account: Account
    password_hash: str


@dataclass(slots=True)
class Seat:
    """One seat of a table: empty, a player (by account) or a bot (by kind: ``bot``).

    A bot also has the name the hall gave it (:mod:`.botnames`), in zh-CN and English,
    and an avatar; None for seats stored before bots had names (the client falls back).
    """

    account: Account | None = None
    bot: str | None = None
    ready: bool = False
    name: str | None = None
    name_en: str | None = None
    avatar: int | None = None
    auto: bool = False
    """托管 (R34) asked by the player, during the game or before it (for the next one):
    stored, so that a restart keeps playing his seat for him (issue 14, issue 29: it came
    back off); off again once the game ends. Being away is not kept here."""
    leaving: str | None = None
    """Why an admin removed this player during a game (a ``StandReason``: ``kicked`` or
    ``banned``): the hall's bot plays the seat to the game's end, and he is stood up
    then. Stored, so that a restart neither gives him his seat back nor forgets it."""

    @property
    def empty(self) -> bool:
        return self.account is None and self.bot is None

    @property
    def hall_plays(self) -> bool:
        """The hall's bot plays this player's seat: 托管 he chose, or an admin's kick."""
        return self.account is not None and (self.auto or self.leaving is not None)

    def game_ended(self) -> None:
        """What lasts one game ends with it: 托管 (R34), and a player's ready (the next
        game starts only when he says so again); a bot stays ready."""
        self.auto = False
        if self.account is not None:
            self.ready = False

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "account_id": None if self.account is None else self.account.id,
            "bot": self.bot,
            "ready": self.ready,
        }
        if self.bot is not None:
            out.update(name=self.name, name_en=self.name_en, avatar=self.avatar)
        if self.auto:
            out["auto"] = True
        if self.leaving is not None:
            out["leaving"] = self.leaving
        return out


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
    name_protected_until: float | None = None
    """Unix time until which a sign protects the name (R41); only an admin renames it."""
    name_default: bool = False
    """The name is the default one (no name was given): clients show it in their own
    language («X的桌» / "X's table"); a rename clears it."""
    private: bool = False
    """A private table (issue 15): not in the lobby, reached by code or link only."""
    room_code: str | None = None
    invite_token: str | None = None
    admitted: set[int] = field(default_factory=set)
    """Who came in by the code, the link or an invitation (may sit and watch)."""
    locked: bool = False
    spectators_allowed: bool = True
    club_id: int | None = None
    """A club's table (issue 26): private, and its door admits the club's members only."""
    session_id: int | None = None
    """The table's latest session room, running or ended (issue 26)."""
    tournament: TournamentPlace | None = None
    """A tournament's table for one round (issue 28): its seats drawn, its deals given."""

    @property
    def in_lobby(self) -> bool:
        """Listed in the lobby: not private (issue 15), nor a tournament's (issue 43: only
        its players see it while its round is played)."""
        return not self.private and self.tournament is None


@dataclass(frozen=True, slots=True)
class TournamentPlace:
    """What a tournament's table plays (issue 28): ``games`` games of round ``round``,
    each dealt from ``deals[k]`` — the same at every table of the round (duplicate)."""

    tournament_id: int
    round: int
    games: int
    deals: tuple[DealFairness, ...]
    club_id: int | None = None
    """A club's tournament: its tables are not there for one who may not see it (issue
    54: a stranger is answered ``no_such_table``, not ``round_in_play``)."""


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
class EndedGame:
    """A table's last game as stored at its end: what its ``game_over`` said."""

    id: int
    status: str
    result: dict[str, Any] | None
    record: dict[str, Any]
    settlement: dict[str, Any]
    seats: list[dict[str, Any]]
    """The game's seats as :class:`StoredGame` has them (account, bot names)."""


@dataclass(frozen=True, slots=True)
class StoredChat:
    """A chat message as stored: its id and when it was said."""

    id: int
    at: datetime


@dataclass(frozen=True, slots=True)
class FriendLinks:
    """A player's friends, the requests to and from him, and whom he blocked."""

    friends: list[Account]
    incoming: list[Account]
    outgoing: list[Account]
    blocked: list[Account]


ReportOutcome = Literal["reported", "already", "missing"]
"""A report's fate: stored, made before by the same account (kept once), or of no message."""


@dataclass(frozen=True, slots=True)
class ChatReport:
    """A message a player reported to the admins."""

    id: int
    message_id: int
    table_id: int
    author_id: int
    author: str
    kind: str
    body: str
    said_at: datetime
    reporter_id: int
    reporter: str
    reason: str
    at: datetime


@dataclass(frozen=True, slots=True)
class StoredReview:
    """A coach's review of one seat of one game (issue 17), done or under way."""

    id: int
    game_id: int
    seat: int
    worlds: int
    seed: int
    status: str
    """``queued``, ``running``, ``done`` or ``failed``."""
    requested_by: int
    result: dict[str, Any] | None


@dataclass(frozen=True, slots=True)
class GameLinks:
    """What a player may still open of a game he played (issue 31, from his 战绩)."""

    replay_id: str | None
    """His recorder's saved replay of it (R41), if any."""
    record_open: bool
    """Its full record is still his (R41: he sits at its table, no later game there)."""
    reviewed: bool
    """The coach's review of his seat is stored (readable whatever the record's window)."""


@dataclass(frozen=True, slots=True)
class PlayedGame:
    """A game that ended, as a player's history (战绩) reads it: its result and
    settlement, never its hands (R41)."""

    id: int
    table_id: int
    status: str
    ended_at: datetime | None
    result: dict[str, Any] | None
    settlement: dict[str, Any]
    seats: list[dict[str, Any]]
    """Each seat: ``seat``, ``account_id``, ``nickname`` (players), ``bot``, ``name``,
    ``name_en`` (bots), ``outcome``."""


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
    fairness: DealFairness | None = None


@dataclass(frozen=True, slots=True)
class DealFairness:
    """How a game's deals are drawn (issues 28 and 43, :mod:`yuanzi.engine.fairness`): a
    secret seed per half, committed to before the deal, and the values added to it —
    at a table each seat's (``by``: ``player``, or ``hall``: under ``yuanzi-deal/2`` no
    value is kept for it, the seed fixes it), at a tournament's table its entrants' (``by``
    empty). Stored with the game at its start; shown in its record once it is over."""

    seeds: tuple[bytes, bytes]
    contributions: tuple[str, ...]
    by: tuple[str, ...]
    scheme: str = SCHEME
    """``yuanzi-deal/1`` for the games dealt before issue 43 (their records stay
    verifiable)."""
    asked: tuple[int, ...] = ()
    """The seats asked for a value when the hall committed (``yuanzi-deal/2``): the
    ``waiting`` of the ``deal_commit`` frame every seat saw."""

    @property
    def commits(self) -> tuple[str, str]:
        return commit_of(self.seeds[0]), commit_of(self.seeds[1])

    def values(self, half: int) -> list[str]:
        """The values that enter ``half``'s key."""
        return half_values(self.scheme, self.seeds[half], half, self.contributions, self.by)

    def stream(self, half: int) -> DealStream:
        """What ``half``'s deal is drawn from (:func:`yuanzi.engine.fairness.fair_deal`)."""
        return DealStream(key_of(self.scheme, self.seeds[half], half, self.commits,
                                 self.values(half)))

    def fields(self, half: int) -> dict[str, Any]:
        """``half``'s fairness in the record, once the game is over (RECORD.md)."""
        return half_fields(self.scheme, self.seeds, half, self.contributions, self.by,
                           self.asked)

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"seeds": [s.hex() for s in self.seeds],
               "contributions": list(self.contributions), "by": list(self.by)}
        if self.scheme != SCHEME:
            out["scheme"] = self.scheme
        if self.scheme == SCHEME_2:
            out["asked"] = list(self.asked)
        return out

    @classmethod
    def from_json(cls, data: dict[str, Any] | None) -> DealFairness | None:
        if not data:
            return None
        s0, s1 = (bytes.fromhex(s) for s in data["seeds"])
        by = tuple(data["by"])
        # (a game stored before "asked" was: its players' seats are all it can say)
        asked = data.get("asked", [i for i, b in enumerate(by) if b == "player"])
        return cls((s0, s1), tuple(data["contributions"]), by, data.get("scheme", SCHEME),
                   tuple(asked))
