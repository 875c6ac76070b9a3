"""The desks' own ports (issue 29): each desk is given the part of the store it uses,
never the whole :class:`~yuanzi.hall.ports.Store` (which has them all) nor the Hall."""

from __future__ import annotations

from collections.abc import Callable, Collection, Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any, Literal, Protocol

from yuanzi.hall.group_models import (
    BotsFor,
    CheckIn,
    Club,
    ClubHouse,
    ClubMember,
    ClubRole,
    ClubStanding,
    ClubTallyRow,
    JoinOutcome,
    Reveal,
    StoredSession,
    StoredTournament,
    TournamentGame,
    TournamentJoin,
)
from yuanzi.hall.models import (
    Credentials,
    DealFairness,
    EndedGame,
    FriendLinks,
    ReportOutcome,
    StoredGame,
    StoredReview,
    TableSpec,
)


class OpenTables(Protocol):
    """Which tables are open in the hall (the hall's router, as a desk asks it)."""

    def is_open(self, table_id: int) -> bool: ...
    async def check_open(self, table_id: int) -> None:
        """Refuse (``no_such_table``) a table open nowhere in the hall."""


class ChatStore(Protocol):
    """What the desk keeps: silences, mutes, reports, and old messages to forget."""

    async def silenced_until(self, account_id: int) -> datetime | None: ...
    async def set_mute(self, account_id: int, muted_id: int, on: bool) -> None: ...
    async def mutes_of(self, account_id: int) -> set[int]: ...
    async def report_chat(self, message_id: int, reporter_id: int,
                          reason: str) -> ReportOutcome: ...
    async def purge_chat(self, before: datetime) -> int: ...


class FriendStore(Protocol):
    """What the desk keeps: the friendships, the requests and the blocks."""

    async def credentials(self, key: str) -> Credentials | None: ...
    async def friend_links(self, account_id: int) -> FriendLinks: ...
    async def request_friend(self, account_id: int, friend_id: int) -> str: ...
    async def answer_friend(self, account_id: int, asker_id: int, accept: bool) -> bool: ...
    async def unfriend(self, account_id: int, friend_id: int) -> None: ...
    async def set_block(self, account_id: int, blocked_id: int, on: bool) -> None: ...
    async def blocks(self, account_id: int, other_id: int) -> bool: ...
    async def are_friends(self, account_id: int, other_id: int) -> bool: ...
    async def friend_ids(self, account_id: int) -> list[int]:
        """The accounts this one is friends with (not asked, not blocked)."""


class ReviewStore(Protocol):
    """What the desk reads and keeps: games and who may see them, and the reviews."""

    async def game(self, game_id: int) -> StoredGame | None: ...
    async def game_record(self, game_id: int) -> dict[str, Any] | None: ...
    async def record_open_to(self, game_id: int, account_id: int) -> bool: ...
    async def owns_replay(self, game_id: int, account_id: int) -> bool: ...
    async def seat_in_game(self, game_id: int, account_id: int) -> int | None: ...
    async def stored_review(self, game_id: int, seat: int, worlds: int,
                            seed: int) -> StoredReview | None: ...
    async def queue_review(self, game_id: int, seat: int, worlds: int, seed: int,
                           account_id: int, cap: int, stale_before: datetime,
                           per_hour: int | None = None) -> StoredReview: ...
    async def finish_review(self, review_id: int, status: str,
                            result: dict[str, Any] | None) -> None: ...


class ClubStore(Protocol):
    """What the club desk keeps (issue 26): the clubs and their members. Each write that
    a cap or a role bounds decides in its own transaction, so two at once cannot pass it."""

    async def create_club(self, founder_id: int, name: str, notice: str, join_code: str,
                          invite_token: str, max_clubs: int) -> Club | None:
        """None: the founder is in ``max_clubs`` clubs already. ``ClubCodeTaken``: draw
        another code."""

    async def club(self, club_id: int) -> Club | None: ...
    async def club_by_secret(self, join_code: str | None = None,
                             invite_token: str | None = None) -> Club | None: ...
    async def clubs_of(self, account_id: int) -> list[Club]:
        """The clubs where the account is a member (not waiting, not banned)."""

    async def applications_of(self, account_id: int) -> list[tuple[int, str]]:
        """The clubs (id, name) where the account waits to be let in."""

    async def club_member(self, club_id: int, account_id: int) -> ClubMember | None: ...
    async def club_members(self, club_id: int) -> list[ClubMember]: ...
    async def join_club(self, club_id: int, account_id: int, approve: bool, max_members: int,
                        max_clubs: int) -> JoinOutcome:
        """Come in (``approve``: at once) unless banned, in already, the club full or the
        joiner in ``max_clubs`` clubs."""

    async def set_club_member(self, club_id: int, account_id: int,
                              role: ClubRole | None = None,
                              standing: ClubStanding | None = None) -> bool:
        """Change a member's role or standing (False: no such member)."""

    async def admit_club_member(self, club_id: int, account_id: int, max_members: int,
                                max_clubs: int) -> JoinOutcome:
        """A waiting member approved: ``member``, or ``full``/``too_many`` as a join."""

    async def remove_club_member(self, club_id: int, account_id: int) -> bool: ...
    async def open_tables(self, only: int | None = None,
                          club: int | None = None) -> list[TableSpec]:
        """The tables not closed (``club``: that club's)."""
    async def hand_club_on(self, club_id: int, founder_id: int, heir_id: int) -> bool:
        """The founder hands the club to a member: he stays a manager."""

    async def update_club(self, club_id: int, notice: str | None = None,
                          open_join: bool | None = None, house: ClubHouse | None = None,
                          reset_tally: bool = False) -> None:
        """Change what is given (``reset_tally``: the club's tally counts from now)."""

    async def club_sessions(self, club_id: int, limit: int
                            ) -> list[tuple[StoredSession, list[EndedGame]]]:
        """The club's latest sessions, newest first, their games without records."""

    async def club_tally(self, club_id: int, since: datetime | None) -> list[ClubTallyRow]: ...


class SessionStore(Protocol):
    """What session rooms keep (issue 26): the sessions; their games are the games'."""

    async def open_session(self, table_id: int, club_id: int | None, owner_id: int,
                           games: int) -> StoredSession:
        """A running session, and the table's pointer to it, in one transaction."""

    async def end_session(self, session_id: int, reason: str) -> StoredSession | None: ...
    async def keep_session_vote(self, session_id: int, seats: list[int],
                                until: float | None, agreed: bool) -> None:
        """The vote to end as it stands (no seats: none runs; ``agreed``: the game in
        progress is the last)."""
    async def stored_session(self, session_id: int) -> StoredSession | None: ...
    async def session_games(self, session_id: int) -> list[EndedGame]:
        """Its ended games in order, seats named, records included."""


class TournamentStore(Protocol):
    """What tournaments keep (issue 28); their results are their tables' games."""

    async def create_tournament(self, name: str, size: int, rounds: int, games_per_round: int,
                                creator_id: int, club_id: int | None,
                                seed: int, starts_at: float | None = None,
                                deal_secret: bytes | None = None) -> StoredTournament: ...
    async def tournament(self, tournament_id: int) -> StoredTournament | None: ...
    async def tournaments(self, statuses: tuple[str, ...], limit: int,
                          clubs: Collection[int] | None = None
                          ) -> list[StoredTournament]: ...
    async def enter_tournament(self, tournament_id: int, account_id: int | None,
                               bot: tuple[str, str, str, int] | None = None,
                               contribution: str | None = None,
                               commitment: str | None = None
                               ) -> tuple[TournamentJoin, StoredTournament | None]:
        """Take the next place (with the player's value for the deals, or its SHA-256);
        the last one starts it (``running``)."""

    async def reveal_value(self, tournament_id: int, account_id: int,
                           value: str) -> Reveal:
        """An entrant's committed value, once sign-ups are closed."""

    async def stalled_tournaments(self, started_before: float) -> list[int]:
        """Running tournaments started before then whose first round never began."""

    async def leave_tournament(self, tournament_id: int, account_id: int) -> bool: ...
    async def check_in(self, tournament_id: int, account_id: int,
                       opens_before: float) -> CheckIn: ...
    async def claim_check_in_reminders(self, opens_before: float
                                       ) -> list[StoredTournament]: ...
    async def check_ins_waiting(self, account_id: int, opens_before: float
                                ) -> list[StoredTournament]: ...
    async def due_tournaments(self) -> list[int]: ...
    async def start_scheduled(self, tournament_id: int, least: int,
                              bots_for: BotsFor) -> StoredTournament | None:
        """Those checked in play, bots fill the rest — or too few: cancelled."""

    async def withdraw(self, tournament_id: int, account_id: int) -> int | None:
        """退赛: the round from which 托管 plays his seat."""
    async def begin_round(self, tournament_id: int, round_: int, deals: list[DealFairness],
                          tables: list[TableSpec]) -> list[int] | None:
        """The round's deals and tables stored at once (None: begun elsewhere)."""

    async def finish_tournament(self, tournament_id: int, last_round: int) -> bool: ...
    async def round_tables(self, tournament_id: int, round_: int) -> list[tuple[int, str]]: ...
    async def tournament_games(self, tournament_id: int) -> list[TournamentGame]: ...
    async def games_at_table(self, table_id: int) -> int: ...
    async def tournament_round_of_game(self, game_id: int) -> tuple[int, int] | None: ...
    async def games_in_open_rounds(self, game_ids: Collection[int]) -> set[int]: ...
    async def tournament_games_among(self, game_ids: Collection[int]) -> set[int]: ...
    async def running_tournaments(self) -> list[StoredTournament]: ...


# -- Web Push (issue 47, hall/services/push.py) --------------------------------------------


@dataclass(frozen=True, slots=True)
class PushSubscription:
    account_id: int
    endpoint: str
    p256dh: str
    auth: str
    kinds: tuple[str, ...]
    lang: str


@dataclass(frozen=True, slots=True)
class Push:
    """One push: what it says (``payload``, JSON), how long it may wait, what replaces it."""

    payload: dict[str, Any]
    ttl: int
    topic: str
    urgency: str = "normal"


Sent = Literal["sent", "gone", "failed", "refused"]
"""``gone``: answered 404 or 410; ``refused``: the endpoint's host resolved to an address
the hall does not call (issue 54); ``failed``: anything else (timed out, refused by the
service, unreachable)."""


@dataclass(frozen=True, slots=True)
class TableName:
    """A table's name as a push says it: its text, or — opened without one — its
    owner's, said as "X的桌" / "X's table" in the reader's language."""

    text: str
    owner: str | None = None


class PushSender(Protocol):
    """The road to the push services (the server's, with pywebpush)."""

    def new_key(self) -> str:
        """A new VAPID private key (PEM)."""
    def public_key(self, private_pem: str) -> str:
        """The key's public half as a browser's ``applicationServerKey`` (base64url)."""
    async def send(self, subscription: PushSubscription, push: Push, private_pem: str) -> Sent:
        """Encrypt and post one push, within the sender's own bounds (issue 54)."""
    async def close(self) -> None:
        """Let its connections go (the hall is stopping)."""


class PushStore(Protocol):
    async def hall_key(self, name: str, make: Callable[[], str]) -> str: ...
    async def save_subscription(self, subscription: PushSubscription, login: str | None,
                                keep: int) -> None: ...
    async def drop_login_subscriptions(self, login: str) -> int: ...
    async def drop_subscription(self, endpoint: str, account_id: int | None = None) -> bool: ...
    async def subscriptions_of(self, account_ids: Sequence[int]) -> list[PushSubscription]: ...
    async def club(self, club_id: int) -> Club | None: ...
    async def club_members(self, club_id: int) -> list[ClubMember]:
        """(A club's pushes go to its members.)"""
