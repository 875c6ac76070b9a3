"""Scheduled and club tournaments, check-in and withdrawal (issue 28).

Revision ID: 0017
Revises: 0016
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0017"
down_revision = "0016"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column("tournaments", sa.Column("starts_at", sa.DateTime(timezone=True),
                                           nullable=True))
    op.create_index("ix_tournaments_club", "tournaments", ["club_id"])
    op.add_column("tournament_entries", sa.Column("checked_in", sa.Boolean, nullable=False,
                                                  server_default=sa.false()))
    op.add_column("tournament_entries", sa.Column("withdrawn_round", sa.Integer,
                                                  nullable=True))


def downgrade() -> None:
    op.drop_column("tournament_entries", "withdrawn_round")
    op.drop_column("tournament_entries", "checked_in")
    op.drop_index("ix_tournaments_club", table_name="tournaments")
    op.drop_column("tournaments", "starts_at")
