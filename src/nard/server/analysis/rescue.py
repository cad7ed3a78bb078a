"""An analysis left by a worker or an instance that died is started again, unasked.

A running analysis writes its progress every :data:`~.analysis_job.SAVE_EVERY_S`;
one silent for the service's ``abandoned_after_s`` was left (its worker killed
or OOM-killed, its job lost with a Redis restarted empty, its instance gone).
Every ``every_s`` each instance looks for such rows and starts each again
(:meth:`AnalysisService.start <nard.server.analysis.service.AnalysisService.start>`,
a new attempt, so the one it replaces can never write again), as a player
asking again would, where the game still stands at the analysed action.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from datetime import UTC, datetime, timedelta

from sqlalchemy import select
from sqlalchemy.orm import Session

from nard.server.analysis.service import AnalysisService
from nard.server.database import Database
from nard.server.games.projection import Projection
from nard.server.games.registry import Registry
from nard.storage.models import Analysis
from nard.storage.models import Game as GameRow

log = logging.getLogger(__name__)


def _silent(session: Session, after_s: float) -> list[tuple[str, int]]:
    """(game, analysed seq) of the running analyses silent for ``after_s``."""
    cutoff = datetime.now(UTC) - timedelta(seconds=after_s)
    rows = session.execute(
        select(GameRow.public_id, Analysis.seq)
        .join(GameRow, GameRow.id == Analysis.game_id)
        .where(Analysis.status == "running", Analysis.updated_at < cutoff)
    )
    return [(public_id, seq) for public_id, seq in rows]


class AnalysisRescue:
    def __init__(
        self,
        database: Database,
        registry: Registry,
        projection: Projection,
        analyses: AnalysisService,
        *,
        every_s: float,
    ) -> None:
        self.database = database
        self.registry = registry
        self.projection = projection
        self.analyses = analyses
        self.every_s = every_s
        self._task: asyncio.Task[None] | None = None

    def start(self) -> None:
        self._task = asyncio.create_task(self._forever())

    async def rescue(self) -> int:
        """Start again the analyses left silent; how many were."""
        after_s = self.analyses.abandoned_after_s
        started = 0
        for public_id, seq in await self.database.run(lambda s: _silent(s, after_s)):
            live = await self.registry.get(public_id)
            if live is None:
                continue
            async with live.lock:
                await self.registry.reload(live)
                record, now_at = self.projection.record(live), live.seq
            if now_at != seq:  # the game moved on: asked again, it analyses what is saved
                continue
            log.warning("game %s: its analysis was left silent; starting it again", public_id)
            await self.analyses.start(live, record, seq)
            started += 1
        return started

    async def _forever(self) -> None:
        while True:
            await asyncio.sleep(self.every_s)
            try:
                await self.rescue()
            except Exception as error:  # the database or the queue away: next round
                log.warning("analyses: the rescue failed (%s)", error)

    async def close(self) -> None:
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._task
