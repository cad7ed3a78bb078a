"""The event bus between the game table and the sockets.

The table publishes each game's messages (already JSON text) on the bus; a
socket subscribes to the game it shows. :class:`InProcessBus` serves one
server process; :class:`~nard.server.ports.redis.bus.RedisBus` carries the same
messages through Redis pub/sub so that several server processes can share
games, and tells each process when another one changed a game
(:class:`Watcher`), so that none keeps serving its own stale copy.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable
from typing import Protocol

Deliver = Callable[[str], None]
"""Called with each message of a subscribed game; must not block."""


def game_channel(prefix: str, game: str) -> str:
    """The Redis channel of a game's messages (``nard worker`` publishes there too)."""
    return f"{prefix}game:{game}"


def changes_of(game: str) -> str:
    """The bus name of a game's change notices (heard by the processes holding a copy)."""
    return f"{game}:changed"


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

    def follow(self, game: str) -> Callable[[], None]:
        """Tell the watcher of the game's changes elsewhere from now on (while this
        process holds a copy); returns the function that stops it."""
        ...

    async def ping(self) -> None:
        """Raise unless the bus can carry messages now (the readiness check)."""
        ...

    def deliver(self, game: str, message: str) -> None:
        """Send ``message`` to this process's subscribers of the game only."""
        ...

    def subscribe(self, game: str, deliver: Deliver) -> Callable[[], None]:
        """Deliver the game's messages from now on; returns the unsubscribe function."""
        ...

    async def listening(self, *games: str) -> bool:
        """Return once every message published on the subscribed games from now on
        reaches this process; whether the subscription was only made while waiting
        (what was read from the game before may then be behind: read it again)."""
        ...


class InProcessBus:
    """Subscribers in this process, called in publication order.

    >>> import asyncio
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

    def follow(self, game: str) -> Callable[[], None]:
        return lambda: None

    async def ping(self) -> None:
        return None

    def deliver(self, game: str, message: str) -> None:
        for deliver in list(self._subscribers.get(game, ())):
            deliver(message)

    def has(self, game: str) -> bool:
        """Whether the game has a subscriber."""
        return game in self._subscribers

    def games(self) -> list[str]:
        """The games with a subscriber."""
        return list(self._subscribers)

    async def listening(self, *games: str) -> bool:
        return False  # a subscriber hears everything published after it subscribed

    def subscribe(self, game: str, deliver: Deliver) -> Callable[[], None]:
        self._subscribers[game].append(deliver)

        def unsubscribe() -> None:
            subscribers = self._subscribers.get(game)
            if subscribers and deliver in subscribers:
                subscribers.remove(deliver)
                if not subscribers:
                    del self._subscribers[game]

        return unsubscribe
