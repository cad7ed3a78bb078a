"""The event bus between the game table and the sockets.

The table publishes each game's messages (already JSON text) on the bus; a
socket subscribes to the game it shows. :class:`InProcessBus` serves one
server process; :class:`RedisBus` carries the same messages through Redis
pub/sub so that several server processes can share games.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections import defaultdict
from collections.abc import Callable
from typing import Any, Protocol

Deliver = Callable[[str], None]
"""Called with each message of a subscribed game; must not block."""


class EventBus(Protocol):
    async def start(self) -> None: ...

    async def close(self) -> None: ...

    async def publish(self, game: str, message: str) -> None: ...

    def subscribe(self, game: str, deliver: Deliver) -> Callable[[], None]:
        """Deliver the game's messages from now on; returns the unsubscribe function."""
        ...


class InProcessBus:
    """Subscribers in this process, called in publication order.

    >>> bus = InProcessBus()
    >>> seen = []
    >>> stop = bus.subscribe("g1", seen.append)
    >>> asyncio.run(bus.publish("g1", "hello"))
    >>> stop(); asyncio.run(bus.publish("g1", "again"))
    >>> seen
    ['hello']
    """

    def __init__(self) -> None:
        self._subscribers: defaultdict[str, list[Deliver]] = defaultdict(list)

    async def start(self) -> None:
        return None

    async def close(self) -> None:
        self._subscribers.clear()

    async def publish(self, game: str, message: str) -> None:
        self.deliver(game, message)

    def deliver(self, game: str, message: str) -> None:
        for deliver in list(self._subscribers.get(game, ())):
            deliver(message)

    def subscribe(self, game: str, deliver: Deliver) -> Callable[[], None]:
        self._subscribers[game].append(deliver)

        def unsubscribe() -> None:
            subscribers = self._subscribers.get(game)
            if subscribers and deliver in subscribers:
                subscribers.remove(deliver)
                if not subscribers:
                    del self._subscribers[game]

        return unsubscribe


class RedisBus:
    """Messages through Redis pub/sub (channel ``nard:game:<id>``), to every process.

    A message published here reaches this process's subscribers by way of
    Redis too, so every process sees the same order.
    """

    PREFIX = "nard:game:"

    def __init__(self, url: str) -> None:
        self.url = url
        self._local = InProcessBus()
        self._redis: Any = None
        self._pubsub: Any = None
        self._reader: asyncio.Task[None] | None = None

    async def start(self) -> None:
        from redis import asyncio as aioredis

        self._redis = aioredis.from_url(self.url)
        self._pubsub = self._redis.pubsub()
        await self._pubsub.psubscribe(self.PREFIX + "*")
        self._reader = asyncio.create_task(self._read())

    async def _read(self) -> None:
        assert self._pubsub is not None
        async for item in self._pubsub.listen():
            if item.get("type") != "pmessage":
                continue
            channel = item["channel"].decode()
            self._local.deliver(channel[len(self.PREFIX) :], item["data"].decode())

    async def close(self) -> None:
        if self._reader is not None:
            self._reader.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._reader
        if self._pubsub is not None:
            await self._pubsub.aclose()
        if self._redis is not None:
            await self._redis.aclose()

    async def publish(self, game: str, message: str) -> None:
        await self._redis.publish(self.PREFIX + game, message)

    def subscribe(self, game: str, deliver: Deliver) -> Callable[[], None]:
        return self._local.subscribe(game, deliver)
