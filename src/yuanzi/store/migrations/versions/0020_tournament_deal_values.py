"""A tournament's deals are the hall's and its entrants' together (issue 43,
``yuanzi-tourney/1``): the secret its seeds come from, committed to when it is made, and
each entrant's value, given when he signs up.

Revision ID: 0020
Revises: 0019
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0020"
down_revision = "0019"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column("tournaments", sa.Column("deal_secret", sa.String(64), nullable=True))
    op.add_column("tournament_entries", sa.Column("contribution", sa.String(64),
                                                  nullable=True))


def downgrade() -> None:
    op.drop_column("tournament_entries", "contribution")
    op.drop_column("tournaments", "deal_secret")
