"""Public dice statistics, kept up to date as games finish (never recounted per request).

An after-commit listener: when a game is over, its dice (opening rolls too)
are added once to the server's tally and to each seated player's
(:class:`~nard.storage.dice.DiceRepository` guards the "once"). A count
that failed, or that a crash cut off, is made at the next start
(:meth:`DiceStats.resume`).
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Coroutine
from functools import partial

from sqlalchemy.orm import Session

from nard.core.dice import Roll
from nard.match.dice_tally import DiceTally
from nard.server.database import Database
from nard.server.games.live import LiveGame
from nard.server.games.loading import read_game
from nard.storage.dice import DiceRepository

log = logging.getLogger(__name__)

ALL = "all"


def player_scope(player_id: int) -> str:
    return f"player:{player_id}"


def game_tally(live: LiveGame) -> DiceTally:
    """Every pair of dice the game's match drew."""
    pairs = [
        (draw.high, draw.low) if isinstance(draw, Roll) else draw
        for draw in live.match.dice_rolls()
    ]
    return DiceTally().add_rolls(pairs)


class DiceStats:
    def __init__(self, database: Database) -> None:
        self.database = database
        self._counted: set[int] = set()
        """The games in memory whose dice are counted or being counted (so that their
        later commits ask nothing more); a game leaves it with its copy (:meth:`forget`)."""
        self._tasks: set[asyncio.Task[object]] = set()
        self._backlog: asyncio.Task[int] | None = None
        """The count of the games left uncounted (:meth:`resume`); stopped at closing:
        what it has not reached is counted at the next start."""

    def after_commit(self, live: LiveGame) -> None:
        if not live.is_over or live.setup.id in self._counted:
            return
        self._counted.add(live.setup.id)
        self._spawn(self.count(live))

    def forget(self, live: LiveGame) -> None:
        """The registry dropped the game's copy (the database still guards the "once")."""
        self._counted.discard(live.setup.id)

    def _spawn(self, work: Coroutine[object, object, object]) -> None:
        task = asyncio.create_task(work)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    def resume(self) -> None:
        """Count, in the background, the finished games whose dice are not counted yet."""
        self._backlog = asyncio.create_task(self._count_uncounted())

    async def backlog_counted(self) -> int:
        """Wait until the games found uncounted at the start are counted; how many."""
        return 0 if self._backlog is None else await asyncio.shield(self._backlog)

    async def _count_uncounted(self) -> int:
        games = await self.database.run(lambda session: DiceRepository(session).uncounted())
        counted = 0
        for game_id in games:
            live = await self.database.run(partial(read_game, game_id=game_id))
            if live is not None and live.is_over and await self.count(live):
                counted += 1
        if counted:
            log.info("counted the dice of %d finished games left uncounted", counted)
        return counted

    async def count(self, live: LiveGame) -> bool:
        """Add a finished game's dice to the tallies; False if they were in already."""
        tally = game_tally(live)
        scopes = [ALL, *{player_scope(p) for p in live.seating.players if p is not None}]

        def add(session: Session) -> bool:
            counted = DiceRepository(session).count_game(
                live.setup.id, scopes, tally.rolls, tally.faces, tally.doubles
            )
            session.commit()
            return counted

        try:
            return await self.database.run(add)
        except Exception:  # the statistics are an extra: the game is saved regardless
            log.exception("counting the dice of game %s failed", live.public_id)
            self._counted.discard(live.setup.id)
            return False

    async def tally(self, scope: str) -> DiceTally:
        def read(session: Session) -> DiceTally:
            row = DiceRepository(session).tally(scope)
            if row is None:
                return DiceTally()
            faces = row.faces
            return DiceTally(
                row.rolls, (faces[0], faces[1], faces[2], faces[3], faces[4], faces[5]), row.doubles
            )

        return await self.database.run(read)

    async def close(self) -> None:
        if self._backlog is not None:
            self._backlog.cancel()
            await asyncio.gather(self._backlog, return_exceptions=True)
        if self._tasks:
            await asyncio.gather(*self._tasks, return_exceptions=True)
