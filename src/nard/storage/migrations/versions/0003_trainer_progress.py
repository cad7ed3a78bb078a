"""rules trainer progress per player, kind and rule set

Revision ID: 0003
Revises: 0002
Create Date: 2026-12-01 09:40:00
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0003"
down_revision = "0002"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "trainer_progress",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("player_id", sa.Integer(), nullable=False),
        sa.Column("kind", sa.String(length=16), nullable=False),
        sa.Column("rules", sa.String(length=16), nullable=False),
        sa.Column("level", sa.String(length=8), nullable=False),
        sa.Column("answered", sa.Integer(), nullable=False),
        sa.Column("right", sa.Integer(), nullable=False),
        sa.Column("streak", sa.Integer(), nullable=False),
        sa.Column("best_streak", sa.Integer(), nullable=False),
        sa.Column("updated_at", sa.DateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(
            ["player_id"],
            ["player.id"],
            name=op.f("fk_trainer_progress_player_id_player"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_trainer_progress")),
        sa.UniqueConstraint(
            "player_id", "kind", "rules", name="uq_trainer_progress_player_kind_rules"
        ),
    )
    op.create_index(
        op.f("ix_trainer_progress_player_id"), "trainer_progress", ["player_id"], unique=False
    )


def downgrade() -> None:
    op.drop_index(op.f("ix_trainer_progress_player_id"), table_name="trainer_progress")
    op.drop_table("trainer_progress")
