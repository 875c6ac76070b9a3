"""Friends and blocks (issue 15).

Revision ID: 0009
Revises: 0008
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0009"
down_revision = "0008"
branch_labels = None
depends_on = None

TZ = sa.DateTime(timezone=True)


def upgrade() -> None:
    op.create_table(
        "friends",
        sa.Column("account_id", sa.Integer, sa.ForeignKey("accounts.id"), primary_key=True),
        sa.Column("friend_id", sa.Integer, sa.ForeignKey("accounts.id"), primary_key=True),
        sa.Column("status", sa.String(16), nullable=False),
        sa.Column("at", TZ, nullable=False))
    op.create_index("ix_friends_friend", "friends", ["friend_id"])
    op.create_table(
        "blocks",
        sa.Column("account_id", sa.Integer, sa.ForeignKey("accounts.id"), primary_key=True),
        sa.Column("blocked_id", sa.Integer, sa.ForeignKey("accounts.id"), primary_key=True),
        sa.Column("at", TZ, nullable=False))


def downgrade() -> None:
    op.drop_table("blocks")
    op.drop_index("ix_friends_friend", table_name="friends")
    op.drop_table("friends")
