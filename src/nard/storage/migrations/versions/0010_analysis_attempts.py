"""each start of an analysis is an attempt of its own, and a queued one is told from a started one

Revision ID: 0010_analysis_attempts
Revises: 0009_mistake_puzzles
Create Date: 2026-12-01 12:30:00
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0010_analysis_attempts"
down_revision = "0009_mistake_puzzles"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column(
        "analysis", sa.Column("attempt", sa.Integer(), nullable=False, server_default="1")
    )
    op.add_column("analysis", sa.Column("started_at", sa.DateTime(timezone=True), nullable=True))
    # A running row of before counts as started, so it still goes stale if nobody runs it.
    op.execute("UPDATE analysis SET started_at = updated_at WHERE status = 'running'")


def downgrade() -> None:
    with op.batch_alter_table("analysis") as batch:
        batch.drop_column("started_at")
        batch.drop_column("attempt")
