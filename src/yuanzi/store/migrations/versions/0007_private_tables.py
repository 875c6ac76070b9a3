"""Private tables (issue 15): out of the lobby, reached by a six-digit room code or an
invite link; who came in by either, whether the owner locked the table, and whether
spectators may watch.

Revision ID: 0007
Revises: 0006
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0007"
down_revision = "0006"
branch_labels = None
depends_on = None


def upgrade() -> None:
    # plain ADD COLUMNs (a batch would copy hall_tables, which games point at)
    op.add_column("hall_tables", sa.Column("private", sa.Boolean(), nullable=False,
                                           server_default=sa.false()))
    op.add_column("hall_tables", sa.Column("room_code", sa.String(6), nullable=True))
    op.add_column("hall_tables", sa.Column("invite_token", sa.String(64), nullable=True))
    op.add_column("hall_tables", sa.Column("admitted", sa.JSON(), nullable=True))
    op.add_column("hall_tables", sa.Column("locked", sa.Boolean(), nullable=False,
                                           server_default=sa.false()))
    op.add_column("hall_tables", sa.Column("spectators_allowed", sa.Boolean(),
                                           nullable=False, server_default=sa.true()))
    op.create_index("ix_hall_tables_room_code", "hall_tables", ["room_code"], unique=True)
    op.create_index("ix_hall_tables_invite_token", "hall_tables", ["invite_token"],
                    unique=True)


def downgrade() -> None:
    op.drop_index("ix_hall_tables_invite_token", table_name="hall_tables")
    op.drop_index("ix_hall_tables_room_code", table_name="hall_tables")
    for column in ("spectators_allowed", "locked", "admitted", "invite_token", "room_code",
                   "private"):
        op.drop_column("hall_tables", column)
