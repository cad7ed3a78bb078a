"""The live games of this process: load, reload, keep.

A game lives in memory while it is played (:class:`~nard.server.games.live.LiveGame`);
it is loaded by replaying its log (:mod:`~nard.server.games.loading`), and
another process that moved a game on is caught up with :meth:`Registry.reload`,
which :meth:`Registry.refresh` calls only when the game's row says it moved on
(a client sending a future ``seq`` costs one small query, not a replay).

The cache is bounded: a game nobody is connected to, that the bot is not
playing and that no action holds, is dropped once it has been unused for
``idle_s`` or when more than ``max_live`` games are kept (the least recently
used first); it is loaded again when next asked for.
"""

from __future__ import annotations

import asyncio
import time
from collections import OrderedDict
from collections.abc import Callable
from datetime import UTC, datetime

from sqlalchemy.orm import Session

from nard.match.interning import Interner
from nard.server.database import Database
from nard.server.games.live import GameStatus, LiveGame, Standing
from nard.server.games.loading import caught_up, read_game
from nard.server.protocol.views import OutcomeView, StoredView, stored
from nard.storage.games import GameRepository
from nard.storage.models import Game as GameRow
from nard.storage.players import PlayerRepository
from nard.storage.ratings import RatingRepository

MAX_LIVE = 5000
"""Games kept in memory at most (beyond, the least recently used idle ones go)."""
IDLE_S = 600.0
"""A game unused this long, with nobody at it, leaves memory."""


class Registry:
    """The cache of live games, each loaded once however many ask for it at once."""

    def __init__(
        self,
        database: Database,
        now_ms: Callable[[], float],
        *,
        max_live: int = MAX_LIVE,
        idle_s: float = IDLE_S,
    ) -> None:
        self.database = database
        # The live games' histories share one instance per step, roll and the like.
        self.interner = Interner()
        self.now_ms = now_ms
        """The timekeeper's clock: a loaded game's clock is exact as of its loading."""
        self.max_live = max_live
        self.idle_s = idle_s
        self._live: OrderedDict[str, LiveGame] = OrderedDict()
        self._used: dict[str, float] = {}
        self._loading: dict[str, asyncio.Lock] = {}
        self._in_use: list[Callable[[LiveGame], bool]] = []
        self._forget: list[Callable[[LiveGame], None]] = []
        self._kept: list[Callable[[LiveGame], None]] = []

    def on_copies(
        self, kept: Callable[[LiveGame], None], forgotten: Callable[[LiveGame], None]
    ) -> None:
        """Call ``kept`` when a game's copy comes into memory, ``forgotten`` when it goes."""
        self._kept.append(kept)
        self._forget.append(forgotten)

    def keep_while(
        self, in_use: Callable[[LiveGame], bool], forget: Callable[[LiveGame], None] | None = None
    ) -> None:
        """Never drop a game while ``in_use`` says so; ``forget`` it when it is dropped."""
        self._in_use.append(in_use)
        if forget is not None:
            self._forget.append(forget)

    def __len__(self) -> int:
        return len(self._live)

    def cached(self, public_id: str) -> LiveGame | None:
        """The game if it is in memory now (never loads it)."""
        return self._live.get(public_id)

    def _touch(self, live: LiveGame) -> LiveGame:
        self._live.move_to_end(live.public_id)
        self._used[live.public_id] = time.monotonic()
        return live

    def _keep(self, live: LiveGame) -> LiveGame:
        kept = self._live.setdefault(live.public_id, live)
        if kept is live:
            for told in self._kept:
                told(live)
        self._touch(kept)
        self.evict()
        return kept

    def drop(self, public_id: str, *, unused_s: float, now: float | None = None) -> bool:
        """Drop the game's copy unless it is in use or was asked for in the last
        ``unused_s`` seconds; whether it went (or was not here)."""
        live = self._live.get(public_id)
        if live is None:
            return True
        now = time.monotonic() if now is None else now
        if now - self._used.get(public_id, now) < unused_s:
            return False
        if self._busy(live):
            return False
        self._forget_copy(live)
        return True

    def _busy(self, live: LiveGame) -> bool:
        """Whether the copy is in use now (its lock held, or a user says so)."""
        return live.lock.locked() or any(in_use(live) for in_use in self._in_use)

    def _forget_copy(self, live: LiveGame) -> None:
        del self._live[live.public_id]
        self._used.pop(live.public_id, None)
        for forget in self._forget:
            forget(live)

    def evict(self, now: float | None = None) -> int:
        """Drop the games over the bound or idle too long, oldest use first; how many went."""
        now = time.monotonic() if now is None else now
        dropped = 0
        for public_id in list(self._live):
            over = len(self._live) > self.max_live
            if not over and now - self._used.get(public_id, now) < self.idle_s:
                break  # every later one was used more recently
            live = self._live[public_id]
            if self._busy(live):
                continue
            self._forget_copy(live)
            dropped += 1
        return dropped

    async def get(self, public_id: str) -> LiveGame | None:
        """The game with this public id, loaded (and replayed) if need be."""
        live = self._live.get(public_id)
        if live is not None:
            return self._touch(live)
        lock = self._loading.setdefault(public_id, asyncio.Lock())
        async with lock:
            live = self._live.get(public_id)
            if live is None:
                live = await self.database.run(
                    lambda s: read_game(s, public_id=public_id, interner=self.interner)
                )
                if live is not None:
                    live.clock_at = self.now_ms()
                    live = self._keep(live)
        self._loading.pop(public_id, None)
        return live

    async def load(self, game_id: int) -> LiveGame:
        """The game with this database id (just created or joined)."""
        live = await self.database.run(
            lambda session: read_game(session, game_id=game_id, interner=self.interner)
        )
        assert live is not None
        live.clock_at = self.now_ms()
        return self._keep(live)

    async def finish(
        self, live: LiveGame, result: OutcomeView, clock: StoredView | None = None
    ) -> bool:
        """End ``live`` outside its action log (a claim, a time-out), in the database and
        in this copy. Only at the action this copy knows: a side that moved meanwhile
        (at another instance) has not lost. False when the game had moved on or ended
        there: the copy is read again."""

        def store(session: Session) -> bool:
            done = GameRepository(session).finish(
                live.setup.id,
                status=GameStatus.FINISHED.value,
                result=stored(result),
                seq=live.seq,
                clock=clock,
            )
            session.commit()
            return done

        if not await self.database.run(store):
            await self.reload(live)
            return False
        standing = live.standing
        live.standing = Standing(
            standing.match, standing.seq, GameStatus.FINISHED, result, datetime.now(UTC)
        )
        return True

    async def reload(self, live: LiveGame) -> LiveGame:
        """Catch up with the database: another process may have moved the game on."""
        fresh = await self.database.run(
            lambda s: read_game(s, game_id=live.setup.id, interner=self.interner)
        )
        assert fresh is not None
        # The setup too: a guest who takes the seat makes the match unrated.
        live.setup, live.standing, live.seating = fresh.setup, fresh.standing, fresh.seating
        live.client_seeds = fresh.client_seeds
        live.clock, live.clock_at = fresh.clock, self.now_ms()
        return live

    async def refresh(self, live: LiveGame) -> bool:
        """Catch up with the database by applying only the actions logged since this
        copy (the caller holds the game's lock); whether anything changed."""
        fresh = await self.database.run(lambda s: caught_up(s, live, self.interner))
        changed = (fresh.seq, fresh.status, fresh.seating, fresh.client_seeds) != (
            live.seq,
            live.status,
            live.seating,
            live.client_seeds,
        )
        if not changed:
            return False  # the copy in memory stays the very same (nothing was replayed)
        live.standing, live.seating = fresh.standing, fresh.seating
        live.client_seeds = fresh.client_seeds
        live.clock, live.clock_at = fresh.clock, self.now_ms()
        return changed

    def live_games(self) -> list[LiveGame]:
        return list(self._live.values())

    async def active_clocked_games(self) -> list[LiveGame]:
        """The active games with a clock (to watch again after a start), loaded."""
        rows = await self.database.run(
            lambda s: [row.public_id for row in GameRepository(s).active_clocked_games()]
        )
        games = [await self.get(public_id) for public_id in rows]
        return [live for live in games if live is not None]

    async def unfinished_bot_games(self) -> list[LiveGame]:
        """The active games against the bot (to resume after a start), loaded."""
        rows = await self.database.run(
            lambda session: [row.public_id for row in GameRepository(session).active_bot_games()]
        )
        games = [await self.get(public_id) for public_id in rows]
        return [live for live in games if live is not None]

    async def unrated_games(self) -> list[LiveGame]:
        """The finished rated matches whose ratings have not moved yet, loaded."""
        rows = await self.database.run(
            lambda session: [row.id for row in RatingRepository(session).unapplied()]
        )
        return [await self.load(game_id) for game_id in rows]

    async def of_player(
        self, player_id: int, *, finished: bool | None = None
    ) -> tuple[list[GameRow], dict[int, str]]:
        """A player's stored games, newest first, and the names of everyone seated in them."""

        def read(session: Session) -> tuple[list[GameRow], dict[int, str]]:
            rows = list(GameRepository(session).of_player(player_id, finished=finished))
            ids = {p for row in rows for p in (row.white_player_id, row.black_player_id) if p}
            return rows, PlayerRepository(session).names(list(ids))

        return await self.database.run(read)

    async def logged_events(self, live: LiveGame, since: int) -> list[tuple[int, list[StoredView]]]:
        """The events of each action after ``since``, from the log: ``(seq, events)``."""
        return await self.database.run(
            lambda session: [
                (item.seq, item.events)
                for item in GameRepository(session).actions(live.setup.id, after=since)
            ]
        )
