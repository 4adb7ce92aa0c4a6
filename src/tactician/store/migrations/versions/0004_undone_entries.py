"""The redo list: entries undone since a battle's last action (``battle_undone``).

Revision ID: 0004
Revises: 0003

An undo moves the entries it drops here (UNIQUE(battle_id, seq), like
``battle_entry``); ``battle redo`` moves them back; a new action empties the
battle's rows. Schema 0003 deleted undone entries, so an upgraded database starts
with no redo list; the downgrade drops it.
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0004"
down_revision = "0003"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "battle_undone",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("battle_id", sa.Integer(), nullable=False),
        sa.Column("seq", sa.Integer(), nullable=False),
        sa.Column("entry", sa.JSON(), nullable=False),
        sa.ForeignKeyConstraint(["battle_id"], ["battle.id"], ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("id"),
        sa.UniqueConstraint("battle_id", "seq"),
    )


def downgrade() -> None:
    op.drop_table("battle_undone")
