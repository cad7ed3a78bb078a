"""case-insensitive usernames; when each login token was last used

Revision ID: 0008_usernames
Revises: 0007_dice_tally
Create Date: 2026-12-01 08:40:00

``probeX`` and ``PROBEX`` were two accounts: usernames are now unique
whatever their case (a unique index on ``lower(username)``). Accounts that
already differ only in case keep the oldest one's name; each later one is
renamed ``<name>-<id>`` (still a valid username, and unique) and can log in
with that name. ``last_used_at`` lets a login token expire when unused and be
renewed when used.
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0008_usernames"
down_revision = "0007_dice_tally"
branch_labels = None
depends_on = None


def upgrade() -> None:
    player = sa.table("player", sa.column("id", sa.Integer), sa.column("username", sa.String(40)))
    connection = op.get_bind()
    rows = connection.execute(
        sa.select(player.c.id, player.c.username)
        .where(player.c.username.is_not(None))
        .order_by(player.c.id)
    ).all()
    taken = {row.username.lower() for row in rows}
    seen: set[str] = set()
    for row in rows:
        key = row.username.lower()
        if key not in seen:
            seen.add(key)
            continue
        renamed = f"{row.username[:28]}-{row.id}"
        while renamed.lower() in taken:
            renamed = f"{renamed[:38]}-x"
        taken.add(renamed.lower())
        connection.execute(player.update().where(player.c.id == row.id).values(username=renamed))
    op.create_index("uq_player_username_lower", "player", [sa.text("lower(username)")], unique=True)
    with op.batch_alter_table("player_token") as batch:
        batch.add_column(sa.Column("last_used_at", sa.DateTime(timezone=True), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("player_token") as batch:
        batch.drop_column("last_used_at")
    op.drop_index("uq_player_username_lower", table_name="player")
