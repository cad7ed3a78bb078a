"""dice statistics: running tallies of finished games' dice

Revision ID: 0007_dice_tally
Revises: 0006_chat
Create Date: 2026-12-01 10:05:00
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0007_dice_tally"
down_revision = "0006_chat"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "dice_tally",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("scope", sa.String(length=32), nullable=False),
        sa.Column("rolls", sa.Integer(), nullable=False),
        sa.Column("faces", sa.JSON(), nullable=False),
        sa.Column("doubles", sa.Integer(), nullable=False),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_dice_tally")),
        sa.UniqueConstraint("scope", name=op.f("uq_dice_tally_scope")),
    )
    op.add_column(
        "game",
        sa.Column("dice_counted", sa.Boolean(), nullable=False, server_default=sa.false()),
    )


def downgrade() -> None:
    with op.batch_alter_table("game") as batch:
        batch.drop_column("dice_counted")
    op.drop_table("dice_tally")
