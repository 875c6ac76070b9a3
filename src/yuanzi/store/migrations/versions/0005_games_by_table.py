"""Games by table: a table taken up after a crash finds its last game's result (issue 14:
a result committed but never broadcast was lost to its players).

Revision ID: 0005
Revises: 0004
"""

from __future__ import annotations

from alembic import op

revision = "0005"
down_revision = "0004"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_index("ix_games_table", "games", ["table_id", "id"])


def downgrade() -> None:
    op.drop_index("ix_games_table", table_name="games")
