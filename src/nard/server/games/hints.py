"""Hints: the best plays of a player's roll, and the cube decision, in a game against the bot.

Checked under the game's lock, computed outside it (in the bot's worker
pool): the hint is for the state at ``seq``, and nothing changes.
"""

from __future__ import annotations

from nard.match.game import Game, Phase
from nard.server.games.bot_service import BotService
from nard.server.games.live import GameMode, LiveGame
from nard.server.games.registry import Registry
from nard.server.games.table import refuse_unless_current
from nard.server.protocol.http import HintPlay
from nard.server.protocol.views import CubeHintView
from nard.server.refusals import Refusal, RefusalCode


class Hints:
    def __init__(self, registry: Registry, bots: BotService) -> None:
        self.registry = registry
        self.bots = bots

    async def hint(self, live: LiveGame, player_id: int, seq: int) -> list[HintPlay]:
        """The best plays (at most 5, best first) of the roll ``player_id`` is playing."""
        async with live.lock:
            game = await self._game_to_hint(live, player_id, seq)
            if game.phase is not Phase.PLAYING:
                raise Refusal(
                    RefusalCode.PHASE, why="a hint is for a roll being played: roll first"
                )
            if game.steps:
                raise Refusal(RefusalCode.HINT_AFTER_STEP)
        return await self.bots.hint(game)

    async def cube_hint(self, live: LiveGame, player_id: int, seq: int) -> CubeHintView:
        """The cube decision of ``player_id``: double or not while it may double before
        rolling, take or pass while it is doubled."""
        async with live.lock:
            game = await self._game_to_hint(live, player_id, seq)
            to_act = game.to_act
            assert to_act is not None
            doubling = game.phase is Phase.ROLLING and game.can_double(to_act)
            if not doubling and game.phase is not Phase.CUBE_OFFERED:
                raise Refusal(RefusalCode.NO_CUBE_DECISION)
        return await self.bots.cube_hint(game)

    async def _game_to_hint(self, live: LiveGame, player_id: int, seq: int) -> Game:
        """The game at ``seq``, where ``player_id`` is to act in a game against the bot
        (under the game's lock)."""
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
        return game
