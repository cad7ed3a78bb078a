"""Fan-out off the acting player's path: the table's messages go to the bus from a task.

A committed action's update goes to every socket of its game; with many
spectators that was paid for before the actor's own ``ack`` was even queued.
:class:`Fanout` is the bus the table publishes on: ``publish`` only queues the
message, and one task hands them to the real bus in the order they came, so
the ack goes out first and every socket still sees one order.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Awaitable, Callable

from nard.server.ports import Deliver, EventBus, Watcher

log = logging.getLogger(__name__)


class Fanout:
    def __init__(self, bus: EventBus) -> None:
        self.bus = bus
        self._queue: asyncio.Queue[tuple[str, Callable[[], Awaitable[None]]]] = asyncio.Queue()
        self._task: asyncio.Task[None] | None = None

    async def start(self) -> None:
        return None

    async def publish(self, game: str, message: str) -> None:
        """Queue ``message`` for the game's subscribers; it is sent after this returns."""
        self._send(game, lambda: self.bus.publish(game, message))

    async def announce(self, game: str, seq: int) -> None:
        """Tell the other processes at once: they catch up from the database, not from
        the queued updates, and a claim must be known there before it is answered."""
        await self.bus.announce(game, seq)

    def _send(self, game: str, send: Callable[[], Awaitable[None]]) -> None:
        if self._task is None or self._task.done():
            self._task = asyncio.create_task(self._run())
        self._queue.put_nowait((game, send))

    def watch(self, watcher: Watcher) -> None:
        self.bus.watch(watcher)

    def follow(self, game: str) -> Callable[[], None]:
        return self.bus.follow(game)

    async def ping(self) -> None:
        await self.bus.ping()

    def deliver(self, game: str, message: str) -> None:
        self.bus.deliver(game, message)

    def subscribe(self, game: str, deliver: Deliver) -> Callable[[], None]:
        return self.bus.subscribe(game, deliver)

    async def listening(self, *games: str) -> bool:
        return await self.bus.listening(*games)

    async def _run(self) -> None:
        while True:
            game, send = await self._queue.get()
            try:
                await send()
            except Exception:  # one failed publication must not stop the others
                log.exception("game %s: an update could not be published", game)
            finally:
                self._queue.task_done()

    async def close(self) -> None:
        """Send what is queued, then stop."""
        if self._task is None:
            return
        await self._queue.join()
        self._task.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await self._task
