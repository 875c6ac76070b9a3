"""Refusals of the hall: a stable machine code (the client translates it) and an English
message. The server turns a :class:`HallError` into an HTTP error or an ``error`` frame."""

from __future__ import annotations

from enum import StrEnum


class Code(StrEnum):
    """Stable error codes; clients key their zh-CN / English texts on these. Each carries
    the HTTP status a REST route answers it with (400 unless named)."""

    status: int

    def __new__(cls, value: str, status: int = 400) -> Code:
        member = str.__new__(cls, value)
        member._value_ = value
        member.status = status
        return member

    BAD_NICKNAME = "bad_nickname", 422
    BAD_PASSWORD = "bad_password", 422
    WEAK_PASSWORD = "weak_password", 422
    NICKNAME_TAKEN = "nickname_taken", 409
    NICKNAME_TOO_SIMILAR = "nickname_too_similar", 409
    WRONG_CREDENTIALS = "wrong_credentials", 401
    NOT_LOGGED_IN = "not_logged_in", 401
    RATE_LIMITED = "rate_limited", 429
    REPLACED = "replaced", 409
    FORBIDDEN = "forbidden", 403
    MALFORMED = "malformed", 422
    UNKNOWN_TYPE = "unknown_type", 400
    PROTOCOL_VERSION = "protocol_version", 400
    DUPLICATE_SEQ = "duplicate_seq", 400
    STALE_VERSION = "stale_version", 400
    NO_SUCH_TABLE = "no_such_table", 404
    NO_SUCH_GAME = "no_such_game", 404
    SEAT_TAKEN = "seat_taken", 409
    NOT_SEATED = "not_seated", 409
    ALREADY_SEATED = "already_seated", 400
    NOT_OWNER = "not_owner", 403
    GAME_IN_PROGRESS = "game_in_progress", 409
    WOULD_ESCAPE = "would_escape", 400
    NO_GAME = "no_game", 409
    NOT_YOUR_TURN = "not_your_turn", 400
    NO_HALF_BREAK = "no_half_break", 409
    ILLEGAL_MOVE = "illegal_move", 400
    BAD_OPTIONS = "bad_options", 422
    TOO_MANY_TABLES = "too_many_tables", 400
    UNKNOWN_BOT = "unknown_bot", 400
    BET_CHANGED = "bet_changed", 400
    INTERNAL = "internal", 500
    TABLE_MOVED = "table_moved", 503
    """A hall of several nodes: the table's node is handing it over; try again."""
    # the economy (R35–R44)
    NOT_ENOUGH_COINS = "not_enough_coins", 409
    SAME_IP = "same_ip", 409
    BOTS_DO_NOT_BET = "bots_do_not_bet", 409
    """A bot asked for at a betting table, or a bet at a table with bots (R40)."""
    INVENTORY_FULL = "inventory_full", 409
    BAD_SLOT = "bad_slot", 409
    NO_SUCH_ITEM = "no_such_item", 404
    NOT_FOR_SALE = "not_for_sale", 409
    ITEM_UNUSABLE = "item_unusable", 409
    GEM_CAP = "gem_cap", 409
    RELIEF_REFUSED = "relief_refused", 409
    NAME_PROTECTED = "name_protected", 409
    NEEDS_ITEM = "needs_item", 409
    # the coach (issue 17)
    REVIEW_BUSY = "review_busy", 409
    REVIEW_QUEUE_FULL = "review_queue_full", 503
    NO_SUCH_ACCOUNT = "no_such_account", 404
    NO_SUCH_REPLAY = "no_such_replay", 404
    BANNED = "banned", 403
    # private tables (issue 15)
    PRIVATE_TABLE = "private_table", 403
    TABLE_LOCKED = "table_locked", 403
    NO_SUCH_CODE = "no_such_code", 404
    TABLE_FULL = "table_full", 409
    NO_SPECTATORS = "no_spectators", 403
    NOT_WATCHING = "not_watching", 409
    # chat (issue 15)
    CHAT_RESTRICTED = "chat_restricted", 403
    SILENCED = "silenced", 403
    NO_SUCH_MESSAGE = "no_such_message", 404
    # friends (issue 15)
    NO_SUCH_REQUEST = "no_such_request", 404
    NO_SUCH_SUBSCRIPTION = "no_such_subscription", 404
    """Removing a push subscription that is not the player's (issue 47)."""
    NOT_FRIENDS = "not_friends", 403
    # clubs (issue 26)
    NO_SUCH_CLUB = "no_such_club", 404
    NOT_A_MEMBER = "not_a_member", 403
    NOT_CLUB_MANAGER = "not_club_manager", 403
    CLUB_FULL = "club_full", 409
    TOO_MANY_CLUBS = "too_many_clubs", 409
    BANNED_FROM_CLUB = "banned_from_club", 403
    ALREADY_MEMBER = "already_member", 409
    # session rooms (issue 26)
    NOT_PRIVATE = "not_private", 409
    NO_SESSION = "no_session", 409
    SESSION_RUNNING = "session_running", 409
    NO_SUCH_SESSION = "no_such_session", 404
    # fair deals (issue 28)
    NO_DEAL_PENDING = "no_deal_pending", 409
    # tournaments (issue 28)
    TOURNAMENT_TABLE = "tournament_table", 409
    ROUND_IN_PLAY = "round_in_play", 403
    """A tournament's table, game or results while its round is played (issue 43): only
    the table's own four players (and admins) see anything of its deals until then."""
    NO_SUCH_TOURNAMENT = "no_such_tournament", 404
    TOURNAMENT_CLOSED = "tournament_closed", 409
    TOURNAMENT_FULL = "tournament_full", 409
    TOURNAMENT_EMPTY = "tournament_empty", 409
    """Filling with bots a tournament no player has signed up for (issue 45): it would be
    bots alone; its creator signs up first."""
    CHECK_IN_CLOSED = "check_in_closed", 409
    NOT_ENTERED = "not_entered", 409
    ALREADY_ENTERED = "already_entered", 409
    COMMITMENT_TAKEN = "commitment_taken", 409
    """Signing up with a commitment another entrant of the tournament signed up with
    (issue 54: a copy would be revealed with the value its first entrant revealed)."""
    IN_ANOTHER_TOURNAMENT = "in_another_tournament", 409
    """Signing up while playing in another tournament, or waiting for a sit-and-go to
    fill (issue 44: one account held live hands at two at once)."""


class HallError(Exception):
    """A refusal: nothing changed."""

    def __init__(self, code: Code, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.message = message


def no_such_table(table_id: int) -> HallError:
    """The one answer for a table that is not there, and for a private table to one who
    did not come in (issue 27: the answer must not tell that it exists)."""
    return HallError(Code.NO_SUCH_TABLE, f"there is no table {table_id}")


def round_in_play() -> HallError:
    """The one answer for what a tournament's round in play keeps to its tables' players
    (issue 43): its tables, records, reviews and the facts of its games."""
    return HallError(Code.ROUND_IN_PLAY, "a tournament's games are shown when their round "
                                         "is over: other tables still play the same cards")
