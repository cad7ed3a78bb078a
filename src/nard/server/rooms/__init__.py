"""The game rooms: one move's way through the server, one file per hop.

A client's message comes in on the game's socket (``ws/game_socket.py``),
:mod:`~nard.server.rooms.intake` turns it into a match action (drawing the
dice), :mod:`~nard.server.rooms.table` checks the seat and the turn, applies
the action, saves it (``services/action_log.py``, a group commit) and
publishes it, :mod:`~nard.server.rooms.projection` makes it the JSON every
subscriber's socket sends, and the table's after-commit listeners take it
from there (:mod:`~nard.server.rooms.bot`). The live games themselves are
kept by :mod:`~nard.server.rooms.registry`, who is connected by
:mod:`~nard.server.rooms.presence`; :mod:`~nard.server.rooms.hints` answers
hint requests.
"""

from __future__ import annotations

from dataclasses import dataclass

from nard.server.bus import EventBus
from nard.server.database import Database
from nard.server.rooms.bot import BotTurns
from nard.server.rooms.fanout import Fanout
from nard.server.rooms.hints import Hints
from nard.server.rooms.intake import Intake
from nard.server.rooms.presence import Presence
from nard.server.rooms.projection import Projection
from nard.server.rooms.registry import Registry
from nard.server.rooms.table import Table
from nard.server.services.action_log import ActionLog
from nard.server.services.bot_service import BotService


@dataclass(frozen=True, slots=True)
class Rooms:
    """Every part of the game server, wired together once at start."""

    registry: Registry
    presence: Presence
    projection: Projection
    table: Table
    bot: BotTurns
    hints: Hints
    bus: EventBus

    @classmethod
    def open(
        cls,
        database: Database,
        log: ActionLog,
        bus: EventBus,
        *,
        bots: BotService,
        claim_after_s: float,
    ) -> Rooms:
        registry = Registry(database)
        presence = Presence(claim_after_s)
        projection = Projection(presence)
        table = Table(
            registry,
            database,
            log,
            Fanout(bus),
            intake=Intake(),
            presence=presence,
            projection=projection,
        )
        bot = BotTurns(bots, table)
        registry.keep_while(presence.in_use, presence.forget)
        registry.keep_while(bot.playing)
        return cls(registry, presence, projection, table, bot, Hints(registry, bots), bus)

    async def close(self) -> None:
        await self.bot.close()
        await self.table.bus.close()  # the fan-out: what is queued goes out
        await self.table.log.close()
