"""match clocks: the clock after each action, and each game's clock checkpoint

Revision ID: 0005_clocks
Revises: 0004
Create Date: 2026-12-01 09:25:00
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0005_clocks"
down_revision = "0004"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column("game_action", sa.Column("clock", sa.JSON(), nullable=True))
    op.add_column("game", sa.Column("clock", sa.JSON(), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("game") as batch:
        batch.drop_column("clock")
    with op.batch_alter_table("game_action") as batch:
        batch.drop_column("clock")
