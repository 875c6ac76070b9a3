"""Private means private (issue 27): eight-digit room codes; one report per message per
account (earlier repeats dropped, the first kept).

Revision ID: 0011
Revises: 0010
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0011"
down_revision = "0010"
branch_labels = None
depends_on = None


def _room_code(length: int, was: int) -> None:
    """The room code's column, ``length`` long. SQLite's batch copy of hall_tables would
    trip the foreign keys onto it, so there a new column takes the old one's place (the
    codes of open tables kept)."""
    if op.get_bind().dialect.name != "sqlite":
        op.alter_column("hall_tables", "room_code", type_=sa.String(length),
                        existing_type=sa.String(was), existing_nullable=True)
        return
    op.add_column("hall_tables", sa.Column("room_code_new", sa.String(length), nullable=True))
    op.execute("UPDATE hall_tables SET room_code_new = room_code")
    op.drop_index("ix_hall_tables_room_code", table_name="hall_tables")
    op.execute("ALTER TABLE hall_tables DROP COLUMN room_code")
    op.execute("ALTER TABLE hall_tables RENAME COLUMN room_code_new TO room_code")
    op.create_index("ix_hall_tables_room_code", "hall_tables", ["room_code"], unique=True)


def upgrade() -> None:
    _room_code(8, 6)
    op.execute("DELETE FROM chat_reports WHERE id NOT IN (SELECT MIN(id) FROM chat_reports "
               "GROUP BY message_id, reporter_id)")
    op.create_index("ix_chat_reports_once", "chat_reports", ["message_id", "reporter_id"],
                    unique=True)


def downgrade() -> None:
    op.drop_index("ix_chat_reports_once", table_name="chat_reports")
    _room_code(6, 8)  # (codes of eight digits would not fit: close such tables first)
