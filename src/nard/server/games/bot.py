"""The bot's turns: an after-commit listener of the table.

When a committed action leaves the bot to act, a task lets it think in the
worker pool (:class:`~nard.server.games.bot_service.BotService`), then
commits its action through the table like any player's, until it is the
other side's turn. The server rolls the bot's dice, never the bot.

A decision that never comes (its job lost with a killed worker, the pool
broken) is asked for again after the service's ``retry_s``, one at a time; the
game's ``seq``, read again before the commit, keeps a late answer from ever
playing a turn twice.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging

from nard.core.dice import Roll
from nard.match.actions import RollDice
from nard.server.games.bot_service import BotService
from nard.server.games.live import GameStatus, LiveGame
from nard.server.games.registry import Registry
from nard.server.games.table import Table
from nard.server.refusals import Refusal, RefusalCode

log = logging.getLogger(__name__)


def bot_to_act(live: LiveGame) -> bool:
    game = live.match.game
    return (
        live.setup.bot_side is not None
        and live.status is GameStatus.ACTIVE
        and not live.is_over
        and game is not None
        and game.to_act is live.setup.bot_side
    )


class BotTurns:
    def __init__(self, bots: BotService, table: Table) -> None:
        self.bots = bots
        self.table = table
        self._tasks: dict[str, asyncio.Task[None]] = {}
        table.listen(self)

    def after_commit(self, live: LiveGame) -> None:
        if not bot_to_act(live):
            return
        running = self._tasks.get(live.public_id)
        if running is not None and not running.done():
            return
        self._tasks[live.public_id] = asyncio.create_task(self._turns(live))

    def playing(self, live: LiveGame) -> bool:
        """Whether the bot is taking its turns in this game now."""
        task = self._tasks.get(live.public_id)
        return task is not None and not task.done()

    async def resume(self, registry: Registry) -> int:
        """After a start: let the bot play on in every unfinished game against it."""
        games = await registry.unfinished_bot_games()
        for live in games:
            self.after_commit(live)
        return len(games)

    async def close(self) -> None:
        for task in list(self._tasks.values()):
            task.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await task
        self._tasks.clear()

    async def _turns(self, live: LiveGame) -> None:
        """Let the bot act while it is its turn; it thinks in the worker pool."""
        side = live.setup.bot_side
        assert side is not None
        try:
            while True:
                async with live.lock:
                    if not bot_to_act(live):
                        return
                    game, seq = live.match.game, live.seq
                assert game is not None
                try:
                    action = await self.bots.decide(
                        live.setup.bot_level or "intermediate", game, side
                    )
                except Exception:  # a lost job, a broken pool: ask again, the game waits
                    log.exception("game %s: the bot failed; asking again", live.public_id)
                    await asyncio.sleep(self.bots.retry_s)
                    continue
                async with live.lock:
                    if live.seq != seq or not bot_to_act(live):
                        continue
                    if action is None:  # no double: roll
                        action = RollDice(side, Roll(*self.table.intake.roll(live)))
                    try:
                        await self.table.commit(live, action, None)
                    except Refusal as refusal:
                        log.warning(
                            "game %s: the bot's %r refused: %s", live.public_id, action, refusal
                        )
                        if refusal.code is not RefusalCode.CONFLICT:
                            return
        except asyncio.CancelledError:
            raise
        except Exception:
            log.exception("game %s: the bot failed", live.public_id)
        finally:
            self._tasks.pop(live.public_id, None)
