"""A session room's vote to end, kept (issue 26): the seats that asked, until when the
vote runs, and whether all agreed during a game (that game is the session's last), so a
crash (kill -9) in the middle of a vote or of an agreed last game loses neither.

Revision ID: 0018
Revises: 0017
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0018"
down_revision = "0017"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column("table_sessions", sa.Column("end_votes", sa.JSON, nullable=True))
    op.add_column("table_sessions", sa.Column("vote_until", sa.DateTime(timezone=True),
                                              nullable=True))
    op.add_column("table_sessions", sa.Column("end_agreed", sa.Boolean, nullable=False,
                                              server_default=sa.false()))


def downgrade() -> None:
    op.drop_column("table_sessions", "end_agreed")
    op.drop_column("table_sessions", "vote_until")
    op.drop_column("table_sessions", "end_votes")
