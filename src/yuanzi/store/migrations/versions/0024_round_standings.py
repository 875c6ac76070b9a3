"""A tournament game's standings wait for its round's end: ``games.standings_pending``
marks a game whose ladder, skill rating and wins are not applied yet. Every table of a
round plays the same deals; an entrant's profile or the leaderboard moving at his game's
end told the other tables how a deal went before they had played it. Games stored before
were applied at their end (the column is false for them).

Revision ID: 0024
Revises: 0023
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0024"
down_revision = "0023"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column("games", sa.Column("standings_pending", sa.Boolean, nullable=False,
                                     server_default=sa.false()))


def downgrade() -> None:
    op.drop_column("games", "standings_pending")
