"""A bot turn owed by an instance that died is taken over by a live one.

:class:`~nard.server.games.bot.BotTurns` lets the bot play where the action
before its turn was committed; an instance killed then, and kept down, would
leave the game waiting for a restart (the player's moves refused
``out_of_turn``). So the committing instance writes a deadline
``retry_s`` ahead into a set every instance sees
(the ``Deadlines`` port, :mod:`nard.server.ports`,
``<prefix>bot-turns``) and moves it on every ``every_s`` while the bot plays
there; a deadline that passes is claimed by one instance at a time, which
reads the game and lets the bot play if it still owes the turn. The game's
``seq`` keeps two instances from ever playing one turn twice.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging

from nard.server.games.background import Background
from nard.server.games.bot import BotTurns, bot_to_act
from nard.server.games.live import LiveGame
from nard.server.games.registry import Registry
from nard.server.ports import Deadlines

log = logging.getLogger(__name__)


class OwedBotTurns:
    def __init__(
        self,
        deadlines: Deadlines,
        registry: Registry,
        bot: BotTurns,
        *,
        retry_s: float,
        every_s: float = 1.0,
    ) -> None:
        self.deadlines = deadlines
        self.registry = registry
        self.bot = bot
        self.retry_ms = retry_s * 1000
        self.every_s = min(every_s, retry_s / 3)
        self._background = Background("bot turns: taking over or sharing a turn")
        self._sweeper: asyncio.Task[None] | None = None

    def after_commit(self, live: LiveGame) -> None:
        if live.setup.bot_side is not None:
            self._background.spawn(self.share(live))

    async def share(self, live: LiveGame) -> None:
        """Owe the bot's turn ``retry_s`` from now, or owe nothing (the bot is not to act)."""
        if bot_to_act(live):
            await self.deadlines.due(live.public_id, live.seq, self.retry_ms)
        else:
            await self.deadlines.clear(live.public_id, live.seq)

    def start(self) -> None:
        self._sweeper = asyncio.create_task(self._sweep_forever())

    async def sweep(self) -> int:
        """Move on the turns the bot plays here; take over the ones due; how many."""
        for live in self.registry.live_games():
            if self.bot.playing(live):
                await self.deadlines.due(live.public_id, live.seq, self.retry_ms)
        claimed = await self.deadlines.claim(self.retry_ms)
        for public_id, _ in claimed:
            self._background.spawn(self._take_over(public_id))
        return len(claimed)

    async def _take_over(self, public_id: str) -> None:
        live = await self.registry.get(public_id)
        if live is None:
            return
        async with live.lock:
            await self.registry.refresh(live)  # it moved on elsewhere, or the bot owes it
        if bot_to_act(live) and not self.bot.playing(live):
            log.warning("game %s: the bot's turn was left by its instance", public_id)
            self.bot.after_commit(live)
        await self.share(live)

    async def _sweep_forever(self) -> None:
        while True:
            await asyncio.sleep(self.every_s)
            try:
                await self.sweep()
            except Exception as error:  # Redis or the database away: the next round tries
                log.warning("bot turns: the sweep failed (%s)", error)

    async def close(self) -> None:
        await self._background.close()
        for task in [self._sweeper] if self._sweeper else []:
            task.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await task
