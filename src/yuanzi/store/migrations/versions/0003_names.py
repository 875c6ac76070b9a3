"""Names: bots keep the name and avatar the hall gave them in each game's seats, and a
table knows whether its name is the default one (shown «X的桌» / "X's table" in the
client's language).

Seats of games played before this revision keep null names (clients fall back to a
plain "bot"). A table whose stored name is exactly its owner's nickname + 的桌 — the text
the hall stored when no name was given — is marked default: that text *is* the default
name, whoever typed it; every other table keeps its name as given.

Revision ID: 0003
Revises: 0002
"""

from __future__ import annotations

from typing import Any

import sqlalchemy as sa
from alembic import op

revision = "0003"
down_revision = "0002"
branch_labels = None
depends_on = None

SEAT_COLUMNS: tuple[sa.Column[Any], ...] = (
    sa.Column("bot_name", sa.String(32), nullable=True),
    sa.Column("bot_name_en", sa.String(32), nullable=True),
    sa.Column("bot_avatar", sa.Integer, nullable=True),
)


def upgrade() -> None:
    for column in SEAT_COLUMNS:
        op.add_column("game_seats", column)
    op.add_column("hall_tables", sa.Column("name_default", sa.Boolean, nullable=False,
                                           server_default=sa.false()))

    tables = sa.table("hall_tables", sa.column("id", sa.Integer), sa.column("name", sa.String),
                      sa.column("owner_id", sa.Integer), sa.column("name_default", sa.Boolean))
    accounts = sa.table("accounts", sa.column("id", sa.Integer),
                        sa.column("nickname", sa.String))
    default_name = (sa.select(accounts.c.nickname + "的桌")
                    .where(accounts.c.id == tables.c.owner_id).scalar_subquery())
    op.get_bind().execute(sa.update(tables).where(tables.c.name == default_name)
                          .values(name_default=True))


def downgrade() -> None:
    op.drop_column("hall_tables", "name_default")
    for column in reversed(SEAT_COLUMNS):
        op.drop_column("game_seats", column.name)
