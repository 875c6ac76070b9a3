"""The commands a table takes, and its replies: the one seam between a table and whatever
speaks for its clients (the WebSocket, the REST routes, an admin, the hall itself).

Every command and reply is a plain value — a frozen dataclass of numbers, strings and
tuples — so that a later step can carry it between processes. A command says who sent
it (:class:`Sender`: the account, its role, the connection's address and id), so that
the table, not the transport, decides what the sender may do. A reply's fields are the
``ok`` data of docs/protocol.md (:func:`ok_data`).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from yuanzi.engine.cards import Card
from yuanzi.hall.events import StandReason as StandReason  # (its old home)
from yuanzi.hall.table.replies import (  # (the replies' old home)
    Acted as Acted,
    AdminRenamed as AdminRenamed,
    AutoSet as AutoSet,
    BetSet as BetSet,
    BotAdded as BotAdded,
    BotRemoved as BotRemoved,
    CameIn as CameIn,
    ClothSet as ClothSet,
    CounterUsed as CounterUsed,
    Done as Done,
    HintGiven as HintGiven,
    Invited as Invited,
    Kicked as Kicked,
    Locked as Locked,
    OwnerGiven as OwnerGiven,
    ReadySet as ReadySet,
    Renamed as Renamed,
    Reply as Reply,
    Resynced as Resynced,
    Said as Said,
    Seated as Seated,
    SessionSet as SessionSet,
    SwapAnswered as SwapAnswered,
    Swapped as Swapped,
    ok_data as ok_data,
)
from yuanzi.hall.table.sender import ADMIN as ADMIN, Sender as Sender

# -- commands ------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Sit:
    sender: Sender
    table: int
    seat: int


@dataclass(frozen=True, slots=True)
class Stand:
    """Leave a seat; during a game only as an escape (R35)."""

    sender: Sender
    table: int
    escape: bool = False


@dataclass(frozen=True, slots=True)
class Ready:
    sender: Sender
    table: int
    ready: bool = True
    bet: int | None = None
    """The bet the player agrees to (R40): refused if the table's is now another."""


@dataclass(frozen=True, slots=True)
class AddBot:
    sender: Sender
    table: int
    seat: int
    bot: str


@dataclass(frozen=True, slots=True)
class RemoveBot:
    sender: Sender
    table: int
    seat: int


@dataclass(frozen=True, slots=True)
class Play:
    """An action at the version the player saw: cards (parsed at the edge), or None to pass.

    Card text that did not parse arrives as ``bad`` (the reason): the table refuses it as
    an illegal move only after its own checks (seat, version, turn), as it always has.
    """

    sender: Sender
    table: int
    version: int
    cards: tuple[Card, ...] | None
    bad: str | None = None


@dataclass(frozen=True, slots=True)
class AutoPlay:
    """托管 on or off (R34)."""

    sender: Sender
    table: int
    on: bool


@dataclass(frozen=True, slots=True)
class Hint:
    sender: Sender
    table: int
    version: int


@dataclass(frozen=True, slots=True)
class Join:
    """The sender's whole view of the table as frames (on joining it); ``watch`` counts
    him as a spectator unless he sits here."""

    sender: Sender
    table: int
    watch: bool


@dataclass(frozen=True, slots=True)
class Resync:
    """The sender's whole view of the table as a reply (a missed frame); a sender who
    does not sit here watches it."""

    sender: Sender
    table: int


@dataclass(frozen=True, slots=True)
class Unwatch:
    sender: Sender
    table: int


@dataclass(frozen=True, slots=True)
class Presence:
    """A seated player's connections came back, or all went (R34)."""

    sender: Sender
    table: int
    connected: bool


@dataclass(frozen=True, slots=True)
class View:
    """A connection shows the table in front (True), not (False), or closed (None)."""
    sender: Sender
    table: int
    in_view: bool | None


@dataclass(frozen=True, slots=True)
class UseCounter:
    """算牌器 (R41), from an inventory slot (None: the first one held)."""

    sender: Sender
    table: int
    slot: int | None = None


@dataclass(frozen=True, slots=True)
class Rename:
    """招牌 / 金字招牌 (R41): ``item`` picks which (None: the first one held)."""

    sender: Sender
    table: int
    name: str
    slot: int | None = None
    item: str | None = None


@dataclass(frozen=True, slots=True)
class SetCloth:
    """桌布 (R41)."""

    sender: Sender
    table: int
    pattern: str
    slot: int | None = None


@dataclass(frozen=True, slots=True)
class ArmedChanged:
    """The sender armed or disarmed a timer or recorder: what is armed now."""

    sender: Sender
    table: int
    armed: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class SetBet:
    """The owner's new bet between games (R40)."""

    sender: Sender
    table: int
    bet: int


@dataclass(frozen=True, slots=True)
class AdminRename:
    sender: Sender
    table: int
    name: str


@dataclass(frozen=True, slots=True)
class Kick:
    """An admin removes ``account_id`` (now between games, at its end during one)."""

    sender: Sender
    table: int
    account_id: int
    reason: StandReason


@dataclass(frozen=True, slots=True)
class ComeIn:
    """Come into a private table by its room code, its invite link or an invitation
    (issue 15): admitted, and seated if a seat is free (else watching, if allowed)."""

    sender: Sender
    table: int
    via: Literal["code", "link", "invite", "club"]


@dataclass(frozen=True, slots=True)
class Invite:
    """A player at the table invites a friend: at a private table the friend may then
    come in (``ComeIn`` via ``invite``) for a while."""

    sender: Sender
    table: int
    account_id: int


@dataclass(frozen=True, slots=True)
class Say:
    """A message at the table (issue 15): free text, a quick phrase or an emote."""

    sender: Sender
    table: int
    nickname: str
    form: Literal["text", "phrase", "emote"]
    """(Not ``kind``: the codec's name for a command's class.)"""
    body: str


@dataclass(frozen=True, slots=True)
class Lock:
    """The owner of a private table admits no one new (or again)."""

    sender: Sender
    table: int
    locked: bool


@dataclass(frozen=True, slots=True)
class RemovePlayer:
    """The owner of a private table removes a player between games."""

    sender: Sender
    table: int
    seat: int


@dataclass(frozen=True, slots=True)
class RemoveSpectator:
    """The owner of a private table sends a spectator away (issue 27): out at once, and
    admitted no more (he comes in again by the code, unless the table is locked)."""

    sender: Sender
    table: int
    account_id: int


@dataclass(frozen=True, slots=True)
class Block:
    """The sender blocked ``account_id``: if the sender owns this private table, the
    blocked one is out of it (issue 27) — a spectator at once, a player when the game
    ends (he plays it out) or at once between games — and may not come in again."""

    sender: Sender
    table: int
    account_id: int


@dataclass(frozen=True, slots=True)
class ClubOut:
    """``account_id`` is no longer a member of club ``club_id`` (removed, banned or gone,
    issue 44): at that club's table he is out as after an owner's block — a spectator at
    once, a player at once between games or when his game ends (he plays it out) — and
    admitted no more. Sent by the club desk to each of the club's open tables."""

    sender: Sender
    table: int
    club_id: int
    account_id: int


@dataclass(frozen=True, slots=True)
class MoveSeat:
    """A seated player moves to an empty seat, between games (issue 31: partners by
    choice)."""

    sender: Sender
    table: int
    seat: int


@dataclass(frozen=True, slots=True)
class SwapSeats:
    """A seated player asks to swap seats with ``seat``'s player (he answers), or the
    owner swaps them (his table: he arranges it), between games."""

    sender: Sender
    table: int
    seat: int


@dataclass(frozen=True, slots=True)
class AnswerSwap:
    """The answer to a swap asked by the player at ``seat``."""

    sender: Sender
    table: int
    seat: int
    accept: bool


@dataclass(frozen=True, slots=True)
class GoOn:
    """继续: the sender read the first half's summary (issue 31)."""

    sender: Sender
    table: int


@dataclass(frozen=True, slots=True)
class GiveOwner:
    """The owner hands the table to another seated player."""

    sender: Sender
    table: int
    account_id: int


@dataclass(frozen=True, slots=True)
class OpenSession:
    """The owner opens a session room of ``games`` (issue 26)."""

    sender: Sender
    table: int
    games: int


@dataclass(frozen=True, slots=True)
class EndSession:
    """A seated player asks (``agree``) or refuses to end the session early."""

    sender: Sender
    table: int
    agree: bool = True


@dataclass(frozen=True, slots=True)
class Contribute:
    """A seated player's random value for the deal about to be drawn (issue 28)."""

    sender: Sender
    table: int
    value: str


@dataclass(frozen=True, slots=True)
class Announce:
    """The hall opened this table: tell the lobby. ``afresh``: this node took it over
    from another, or frames between the nodes may have been lost (Redis came back):
    everyone at it gets the table and his view afresh (issue 13)."""

    table: int
    afresh: bool = False


Command = (Announce | Sit | Stand | Ready | AddBot | RemoveBot | Play | AutoPlay | Hint | Join
           | Resync | Unwatch | Presence | UseCounter | Rename | SetCloth | ArmedChanged | SetBet
           | AdminRename | Kick | ComeIn | Lock | RemovePlayer | GiveOwner | Say | Invite
           | RemoveSpectator | Block | ClubOut | MoveSeat | SwapSeats | AnswerSwap | GoOn
           | OpenSession | EndSession | Contribute | View)
