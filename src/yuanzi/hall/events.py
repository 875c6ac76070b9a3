"""Frames the hall sends (server → client), as pydantic models, each encoded once, when
published; docs/protocol.md documents them, :mod:`yuanzi.server.protocol` the client →
server side, :mod:`.people_frames` the frames between people (chat, friends, swaps).

Game views come only from the engine's observation (R45): ``GameFrame.view`` is the
receiving seat's (or a spectator's) ``Observation.to_dict()``, and ``Played``'s public
fields are copied from the spectator's.
"""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, ConfigDict

from yuanzi.hall.runtime.pubsub import Envelope
from yuanzi.hall.sessions.views import SessionView
from yuanzi.hall.table_tag import TableTournament

PROTOCOL_VERSION = 1


class Frame(BaseModel):
    model_config = ConfigDict(extra="forbid")

    def text(self) -> str:
        return self.model_dump_json()

    def envelope(self, table: int | None = None, account: int | None = None) -> Envelope:
        """As published: its ``type``, ``table`` and the account it is by or about beside it."""
        own = getattr(self, "table", None)
        return Envelope(getattr(self, "type", ""), self.text(),
                        own if table is None and type(own) is int else table, account)


class AccountView(BaseModel):
    id: int
    nickname: str
    role: str
    score: int
    level: int
    title: str
    coins: int
    title_en: str = ""
    """The same title in English (the client shows the one of its language)."""


class SeatView(BaseModel):
    seat: int
    kind: Literal["empty", "player", "bot"]
    account_id: int | None = None
    nickname: str | None = None
    level: int | None = None
    title: str | None = None
    title_en: str | None = None
    """A player's title in English (``title`` is the Chinese one)."""
    bot: str | None = None
    name: str | None = None
    """A bot's name (zh-CN), given by the hall (:mod:`.botnames`); null for a bot seated
    before bots had names."""
    name_en: str | None = None
    """The bot's name in English."""
    avatar: int | None = None
    """The bot's face: an index into the client's drawn avatars."""
    ready: bool = False
    connected: bool = False
    auto: bool = False
    """托管: the seat is being played by the hall's bot (R34)."""
    armed: list[str] = []
    """Items the player has armed (R41: ``timer``, ``recorder``): public, as an item shown
    at his seat. What a card counter shows is never here (R45)."""


class TableView(BaseModel):
    id: int
    name: str
    owner_id: int
    owner: str
    tablecloth: str
    bet: int
    rules: dict[str, Any]
    turn_seconds: float
    status: Literal["open", "playing", "closed"]
    game_id: int | None
    seats: list[SeatView]
    spectators: int = 0
    name_protected_until: float | None = None
    """Unix time until which a sign protects the name (R41); null when unprotected."""
    name_default: bool = False
    """No name was given: clients show «{owner}的桌» / "{owner}'s table" in their language
    (``name`` holds the Chinese form for older clients)."""
    private: bool = False
    """A private table (issue 15): never in the lobby; only those who came in see it."""
    room_code: str | None = None
    """A private table's six-digit room code (房间号), to say aloud."""
    invite: str | None = None
    """A private table's invite link token (the link is ``/#/join/{invite}``)."""
    locked: bool = False
    """The owner admits no one new."""
    spectators_allowed: bool = True
    watchers: list[Watcher] = []
    """A private table's spectators by name (its owner may send one away, issue 27); a
    public table shows only how many watch (``spectators``)."""
    session: SessionView | None = None
    """The table's session room, running or last ended (issue 26), with its tally."""
    club: int | None = None
    """A club's table (issue 26): its members come in by the club; no code opens it."""
    tournament: TableTournament | None = None
    """A tournament's table (issue 28): which tournament and round; its seats are drawn."""


class Watcher(BaseModel):
    account_id: int
    nickname: str


class Welcome(Frame):
    type: Literal["welcome"] = "welcome"
    protocol: int = PROTOCOL_VERSION
    account: AccountView
    table: int | None
    """The table the player is seated at (after a reconnection), else null."""


class NodeHint(Frame):
    """A hall of several nodes: your table runs on the node the proxy calls ``node``;
    reconnecting to ``/ws?node={node}`` puts you there (nothing else changes)."""

    type: Literal["node"] = "node"
    table: int
    node: str


class Ok(Frame):
    type: Literal["ok"] = "ok"
    seq: int
    data: dict[str, Any] = {}


class Error(Frame):
    type: Literal["error"] = "error"
    seq: int | None = None
    code: str
    message: str


class Pong(Frame):
    type: Literal["pong"] = "pong"
    seq: int


class LobbyFrame(Frame):
    type: Literal["lobby"] = "lobby"
    tables: list[TableView]


class LobbyPage(LobbyFrame):
    """A page of the lobby (a filter or a limit was asked: :mod:`.lobby.filter`)."""

    total: int
    """How many tables match (the page holds at most 200 of them)."""


class LobbyChanges(Frame):
    """Every row changed since the last bundle, and the tables closed (:mod:`.lobby.board`)."""

    type: Literal["lobby_changes"] = "lobby_changes"
    tables: list[TableView]
    closed: list[int]
    gone: list[int] = []
    """A filtered subscription: tables of the client's page that stopped matching."""


class TableFrame(Frame):
    type: Literal["table"] = "table"
    table: TableView


class TableClosed(Frame):
    type: Literal["table_closed"] = "table_closed"
    table: int


class GameFrame(Frame):
    """A full view: on game start, a new half, joining, spectating or reconnecting."""

    type: Literal["game"] = "game"
    table: int
    game_id: int
    version: int
    seat: int | None
    view: dict[str, Any]
    deadline: float | None
    """Unix time (seconds) when the seat to move times out (R33)."""
    now: int = 0
    """The server's clock (Unix time, milliseconds) when the frame was made: a client
    corrects its clock with it before showing ``deadline``."""
    break_until: float | None = None
    """Unix time (seconds) when the pause between the halves ends at the latest (issue
    31): the first half's summary is read, the leader's clock waits (``half_break``)."""


class DealCommit(Frame):
    """Everyone is ready: the hall has drawn its secret seeds and commits to them before
    any card is seen (issue 28); each seated player's client answers ``contribute`` with a
    random value before ``until``. The game's record shows the seeds once it is over."""

    type: Literal["deal_commit"] = "deal_commit"
    table: int
    commits: list[str]
    """SHA-256 of each half's seed (hex), in order."""
    until: float | None
    """Unix seconds: a seat that has not answered by then gets the hall's value."""
    waiting: list[int]
    """The seats whose players are asked."""
    scheme: str = "yuanzi-deal/2"  # (a replay warns when its record names another: 54)


class HalfBreak(Frame):
    """The pause between the halves changed (issue 31): ``until`` when it lasts at most
    (None: over, the leader's clock runs to ``deadline``), the seats still reading."""

    type: Literal["half_break"] = "half_break"
    table: int
    game_id: int
    until: float | None
    waiting: list[int]
    deadline: float | None
    now: int = 0


class Played(Frame):
    """One applied action, the same for every seat and spectator (public, R45).

    There is no separate hand frame: a player's hand is the one of the last ``game``
    frame minus the cards of his own ``played`` frames (a timeout's card included).
    """

    type: Literal["played"] = "played"
    table: int
    game_id: int
    version: int
    """The game's version after this action; the next action must carry it."""
    seat: int
    cards: str
    """R2 notation or ``pass``."""
    reason: Literal["player", "timeout", "auto", "bot"]
    to_move: int | None
    top: str | None
    top_seat: int | None
    cards_left: list[int]
    trick_points: list[int]
    table_points: int
    out_order: list[int]
    deadline: float | None
    now: int = 0
    """The server's clock in Unix milliseconds (see :class:`GameFrame`)."""


class SeatResult(BaseModel):
    """What a game did to one seat (R35–R44); a bot seat has only ``seat`` and its name."""

    seat: int
    account_id: int | None = None
    name: str | None = None
    """A bot seat's name (zh-CN) and ``name_en`` its English form (null for players)."""
    name_en: str | None = None
    avatar: int | None = None
    score_delta: int = 0
    """The change of the ladder standing (R37, R38): the score on ``titles``."""
    coins_delta: int = 0
    """Bet coins won or lost (R40), or an escape's forfeit (R35)."""
    score: int | None = None
    level: int | None = None
    title: str | None = None
    """The title after the game (R38/R37), in Chinese."""
    title_en: str | None = None
    """The same title in English (the ladder's ``Title.en``)."""
    coins: int | None = None
    pending: bool = False
    """A tournament's game: the ladder, rating and wins count when its round is over (the
    other tables play the same deals); ``score_delta`` says what it will be."""
    items: list[str] = []
    """Items and gems won (R44)."""
    lost_items: list[str] = []
    """Drops that did not fit a full inventory (R43): they are lost."""


class GameOver(Frame):
    type: Literal["game_over"] = "game_over"
    table: int
    game_id: int
    status: Literal["finished", "abandoned"]
    result: dict[str, Any] | None
    escaper: int | None
    record: dict[str, Any] | None
    """The whole record (R45: every hand may be shown after the game) — to the game's
    players; spectators get null (R41: the result, no hands)."""
    seats: list[SeatResult] = []
    """Per seat: ladder, coins and drops after the settlement (empty if it failed)."""


StandReason = Literal["coins", "same_ip", "kicked", "banned", "removed", "blocked"]
"""Why the hall stood a player up (``stood_up``'s reason)."""
LeaveReason = Literal["coins", "same_ip", "kicked", "banned", "removed", "blocked", "stood",
                      "closed"]
"""Why an account no longer hears a table (``left_table``'s reason)."""


class StoodUp(Frame):
    """Sent to a player the hall stood up: too few coins for the bet (R40), an address
    shared at a betting table, kicked or banned by an admin, removed or blocked by a
    private table's owner."""

    type: Literal["stood_up"] = "stood_up"
    table: int
    seat: int
    reason: StandReason
    message: str


class LeftTable(Frame):
    """An account is out of a table (issue 27): it no longer hears it, on any of its
    connections. Published on the table's door (:func:`~yuanzi.hall.runtime.pubsub.door_topic`)
    ahead of the table's next frame; ``account`` null: the table closed, for everyone.
    A connection that heard the table passes its own (``account`` set) on to its client."""

    type: Literal["left_table"] = "left_table"
    table: int
    account: int | None
    reason: LeaveReason
    message: str = ""


class CounterFrame(Frame):
    """The card counter (算牌器, R41), to its owner only: the cards the other three seats
    still hold *together* — all 162 minus his hand minus what was played this half."""

    type: Literal["counter"] = "counter"
    table: int
    game_id: int
    version: int
    seat: int
    cards: str
    count: int
    now: int


class TimerFrame(Frame):
    """An armed timer fired on its owner's timeout (R41): +90 s, 3 × 90 coins paid."""

    type: Literal["timer"] = "timer"
    table: int
    game_id: int
    seat: int
    seconds: int
    deadline: float | None
    fee: int
    """Coins the owner paid (90 to each other seated player)."""
    paid: list[int] = []
    """The seats paid (each got ``each`` coins): the other players, never a bot's seat."""
    each: int = 0
    unpaid_bots: list[int] = []
    """Bot seats at the table: no one was paid for them (R41)."""
    now: int


class ReplaySaved(Frame):
    """A recorder saved the finished game (R41), to its owner only."""

    type: Literal["replay_saved"] = "replay_saved"
    replay: str
    game_id: int


class ReviewProgress(Frame):
    """The coach's progress on a seat's review (issue 17), to the player who asked only."""

    type: Literal["review_progress"] = "review_progress"
    game_id: int
    seat: int
    done: int
    total: int


class ReviewReady(Frame):
    """The review is stored (``GET /api/games/{id}/review``), or it failed."""

    type: Literal["review_ready"] = "review_ready"
    game_id: int
    seat: int
    ok: bool


class SessionEnded(Frame):
    """The account's sessions were revoked (a ban): the connection closes after this."""

    type: Literal["session_ended"] = "session_ended"
    reason: str
    message: str
