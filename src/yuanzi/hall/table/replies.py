"""A table's replies to its commands (:mod:`.commands`): each a frozen dataclass of
plain values, whose fields are the ``ok`` data of docs/protocol.md (:func:`ok_data`)."""

from __future__ import annotations

from dataclasses import dataclass, fields
from typing import Any, Literal

from yuanzi.hall.table.frames import FullView


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


@dataclass(frozen=True, slots=True)
class SessionSet:
    """The table's session after a session command (issue 26): its id and status."""

    table: int
    session: int
    status: Literal["running", "ending", "ended"]


Reply = (Swapped | SwapAnswered | Seated | CameIn | Invited | Said | Locked | OwnerGiven | Done
         | Resynced | BotRemoved | ReadySet | BotAdded | Acted | AutoSet | HintGiven
         | CounterUsed | Renamed | ClothSet | BetSet | AdminRenamed | Kicked | SessionSet)


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
