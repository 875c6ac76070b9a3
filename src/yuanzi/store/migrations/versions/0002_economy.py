"""The economy (R35–R44): ledger, inventories, replays, item uses, admin audit, hall
config; account stats, rating and bans; table name protection; game settlements.

Every existing account gets an opening ``new_account`` ledger row for the coins it holds,
so that from this revision on every balance equals the sum of its ledger rows, and an
empty inventory.

Revision ID: 0002
Revises: 0001
"""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None

TZ = sa.DateTime(timezone=True)
SLOTS = 24

ACCOUNT_COLUMNS: tuple[sa.Column[Any], ...] = (
    sa.Column("wins", sa.Integer, nullable=False, server_default="0"),
    sa.Column("double_wins", sa.Integer, nullable=False, server_default="0"),
    sa.Column("double_losses", sa.Integer, nullable=False, server_default="0"),
    sa.Column("rating_mu", sa.Float, nullable=False, server_default="25.0"),
    sa.Column("rating_sigma", sa.Float, nullable=False, server_default=str(25.0 / 3.0)),
    sa.Column("last_relief", sa.Date, nullable=True),
    sa.Column("banned", sa.Boolean, nullable=False, server_default=sa.false()),
    sa.Column("ban_reason", sa.String(200), nullable=True),
)


def upgrade() -> None:
    for column in ACCOUNT_COLUMNS:
        op.add_column("accounts", column)
    op.add_column("hall_tables", sa.Column("name_protected_until", TZ, nullable=True))
    op.add_column("games", sa.Column("settlement", sa.JSON, nullable=True))

    ledger = op.create_table(
        "ledger_entries",
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column("account_id", sa.Integer, sa.ForeignKey("accounts.id"), nullable=False),
        sa.Column("amount", sa.BigInteger, nullable=False),
        sa.Column("reason", sa.String(16), nullable=False),
        sa.Column("game_id", sa.Integer, nullable=True),
        sa.Column("item", sa.String(32), nullable=True),
        sa.Column("note", sa.String(200), nullable=True),
        sa.Column("at", TZ, nullable=False),
    )
    op.create_index("ix_ledger_account", "ledger_entries", ["account_id"])
    op.create_index("ix_ledger_game", "ledger_entries", ["game_id"])
    inventories = op.create_table(
        "inventories",
        sa.Column("account_id", sa.Integer,
                  sa.ForeignKey("accounts.id", ondelete="CASCADE"), primary_key=True),
        sa.Column("slots", sa.JSON, nullable=False),
        sa.Column("armed", sa.JSON, nullable=False),
    )
    op.create_table(
        "replays",
        sa.Column("id", sa.String(24), primary_key=True),
        sa.Column("account_id", sa.Integer, sa.ForeignKey("accounts.id"), nullable=False),
        sa.Column("game_id", sa.Integer, sa.ForeignKey("games.id"), nullable=False),
        sa.Column("saved_at", TZ, nullable=False),
    )
    op.create_index("ix_replays_account", "replays", ["account_id"])
    op.create_table(
        "item_uses",
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column("account_id", sa.Integer, sa.ForeignKey("accounts.id"), nullable=False),
        sa.Column("item", sa.String(32), nullable=False),
        sa.Column("game_id", sa.Integer, nullable=True),
        sa.Column("table_id", sa.Integer, nullable=True),
        sa.Column("detail", sa.JSON, nullable=True),
        sa.Column("at", TZ, nullable=False),
    )
    op.create_index("ix_item_uses_game", "item_uses", ["game_id"])
    op.create_table(
        "admin_audit",
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column("admin_id", sa.Integer, sa.ForeignKey("accounts.id"), nullable=True),
        sa.Column("action", sa.String(32), nullable=False),
        sa.Column("target_account", sa.Integer, nullable=True),
        sa.Column("target_table", sa.Integer, nullable=True),
        sa.Column("detail", sa.JSON, nullable=True),
        sa.Column("at", TZ, nullable=False),
    )
    op.create_index("ix_admin_audit_at", "admin_audit", ["at"])
    op.create_table(
        "hall_config",
        sa.Column("key", sa.String(64), primary_key=True),
        sa.Column("value", sa.JSON, nullable=True),
    )

    # Opening balances and empty inventories for the accounts that exist already.
    accounts = sa.table("accounts", sa.column("id", sa.Integer),
                        sa.column("coins", sa.BigInteger))
    rows = op.get_bind().execute(sa.select(accounts.c.id, accounts.c.coins)).all()
    at = datetime.now(UTC)
    op.bulk_insert(ledger, [
        {"account_id": r.id, "amount": r.coins, "reason": "new_account",
         "note": "opening balance (migration 0002)", "at": at}
        for r in rows if r.coins > 0])
    op.bulk_insert(inventories, [
        {"account_id": r.id, "slots": [None] * SLOTS, "armed": []} for r in rows])


def downgrade() -> None:
    op.drop_table("hall_config")
    op.drop_index("ix_admin_audit_at", "admin_audit")
    op.drop_table("admin_audit")
    op.drop_index("ix_item_uses_game", "item_uses")
    op.drop_table("item_uses")
    op.drop_index("ix_replays_account", "replays")
    op.drop_table("replays")
    op.drop_table("inventories")
    op.drop_index("ix_ledger_game", "ledger_entries")
    op.drop_index("ix_ledger_account", "ledger_entries")
    op.drop_table("ledger_entries")
    op.drop_column("games", "settlement")
    op.drop_column("hall_tables", "name_protected_until")
    for column in reversed(ACCOUNT_COLUMNS):
        op.drop_column("accounts", column.name)
