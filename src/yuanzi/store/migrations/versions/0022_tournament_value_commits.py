"""A tournament entrant's value committed at sign-up, revealed at the start (issue 43's
review): the browser signs up with SHA-256 of its value and sends the value only once
sign-ups are closed, so the hall, which knows the tournament's seeds, cannot sign up an
entrant of its own with a value picked after seeing the others'.

Revision ID: 0022
Revises: 0021
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0022"
down_revision = "0021"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column("tournament_entries", sa.Column("value_commit", sa.String(64),
                                                  nullable=True))


def downgrade() -> None:
    op.drop_column("tournament_entries", "value_commit")
