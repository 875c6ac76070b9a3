"""A push subscription remembers the login it was made in (``push_subscriptions.login``,
the session token's hash): logging out ends that browser's pushes for that account
(issue 54: a shared browser kept showing the last account's notices). Subscriptions
made before have none and are kept until their browser subscribes again.

Revision ID: 0025
Revises: 0024
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0025"
down_revision = "0024"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column("push_subscriptions", sa.Column("login", sa.String(64), nullable=True))
    op.create_index("ix_push_subscriptions_login", "push_subscriptions", ["login"])


def downgrade() -> None:
    op.drop_index("ix_push_subscriptions_login", "push_subscriptions")
    op.drop_column("push_subscriptions", "login")
