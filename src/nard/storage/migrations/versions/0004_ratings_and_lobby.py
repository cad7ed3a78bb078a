"""ratings, rating history and lobby challenges

Revision ID: 0004
Revises: 0003
Create Date: 2026-12-01 09:40:00
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0004"
down_revision = "0003"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("player") as batch:
        batch.add_column(sa.Column("rating", sa.Float(), nullable=False, server_default="1500"))
        batch.add_column(sa.Column("experience", sa.Integer(), nullable=False, server_default="0"))
    with op.batch_alter_table("game") as batch:
        batch.add_column(
            sa.Column("rated", sa.Boolean(), nullable=False, server_default=sa.false())
        )
        batch.add_column(sa.Column("rated_at", sa.DateTime(timezone=True), nullable=True))
    op.create_table(
        "rating_change",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("player_id", sa.Integer(), nullable=False),
        sa.Column("game_id", sa.Integer(), nullable=False),
        sa.Column("opponent_id", sa.Integer(), nullable=False),
        sa.Column("won", sa.Boolean(), nullable=False),
        sa.Column("length", sa.Integer(), nullable=False),
        sa.Column("rating_before", sa.Float(), nullable=False),
        sa.Column("rating_after", sa.Float(), nullable=False),
        sa.Column("experience_after", sa.Integer(), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(
            ["player_id"],
            ["player.id"],
            name=op.f("fk_rating_change_player_id_player"),
            ondelete="CASCADE",
        ),
        sa.ForeignKeyConstraint(
            ["game_id"], ["game.id"], name=op.f("fk_rating_change_game_id_game"), ondelete="CASCADE"
        ),
        sa.ForeignKeyConstraint(
            ["opponent_id"],
            ["player.id"],
            name=op.f("fk_rating_change_opponent_id_player"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_rating_change")),
        sa.UniqueConstraint("game_id", "player_id", name="uq_rating_change_game_id_player_id"),
    )
    op.create_index(
        op.f("ix_rating_change_player_id"), "rating_change", ["player_id"], unique=False
    )
    op.create_table(
        "challenge",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("public_id", sa.String(length=32), nullable=False),
        sa.Column("creator_id", sa.Integer(), nullable=False),
        sa.Column("status", sa.String(length=16), nullable=False),
        sa.Column("terms", sa.JSON(), nullable=False),
        sa.Column("taken_by", sa.Integer(), nullable=True),
        sa.Column("game_public_id", sa.String(length=32), nullable=True),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(
            ["creator_id"],
            ["player.id"],
            name=op.f("fk_challenge_creator_id_player"),
            ondelete="CASCADE",
        ),
        sa.ForeignKeyConstraint(
            ["taken_by"],
            ["player.id"],
            name=op.f("fk_challenge_taken_by_player"),
            ondelete="SET NULL",
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_challenge")),
        sa.UniqueConstraint("public_id", name=op.f("uq_challenge_public_id")),
    )
    op.create_index(op.f("ix_challenge_status"), "challenge", ["status"], unique=False)


def downgrade() -> None:
    op.drop_index(op.f("ix_challenge_status"), table_name="challenge")
    op.drop_table("challenge")
    op.drop_index(op.f("ix_rating_change_player_id"), table_name="rating_change")
    op.drop_table("rating_change")
    with op.batch_alter_table("game") as batch:
        batch.drop_column("rated_at")
        batch.drop_column("rated")
    with op.batch_alter_table("player") as batch:
        batch.drop_column("experience")
        batch.drop_column("rating")
