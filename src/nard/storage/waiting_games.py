"""Friend games still waiting for their opponent: how many a player has, and the old
ones deleted (an invitation nobody opened in time)."""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import delete, func, or_, select
from sqlalchemy.orm import Session

from nard.storage.models import Game

WAITING = "waiting"


class WaitingGameRepository:
    def __init__(self, session: Session) -> None:
        self.session = session

    def count_of(self, player_id: int) -> int:
        """The waiting games ``player_id`` made (holds a seat of)."""
        count = self.session.scalar(
            select(func.count())
            .select_from(Game)
            .where(
                Game.status == WAITING,
                or_(Game.white_player_id == player_id, Game.black_player_id == player_id),
            )
        )
        return count or 0

    def delete_made_before(self, cutoff: datetime) -> list[str]:
        """Delete the games still waiting that were made before ``cutoff`` (their chat goes
        with them); their public ids. A game joined meanwhile is active, so it stays."""
        deleted = self.session.scalars(
            delete(Game)
            .where(Game.status == WAITING, Game.created_at < cutoff)
            .returning(Game.public_id)
        ).all()
        return list(deleted)
