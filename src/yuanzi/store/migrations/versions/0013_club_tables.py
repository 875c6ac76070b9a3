"""A table may belong to a club (issue 26).

Revision ID: 0013
Revises: 0012
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0013"
down_revision = "0012"
branch_labels = None
depends_on = None


def upgrade() -> None:
    # a plain column (no foreign key: SQLite would rebuild the table, which other tables
    # reference); clubs are never deleted
    op.add_column("hall_tables", sa.Column("club_id", sa.Integer, nullable=True))
    op.create_index("ix_hall_tables_club", "hall_tables", ["club_id"])


def downgrade() -> None:
    op.drop_index("ix_hall_tables_club", table_name="hall_tables")
    op.drop_column("hall_tables", "club_id")
