"""Friend games waiting for their opponent: at most so many per player, and expired.

An invitation costs its maker a click and the server a row (and, while it is
looked at, a game in memory), and nothing else ever ends it: 3,600 a minute
came from one address. So a player holds at most ``per_player`` waiting games
(``too_many_waiting`` beyond), and every instance sweeps, every
:func:`sweep_every` seconds, the games still waiting ``expire_s`` after they
were made: deleted, with their chat, their invitation answered ``not_found``
from then on. Several instances sweeping at once delete each game once.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Callable
from datetime import UTC, datetime, timedelta

from sqlalchemy.orm import Session

from nard.server.database import Database
from nard.server.refusals import Refusal, RefusalCode
from nard.storage.waiting_games import WaitingGameRepository

log = logging.getLogger(__name__)


def sweep_every(expire_s: float) -> float:
    """How often to sweep: a quarter of the expiry, at most a minute.

    >>> sweep_every(86_400), sweep_every(2)
    (60.0, 0.5)
    """
    return min(60.0, expire_s / 4)


class WaitingGames:
    def __init__(
        self,
        database: Database,
        *,
        expire_s: float,
        per_player: int,
        expired: Callable[[str], object] = lambda _public_id: None,
    ) -> None:
        """``expired`` is told each game deleted (this instance's copy goes)."""
        self.database = database
        self.expire_s = expire_s
        self.per_player = per_player
        self.expired = expired
        self._task: asyncio.Task[None] | None = None

    async def admit(self, player_id: int) -> None:
        """Refuse (``too_many_waiting``) a player who has ``per_player`` waiting games."""

        def count(session: Session) -> int:
            return WaitingGameRepository(session).count_of(player_id)

        # Two made at once may both pass at the last one: the bound holds within a few.
        if await self.database.run(count) >= self.per_player:
            raise Refusal(RefusalCode.TOO_MANY_WAITING, most=self.per_player)

    async def sweep(self, now: datetime | None = None) -> list[str]:
        """Delete the games waiting since ``expire_s`` ago; their public ids."""
        cutoff = (now or datetime.now(UTC)) - timedelta(seconds=self.expire_s)

        def expire(session: Session) -> list[str]:
            gone = WaitingGameRepository(session).delete_made_before(cutoff)
            session.commit()
            return gone

        gone = await self.database.run(expire)
        for public_id in gone:
            self.expired(public_id)
        return gone

    def start(self) -> None:
        self._task = asyncio.create_task(self._sweeping(), name="nard-waiting-sweep")

    async def _sweeping(self) -> None:
        while True:
            await asyncio.sleep(sweep_every(self.expire_s))
            try:
                gone = await self.sweep()
            except Exception:  # the database may be away a while: sweep again later
                log.exception("waiting games: the sweep failed")
                continue
            if gone:
                log.info("waiting games: %d expired", len(gone))

    async def close(self) -> None:
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._task
