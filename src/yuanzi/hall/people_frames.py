"""Frames between people (server → client): chat at a table, friends, invitations, seat
swaps and mutes — the social side of :mod:`.events` (docs/protocol.md documents them)."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel

from yuanzi.hall.events import Frame


class ChatFrame(Frame):
    """One message at a table (issue 15), to everyone at it: ``author`` comes first, so
    that a connection drops a muted author's messages without parsing them."""

    type: Literal["chat"] = "chat"
    author: int
    table: int
    id: int
    nickname: str
    seat: int | None
    """The author's seat, or null: he watches."""
    spectator: bool
    kind: Literal["text", "phrase", "emote"]
    body: str
    """The text, or the quick phrase's or emote's id (clients say it in their language)."""
    at: int
    """When it was said (Unix ms)."""


class Someone(BaseModel):
    id: int
    nickname: str


class FriendRequest(Frame):
    """Someone asks to be your friend (to your own connections)."""

    type: Literal["friend_request"] = "friend_request"
    sender: Someone


class FriendsChanged(Frame):
    """Your friends or requests changed: ask ``GET /api/friends`` again."""

    type: Literal["friends_changed"] = "friends_changed"


class InvitedFrame(Frame):
    """A friend invites you to his table (``accept_invite`` takes you there)."""

    type: Literal["invited"] = "invited"
    table: int
    name: str
    private: bool
    sender: Someone


class SwapAsked(Frame):
    """Another player at your table asks to swap seats with you (issue 31): answer with
    ``swap_answer`` (it lapses after a minute, or when a seat changes)."""

    type: Literal["swap_asked"] = "swap_asked"
    table: int
    seat: int
    """Yours."""
    from_seat: int
    """His: where you would sit."""
    by: Someone


class SwapAnswered(Frame):
    """Your swap was answered (``accept``: the seats are swapped)."""

    type: Literal["swap_answered"] = "swap_answered"
    table: int
    accept: bool
    by: Someone


class MutesFrame(Frame):
    """Whom the player has muted (to his own connections, after he changed it)."""

    type: Literal["mutes"] = "mutes"
    accounts: list[int]
