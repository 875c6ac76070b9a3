"""A game's fair deals (issue 28): its seeds and the seats' contributions.

Revision ID: 0015
Revises: 0014
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0015"
down_revision = "0014"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column("games", sa.Column("fairness", sa.JSON, nullable=True))


def downgrade() -> None:
    op.drop_column("games", "fairness")
