"""Refusals of the hall: a stable machine code (the client translates it) and an English
message. The server turns a :class:`HallError` into an HTTP error or an ``error`` frame."""

from __future__ import annotations

from enum import StrEnum


class Code(StrEnum):
    """Stable error codes; clients key their zh-CN / English texts on these."""

    BAD_NICKNAME = "bad_nickname"
    BAD_PASSWORD = "bad_password"
    NICKNAME_TAKEN = "nickname_taken"
    WRONG_CREDENTIALS = "wrong_credentials"
    NOT_LOGGED_IN = "not_logged_in"
    RATE_LIMITED = "rate_limited"
    FORBIDDEN = "forbidden"
    MALFORMED = "malformed"
    UNKNOWN_TYPE = "unknown_type"
    PROTOCOL_VERSION = "protocol_version"
    DUPLICATE_SEQ = "duplicate_seq"
    STALE_VERSION = "stale_version"
    NO_SUCH_TABLE = "no_such_table"
    NO_SUCH_GAME = "no_such_game"
    SEAT_TAKEN = "seat_taken"
    NOT_SEATED = "not_seated"
    ALREADY_SEATED = "already_seated"
    NOT_OWNER = "not_owner"
    GAME_IN_PROGRESS = "game_in_progress"
    WOULD_ESCAPE = "would_escape"
    NO_GAME = "no_game"
    NOT_YOUR_TURN = "not_your_turn"
    ILLEGAL_MOVE = "illegal_move"
    BAD_OPTIONS = "bad_options"
    TOO_MANY_TABLES = "too_many_tables"
    UNKNOWN_BOT = "unknown_bot"
    BET_CHANGED = "bet_changed"
    INTERNAL = "internal"
    # the economy (R35–R44)
    NOT_ENOUGH_COINS = "not_enough_coins"
    SAME_IP = "same_ip"
    INVENTORY_FULL = "inventory_full"
    BAD_SLOT = "bad_slot"
    NO_SUCH_ITEM = "no_such_item"
    NOT_FOR_SALE = "not_for_sale"
    ITEM_UNUSABLE = "item_unusable"
    GEM_CAP = "gem_cap"
    RELIEF_REFUSED = "relief_refused"
    NAME_PROTECTED = "name_protected"
    NO_SUCH_ACCOUNT = "no_such_account"
    NO_SUCH_REPLAY = "no_such_replay"
    BANNED = "banned"


class HallError(Exception):
    """A refusal: nothing changed."""

    def __init__(self, code: Code, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.message = message
