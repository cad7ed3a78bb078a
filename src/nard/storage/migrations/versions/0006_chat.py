"""chat kept with its game: the players' room and the spectators'

Revision ID: 0006_chat
Revises: 0005_clocks
Create Date: 2026-12-01 10:00:00
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0006_chat"
down_revision = "0005_clocks"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "chat_message",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("game_id", sa.Integer(), nullable=False),
        sa.Column("room", sa.String(length=16), nullable=False),
        sa.Column("player_id", sa.Integer(), nullable=False),
        sa.Column("name", sa.String(length=40), nullable=False),
        sa.Column("side", sa.String(length=8), nullable=True),
        sa.Column("text", sa.String(length=300), nullable=True),
        sa.Column("phrase", sa.String(length=32), nullable=True),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(
            ["game_id"], ["game.id"], name=op.f("fk_chat_message_game_id_game"), ondelete="CASCADE"
        ),
        sa.ForeignKeyConstraint(
            ["player_id"], ["player.id"], name=op.f("fk_chat_message_player_id_player")
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_chat_message")),
    )
    op.create_index(op.f("ix_chat_message_game_id"), "chat_message", ["game_id"])


def downgrade() -> None:
    op.drop_index(op.f("ix_chat_message_game_id"), table_name="chat_message")
    op.drop_table("chat_message")
