"""Chat at the tables and its moderation (issue 15): messages (kept for a set time),
reports, mutes, and an account's silence.

Revision ID: 0008
Revises: 0007
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0008"
down_revision = "0007"
branch_labels = None
depends_on = None

TZ = sa.DateTime(timezone=True)


def upgrade() -> None:
    op.add_column("accounts", sa.Column("silenced_until", TZ, nullable=True))
    op.create_table(
        "chat_messages",
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column("table_id", sa.Integer, nullable=False),
        sa.Column("account_id", sa.Integer, sa.ForeignKey("accounts.id"), nullable=False),
        sa.Column("spectator", sa.Boolean, nullable=False),
        sa.Column("kind", sa.String(8), nullable=False),
        sa.Column("body", sa.String(400), nullable=False),
        sa.Column("at", TZ, nullable=False))
    op.create_index("ix_chat_messages_at", "chat_messages", ["at"])
    op.create_table(
        "chat_reports",
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column("message_id", sa.Integer,
                  sa.ForeignKey("chat_messages.id", ondelete="CASCADE"), nullable=False),
        sa.Column("reporter_id", sa.Integer, sa.ForeignKey("accounts.id"), nullable=False),
        sa.Column("reason", sa.String(200), nullable=False),
        sa.Column("at", TZ, nullable=False))
    op.create_index("ix_chat_reports_message", "chat_reports", ["message_id"])
    op.create_table(
        "mutes",
        sa.Column("account_id", sa.Integer, sa.ForeignKey("accounts.id"), primary_key=True),
        sa.Column("muted_id", sa.Integer, sa.ForeignKey("accounts.id"), primary_key=True),
        sa.Column("at", TZ, nullable=False))


def downgrade() -> None:
    op.drop_table("mutes")
    op.drop_index("ix_chat_reports_message", table_name="chat_reports")
    op.drop_table("chat_reports")
    op.drop_index("ix_chat_messages_at", table_name="chat_messages")
    op.drop_table("chat_messages")
    op.drop_column("accounts", "silenced_until")
