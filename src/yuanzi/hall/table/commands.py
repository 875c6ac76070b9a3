"""The commands a table takes, and its replies: the one seam between a table and whatever
speaks for its clients (the WebSocket, the REST routes, an admin, the hall itself).

Every command and reply is a plain value — a frozen dataclass of numbers, strings and
tuples — so that a later step can carry it between processes. A command says who sent
it (:class:`Sender`: the account, its role, the connection's address and id), so that
the table, not the transport, decides what the sender may do. A reply's fields are the
``ok`` data of docs/protocol.md (:func:`ok_data`).
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from typing import Any, Literal

from yuanzi.engine.cards import Card
from yuanzi.hall.events import StandReason as StandReason  # (its old home)
from yuanzi.hall.table.frames import FullView
from yuanzi.hall.table.sender import ADMIN as ADMIN
from yuanzi.hall.table.sender import Sender as Sender

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
class Announce:
    """The hall opened this table: tell the lobby. ``afresh``: this node took it over
    from another, or frames between the nodes may have been lost (Redis came back):
    everyone at it gets the table and his view afresh (issue 13)."""

    table: int
    afresh: bool = False


Command = (Announce | Sit | Stand | Ready | AddBot | RemoveBot | Play | AutoPlay | Hint | Join
           | Resync | Unwatch | Presence | UseCounter | Rename | SetCloth | ArmedChanged | SetBet
           | AdminRename | Kick | ComeIn | Lock | RemovePlayer | GiveOwner | Say | Invite
           | RemoveSpectator | Block | MoveSeat | SwapSeats | AnswerSwap | GoOn)


# -- replies -------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Swapped:
    """A swap asked of the player at ``seat`` (``asked``) or done (``swapped``); the
    sender's seat after it."""

    table: int
    status: Literal["asked", "swapped"]
    seat: int


@dataclass(frozen=True, slots=True)
class SwapAnswered:
    """The answerer's seat after his answer."""

    table: int
    accept: bool
    seat: int


@dataclass(frozen=True, slots=True)
class Seated:
    table: int
    seat: int


@dataclass(frozen=True, slots=True)
class CameIn:
    """In by code, link or invitation: the seat taken, or None (watching)."""

    table: int
    seat: int | None


@dataclass(frozen=True, slots=True)
class Invited:
    table: int
    name: str
    private: bool


@dataclass(frozen=True, slots=True)
class Said:
    table: int
    id: int


@dataclass(frozen=True, slots=True)
class Locked:
    table: int
    locked: bool


@dataclass(frozen=True, slots=True)
class OwnerGiven:
    table: int
    owner: int


@dataclass(frozen=True, slots=True)
class Done:
    """A command with nothing to say but that it is done (``{"table"}``)."""

    table: int


@dataclass(frozen=True, slots=True)
class Resynced:
    """The sender's whole view, and whether he watches (he does not sit here)."""

    view: FullView
    watching: bool


@dataclass(frozen=True, slots=True)
class BotRemoved:
    table: int
    seat: int


@dataclass(frozen=True, slots=True)
class ReadySet:
    table: int
    ready: bool


@dataclass(frozen=True, slots=True)
class BotAdded:
    table: int
    seat: int
    bot: str


@dataclass(frozen=True, slots=True)
class Acted:
    table: int
    version: int


@dataclass(frozen=True, slots=True)
class AutoSet:
    table: int
    on: bool


@dataclass(frozen=True, slots=True)
class HintGiven:
    """The advice (R2 notation or ``pass``), its reason, every beating play (issue 10)."""

    table: int
    version: int
    cards: str
    reason: str
    beats: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class CounterUsed:
    table: int
    used: str


@dataclass(frozen=True, slots=True)
class Renamed:
    table: int
    name: str
    used: str
    protected_until: float | None
    protect_hours: int


@dataclass(frozen=True, slots=True)
class ClothSet:
    table: int
    tablecloth: str
    used: str


@dataclass(frozen=True, slots=True)
class BetSet:
    table: int
    bet: int


@dataclass(frozen=True, slots=True)
class AdminRenamed:
    table: int
    name: str


@dataclass(frozen=True, slots=True)
class Kicked:
    table: int
    done: Literal["stood", "after_game", "not_seated"]


Reply = (Swapped | SwapAnswered | Seated | CameIn | Invited | Said | Locked | OwnerGiven | Done
         | Resynced | BotRemoved | ReadySet | BotAdded | Acted | AutoSet | HintGiven
         | CounterUsed | Renamed | ClothSet | BetSet | AdminRenamed | Kicked)


def ok_data(reply: Any) -> dict[str, Any]:
    """A reply as the ``ok`` data (or REST body) of docs/protocol.md: its fields, a tuple
    as a list (replies are flat, so no deep copy is needed on the play path)."""
    out = {}
    kind: type = type(reply)
    names = _FIELDS.get(kind)
    if names is None:
        names = _FIELDS[kind] = tuple(f.name for f in fields(kind))
    for name in names:
        value = getattr(reply, name)
        out[name] = list(value) if isinstance(value, tuple) else value
    return out


_FIELDS: dict[type, tuple[str, ...]] = {}
"""Each reply class's field names, read once."""
