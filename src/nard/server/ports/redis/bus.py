"""The event bus through Redis pub/sub, for several server processes.

:class:`RedisBus` is the :class:`~nard.server.ports.EventBus` of a cluster: the
same messages as :class:`~nard.server.ports.local.bus.InProcessBus`, carried through Redis
so that every process showing a game hears them, and the change notices that
keep each process's copies of a game in step (:class:`~nard.server.ports.Watcher`).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import secrets
from collections.abc import Callable
from typing import Any, TypedDict

from nard.server.ports import Deliver, Watcher, changes_of, game_channel
from nard.server.ports.local.bus import InProcessBus

log = logging.getLogger(__name__)

RECONNECT_FIRST_S = 0.1
RECONNECT_MAX_S = 5.0
"""The subscriber's backoff between attempts to reach Redis again (doubling)."""
SUBSCRIBE_WAIT_S = 5.0
"""How long a socket waits for its game's subscription before it goes on anyway."""


class Frame(TypedDict, total=False):
    """One frame read from the pub/sub connection (redis-py's shape, bytes undecoded)."""

    type: str
    pattern: bytes | None
    channel: bytes
    data: bytes | int


class RedisBus:
    """Messages through Redis pub/sub, to the processes whose sockets show the game.

    Channel ``<prefix>game:<id>`` carries a game's messages (and the lobby's:
    ``game:lobby``, ``game:player:<id>``, ``game:<id>:spectators``); a process
    subscribes to it while it has a subscriber of its own, so it hears only the
    games it shows. A message published here reaches this process's
    subscribers by way of Redis too, so every process sees the same order.
    A game's change notices, ``<origin> <seq>``, go on ``<prefix>game:<id>:changed``
    (:func:`changes_of`), which a process hears while it holds a copy of the game
    (:meth:`follow`), socket or none, and tells the :class:`Watcher`. So a
    process hears of the games it holds only, and the bus costs an instance
    nothing for the rest of the cluster. ``<prefix>changed`` stays subscribed
    (nothing is sent there) so that the connection is never without a channel.
    The prefix keeps deployments that share a Redis apart.

    One task sends the SUBSCRIBE and UNSUBSCRIBE commands, what changed since
    it last ran, while the reader takes the confirmations; :meth:`listening`
    waits for them, so that a socket reads the game's state only once
    everything published after it will reach it.

    Redis may restart under a running server: a failed publish is logged and
    delivered to this process's subscribers (the action is committed and is
    acknowledged), and the reader reconnects with a doubling backoff,
    subscribes again to every channel with a subscriber here and then tells the
    watcher it may have missed notices.
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
        self._commander: asyncio.Task[None] | None = None
        self._told: asyncio.Task[None] | None = None
        self.connected = asyncio.Event()
        self._pubsub: Any = None
        """The subscribed connection; None while Redis is out of reach."""
        self._sent: set[str] = set()
        """The games whose last command on ``_pubsub`` was SUBSCRIBE."""
        self._unconfirmed: dict[str, int] = {}
        """Per game, the (UN)SUBSCRIBE commands sent whose confirmation has not come."""
        self._pending: dict[str, asyncio.Future[None]] = {}
        """Per game with a subscriber here, resolved when its subscription is active."""
        self._changed: set[str] = set()
        """The games that gained their first subscriber or lost their last since the
        commander last ran."""
        self._wake = asyncio.Event()

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
        self._commander = asyncio.create_task(self._command())

    async def _subscribed(self) -> Any:
        pubsub = self._redis.pubsub()
        try:
            await pubsub.subscribe(self.changes)
        except BaseException:
            await pubsub.aclose()
            raise
        # A new connection: every game with a subscriber here is subscribed afresh.
        self._pubsub = pubsub
        self._sent.clear()
        self._unconfirmed.clear()
        for game in self._local.games():
            self._pending.setdefault(game, asyncio.get_running_loop().create_future())
            self._changed.add(game)
        self._wake.set()
        self.connected.set()
        return pubsub

    def _lost(self, pubsub: Any) -> None:
        """``pubsub`` is cut off: nothing is subscribed, and nobody waits for it."""
        if self._pubsub is not pubsub:
            return
        self._pubsub = None
        self.connected.clear()
        self._sent.clear()
        self._unconfirmed.clear()
        for waiting in self._pending.values():
            _resolve(waiting)  # a socket goes on; the watcher catches it up when back
        self._pending.clear()

    async def _read(self, pubsub: Any) -> None:
        delay = RECONNECT_FIRST_S
        while True:
            try:
                if pubsub is None:
                    pubsub = await self._subscribed()
                    log.warning("event bus: subscribed to Redis again")
                    delay = RECONNECT_FIRST_S
                    if self._told is not None:
                        self._told.cancel()
                    self._told = asyncio.create_task(self._tell_reconnected(pubsub))
                async for item in pubsub.listen():
                    self._heard(item)
            except Exception as error:  # whatever cut it off, the reader must go on
                log.warning("event bus: Redis unreachable (%s); again in %.1fs", error, delay)
            finally:
                if pubsub is not None:
                    self._lost(pubsub)
                    with contextlib.suppress(Exception):
                        await pubsub.aclose()
                    pubsub = None
            await asyncio.sleep(delay)
            delay = min(delay * 2, RECONNECT_MAX_S)

    async def _tell_reconnected(self, pubsub: Any) -> None:
        """Once the games are subscribed again, the copies catch up: an update
        published after their catching up is heard."""
        await self.listening(*self._pending)
        if self._watcher is not None and self._pubsub is pubsub:
            self._watcher.reconnected()

    async def _command(self) -> None:
        """Send the SUBSCRIBE and UNSUBSCRIBE commands, one task for all of them."""
        while True:
            await self._wake.wait()
            self._wake.clear()
            pubsub = self._pubsub
            if pubsub is None:
                continue  # the next connection subscribes every game anyway
            changed, self._changed = self._changed, set()
            wanted = {game for game in changed if self._local.has(game)}
            try:
                await self._send(pubsub, "subscribe", wanted - self._sent)
                await self._send(pubsub, "unsubscribe", (changed - wanted) & self._sent)
            except Exception as error:  # the connection is in doubt: start afresh
                log.warning("event bus: a subscription failed (%s); reconnecting", error)
                if self._pubsub is pubsub:
                    self._lost(pubsub)
                    with contextlib.suppress(Exception):
                        await pubsub.aclose()

    async def _send(self, pubsub: Any, command: str, games: set[str]) -> None:
        # A closed pubsub would open a connection of its own: only the current one.
        if not games or self._pubsub is not pubsub:
            return
        for game in games:
            self._unconfirmed[game] = self._unconfirmed.get(game, 0) + 1
        channels = [self.games + game for game in games]
        if command == "subscribe":
            self._sent.update(games)
            await pubsub.subscribe(*channels)
        else:
            self._sent.difference_update(games)
            await pubsub.unsubscribe(*channels)

    def _heard(self, item: Frame) -> None:
        kind, raw = item.get("type"), item.get("channel")
        if not isinstance(raw, bytes):
            return
        channel, data = raw.decode(), item.get("data")
        if kind == "message" and isinstance(data, bytes) and channel.startswith(self.games):
            self._local.deliver(channel[len(self.games) :], data.decode())
        elif kind in ("subscribe", "unsubscribe") and channel.startswith(self.games):
            self._confirmed(channel[len(self.games) :])

    def _confirmed(self, game: str) -> None:
        left = self._unconfirmed.get(game, 0) - 1
        if left > 0:
            self._unconfirmed[game] = left
            return
        self._unconfirmed.pop(game, None)
        # Redis answers in order: with nothing in flight, the last command holds.
        if game in self._sent:
            _resolve(self._pending.pop(game, None))

    def _active(self, game: str) -> bool:
        return game in self._sent and game not in self._unconfirmed

    async def listening(self, *games: str) -> bool:
        """Wait until this process hears the games' channels from Redis (for at most
        :data:`SUBSCRIBE_WAIT_S`); whether it had to wait. It does not wait while
        Redis is out of reach: the watcher catches the copies up when it is back."""
        waiting = {self._pending[game] for game in games if game in self._pending}
        if not waiting:
            return False
        _, late = await asyncio.wait(waiting, timeout=SUBSCRIBE_WAIT_S)
        if late:
            log.warning("event bus: no subscription to %s after %ss", games, SUBSCRIBE_WAIT_S)
        return True

    async def close(self) -> None:
        for task in (self._told, self._commander, self._reader):
            if task is not None:
                task.cancel()
                with contextlib.suppress(asyncio.CancelledError):
                    await task
        if self._pubsub is not None:
            pubsub = self._pubsub
            self._lost(pubsub)
            with contextlib.suppress(Exception):
                await pubsub.aclose()
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
            await self._redis.publish(self.games + changes_of(game), f"{self.origin} {seq}")
        except (RedisError, OSError) as error:
            # The other processes catch up when the bus is back (Watcher.reconnected).
            log.error("event bus: change notice for game %s failed (%s)", game, error)

    def watch(self, watcher: Watcher) -> None:
        self._watcher = watcher

    def follow(self, game: str) -> Callable[[], None]:
        """Hear the game's change notices (while this process holds a copy of it)."""

        def heard(notice: str) -> None:
            origin, seq = notice.split(" ")
            if origin != self.origin and self._watcher is not None:
                self._watcher.changed_elsewhere(game, int(seq))

        return self.subscribe(changes_of(game), heard)

    async def ping(self) -> None:
        await self._redis.ping()
        if not self.connected.is_set():
            raise ConnectionError("not subscribed to Redis (reconnecting)")

    def deliver(self, game: str, message: str) -> None:
        self._local.deliver(game, message)

    def subscribe(self, game: str, deliver: Deliver) -> Callable[[], None]:
        first = not self._local.has(game)
        stop = self._local.subscribe(game, deliver)
        if first:
            self._toggled(game)

        def unsubscribe() -> None:
            stop()
            if not self._local.has(game):
                self._toggled(game)

        return unsubscribe

    def _toggled(self, game: str) -> None:
        """``game`` gained its first subscriber here or lost its last."""
        if self._local.has(game):
            if self._pubsub is not None and not self._active(game):
                self._pending.setdefault(game, asyncio.get_running_loop().create_future())
        else:
            _resolve(self._pending.pop(game, None))
        self._changed.add(game)
        self._wake.set()


def _resolve(waiting: asyncio.Future[None] | None) -> None:
    if waiting is not None and not waiting.done():
        waiting.set_result(None)
