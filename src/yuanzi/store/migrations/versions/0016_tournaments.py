"""Tournaments (issue 28): tournaments, their entries, and a table's tournament round.

Revision ID: 0016
Revises: 0015
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0016"
down_revision = "0015"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "tournaments",
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column("name", sa.String(64), nullable=False),
        sa.Column("size", sa.Integer, nullable=False),
        sa.Column("rounds", sa.Integer, nullable=False),
        sa.Column("games_per_round", sa.Integer, nullable=False),
        sa.Column("status", sa.String(16), nullable=False),
        sa.Column("creator_id", sa.Integer, nullable=False),
        sa.Column("club_id", sa.Integer, nullable=True),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("started_at", sa.DateTime(timezone=True), nullable=True),
        sa.Column("finished_at", sa.DateTime(timezone=True), nullable=True),
        sa.Column("seed", sa.BigInteger, nullable=False),
        sa.Column("round", sa.Integer, nullable=False),
        sa.Column("deals", sa.JSON, nullable=True),
    )
    op.create_index("ix_tournaments_status", "tournaments", ["status"])
    op.create_table(
        "tournament_entries",
        sa.Column("tournament_id", sa.Integer, primary_key=True),
        sa.Column("position", sa.Integer, primary_key=True),
        sa.Column("account_id", sa.Integer, nullable=True),
        sa.Column("bot", sa.String(32), nullable=True),
        sa.Column("bot_name", sa.String(32), nullable=True),
        sa.Column("bot_name_en", sa.String(32), nullable=True),
        sa.Column("bot_avatar", sa.Integer, nullable=True),
        sa.Column("at", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_index("ix_tournament_entries_account", "tournament_entries", ["account_id"])
    op.add_column("hall_tables", sa.Column("tournament_id", sa.Integer, nullable=True))
    op.add_column("hall_tables", sa.Column("tournament_round", sa.Integer, nullable=True))
    op.create_index("ix_hall_tables_tournament", "hall_tables",
                    ["tournament_id", "tournament_round"])


def downgrade() -> None:
    op.drop_index("ix_hall_tables_tournament", table_name="hall_tables")
    op.drop_column("hall_tables", "tournament_round")
    op.drop_column("hall_tables", "tournament_id")
    op.drop_index("ix_tournament_entries_account", table_name="tournament_entries")
    op.drop_table("tournament_entries")
    op.drop_index("ix_tournaments_status", table_name="tournaments")
    op.drop_table("tournaments")
