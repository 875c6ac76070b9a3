"""Chat at the tables and its moderation (issue 15): messages kept for a set time, the
reports players make of them, and whom each player has muted."""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import Boolean, DateTime, ForeignKey, Index, Integer, String
from sqlalchemy.orm import Mapped, mapped_column

from yuanzi.store.models.base import Base


class ChatRow(Base):
    """One message said at a table: free text, a quick phrase's id or an emote's id."""

    __tablename__ = "chat_messages"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    table_id: Mapped[int] = mapped_column(Integer)
    account_id: Mapped[int] = mapped_column(ForeignKey("accounts.id"))
    spectator: Mapped[bool] = mapped_column(Boolean, default=False)
    kind: Mapped[str] = mapped_column(String(8))
    """``text``, ``phrase`` or ``emote``."""
    body: Mapped[str] = mapped_column(String(400))
    at: Mapped[datetime] = mapped_column(DateTime(timezone=True))


Index("ix_chat_messages_at", ChatRow.at)


class ChatReportRow(Base):
    """A player reported a message to the admins."""

    __tablename__ = "chat_reports"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    message_id: Mapped[int] = mapped_column(ForeignKey("chat_messages.id", ondelete="CASCADE"))
    reporter_id: Mapped[int] = mapped_column(ForeignKey("accounts.id"))
    reason: Mapped[str] = mapped_column(String(200))
    at: Mapped[datetime] = mapped_column(DateTime(timezone=True))


Index("ix_chat_reports_message", ChatReportRow.message_id)
Index("ix_chat_reports_once", ChatReportRow.message_id, ChatReportRow.reporter_id,
      unique=True)  # one report per message per account (issue 27)


class MuteRow(Base):
    """``account_id`` no longer sees ``muted_id``'s messages."""

    __tablename__ = "mutes"

    account_id: Mapped[int] = mapped_column(ForeignKey("accounts.id"), primary_key=True)
    muted_id: Mapped[int] = mapped_column(ForeignKey("accounts.id"), primary_key=True)
    at: Mapped[datetime] = mapped_column(DateTime(timezone=True))


class FriendRow(Base):
    """``account_id`` asked ``friend_id`` to be friends (``requested``), or they are
    (``friends``: then the row stands both ways)."""

    __tablename__ = "friends"

    account_id: Mapped[int] = mapped_column(ForeignKey("accounts.id"), primary_key=True)
    friend_id: Mapped[int] = mapped_column(ForeignKey("accounts.id"), primary_key=True)
    status: Mapped[str] = mapped_column(String(16))
    at: Mapped[datetime] = mapped_column(DateTime(timezone=True))


Index("ix_friends_friend", FriendRow.friend_id)


class BlockRow(Base):
    """``account_id`` blocked ``blocked_id``: no invitation, message or seat at his
    private table from him."""

    __tablename__ = "blocks"

    account_id: Mapped[int] = mapped_column(ForeignKey("accounts.id"), primary_key=True)
    blocked_id: Mapped[int] = mapped_column(ForeignKey("accounts.id"), primary_key=True)
    at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
