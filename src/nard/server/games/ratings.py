"""The ratings: an after-commit listener that moves both ratings when a rated match ends.

A match ends rated however it ends: the last game won, a resignation, a
dropped double, a claim after the opponent left, a time-out; the table's
result names the winner in each case. The move itself is one transaction in
:func:`move_ratings`, gated by a
conditional UPDATE, so it happens exactly once even when this listener runs
twice or two server processes see the same end. After a restart,
:meth:`Ratings.resume` finishes any that were cut off.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging

from sqlalchemy.orm import Session

from nard.match.ratings import Rated, RatingChange, rate_match
from nard.server.database import Database
from nard.server.games.live import SIDES, LiveGame
from nard.storage.ratings import RatingRepository

log = logging.getLogger(__name__)


def move_ratings(
    session: Session, game_id: int, winner_id: int, loser_id: int, length: int
) -> RatingChange | None:
    """Move both ratings for a finished rated match, exactly once; None if already done
    (or if the players are not two different accounts). The caller commits.

    One transaction: the game's gate (:meth:`RatingRepository.claim`), both
    players locked, the FIBS formula, both new ratings and their history rows.
    """
    ratings = RatingRepository(session)
    if winner_id == loser_id or not ratings.claim(game_id):
        return None
    pair = ratings.accounts(winner_id, loser_id)
    if pair is None:
        return None
    winner, loser = pair
    change = rate_match(
        Rated(winner.rating, winner.experience), Rated(loser.rating, loser.experience), length
    )
    for player, opponent, after, won in (
        (winner, loser, change.winner, True),
        (loser, winner, change.loser, False),
    ):
        ratings.move(
            game_id,
            player,
            opponent,
            won=won,
            length=length,
            rating=after.rating,
            experience=after.experience,
        )
    return change


def rated_end(live: LiveGame) -> tuple[int, int, int] | None:
    """``(winner, loser, length)`` of a rated match that has just ended, else None."""
    result = live.standing.result
    length = live.setup.header.length
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
            change = move_ratings(session, game_id, winner_id, loser_id, length)
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
