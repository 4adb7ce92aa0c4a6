"""Stored simulation runs (``simulations``, issue 30's ``tactician simulate``).

Revision ID: 0005
Revises: 0004

A run stored in a campaign keeps its whole report (JSON); deleting the campaign
deletes its runs, deleting the battle keeps them (its id set to NULL).
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0005"
down_revision = "0004"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "simulations",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("campaign_id", sa.Integer(), nullable=False),
        sa.Column("battle_id", sa.Integer(), nullable=True),
        sa.Column("name", sa.String(length=200), nullable=False),
        sa.Column("ruleset", sa.String(length=64), nullable=False),
        sa.Column("seed", sa.BigInteger(), nullable=False),
        sa.Column("runs", sa.Integer(), nullable=False),
        sa.Column("report", sa.JSON(), nullable=False),
        sa.Column("created", sa.DateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(["campaign_id"], ["campaign.id"], ondelete="CASCADE"),
        sa.ForeignKeyConstraint(["battle_id"], ["battle.id"], ondelete="SET NULL"),
        sa.PrimaryKeyConstraint("id"),
    )
    op.create_index("ix_simulations_campaign_id", "simulations", ["campaign_id"])


def downgrade() -> None:
    op.drop_index("ix_simulations_campaign_id", table_name="simulations")
    op.drop_table("simulations")
