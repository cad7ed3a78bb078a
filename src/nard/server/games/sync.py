"""Keep this process's copies of the games in step with the other processes.

Several server processes may hold the same game in memory. Each commit, seat
taken, claim and client seed is announced on the bus
(:meth:`~nard.server.ports.local.bus.EventBus.announce`) to the processes holding a copy
(each follows the games it holds); their copies catch up from the database
(only the actions logged since), so no process serves its own stale copy. A
copy that nothing here uses (no socket, no bot turn, no clock running, nothing
asked for it lately) is dropped instead: catching up a game played on another
instance at each of its actions cost more than the action itself, and the next
use here reads it afresh. A socket that connects reads the database's ``seq``
first, and when the bus was cut off every copy catches up and the sockets of
those that moved get the whole state again.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable, Coroutine
from typing import Any

from nard.server.games.live import LiveGame
from nard.server.games.projection import Projection
from nard.server.games.registry import Registry
from nard.server.ports import EventBus, changes_of

log = logging.getLogger(__name__)

KEEP_ASKED_S = 10.0
"""A copy asked for this recently is kept up rather than dropped: a socket or a
request may hold it between reading it and being counted as its user."""


class Sync:
    """The bus's :class:`~nard.server.ports.local.bus.Watcher` for the registry's games."""

    def __init__(
        self,
        registry: Registry,
        bus: EventBus,
        projection: Projection,
        *,
        keep_asked_s: float = KEEP_ASKED_S,
    ) -> None:
        self.registry = registry
        self.keep_asked_s = keep_asked_s
        self.bus = bus
        self.projection = projection
        self._tasks: set[asyncio.Task[None]] = set()
        self._following: dict[str, Callable[[], None]] = {}
        bus.watch(self)
        registry.on_copies(self._follow, self._unfollow)

    async def current(self, public_id: str) -> LiveGame | None:
        """The game as the database holds it now (loaded if need be)."""
        live = await self.registry.get(public_id)
        if live is not None:
            async with live.lock:
                await self.registry.refresh(live)
        return live

    def _follow(self, live: LiveGame) -> None:
        """A copy came into memory: hear of the game's changes elsewhere while it stays."""
        self._unfollow(live)
        self._following[live.public_id] = self.bus.follow(live.public_id)
        self._spawn(self._heard_from(live))

    def _unfollow(self, live: LiveGame) -> None:
        stop = self._following.pop(live.public_id, None)
        if stop is not None:
            stop()

    async def _heard_from(self, live: LiveGame) -> None:
        # The copy was read before its notices were heard: a change in between is in
        # the database.
        if await self.bus.listening(changes_of(live.public_id)):
            await self._catch_up(live, resend=False)

    def changed_elsewhere(self, game: str, seq: int) -> None:
        live = self.registry.cached(game)
        # A notice older than our copy is about a change we have already seen.
        if live is None or seq < live.seq or self.registry.drop(game, unused_s=self.keep_asked_s):
            return
        self._spawn(self._catch_up(live, resend=False))

    def reconnected(self) -> None:
        for live in self.registry.live_games():
            self._spawn(self._catch_up(live, resend=True))

    async def _catch_up(self, live: LiveGame, *, resend: bool) -> None:
        try:
            async with live.lock:
                changed = await self.registry.refresh(live)
        except Exception:  # one game's failure must not stop the others catching up
            log.exception("game %s: catching up with the database failed", live.public_id)
            return
        if changed and resend:
            # The updates published while the bus was down never reached these sockets.
            self.bus.deliver(live.public_id, self.projection.state_message(live))

    def _spawn(self, work: Coroutine[Any, Any, None]) -> None:
        task = asyncio.create_task(work)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def close(self) -> None:
        for task in list(self._tasks):
            task.cancel()
        await asyncio.gather(*self._tasks, return_exceptions=True)
