"""Clubs and their members (issue 26).

Revision ID: 0012
Revises: 0011
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0012"
down_revision = "0011"
branch_labels = None
depends_on = None

TZ = sa.DateTime(timezone=True)


def upgrade() -> None:
    op.create_table(
        "clubs",
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column("name", sa.String(40), nullable=False),
        sa.Column("notice", sa.String(400), nullable=False),
        sa.Column("founder_id", sa.Integer, sa.ForeignKey("accounts.id"), nullable=False),
        sa.Column("join_code", sa.String(16), nullable=False),
        sa.Column("invite_token", sa.String(64), nullable=False),
        sa.Column("open_join", sa.Boolean, nullable=False),
        sa.Column("created_at", TZ, nullable=False))
    op.create_index("ix_clubs_join_code", "clubs", ["join_code"], unique=True)
    op.create_index("ix_clubs_invite_token", "clubs", ["invite_token"], unique=True)
    op.create_table(
        "club_members",
        sa.Column("club_id", sa.Integer, sa.ForeignKey("clubs.id", ondelete="CASCADE"),
                  primary_key=True),
        sa.Column("account_id", sa.Integer, sa.ForeignKey("accounts.id"), primary_key=True),
        sa.Column("role", sa.String(16), nullable=False),
        sa.Column("standing", sa.String(16), nullable=False),
        sa.Column("at", TZ, nullable=False))
    op.create_index("ix_club_members_account", "club_members", ["account_id"])


def downgrade() -> None:
    op.drop_index("ix_club_members_account", table_name="club_members")
    op.drop_table("club_members")
    op.drop_index("ix_clubs_invite_token", table_name="clubs")
    op.drop_index("ix_clubs_join_code", table_name="clubs")
    op.drop_table("clubs")
