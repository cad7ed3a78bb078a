"""The game rooms: one move's way through the server, one file per hop.

A client's message comes in on the game's socket (``games/game_socket.py``),
:mod:`~nard.server.games.intake` turns it into a match action (drawing the
dice), :mod:`~nard.server.games.table` checks the seat and the turn, applies
the action, saves it (``games/action_log.py``, a group commit) and
publishes it, :mod:`~nard.server.games.projection` makes it the JSON every
subscriber's socket sends, and the table's after-commit listeners take it
from there (:mod:`~nard.server.games.bot`, :mod:`~nard.server.games.ratings`,
:mod:`~nard.server.games.clocks`).
The live games themselves are kept by :mod:`~nard.server.games.registry`, who
is connected by the presence port (:class:`~nard.server.ports.Presence`, through
Redis for several instances);
:mod:`~nard.server.games.hints` answers hint requests,
:mod:`~nard.server.games.chat` keeps the chat, and
:mod:`~nard.server.games.sync` keeps the copies of a game that several server
processes hold in step; with several, any of them flags an overdue clock
(:mod:`~nard.server.games.overdue_clocks`) and takes over a bot turn a dead one
owed (:mod:`~nard.server.games.owed_bot_turns`).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from nard.server.database import Database
from nard.server.games.action_log import ActionLog
from nard.server.games.bot import BotTurns
from nard.server.games.bot_service import BotService
from nard.server.games.chat import CHAT_LINES, Chat
from nard.server.games.clocks import ClockWatch, Timekeeper
from nard.server.games.dice_stats import DiceStats
from nard.server.games.fanout import Fanout
from nard.server.games.hints import Hints
from nard.server.games.intake import Intake
from nard.server.games.live import LiveGame
from nard.server.games.overdue_clocks import OverdueClocks
from nard.server.games.owed_bot_turns import OwedBotTurns
from nard.server.games.projection import Projection
from nard.server.games.ratings import Ratings
from nard.server.games.registry import Registry
from nard.server.games.sync import Sync
from nard.server.games.table import Table
from nard.server.ports import Deadlines, EventBus, Presence


@dataclass(frozen=True, slots=True)
class Rooms:
    """Every part of the game server, wired together once at start."""

    registry: Registry
    presence: Presence
    projection: Projection
    table: Table
    bot: BotTurns
    ratings: Ratings
    hints: Hints
    bus: EventBus
    sync: Sync
    clocks: ClockWatch
    chat: Chat
    dice: DiceStats
    overdue: OverdueClocks
    """Flags the clocks of games held anywhere, or nowhere (several instances)."""
    owed: OwedBotTurns
    """Takes over the bot's turns a dead instance owed (several instances)."""

    @classmethod
    def open(
        cls,
        database: Database,
        log: ActionLog,
        bus: EventBus,
        *,
        bots: BotService,
        presence: Presence,
        clock_scale: float = 1.0,
        timekeeper: Timekeeper | None = None,
        chat_lines: int = CHAT_LINES,
        deadlines: Callable[[str], Deadlines],
    ) -> Rooms:
        """``deadlines``: the sets of deadlines every instance sees, by name."""
        timekeeper = timekeeper or Timekeeper()
        registry = Registry(database, timekeeper.now_ms)
        projection = Projection(presence, timekeeper)
        table = Table(
            registry,
            database,
            log,
            Fanout(bus),
            intake=Intake(),
            presence=presence,
            projection=projection,
            timekeeper=timekeeper,
            clock_scale=clock_scale,
        )
        bot = BotTurns(bots, table)
        registry.keep_while(presence.in_use, presence.forget)

        def tell(live: LiveGame) -> None:
            # A seat that changed at another instance: this process's sockets hear it.
            bus.deliver(live.public_id, projection.presence_message(live))

        presence.changed = tell
        presence.start()
        registry.keep_while(bot.playing)
        ratings = Ratings(database)
        table.listen(ratings)
        sync = Sync(registry, bus, projection)
        hints = Hints(registry, bots)
        clocks = ClockWatch(timekeeper, database)
        clocks.flag = table.flagfall.time_out
        table.listen(clocks)
        registry.keep_while(clocks.timing)
        dice = DiceStats(database)
        table.listen(dice)
        registry.on_copies(lambda live: None, dice.forget)
        chat = Chat(database, bus, max_lines=chat_lines)
        overdue = OverdueClocks(deadlines("clocks"), registry, timekeeper, table.flagfall, clocks)
        table.listen(overdue)
        owed = OwedBotTurns(deadlines("bot-turns"), registry, bot, retry_s=bots.retry_s)
        table.listen(owed)
        return cls(
            registry,
            presence,
            projection,
            table,
            bot,
            ratings,
            hints,
            bus,
            sync,
            clocks,
            chat,
            dice,
            overdue,
            owed,
        )

    async def resume(self) -> None:
        """After a start: the bot plays on, cut-off ratings move, clocks run again, and
        the dice of finished games left uncounted are counted."""
        await self.bot.resume(self.registry)
        await self.ratings.resume(await self.registry.unrated_games())
        await self.clocks.resume(self.registry)
        await self.overdue.start()
        self.owed.start()
        self.dice.resume()

    async def close(self) -> None:
        await self.overdue.close()
        await self.owed.close()
        await self.presence.close()
        await self.clocks.close()
        await self.dice.close()
        await self.sync.close()
        await self.bot.close()
        await self.ratings.close()
        await self.table.bus.close()  # the fan-out: what is queued goes out
        await self.table.log.close()
