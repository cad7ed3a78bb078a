"""Public dice statistics, kept up to date as games finish (never recounted per request).

An after-commit listener: when a game is over, its dice (opening rolls too)
are added once to the server's tally and to each seated player's
(:class:`~nard.storage.repository.DiceRepository` guards the "once").
"""

from __future__ import annotations

import asyncio
import logging

from sqlalchemy.orm import Session

from nard.core.dice import Roll
from nard.match.dice_tally import DiceTally
from nard.server.database import Database
from nard.server.rooms.live import LiveGame
from nard.storage.repository import DiceRepository

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
        self._tasks: set[asyncio.Task[bool]] = set()

    def after_commit(self, live: LiveGame) -> None:
        if not live.is_over or live.setup.id in self._counted:
            return
        self._counted.add(live.setup.id)
        task = asyncio.create_task(self.count(live))
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def count(self, live: LiveGame) -> bool:
        """Add a finished game's dice to the tallies; False if they were in already."""
        tally = game_tally(live)
        scopes = [ALL, *{player_scope(p) for p in live.seating.players if p is not None}]

        def add(session: Session) -> bool:
            return DiceRepository(session).count_game(
                live.setup.id, scopes, tally.rolls, tally.faces, tally.doubles
            )

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
        if self._tasks:
            await asyncio.gather(*self._tasks, return_exceptions=True)
