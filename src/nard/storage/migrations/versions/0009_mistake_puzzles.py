"""practice puzzles made of a player's marked plays, with their Leitner box

Revision ID: 0009_mistake_puzzles
Revises: 0008_usernames
Create Date: 2026-12-01 11:40:00
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0009_mistake_puzzles"
down_revision = "0008_usernames"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "mistake_puzzle",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("player_id", sa.Integer(), nullable=False),
        sa.Column("game_id", sa.Integer(), nullable=False),
        sa.Column("game_number", sa.Integer(), nullable=False),
        sa.Column("move", sa.Integer(), nullable=False),
        sa.Column("side", sa.String(length=8), nullable=False),
        sa.Column("position_id", sa.String(length=20), nullable=False),
        sa.Column("dice", sa.String(length=2), nullable=False),
        sa.Column("rules", sa.JSON(), nullable=False),
        sa.Column("played", sa.String(length=80), nullable=False),
        sa.Column("played_equity", sa.Float(), nullable=False),
        sa.Column("best", sa.String(length=80), nullable=False),
        sa.Column("best_equity", sa.Float(), nullable=False),
        sa.Column("mark", sa.String(length=16), nullable=False),
        sa.Column("tolerance", sa.Float(), nullable=False),
        sa.Column("ranking", sa.JSON(), nullable=False),
        sa.Column("box", sa.Integer(), nullable=False),
        sa.Column("due_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("answered", sa.Integer(), nullable=False),
        sa.Column("right", sa.Integer(), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("answered_at", sa.DateTime(timezone=True), nullable=True),
        sa.ForeignKeyConstraint(
            ["game_id"],
            ["game.id"],
            name=op.f("fk_mistake_puzzle_game_id_game"),
            ondelete="CASCADE",
        ),
        sa.ForeignKeyConstraint(
            ["player_id"],
            ["player.id"],
            name=op.f("fk_mistake_puzzle_player_id_player"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_mistake_puzzle")),
        sa.UniqueConstraint(
            "player_id",
            "game_id",
            "game_number",
            "move",
            name="uq_mistake_puzzle_player_game_move",
        ),
    )
    op.create_index(op.f("ix_mistake_puzzle_game_id"), "mistake_puzzle", ["game_id"], unique=False)
    op.create_index(
        "ix_mistake_puzzle_player_id_due_at",
        "mistake_puzzle",
        ["player_id", "due_at"],
        unique=False,
    )


def downgrade() -> None:
    op.drop_index("ix_mistake_puzzle_player_id_due_at", table_name="mistake_puzzle")
    op.drop_index(op.f("ix_mistake_puzzle_game_id"), table_name="mistake_puzzle")
    op.drop_table("mistake_puzzle")
