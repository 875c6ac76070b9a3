"""Session rooms (issue 26): ``table_sessions``, the session a game was played in, a
table's latest session, and a club's tally reset, house rules and session length.

Revision ID: 0014
Revises: 0013
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0014"
down_revision = "0013"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "table_sessions",
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column("table_id", sa.Integer, nullable=False),
        sa.Column("club_id", sa.Integer, nullable=True),
        sa.Column("owner_id", sa.Integer, nullable=False),
        sa.Column("games", sa.Integer, nullable=False),
        sa.Column("status", sa.String(16), nullable=False),
        sa.Column("reason", sa.String(16), nullable=True),
        sa.Column("started_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("ended_at", sa.DateTime(timezone=True), nullable=True),
    )
    op.create_index("ix_table_sessions_table", "table_sessions", ["table_id"])
    op.create_index("ix_table_sessions_club", "table_sessions", ["club_id", "ended_at"])
    # plain columns (no foreign keys: SQLite would rebuild tables others reference)
    op.add_column("games", sa.Column("session_id", sa.Integer, nullable=True))
    op.create_index("ix_games_session", "games", ["session_id"])
    op.add_column("hall_tables", sa.Column("session_id", sa.Integer, nullable=True))
    op.add_column("clubs", sa.Column("tally_since", sa.DateTime(timezone=True), nullable=True))
    op.add_column("clubs", sa.Column("house_rules", sa.JSON, nullable=True))
    op.add_column("clubs", sa.Column("session_games", sa.Integer, nullable=True))


def downgrade() -> None:
    op.drop_column("clubs", "session_games")
    op.drop_column("clubs", "house_rules")
    op.drop_column("clubs", "tally_since")
    op.drop_column("hall_tables", "session_id")
    op.drop_index("ix_games_session", table_name="games")
    op.drop_column("games", "session_id")
    op.drop_index("ix_table_sessions_club", table_name="table_sessions")
    op.drop_index("ix_table_sessions_table", table_name="table_sessions")
    op.drop_table("table_sessions")
