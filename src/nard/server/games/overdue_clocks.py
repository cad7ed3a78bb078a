"""Any live instance flags any clocked game whose time ran out, whether or not it holds it.

:class:`~nard.server.games.clocks.ClockWatch` arms a timer only where an action
was committed or where a process started, so the game of an instance that died
and stays down would never flag. So the committing instance also writes the
running side's deadline into a set every instance sees
(the ``Deadlines`` port, :mod:`nard.server.ports`,
``<prefix>clocks``); every ``every_s`` each instance claims the games due and
flags them (:meth:`~nard.server.games.timeout.Flagfall.overdue`). The flag is
stored only at the action the deadline was written for, the action log's
``seq`` guard, so it comes once however many instances try; a game that moved
on has its deadline written again from the copy read.

Every ``restore_every`` rounds the deadlines of the games timed here are
written again where missing, so a Redis that restarted empty learns them back.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging

from nard.server.games.background import Background
from nard.server.games.clocks import ClockWatch, Timekeeper
from nard.server.games.live import LiveGame
from nard.server.games.registry import Registry
from nard.server.games.timeout import Flagfall
from nard.server.ports import Deadlines
from nard.server.ports.redis.client import redis_errors

log = logging.getLogger(__name__)

HOLD_S = 2.0
"""A claimed game is left to its claimer this long before another instance tries."""


class OverdueClocks:
    def __init__(
        self,
        deadlines: Deadlines,
        registry: Registry,
        timekeeper: Timekeeper,
        flagfall: Flagfall,
        clocks: ClockWatch,
        *,
        every_s: float = 1.0,
        restore_every: int = 5,
    ) -> None:
        self.deadlines = deadlines
        self.registry = registry
        self.timekeeper = timekeeper
        self.flagfall = flagfall
        self.clocks = clocks
        self.every_s = every_s
        self.restore_every = restore_every
        self._background = Background("clocks: flagging an overdue game")
        self._sweeper: asyncio.Task[None] | None = None

    def after_commit(self, live: LiveGame) -> None:
        if live.clock is not None:
            self._background.spawn(self.share(live))

    async def share(self, live: LiveGame, *, only_new: bool = False) -> None:
        """Write the game's deadline as this copy has it (none once it is over)."""
        clock = self.timekeeper.charged(live)
        if clock is None:
            return
        try:
            if live.is_over:
                await self.deadlines.clear(live.public_id, live.seq)
                return
            deadline = 0 if clock.flagged is not None else clock.deadline_ms()
            if deadline is None:
                await self.deadlines.clear(live.public_id, live.seq)
            else:
                await self.deadlines.due(live.public_id, live.seq, deadline, only_new=only_new)
        except redis_errors() as error:  # the holder's own timer still flags it
            log.warning("game %s: sharing its deadline failed (%s)", live.public_id, error)

    async def start(self) -> None:
        """After :meth:`ClockWatch.resume`: share the deadlines of the games timed here
        (their clocks as their last heartbeat left them), then sweep."""
        for live in self.registry.live_games():
            if self.clocks.timing(live):
                await self.share(live)
        self._sweeper = asyncio.create_task(self._sweep_forever())

    async def sweep(self) -> int:
        """Flag the games due now (those claimed here); how many were claimed."""
        claimed = await self.deadlines.claim(HOLD_S * 1000)
        for public_id, seq in claimed:
            self._background.spawn(self._flag(public_id, seq))
        return len(claimed)

    async def _flag(self, public_id: str, seq: int) -> None:
        live = await self.registry.get(public_id)
        if live is None:
            await self.deadlines.clear(public_id, seq)
            return
        flagged = await self.flagfall.overdue(live, seq)
        if flagged is None:  # it moved on: its deadline as the copy read has it
            await self.share(live)
        elif live.is_over:
            await self.deadlines.clear(public_id, seq)

    async def _sweep_forever(self) -> None:
        rounds = 0
        while True:
            await asyncio.sleep(self.every_s)
            rounds += 1
            try:
                await self.sweep()
                if rounds % self.restore_every == 0:
                    for live in self.registry.live_games():
                        if self.clocks.timing(live):
                            await self.share(live, only_new=True)
            except Exception as error:  # Redis or the database away: the next round tries
                log.warning("clocks: the sweep failed (%s)", error)

    async def close(self) -> None:
        await self._background.close()
        for task in [self._sweeper] if self._sweeper else []:
            task.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await task
