"""The rules trainer's progress per player (guests too), kept in the database; the
level-up rule is :func:`nard.trainer.progress.answered`'s."""

from __future__ import annotations

from sqlalchemy.orm import Session

from nard.server.database import Database
from nard.storage.trainer_progress import Progress, progress_of, progress_row, store
from nard.trainer.progress import LEVELS, Standing, answered


class TrainerService:
    def __init__(self, db: Database) -> None:
        self.db = db

    async def record(
        self, player_id: int, kind: str, rules: str, level: str, correct: bool
    ) -> Progress:
        """Count one answered drill (at ``level``) and return the progress after it."""

        def record(session: Session) -> Progress:
            row = progress_row(session, player_id, kind, rules, LEVELS[0])
            before = Standing(row.level, row.answered, row.right, row.streak, row.best_streak)
            after, level_up = answered(before, level, correct)
            progress = store(
                row,
                level=after.level,
                answered=after.answered,
                right=after.right,
                streak=after.streak,
                best_streak=after.best_streak,
                level_up=level_up,
            )
            session.commit()
            return progress

        return await self.db.run(record)

    async def progress(self, player_id: int) -> list[Progress]:
        return await self.db.run(lambda session: progress_of(session, player_id))
