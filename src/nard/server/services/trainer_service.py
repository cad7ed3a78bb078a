"""The rules trainer's progress per player (guests too), kept in the database."""

from __future__ import annotations

from nard.server.database import Database
from nard.storage.trainer_progress import Progress, progress_of, record_answer


class TrainerService:
    def __init__(self, db: Database) -> None:
        self.db = db

    async def record(
        self, player_id: int, kind: str, rules: str, level: str, correct: bool
    ) -> Progress:
        return await self.db.run(
            lambda session: record_answer(session, player_id, kind, rules, level, correct)
        )

    async def progress(self, player_id: int) -> list[Progress]:
        return await self.db.run(lambda session: progress_of(session, player_id))
