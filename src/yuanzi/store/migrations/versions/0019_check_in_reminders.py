"""A scheduled tournament remembers that its check-in reminder went out, so each player
signed up hears it once, whichever node sends it and however often the hall restarts.

Revision ID: 0019
Revises: 0018
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0019"
down_revision = "0018"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column("tournaments", sa.Column("check_in_reminded", sa.Boolean, nullable=False,
                                           server_default=sa.false()))


def downgrade() -> None:
    op.drop_column("tournaments", "check_in_reminded")
