"""The coach's reviews (issue 17): one seat of one game, reviewed with fixed settings, so
the same request is answered from here instead of being worked out again."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from sqlalchemy import JSON, DateTime, ForeignKey, Index, Integer, String
from sqlalchemy.orm import Mapped, mapped_column

from yuanzi.store.models.base import Base


class ReviewRow(Base):
    __tablename__ = "reviews"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    game_id: Mapped[int] = mapped_column(ForeignKey("games.id"))
    seat: Mapped[int] = mapped_column(Integer)
    worlds: Mapped[int] = mapped_column(Integer)
    seed: Mapped[int] = mapped_column(Integer)
    status: Mapped[str] = mapped_column(String(16))
    """``queued``, ``running``, ``done`` or ``failed``."""
    requested_by: Mapped[int] = mapped_column(ForeignKey("accounts.id"))
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    finished_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True),
                                                         nullable=True)
    result: Mapped[dict[str, Any] | None] = mapped_column(JSON, nullable=True)
    """The review (:meth:`yuanzi.coach.SeatReview.to_json`): the seat's decisions, the
    moves made and suggested, the marks — never another seat's hand."""


Index("ix_reviews_key", ReviewRow.game_id, ReviewRow.seat, ReviewRow.worlds, ReviewRow.seed,
      unique=True)
Index("ix_reviews_status", ReviewRow.status)
