"""Pinned snapshots: the ones kept for good (every N-th entry, each phase end)
apart from the newest state, which the next action replaces.

Revision ID: 0002
Revises: 0001

Schema 0001 kept every 50th snapshot (the default interval) and the newest: the
every-50th ones are pinned.
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("snapshot") as batch:
        batch.add_column(sa.Column("pinned", sa.Boolean(), nullable=False,
                                   server_default=sa.false()))
    snapshot = sa.table("snapshot", sa.column("seq", sa.Integer),
                        sa.column("pinned", sa.Boolean))
    op.execute(snapshot.update().where(snapshot.c.seq % 50 == 0).values(pinned=True))


def downgrade() -> None:
    with op.batch_alter_table("snapshot") as batch:
        batch.drop_column("pinned")
