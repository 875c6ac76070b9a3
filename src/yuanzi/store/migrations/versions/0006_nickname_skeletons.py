"""Nickname skeletons: a new nickname may not look like an existing one (``аdmin`` with a
Cyrillic а next to ``admin``, issue 14). Existing accounts keep their names; their
skeletons are filled in here.

Revision ID: 0006
Revises: 0005
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

from yuanzi.hall.names.confusables import skeleton

revision = "0006"
down_revision = "0005"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column("accounts", sa.Column("nickname_skeleton", sa.String(64), nullable=True))
    op.create_index("ix_accounts_nickname_skeleton", "accounts", ["nickname_skeleton"])
    accounts = sa.table("accounts", sa.column("id", sa.Integer),
                        sa.column("nickname", sa.String),
                        sa.column("nickname_skeleton", sa.String))
    bind = op.get_bind()
    rows = bind.execute(sa.select(accounts.c.id, accounts.c.nickname)).all()
    if rows:
        bind.execute(accounts.update().where(accounts.c.id == sa.bindparam("b_id"))
                     .values(nickname_skeleton=sa.bindparam("b_skeleton")),
                     [{"b_id": r.id, "b_skeleton": skeleton(r.nickname)[:64]} for r in rows])


def downgrade() -> None:
    op.drop_index("ix_accounts_nickname_skeleton", table_name="accounts")
    op.drop_column("accounts", "nickname_skeleton")
