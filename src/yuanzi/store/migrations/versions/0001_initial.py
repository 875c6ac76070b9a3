"""The hall's first schema: accounts, sessions, tables, games, deals, actions, seats.

Revision ID: 0001
Revises:
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0001"
down_revision = None
branch_labels = None
depends_on = None

TZ = sa.DateTime(timezone=True)


def upgrade() -> None:
    op.create_table(
        "accounts",
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column("nickname", sa.String(32), nullable=False),
        sa.Column("nickname_key", sa.String(32), nullable=False, unique=True),
        sa.Column("password_hash", sa.String(200), nullable=False),
        sa.Column("role", sa.String(16), nullable=False, server_default="player"),
        sa.Column("created_at", TZ, nullable=False),
        sa.Column("ladder_score", sa.Integer, nullable=False, server_default="0"),
        sa.Column("ladder_level", sa.Integer, nullable=False, server_default="0"),
        sa.Column("coins", sa.BigInteger, nullable=False, server_default="5000"),
        sa.Column("games_played", sa.Integer, nullable=False, server_default="0"),
        sa.Column("escapes", sa.Integer, nullable=False, server_default="0"),
    )
    op.create_table(
        "sessions",
        sa.Column("token_hash", sa.String(64), primary_key=True),
        sa.Column(
            "account_id", sa.Integer, sa.ForeignKey("accounts.id", ondelete="CASCADE"),
            nullable=False,
        ),
        sa.Column("created_at", TZ, nullable=False),
        sa.Column("expires_at", TZ, nullable=False),
    )
    op.create_index("ix_sessions_account", "sessions", ["account_id"])
    op.create_table(
        "hall_tables",
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column("name", sa.String(64), nullable=False),
        sa.Column("owner_id", sa.Integer, sa.ForeignKey("accounts.id"), nullable=False),
        sa.Column("tablecloth", sa.String(32), nullable=False),
        sa.Column("bet", sa.Integer, nullable=False, server_default="0"),
        sa.Column("rules", sa.JSON, nullable=False),
        sa.Column("seats", sa.JSON, nullable=False),
        sa.Column("status", sa.String(16), nullable=False),
        sa.Column("game_id", sa.Integer, nullable=True),
        sa.Column("created_at", TZ, nullable=False),
    )
    op.create_index("ix_hall_tables_status", "hall_tables", ["status"])
    op.create_table(
        "games",
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column("table_id", sa.Integer, sa.ForeignKey("hall_tables.id"), nullable=False),
        sa.Column("rules", sa.JSON, nullable=False),
        sa.Column("status", sa.String(16), nullable=False),
        sa.Column("started_at", TZ, nullable=False),
        sa.Column("ended_at", TZ, nullable=True),
        sa.Column("result", sa.JSON, nullable=True),
        sa.Column("record", sa.JSON, nullable=True),
    )
    op.create_table(
        "game_deals",
        sa.Column("game_id", sa.Integer, sa.ForeignKey("games.id"), primary_key=True),
        sa.Column("half", sa.Integer, primary_key=True),
        sa.Column("blade_card", sa.String(4), nullable=False),
        sa.Column("blade_holder", sa.Integer, nullable=False),
        sa.Column("first_drawer", sa.Integer, nullable=False),
        sa.Column("hands", sa.JSON, nullable=False),
    )
    op.create_table(
        "game_actions",
        sa.Column("game_id", sa.Integer, sa.ForeignKey("games.id"), primary_key=True),
        sa.Column("idx", sa.Integer, primary_key=True),
        sa.Column("half", sa.Integer, nullable=False),
        sa.Column("seat", sa.Integer, nullable=False),
        sa.Column("cards", sa.Text, nullable=False),
        sa.Column("reason", sa.String(16), nullable=False),
        sa.Column("at", TZ, nullable=False),
    )
    op.create_table(
        "game_seats",
        sa.Column("game_id", sa.Integer, sa.ForeignKey("games.id"), primary_key=True),
        sa.Column("seat", sa.Integer, primary_key=True),
        sa.Column("account_id", sa.Integer, sa.ForeignKey("accounts.id"), nullable=True),
        sa.Column("bot", sa.String(32), nullable=True),
        sa.Column("outcome", sa.String(16), nullable=True),
        sa.Column("base_stake", sa.Integer, nullable=True),
    )
    op.create_index("ix_game_seats_account", "game_seats", ["account_id"])


def downgrade() -> None:
    op.drop_index("ix_game_seats_account", "game_seats")
    op.drop_table("game_seats")
    op.drop_table("game_actions")
    op.drop_table("game_deals")
    op.drop_table("games")
    op.drop_index("ix_hall_tables_status", "hall_tables")
    op.drop_table("hall_tables")
    op.drop_index("ix_sessions_account", "sessions")
    op.drop_table("sessions")
    op.drop_table("accounts")
