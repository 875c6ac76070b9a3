"""Web Push (issue 47): the hall's own keys (VAPID, made on first start and shared by every
node) and each browser's push subscription, with the kinds of news its player opted in to."""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import JSON, DateTime, ForeignKey, Index, Integer, String, Text
from sqlalchemy.orm import Mapped, mapped_column

from yuanzi.store.models.base import Base


class HallKeyRow(Base):
    """A key the hall makes once and keeps (``vapid``: its Web Push signing key, PEM)."""

    __tablename__ = "hall_keys"

    name: Mapped[str] = mapped_column(String(32), primary_key=True)
    value: Mapped[str] = mapped_column(Text)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))


class PushSubscriptionRow(Base):
    """One browser's subscription (RFC 8030: the push service's endpoint; RFC 8291: its
    keys): the player it belongs to and the kinds of news he wants there."""

    __tablename__ = "push_subscriptions"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    account_id: Mapped[int] = mapped_column(ForeignKey("accounts.id", ondelete="CASCADE"))
    endpoint: Mapped[str] = mapped_column(String(1024), unique=True)
    p256dh: Mapped[str] = mapped_column(String(128))
    auth: Mapped[str] = mapped_column(String(64))
    kinds: Mapped[list[str]] = mapped_column(JSON)
    lang: Mapped[str] = mapped_column(String(8))
    """The browser's language when it subscribed: the pushes' words."""
    login: Mapped[str | None] = mapped_column(String(64), nullable=True)
    """The hash of the session token it was made in: logging out ends it (issue 54)."""
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))


Index("ix_push_subscriptions_account", PushSubscriptionRow.account_id)
Index("ix_push_subscriptions_login", PushSubscriptionRow.login)
