"""Client → server WebSocket messages (protocol version 1), validated by pydantic.

Every message is a JSON object with a ``type`` and a ``seq`` (a number the client
increases with every message on a connection; replies echo it). docs/protocol.md is
the reference; the server → client frames are in :mod:`yuanzi.hall.events`.
"""

from __future__ import annotations

import json
import typing
from typing import Annotated, Any, ClassVar, Literal

from pydantic import Field, TypeAdapter, ValidationError

from yuanzi.hall.errors import Code, HallError
from yuanzi.hall.events import PROTOCOL_VERSION
from yuanzi.hall.lobby.filter import LOBBY_PAGE, MAX_LEVEL, LobbyFilter
from yuanzi.server.table_protocol import (
    AddBot,
    AutoPlay,
    Contribute,
    EndSession,
    GiveOwner,
    GoOn,
    Hint,
    LockTable,
    MoveSeat,
    OpenSession,
    Play,
    Ready,
    RemoveBot,
    RemovePlayer,
    RemoveSpectator,
    RenameTable,
    Resync,
    Sit,
    Spectate,
    Stand,
    SwapAnswer,
    SwapSeats,
    TableId,
    Unwatch,
)
from yuanzi.server.wire import MAX_AMOUNT, Id, Inbound, holds_nul


class Hello(Inbound):
    type: Literal["hello"]
    protocol: int = PROTOCOL_VERSION


class Ping(Inbound):
    type: Literal["ping"]


class LobbyRequest(Inbound):
    """The list of tables; ``subscribe`` also sends every later change of a table, as
    one ``table`` frame per change or, with ``changes``, gathered into ``lobby_changes``
    frames (at most one an interval, whatever the number of tables)."""

    type: Literal["lobby"]
    subscribe: bool = True
    changes: bool = False
    free_seats: bool = False
    bet: Annotated[int, Field(ge=0, le=MAX_AMOUNT)] | None = None
    min_level: Annotated[int, Field(ge=0, le=MAX_LEVEL)] | None = None
    max_level: Annotated[int, Field(ge=0, le=MAX_LEVEL)] | None = None
    offset: Annotated[int, Field(ge=0, le=MAX_AMOUNT)] = 0
    limit: Annotated[int, Field(ge=1, le=LOBBY_PAGE)] | None = None

    @property
    def filter(self) -> LobbyFilter:
        return LobbyFilter(self.free_seats, self.bet, self.min_level, self.max_level)

    @property
    def paged(self) -> bool:
        """A page or a filter was asked for: the client hears only its tables."""
        return self.limit is not None or self.offset > 0 or not self.filter.is_everything


class CreateTable(Inbound):
    type: Literal["create_table"]
    name: Annotated[str, Field(max_length=64)] = ""
    tablecloth: Annotated[str, Field(max_length=32)] = "green"
    """R41: another cloth than green spends a tablecloth; a name of one's own, a sign."""
    sign: Literal["sign", "gold_sign"] | None = None
    """Which sign a name of one's own spends (the plain one first when not said)."""
    bet: Annotated[int, Field(ge=0, le=MAX_AMOUNT)] = 0
    rules: dict[str, Any] = Field(default_factory=dict)
    private: bool = False
    """A private table (好友房): out of the lobby, with a room code and an invite link."""
    club: Id | None = None
    """A club's table (issue 26): private, open to the club's members only."""
    spectators: bool = True
    """Whether players who came in may watch when the table is full."""
    session: Annotated[int, Field(ge=0, le=16)] | None = None
    """Open it for a session room (issue 26): 4, 8 or 16 games, 0 until someone leaves."""


class JoinClubTable(Inbound):
    """Come into a table of a club you are a member of (issue 26)."""

    type: Literal["join_club_table"]
    table: Id
    via: ClassVar[Literal["club"]] = "club"


class JoinCode(Inbound):
    """Come into a private table by its six-digit room code."""

    type: Literal["join_code"]
    code: Annotated[str, Field(max_length=16)]


class JoinLink(Inbound):
    """Come into a private table by its invite link's token."""

    type: Literal["join_link"]
    token: Annotated[str, Field(max_length=128)]


class Chat(Inbound):
    """Say something at a table: free text, a quick phrase's id or an emote's id."""

    type: Literal["chat"]
    table: TableId
    kind: Literal["text", "phrase", "emote"] = "text"
    body: Annotated[str, Field(min_length=1, max_length=400)]


class Mute(Inbound):
    """Stop (or start again) seeing a player's messages."""

    type: Literal["mute"]
    account: Id
    on: bool = True


class ReportChat(Inbound):
    type: Literal["report_chat"]
    message: Id
    reason: Annotated[str, Field(max_length=200)] = ""


class FriendAsk(Inbound):
    type: Literal["friend_request"]
    nickname: Annotated[str, Field(min_length=1, max_length=64)]


class FriendAnswer(Inbound):
    type: Literal["friend_answer"]
    account: Id
    accept: bool = True


class Unfriend(Inbound):
    type: Literal["unfriend"]
    account: Id


class Block(Inbound):
    type: Literal["block"]
    account: Id
    on: bool = True


class InviteFriend(Inbound):
    type: Literal["invite"]
    table: TableId
    account: Id


class AcceptInvite(Inbound):
    type: Literal["accept_invite"]
    table: TableId
    via: ClassVar[Literal["invite"]] = "invite"










class QuickMatch(Inbound):
    type: Literal["quick_match"]













class UseItem(Inbound):
    """Use the item in an inventory slot (R41–R43); ``table`` defaults to your table."""

    type: Literal["use_item"]
    slot: Annotated[int, Field(ge=0, le=1000)]
    table: TableId | None = None
    name: Annotated[str, Field(max_length=64)] | None = None
    pattern: Annotated[str, Field(max_length=32)] | None = None


class View(Inbound):
    """The table this tab shows in front now, or none (hidden, or another page): a seated
    player none of whose tabs shows his table is pushed his turn (issue 47)."""

    type: Literal["view"]
    table: TableId | None = None


Message = Annotated[
    Hello | Ping | LobbyRequest | CreateTable | QuickMatch | Sit | Stand | Ready | AddBot
    | RemoveBot | Spectate | Unwatch | Play | AutoPlay | Hint | Resync | UseItem | RenameTable
    | JoinCode | JoinLink | LockTable | RemovePlayer | GiveOwner | Chat | Mute | ReportChat
    | FriendAsk | FriendAnswer | Unfriend | Block | InviteFriend | AcceptInvite | JoinClubTable
    | RemoveSpectator | MoveSeat | SwapSeats | SwapAnswer | GoOn | OpenSession | EndSession
    | Contribute | View,
    Field(discriminator="type"),
]
MESSAGE_TYPES: tuple[str, ...] = tuple(
    typing.get_args(cls.model_fields["type"].annotation)[0]
    for cls in typing.get_args(typing.get_args(Message)[0]))
"""Every message ``type`` this server reads, in the order of the union above."""
FEATURES = ("hint", "resync", "items", "rename_table", "counter", "now", "lobby_changes",
            "node", "lobby_filter", "private_tables", "chat", "friends", "seat_moves", "half_break",
            "clubs", "sessions", "fair_deals", "view")
"""What this server offers beyond protocol 1's first messages (hello's ok reply)."""
_ADAPTER: TypeAdapter[Message] = TypeAdapter(Message)  # type: ignore[arg-type,unused-ignore]  # Annotated union


class BadMessage(HallError):
    """A message that could not be read; ``seq`` is echoed when it could be found."""

    def __init__(self, code: Code, message: str, seq: int | None) -> None:
        super().__init__(code, message)
        self.seq = seq


MAX_NESTING = 32
"""Arrays and objects within each other a message may hold (a real one holds two)."""


def _deeper_than(value: Any, limit: int) -> bool:
    """Whether ``value`` nests more than ``limit`` arrays or objects (without recursion)."""
    level: list[tuple[Any, int]] = [(value, 1)]
    while level:
        item, depth = level.pop()
        if isinstance(item, dict | list):
            if depth > limit:
                return True
            children = item.values() if isinstance(item, dict) else item
            level.extend((child, depth + 1) for child in children)
    return False


def parse_message(text: str) -> Message:
    """Validate one inbound frame, or raise :class:`BadMessage` naming the problem.

    A good message is read in one pass by pydantic's JSON parser (a third of the time of
    ``json.loads`` and then validating); one it refuses is read again step by step, which
    says exactly what is wrong with it."""
    if ESCAPED_NUL in text:  # (rare: a NUL, or text that writes one out)
        data = _loads(text)
        if holds_nul(data):
            seq = data.get("seq") if isinstance(data, dict) and type(data.get("seq")) is int \
                else None
            raise BadMessage(Code.MALFORMED, "text may not hold a NUL character (\\u0000)",
                             seq)
    try:
        return _ADAPTER.validate_json(text)
    except ValidationError:
        pass
    data = _loads(text)
    if _deeper_than(data, MAX_NESTING):  # read anyway: the recursion limit was raised
        raise BadMessage(Code.MALFORMED, "not JSON: nested too deeply", None)
    if not isinstance(data, dict):
        raise BadMessage(Code.MALFORMED, "a message is a JSON object", None)
    seq = data.get("seq") if type(data.get("seq")) is int else None
    kind = data.get("type")
    if kind not in MESSAGE_TYPES:
        raise BadMessage(Code.UNKNOWN_TYPE, f"unknown message type {kind!r}", seq)
    try:
        return _ADAPTER.validate_python(data)
    except ValidationError as e:
        first = e.errors()[0]
        where = ".".join(str(p) for p in first["loc"][1:]) or "message"
        raise BadMessage(Code.MALFORMED, f"{kind}: {where}: {first['msg']}", seq) from None


ESCAPED_NUL = "\\u0000"
"""How a NUL is written in JSON text (a raw one is no JSON)."""


def _loads(text: str) -> Any:
    try:
        return json.loads(text)
    except json.JSONDecodeError as e:
        raise BadMessage(Code.MALFORMED, f"not JSON: {e.msg}", None) from None
    except RecursionError:  # thousands of nested arrays in a few KiB
        raise BadMessage(Code.MALFORMED, "not JSON: nested too deeply", None) from None
