"""The ratings: an after-commit listener that moves both ratings when a rated match ends.

A match ends rated however it ends: the last game won, a resignation, a
dropped double, a claim after the opponent left, a time-out; the table's
result names the winner in each case. The move itself is one transaction in
:meth:`~nard.storage.repository.RatingRepository.apply`, gated by a
conditional UPDATE, so it happens exactly once even when this listener runs
twice or two server processes see the same end. After a restart,
:meth:`Ratings.resume` finishes any that were cut off.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging

from sqlalchemy.orm import Session

from nard.match.ratings import RatingChange
from nard.server.database import Database
from nard.server.rooms.registry import SIDES, LiveGame
from nard.storage.repository import RatingRepository

log = logging.getLogger(__name__)


def rated_end(live: LiveGame) -> tuple[int, int, int] | None:
    """``(winner, loser, length)`` of a rated match that has just ended, else None."""
    result = live.standing.result
    length = live.setup.header.get("length")
    if not live.setup.rated or not live.is_over or result is None or not length:
        return None
    winner = SIDES.get(result.winner or "")
    if winner is None:
        return None
    players = live.seating.players
    winner_id, loser_id = players[winner], players[winner.other]
    if winner_id is None or loser_id is None or winner_id == loser_id:
        return None
    return winner_id, loser_id, int(length)


class Ratings:
    def __init__(self, database: Database) -> None:
        self.database = database
        self._tasks: set[asyncio.Task[RatingChange | None]] = set()

    def after_commit(self, live: LiveGame) -> None:
        end = rated_end(live)
        if end is None:
            return
        task = asyncio.create_task(self.apply(live.setup.id, *end))
        self._tasks.add(task)
        task.add_done_callback(self._done)

    def _done(self, task: asyncio.Task[RatingChange | None]) -> None:
        self._tasks.discard(task)
        if not task.cancelled() and task.exception() is not None:
            # The match stays unrated in the database: the next start rates it.
            log.error("moving the ratings failed", exc_info=task.exception())

    async def apply(
        self, game_id: int, winner_id: int, loser_id: int, length: int
    ) -> RatingChange | None:
        """Move the ratings for this match; None if they have moved already."""

        def work(session: Session) -> RatingChange | None:
            change = RatingRepository(session).apply(game_id, winner_id, loser_id, length)
            session.commit()
            return change

        return await self.database.run(work)

    async def resume(self, games: list[LiveGame]) -> int:
        """After a start: rate the finished rated matches whose ratings never moved."""
        moved = 0
        for live in games:
            end = rated_end(live)
            if end is not None and await self.apply(live.setup.id, *end) is not None:
                moved += 1
        return moved

    async def close(self) -> None:
        for task in list(self._tasks):
            with contextlib.suppress(Exception):
                await task
