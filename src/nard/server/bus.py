"""The event bus between the game table and the sockets.

The table publishes each game's messages (already JSON text) on the bus; a
socket subscribes to the game it shows. :class:`InProcessBus` serves one
server process; :class:`RedisBus` carries the same messages through Redis
pub/sub so that several server processes can share games, and tells each
process when another one changed a game (:class:`Watcher`), so that none keeps
serving its own stale copy.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import secrets
from collections import defaultdict
from collections.abc import Callable
from typing import Any, Protocol

log = logging.getLogger(__name__)

Deliver = Callable[[str], None]
"""Called with each message of a subscribed game; must not block."""

RECONNECT_FIRST_S = 0.1
RECONNECT_MAX_S = 5.0
"""The subscriber's backoff between attempts to reach Redis again (doubling)."""


def game_channel(prefix: str, game: str) -> str:
    """The Redis channel of a game's messages (``nard worker`` publishes there too)."""
    return f"{prefix}game:{game}"


class Watcher(Protocol):
    """Told what other server processes did (their own games' copies go stale)."""

    def changed_elsewhere(self, game: str, seq: int) -> None:
        """Another process committed a change to ``game``, which is now at ``seq``."""
        ...

    def reconnected(self) -> None:
        """The bus was cut off a while: any notice may have been missed."""
        ...


class EventBus(Protocol):
    async def start(self) -> None: ...

    async def close(self) -> None: ...

    async def publish(self, game: str, message: str) -> None:
        """Send ``message`` to the game's subscribers in every process; never raises for
        a bus failure (the change it reports is committed already)."""
        ...

    async def announce(self, game: str, seq: int) -> None:
        """Tell the other processes that ``game`` changed and is now at ``seq``."""
        ...

    def watch(self, watcher: Watcher) -> None: ...

    async def ping(self) -> None:
        """Raise unless the bus can carry messages now (the readiness check)."""
        ...

    def deliver(self, game: str, message: str) -> None:
        """Send ``message`` to this process's subscribers of the game only."""
        ...

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

    async def announce(self, game: str, seq: int) -> None:
        return None  # one process: nobody else holds a copy

    def watch(self, watcher: Watcher) -> None:
        return None

    async def ping(self) -> None:
        return None

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
    """Messages through Redis pub/sub, to every process.

    Channel ``<prefix>game:<id>`` carries a game's messages; a message published
    here reaches this process's subscribers by way of Redis too, so every
    process sees the same order. Channel ``<prefix>changed`` carries
    ``<origin> <game> <seq>`` notices for the :class:`Watcher`. The prefix
    keeps deployments that share a Redis apart.

    Redis may restart under a running server: a failed publish is logged and
    delivered to this process's subscribers (the action is committed and is
    acknowledged), and the subscriber reconnects with a doubling backoff,
    subscribes again and tells the watcher it may have missed notices.
    """

    def __init__(self, url: str, *, prefix: str = "nard:") -> None:
        self.url = url
        self.games = game_channel(prefix, "")
        self.changes = prefix + "changed"
        self.origin = secrets.token_hex(8)
        self._local = InProcessBus()
        self._watcher: Watcher | None = None
        self._redis: Any = None
        self._reader: asyncio.Task[None] | None = None
        self.connected = asyncio.Event()

    async def start(self) -> None:
        from redis import asyncio as aioredis
        from redis.asyncio.retry import Retry
        from redis.backoff import NoBackoff

        # No retries inside a publish: a commit must not wait on a Redis that is down.
        self._redis = aioredis.from_url(
            self.url, socket_connect_timeout=1, retry=Retry(NoBackoff(), 0)
        )
        pubsub = await self._subscribed()  # a Redis unreachable at start fails the start
        self._reader = asyncio.create_task(self._read(pubsub))

    async def _subscribed(self) -> Any:
        pubsub = self._redis.pubsub()
        try:
            await pubsub.psubscribe(self.games + "*")
            await pubsub.subscribe(self.changes)
        except BaseException:
            await pubsub.aclose()
            raise
        self.connected.set()
        return pubsub

    async def _read(self, pubsub: Any) -> None:
        from redis.exceptions import RedisError

        delay = RECONNECT_FIRST_S
        while True:
            try:
                if pubsub is None:
                    pubsub = await self._subscribed()
                    log.warning("event bus: subscribed to Redis again")
                    delay = RECONNECT_FIRST_S
                    if self._watcher is not None:
                        self._watcher.reconnected()
                async for item in pubsub.listen():
                    self._heard(item)
            except (RedisError, OSError) as error:
                self.connected.clear()
                log.warning("event bus: Redis unreachable (%s); again in %.1fs", error, delay)
            finally:
                if pubsub is not None:
                    with contextlib.suppress(Exception):
                        await pubsub.aclose()
                    pubsub = None
            await asyncio.sleep(delay)
            delay = min(delay * 2, RECONNECT_MAX_S)

    def _heard(self, item: dict[str, Any]) -> None:
        kind = item.get("type")
        if kind == "pmessage":
            channel = item["channel"].decode()
            self._local.deliver(channel[len(self.games) :], item["data"].decode())
        elif kind == "message" and self._watcher is not None:
            origin, game, seq = item["data"].decode().split(" ")
            if origin != self.origin:
                self._watcher.changed_elsewhere(game, int(seq))

    async def close(self) -> None:
        if self._reader is not None:
            self._reader.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._reader
        if self._redis is not None:
            await self._redis.aclose()

    async def publish(self, game: str, message: str) -> None:
        from redis.exceptions import RedisError

        try:
            await self._redis.publish(self.games + game, message)
        except (RedisError, OSError) as error:
            log.error("event bus: publish for game %s failed (%s)", game, error)
            self._local.deliver(game, message)

    async def announce(self, game: str, seq: int) -> None:
        from redis.exceptions import RedisError

        try:
            await self._redis.publish(self.changes, f"{self.origin} {game} {seq}")
        except (RedisError, OSError) as error:
            # The other processes catch up when the bus is back (Watcher.reconnected).
            log.error("event bus: change notice for game %s failed (%s)", game, error)

    def watch(self, watcher: Watcher) -> None:
        self._watcher = watcher

    async def ping(self) -> None:
        await self._redis.ping()
        if not self.connected.is_set():
            raise ConnectionError("not subscribed to Redis (reconnecting)")

    def deliver(self, game: str, message: str) -> None:
        self._local.deliver(game, message)

    def subscribe(self, game: str, deliver: Deliver) -> Callable[[], None]:
        return self._local.subscribe(game, deliver)
