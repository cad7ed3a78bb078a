"""Hints: the best plays of a player's roll, in a game against the bot.

Checked under the game's lock, computed outside it (in the bot's worker
pool): the hint is for the state at ``seq``, and nothing changes.
"""

from __future__ import annotations

from nard.match.game import Phase
from nard.server.refusals import Refusal, RefusalCode
from nard.server.rooms.registry import GameMode, LiveGame, Registry
from nard.server.rooms.table import refuse_unless_current
from nard.server.schemas import HintPlay
from nard.server.services.bot_service import BotService


class Hints:
    def __init__(self, registry: Registry, bots: BotService) -> None:
        self.registry = registry
        self.bots = bots

    async def hint(self, live: LiveGame, player_id: int, seq: int) -> list[HintPlay]:
        """The best plays (at most 5, best first) of the roll ``player_id`` is playing."""
        async with live.lock:
            if seq > live.seq:
                await self.registry.refresh(live)
            sides = live.sides_of(player_id)
            if not sides:
                raise Refusal(RefusalCode.SPECTATOR)
            if live.setup.mode is not GameMode.BOT:
                raise Refusal(RefusalCode.NO_HINT)
            refuse_unless_current(live, seq)
            game = live.match.game
            assert game is not None
            if game.to_act not in sides:
                raise Refusal(RefusalCode.OUT_OF_TURN)
            if game.phase is not Phase.PLAYING:
                raise Refusal(
                    RefusalCode.PHASE, why="a hint is for a roll being played: roll first"
                )
            if game.steps:
                raise Refusal(RefusalCode.HINT_AFTER_STEP)
        return await self.bots.hint(game)
